package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.testing.HighPrecisionEigenvalues;
import io.github.gpujacobi.testing.Matrices;
import io.github.gpujacobi.testing.EjmlReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Residual, orthogonality, order and agreement with EJML; c = 20 in the bound c * n * eps. */
class CpuEigTest {
    static final double C = 20;
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    @ParameterizedTest
    @CsvSource({"1,DOUBLE", "2,DOUBLE", "3,DOUBLE", "7,DOUBLE", "32,DOUBLE", "33,DOUBLE", "100,DOUBLE", "257,DOUBLE",
            "1,SINGLE", "2,SINGLE", "3,SINGLE", "7,SINGLE", "32,SINGLE", "33,SINGLE", "100,SINGLE", "257,SINGLE"})
    void residualOrthogonalityOrderAndReference(int n, Precision p) {
        Random r = new Random(n);
        double[] a = Matrices.symmetric(r, n);
        PageArray pa = Matrices.page(a, n, n, p);
        for (String method : new String[]{"auto", "parallel", "cyclic", "classical"}) {
            if (method.equals("classical") && n > 100) continue;
            EigResult e = Jacobi.eig(pa, CPU.withMethod(method));
            double eps = p.eps();
            assertEquals(p, e.values().precision());
            assertTrue(e.report().converged(), method);
            double res = Matrices.eigResidual(pa, e.vectors(), e.values(), 0);
            double orth = Matrices.orthogonality(e.vectors(), 0);
            assertTrue(res <= C * n * eps, method + " residual " + res);
            assertTrue(orth <= C * n * eps, method + " orthogonality " + orth);
            double[] ref = EjmlReference.eigenvalues(pa.to(Precision.DOUBLE).doubleData(), n);
            double scale = Math.max(1e-300, Math.abs(ref[0]) + Math.abs(ref[n - 1]));
            for (int i = 0; i < n; i++) {
                if (i > 0) assertTrue(e.values().get(i, 0) >= e.values().get(i - 1, 0), "ascending");
                assertEquals(ref[i], e.values().get(i, 0), C * n * eps * scale, method + " lambda_" + i);
            }
        }
    }

    @ParameterizedTest(name = "method {0} on the CPU reports parallel, which ran")
    @ValueSource(strings = {"ta", "ma", "sa", "mca"})
    void memoryAccessMethodsReportWhatRan(String method) {
        double[] a = Matrices.symmetric(new Random(3), 12);
        EigResult r = Jacobi.eig(PageArray.wrap(a, 12, 12, 1), SolverOptions.defaults().withDevice("cpu").withMethod(method));
        assertEquals("parallel", r.report().method());
        assertTrue(r.report().notes().toString().contains("the CPU ran parallel Jacobi"), r.report().toString());
    }

