package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Residuals;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * inv(diag([1e-300, 1, 1e300])) must not be reported singular (its RCOND, 1e-600, underflowed)
 * and no inverse written; MATLAB returns the exact inverse with a warning. Singularity is judged by
 * the pivots against the scale of their column; RCOND is reported for the warning.
 */
class InverseScalingTest {
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    @ParameterizedTest
    @ValueSource(strings = {"auto", "gaussjordan", "cholesky"})
    void wideRangeDiagonalInvertsExactly(String method) {
        double[] d = {1e-300, 1, 1e300};
        InverseResult r = Jacobi.inv(PageArray.wrap(diag(d), 3, 3), CPU.withMethod(method));
        assertFalse(r.singular(0), method);
        assertTrue(r.rcond(0) > 0 && r.rcond(0) < 1e-300, "RCOND " + r.rcond(0));
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) {
            assertEquals(i == j ? 1 / d[i] : 0, r.inverse().get(i, j), 0.0, method + " (" + i + "," + j + ")");
        }
    }

    /**
     * A well-conditioned page whose 1-norm (or its inverse's) is beyond Double.MAX_VALUE: the column sums
     * overflowed and RCOND came out as 4.9e-324 (a false "badly scaled" warning in the toolbox). Real and complex.
     */
    @ParameterizedTest
    @ValueSource(doubles = {1.7e308, 1e308, 1e-300})
    void normsBeyondTheLargestDoubleKeepRcondAndTheInverse(double f) {
        int n = 4;
        double[] a = new double[n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) a[i + j * n] = (i == j ? 0.75 : 0.5 / (1 + i + j)); // column sums ~1.3: 1.7e308 A overflows them
        InverseResult ref = Jacobi.inv(PageArray.wrap(a, n, n), CPU.withMethod("gaussjordan"));
        double[] s = new double[n * n];
        for (int i = 0; i < s.length; i++) s[i] = a[i] * f;
        for (String m : new String[]{"auto", "gaussjordan"}) {
            InverseResult r = Jacobi.inv(PageArray.wrap(s.clone(), n, n), CPU.withMethod(m));
            assertFalse(r.singular(0), m + " at " + f);
            assertEquals(ref.rcond(0), r.rcond(0), 1e-12 * ref.rcond(0), m + " at " + f);
            for (int i = 0; i < n * n; i++) assertEquals(ref.inverse().get(i), r.inverse().get(i) * f, 1e-14, m + " at " + f);
            double[] z = new double[2 * n * n];
            for (int i = 0; i < n * n; i++) z[2 * i] = s[i];
            io.github.gpujacobi.api.ComplexInverseResult c = Jacobi.inv(io.github.gpujacobi.api.ComplexPageArray.wrap(z, n, n),
                    CPU.withMethod(m));
            assertFalse(c.singular(0), "complex " + m + " at " + f);
            assertEquals(ref.rcond(0), c.rcond(0), 1e-12 * ref.rcond(0), "complex " + m + " at " + f);
        }
    }

    /** d (I - N), N the shift: its inverse (1/d) (I + N + ... + N^4) is finite, its first column sums past Double.MAX_VALUE. */
    @Test
    void anInverseWhoseNormOverflowsIsNotSingular() {
        int n = 5;
        double d = 2.3e-308;
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            a[i + i * n] = d;
            if (i + 1 < n) a[i + 1 + i * n] = -d;
        }
        for (String m : new String[]{"auto", "gaussjordan"}) {
            InverseResult r = Jacobi.inv(PageArray.wrap(a.clone(), n, n), CPU.withMethod(m));
            assertFalse(r.singular(0), m);
            assertEquals(0.1, r.rcond(0), 1e-15, m); // 1 / (2d * 5/d)
            for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
                assertEquals(i >= j ? 1 / d : 0, r.inverse().get(i, j), 1e-15 / d, m + " (" + i + "," + j + ")");
            }
        }
    }

    /**
     * Complex entries whose modulus passes Double.MAX_VALUE though both parts are finite: an inverse
     * entry 1.5e308 (1 + i) made the page "singular" and all Inf; an A entry like it gave RCOND 4.9e-324.
     */
    @Test
    void complexModuliBeyondTheLargestDouble() {
        double big = 1.5e308;
        for (String m : new String[]{"auto", "gaussjordan"}) {
            // A = diag(1 / (big (1 + i)), 1): its inverse holds big (1 + i)
            double[] a = {0.5 / big, -0.5 / big, 0, 0, 0, 0, 1, 0};
            io.github.gpujacobi.api.ComplexInverseResult r = Jacobi.inv(io.github.gpujacobi.api.ComplexPageArray.wrap(a, 2, 2),
                    CPU.withMethod(m));
            assertFalse(r.singular(0), m);
            assertEquals(big, r.inverse().re(0), 1e-13 * big, m);
            assertEquals(big, r.inverse().im(0), 1e-13 * big, m);
            assertEquals(1, r.inverse().re(3), 0, m);
            // A = diag(big (1 + i), 1): RCOND = 1 / (|A|_1 |X|_1) = 1 / (sqrt(2) big)
            double[] b = {big, big, 0, 0, 0, 0, 1, 0};
            io.github.gpujacobi.api.ComplexInverseResult q = Jacobi.inv(io.github.gpujacobi.api.ComplexPageArray.wrap(b, 2, 2),
                    CPU.withMethod(m));
            assertFalse(q.singular(0), m);
            assertEquals(1 / Math.sqrt(2) / big, q.rcond(0), 1e-6 / Math.sqrt(2) / big, m); // sqrt(2) big itself overflows
        }
    }

    /** Permuted and triangular forms (Gauss-Jordan): inverses exact to rounding, entrywise. */
    @Test
    void badlyScaledRowsAndColumns() {
        // P diag(1e-300, 1, 1e300): rows 1e300, 1e-300, 1
        double[] p = {0, 1e-300, 0, 0, 0, 1, 1e300, 0, 0};
        InverseResult r = Jacobi.inv(PageArray.wrap(p, 3, 3), CPU);
        assertFalse(r.singular(0));
        double[] want = {0, 0, 1 / 1e300, 1 / 1e-300, 0, 0, 0, 1, 0};
        for (int i = 0; i < 9; i++) assertEquals(want[i], r.inverse().get(i), 0.0);
        // [1e300 1; 0 1e-300] -> [1e-300 -1; 0 1e300]
        InverseResult t = Jacobi.inv(PageArray.wrap(new double[]{1e300, 0, 1, 1e-300}, 2, 2), CPU);
        assertFalse(t.singular(0));
        double[] tw = {1 / 1e300, 0, -1, 1 / 1e-300};
        for (int i = 0; i < 4; i++) assertEquals(tw[i], t.inverse().get(i), 1e-15 * Math.abs(tw[i]));
    }

    /** Whole-matrix scales: the same relative residual, never singular. */
    @ParameterizedTest
    @ValueSource(doubles = {1e-300, 1e-150, 1e150, 1e300})
    void scaledMatrices(double f) {
        int n = 12;
        double[] g = Matrices.randn(new Random(3), n, n);
        for (int i = 0; i < g.length; i++) g[i] *= f;
        PageArray a = PageArray.wrap(g, n, n);
        InverseResult r = Jacobi.inv(a, CPU);
        assertFalse(r.singular(0));
        assertTrue(Residuals.inverse(a, r.inverse(), 0) < 1e-14);
        assertTrue(r.rcond(0) > 1e-6 && r.rcond(0) < 1, "RCOND " + r.rcond(0));
    }

    /** Exactly singular, and singular up to a pivot of rounding size relative to its column. */
    @Test
    void singularPivots() {
        assertTrue(Jacobi.inv(PageArray.wrap(new double[]{1, 2, 2, 4}, 2, 2), CPU).singular(0));
        // column 3 = column 1 + column 2 up to a relative 1e-17: its last pivot is rounding noise
        double[] a = {1, 4, 7, 2, 5, 8, 3, 9, 15 * (1 + 1e-17)};
        InverseResult r = Jacobi.inv(PageArray.wrap(a, 3, 3), CPU.withMethod("gaussjordan"));
        assertTrue(r.singular(0));
        assertEquals(Double.POSITIVE_INFINITY, r.inverse().get(0, 0));
        // a tiny but genuine last pivot (1e-10 of its column) is not singular: RCOND reports it
        double[] b = {1, 4, 7, 2, 5, 8, 3, 9, 15 + 1e-10};
        InverseResult s = Jacobi.inv(PageArray.wrap(b, 3, 3), CPU.withMethod("gaussjordan"));
        assertFalse(s.singular(0));
        assertTrue(s.rcond(0) < 1e-9, "RCOND " + s.rcond(0));
    }

    static double[] diag(double[] d) {
        int n = d.length;
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) a[i + i * n] = d[i];
        return a;
    }

    /**
     * The row scaling and the unscaling multiply by 2^e where scalb would give the same bits: every |e| below 512,
     * on normal, subnormal, tiny and huge entries of both signs (the premise of GaussJordanInverse.oneMultiply).
     */
    @Test
    void oneProductIsScalbBitForBit() {
        Random rnd = new Random(7);
        double[] xs = new double[2000];
        for (int i = 0; i < xs.length; i++) {
            double m = 1 + rnd.nextDouble();
            xs[i] = (rnd.nextBoolean() ? -1 : 1) * Math.scalb(m, rnd.nextInt(2098) - 1074);
        }
        xs[0] = Double.MIN_VALUE;
        xs[1] = Double.MAX_VALUE;
        xs[2] = Double.MIN_NORMAL;
        xs[3] = 0x1.fffffffffffffp-1023;
        for (int e = -1100; e <= 1100; e++) {
            double f = Math.scalb(1.0, e);
            for (double x : xs) {
                if (!GaussJordanInverse.oneMultiply(e)) continue;
                assertEquals(Double.doubleToRawLongBits(Math.scalb(x, e)), Double.doubleToRawLongBits(x * f), x + " * 2^" + e);
            }
        }
        assertFalse(GaussJordanInverse.oneMultiply(512));
        assertFalse(GaussJordanInverse.oneMultiply(-512));
    }

    /** A page whose rows need scalings beyond one product (rows of 2^-600 and 2^700) is inverted exactly. */
    @ParameterizedTest
    @ValueSource(strings = {"auto", "gaussjordan"})
    void scalingsBeyondOneProductInvertExactly(String method) {
        double[] d = {0x1p-600, 3, 0x1p700};
        InverseResult r = Jacobi.inv(PageArray.wrap(diag(d), 3, 3), CPU.withMethod(method));
        assertFalse(r.singular(0), method);
        for (int i = 0; i < 3; i++) assertEquals(1 / d[i], r.inverse().get(i, i), 2 * Math.ulp(1 / d[i]), method + " " + i); // Cholesky: 1 / sqrt(a)^2
    }
}
