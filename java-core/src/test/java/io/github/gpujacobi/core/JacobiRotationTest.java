package io.github.gpujacobi.core;

import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.MathContext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rotation formulas at the extremes of the exponent range, against 50-digit arithmetic. */
class JacobiRotationTest {
    private static final MathContext MC = new MathContext(50);

    /** t = sign(theta) / (|theta| + sqrt(1 + theta^2)) in 50 digits. */
    private static double exactTangent(double app, double aqq, double apq) {
        BigDecimal theta = new BigDecimal(aqq).subtract(new BigDecimal(app), MC)
                .divide(new BigDecimal(apq).multiply(BigDecimal.valueOf(2)), MC);
        BigDecimal t = BigDecimal.ONE.divide(theta.abs().add(theta.multiply(theta, MC).add(BigDecimal.ONE).sqrt(MC)), MC);
        return theta.signum() < 0 ? -t.doubleValue() : t.doubleValue();
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.5, 1e-8, 1e-20, 1e-100, 1e-151, 1e-160, 1e-200, 1e-300})
    void tangentIsRelativelyAccurateWhereThetaSquaredOverflows(double apq) {
        for (double[] d : new double[][]{{1, 2}, {2, 1}, {1e-300, 1e300}, {1e300, -1e300 / 4}, {0, 1}}) {
            double t = JacobiRotation.tangent(d[0], d[1], apq);
            double ref = exactTangent(d[0], d[1], apq);
            assertTrue(Math.abs(t) <= 1, "t " + t);
            if (Math.abs(ref) < Double.MIN_NORMAL) continue; // theta itself overflows: t underflows
            assertEquals(ref, t, 4 * Math.ulp(ref), "app " + d[0] + " aqq " + d[1] + " apq " + apq);
        }
    }

    @Test
    void equalDiagonalGivesPiOverFour() {
        assertEquals(1, JacobiRotation.tangent(3, 3, 1e-300));
        assertEquals(1, Math.abs(JacobiRotation.tangent(3, 3, -1e300)));
    }

    @Test
    void hyperbolicTangentMatchesTanhOfTheDefinition() {
        // tanh(2 phi) = -2 a_pq / (a_pp + a_qq): t = tanh(phi)
        for (double[] c : new double[][]{{3, 1, 1}, {1e-200, 1e-200, 0.5e-200}, {5e150, 1e150, -1e150}}) {
            double sum = c[0] + c[1], apq = c[2], gap = sum - 2 * Math.abs(apq);
            double t = JacobiRotation.hyperbolicTangent(sum, apq, gap);
            double ref = Math.tanh(0.5 * atanh(-2 * apq / sum));
            assertEquals(ref, t, 1e-14 * Math.abs(ref));
        }
    }

    private static double atanh(double x) { return 0.5 * Math.log((1 + x) / (1 - x)); }

    /**
     * c + cosineLow is 1 / sqrt(1 +- t^2) to ~eps^2 (50 digits here), where c alone is off by up to an ulp: the scale
     * the one-sided rotations apply without the coherent 1 + O(eps) of a rounded c.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void cosineLowCompletesTheScaleToTwiceDoublePrecision(boolean hyperbolic) {
        java.util.Random r = new java.util.Random(hyperbolic ? 2 : 1);
        double worstC = 0;
        for (int k = 0; k < 2000; k++) {
            double t = (2 * r.nextDouble() - 1) * (k % 3 == 0 ? 1e-6 : hyperbolic ? 0.999 : 1);
            double c = hyperbolic ? JacobiRotation.hyperbolicCosine(t) : JacobiRotation.cosine(t);
            double lo = JacobiRotation.cosineLow(t, c, hyperbolic);
            BigDecimal bt = new BigDecimal(t), h = BigDecimal.ONE.add(hyperbolic ? bt.multiply(bt).negate() : bt.multiply(bt));
            BigDecimal exact = BigDecimal.ONE.divide(h.sqrt(MC), MC);
            double err = new BigDecimal(c).add(new BigDecimal(lo)).subtract(exact).abs().divide(exact, MC).doubleValue();
            assertTrue(err <= 1e-30 * (hyperbolic ? c * c : 1), "t " + t + ": c + lo off by " + err);
            worstC = Math.max(worstC, new BigDecimal(c).subtract(exact).abs().divide(exact, MC).doubleValue());
        }
        assertTrue(worstC > 1e-17, "c alone should be off by rounding: " + worstC);
        assertEquals(0, JacobiRotation.cosineLow(0, 1, hyperbolic), 0.0);
    }

    /**
     * A graded 2 x 2: theta = 1e20, theta^2 overflows float; the small eigenvalue is
     * 1e-30 - (5e-11)^2 / 1e10 = 7.5e-31. The same case runs on every backend in BackendConformance.
     */
    @ParameterizedTest
    @EnumSource(Precision.class)
    void gradedTwoByTwoOnTheCpu(Precision p) {
        PageArray a = PageArray.zeros(p, 2, 2, 1);
        a.set(0, 0, 1e-30);
        a.set(0, 1, 5e-11);
        a.set(1, 0, 5e-11);
        a.set(1, 1, 1e10);
        EigResult e = Jacobi.eig(a, SolverOptions.defaults().withDevice("cpu"));
        assertEquals(7.5e-31, e.values().get(0, 0), 4 * p.eps() * 7.5e-31);
        assertEquals(1e10, e.values().get(1, 0), 4 * p.eps() * 1e10);
    }
}