    @Test
    void pagesAreIndependent() {
        int n = 9, pages = 5;
        Random r = new Random(3);
        double[] all = new double[n * n * pages];
        for (int k = 0; k < pages; k++) System.arraycopy(Matrices.symmetric(r, n), 0, all, k * n * n, n * n);
        PageArray a = PageArray.wrap(all, n, n, pages);
        EigResult e = Jacobi.eig(a, CPU);
        assertEquals(pages, e.values().pages());
        for (int k = 0; k < pages; k++) {
            EigResult one = Jacobi.eig(a.page(k), CPU);
            for (int i = 0; i < n; i++) assertEquals(one.values().get(i, 0), e.values().get(i, 0, k), 1e-13);
            assertTrue(Matrices.eigResidual(a, e.vectors(), e.values(), k) < 1e-13);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {14, 40, 100})
    void gradedMatricesKeepSmallEigenvaluesToRelativeAccuracy(int n) {
        Random r = new Random(42 + n);
        double decades = n == 100 ? 8 : 10;
        double[] a = Matrices.gradedSpd(r, n, decades);
        double[] ref = HighPrecisionEigenvalues.of(a, n);
        EigResult e = Jacobi.eig(PageArray.wrap(a, n, n), CPU.withVectors(false));
        double worst = 0;
        for (int i = 0; i < n; i++) worst = Math.max(worst, Math.abs(e.values().get(i, 0) - ref[i]) / Math.abs(ref[i]));
        assertTrue(worst <= 1e-12, "worst relative error " + worst);
    }

    @Test
    void specialMatrices() {
        int n = 6;
        double[] diag = new double[n * n];
        for (int i = 0; i < n; i++) diag[i + i * n] = n - i;
        EigResult e = Jacobi.eig(PageArray.wrap(diag, n, n), CPU);
        for (int i = 0; i < n; i++) assertEquals(i + 1, e.values().get(i, 0), 0);
        assertEquals(0, e.report().rotations());

        EigResult z = Jacobi.eig(PageArray.wrap(new double[n * n], n, n), CPU);
        for (int i = 0; i < n; i++) assertEquals(0, z.values().get(i, 0), 0);
        assertTrue(Matrices.orthogonality(z.vectors(), 0) < 1e-15);

        double[] spec = {1, 1, 1, 2, 2, 5};
        double[] rep = Matrices.withSpectrum(new Random(5), spec);
        EigResult re = Jacobi.eig(PageArray.wrap(rep, n, n), CPU);
        for (int i = 0; i < n; i++) assertEquals(spec[i], re.values().get(i, 0), 1e-13);
        assertTrue(Matrices.orthogonality(re.vectors(), 0) < 1e-14);

        for (double f : new double[]{1e-200, 1e-307, 1e300, 1e307}) {
            // the default path squares entries of a factor of A: extreme scales must neither overflow nor underflow
            double[] base = Matrices.symmetric(new Random(6), n), scaled = base.clone();
            for (int i = 0; i < scaled.length; i++) scaled[i] *= f;
            EigResult se = Jacobi.eig(PageArray.wrap(scaled, n, n), CPU);
            EigResult be = Jacobi.eig(PageArray.wrap(base, n, n), CPU);
            assertEquals(be.report().method(), se.report().method(), "scale " + f);
            for (int i = 0; i < n; i++) {
                assertEquals(be.values().get(i, 0), se.values().get(i, 0) / f, 1e-13, "scale " + f + ", lambda_" + i);
            }
            assertTrue(Matrices.orthogonality(se.vectors(), 0) < 1e-13, "scale " + f);
        }
    }

    @Test
    void emptyAndScalar() {
        EigResult e0 = Jacobi.eig(PageArray.wrap(new double[0], 0, 0), CPU);
        assertEquals(0, e0.values().rows());
        EigResult e1 = Jacobi.eig(PageArray.wrap(new float[]{-3f}, 1, 1), CPU);
        assertEquals(-3f, e1.values().floatData()[0]);
        assertEquals(1f, e1.vectors().floatData()[0]);
    }

    /**
     * A loose Tol on the default (one-sided) route: it returned ||V'V - I|| = 3.0 / 0.65 / 0.053 at Tol 0.5 / 0.1 / 0.01
     * (residual 1.34 at 0.5), reported converged; the one-sided route now tightens such a Tol to its default, so the
     * result is converged, orthogonal to n eps and accurate, single and double.
     */
    @ParameterizedTest
    @CsvSource({"0.5,DOUBLE", "0.1,DOUBLE", "0.01,DOUBLE", "0.5,SINGLE", "0.01,SINGLE"})
    void looseTolKeepsTheDefaultRouteOrthogonal(double tol, Precision p) {
        int n = 120;
        PageArray a = Matrices.page(Matrices.symmetric(new Random(48), n), n, n, p);
        EigResult e = Jacobi.eig(a, CPU.withTol(tol));
        assertEquals("hyperbolic", e.report().method());
        assertTrue(e.report().converged(), "converged");
        double orth = io.github.gpujacobi.testing.Orthogonality.of(e.vectors(), 0);
        double res = Matrices.eigResidual(a.to(Precision.DOUBLE), e.vectors().to(Precision.DOUBLE), e.values().to(Precision.DOUBLE), 0);
        assertTrue(orth <= n * p.eps(), "||V'V - I||_F " + orth);
        assertTrue(res <= 10 * n * p.eps(), "residual " + res);
    }
}
