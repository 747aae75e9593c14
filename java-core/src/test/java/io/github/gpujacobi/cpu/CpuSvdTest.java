package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.HighPrecisionEigenvalues;
import io.github.gpujacobi.testing.Matrices;
import io.github.gpujacobi.testing.EjmlReference;
import io.github.gpujacobi.testing.TestLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reconstruction, orthogonality of U and V, order, agreement with EJML; bound c * max(m,n) * eps, c = 20. */
class CpuSvdTest {
    static final double C = 20;
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    /**
     * Pages too large for the cache take the blocked ordering: 600 x 350 gives blocks of 33 columns,
     * 11 of them (an odd count, so a ghost block) with a short last one; a wide one goes through the
     * transpose. Same properties and the same singular values as EJML.
     */
    @ParameterizedTest
    @CsvSource({"600,350", "350,600", "700,512"})
    void blockedOrdering(int m, int n) {
        int mm = Math.max(m, n), nn = Math.min(m, n);
        int b = OneSidedJacobiSvd.blockColumns(mm, nn);
        assertTrue(b > 0 && b < nn, "blocked: " + b);
        Random r = new Random(m + 7L * n);
        PageArray a = Matrices.page(Matrices.randn(r, m, n), m, n, Precision.DOUBLE);
        double bound = C * mm * Precision.DOUBLE.eps();
        double[] ref = EjmlReference.singularValues(a.doubleData(), m, n);
        SvdResult s = Jacobi.svd(a, CPU.withEcon(true));
        assertTrue(s.report().converged());
        assertTrue(Matrices.svdResidual(a, s.u(), s.s(), s.v(), 0) <= bound, "reconstruction");
        assertTrue(Matrices.orthogonality(s.u(), 0) <= bound, "U orthogonal");
        assertTrue(Matrices.orthogonality(s.v(), 0) <= bound, "V orthogonal");
        for (int i = 0; i < nn; i++) assertEquals(ref[i], s.s().get(i, 0), bound * ref[0]);
    }

    @ParameterizedTest
    @CsvSource({"1,1,DOUBLE", "2,2,DOUBLE", "3,3,DOUBLE", "7,7,DOUBLE", "33,32,DOUBLE", "100,100,DOUBLE",
            "257,40,DOUBLE", "40,257,DOUBLE", "5,3,DOUBLE", "3,5,DOUBLE",
            "7,7,SINGLE", "33,32,SINGLE", "100,60,SINGLE", "60,100,SINGLE", "1,4,SINGLE",
            // from 128 columns the sweeps go by blocks of n / 16 (12 here, not dividing 200), single too
            "300,200,SINGLE", "200,300,DOUBLE"})
    void fullAndEconomy(int m, int n, Precision p) {
        Random r = new Random(m * 1000 + n);
        PageArray a = Matrices.page(Matrices.randn(r, m, n), m, n, p);
        double bound = C * Math.max(m, n) * p.eps();
        double[] ref = EjmlReference.singularValues(a.to(Precision.DOUBLE).doubleData(), m, n);
        for (boolean econ : new boolean[]{false, true}) {
            SvdResult s = Jacobi.svd(a, CPU.withEcon(econ));
            int k = Math.min(m, n);
            assertEquals(econ ? k : m, s.u().cols());
            assertEquals(econ ? k : n, s.v().cols());
            assertEquals(p, s.u().precision());
            assertTrue(Matrices.svdResidual(a, s.u(), s.s(), s.v(), 0) <= bound, "reconstruction");
            assertTrue(Matrices.orthogonality(s.u(), 0) <= bound, "U orthogonal");
            assertTrue(Matrices.orthogonality(s.v(), 0) <= bound, "V orthogonal");
            for (int i = 0; i < k; i++) {
                if (i > 0) assertTrue(s.s().get(i, 0) <= s.s().get(i - 1, 0), "descending");
                assertEquals(ref[i], s.s().get(i, 0), bound * ref[0]);
            }
        }
    }

    /** Empty pages (0 x 0, m x 0, 0 x n) give empty results, full and thin, never an exception. */
    @Test
    void emptyPages() {
        for (int[] mn : new int[][]{{0, 0}, {3, 0}, {0, 3}}) {
            for (boolean econ : new boolean[]{false, true}) {
                SvdResult r = Jacobi.svd(PageArray.wrap(new double[0], mn[0], mn[1]), CPU.withEcon(econ));
                assertEquals(0, r.s().rows(), mn[0] + "x" + mn[1]);
                assertEquals(mn[0], r.u().rows());
                assertEquals(mn[1], r.v().rows());
            }
        }
    }

    @Test
    void rankDeficientGivesZerosAndACompleteBasis() {
        int m = 8, n = 5;
        double[] a = Matrices.lowRank(new Random(9), m, n, 2);
        PageArray pa = PageArray.wrap(a, m, n);
        SvdResult s = Jacobi.svd(pa, CPU);
        for (int i = 2; i < n; i++) assertTrue(s.s().get(i, 0) < 1e-14 * s.s().get(0, 0), "sigma_" + i);
        assertTrue(Matrices.orthogonality(s.u(), 0) < 1e-13);
        assertTrue(Matrices.svdResidual(pa, s.u(), s.s(), s.v(), 0) < 1e-14);
        SvdResult z = Jacobi.svd(PageArray.wrap(new double[12], 4, 3), CPU);
        assertEquals(0, z.s().get(0, 0), 0);
        assertTrue(Matrices.orthogonality(z.u(), 0) < 1e-15);
    }

    /**
     * 40 x 30 to 1e-12; 130 x 110 to 5e-15: 2.5e-15, where the rotations' rounded c alone (before
     * JacobiRotation.cosineLow), scaling the columns coherently over the sweeps, gave 1.0e-14.
     */
    @ParameterizedTest
    @CsvSource({"40,30,1e-12", "130,110,5e-15"})
    void gradedColumnsKeepSmallSingularValuesToRelativeAccuracy(int m, int n, double bound) {
        // G = B D with D = diag(logspace(0,-10,n)): one-sided Jacobi is column-scaling invariant
        Random r = new Random(77);
        double[] g = Matrices.randn(r, m, n);
        double[] d = new double[n];
        for (int j = 0; j < n; j++) {
            d[j] = Math.pow(10, -10.0 * j / (n - 1));
            for (int i = 0; i < m; i++) g[i + j * m] *= d[j];
        }
        // reference: sigma_i^2 are the eigenvalues of G'G = D (B'B) D, graded SPD, in 40 digits
        double[] gtg = new double[n * n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
            java.math.BigDecimal s = java.math.BigDecimal.ZERO;
            for (int l = 0; l < m; l++) s = s.add(new java.math.BigDecimal(g[l + i * m]).multiply(new java.math.BigDecimal(g[l + j * m])));
            gtg[i + j * n] = s.doubleValue();
        }
        double[] lam = HighPrecisionEigenvalues.of(gtg, n);
        SvdResult s = Jacobi.svd(PageArray.wrap(g, m, n), CPU.withVectors(false));
        double worst = 0;
        for (int i = 0; i < n; i++) {
            double ref = Math.sqrt(lam[n - 1 - i]);
            worst = Math.max(worst, Math.abs(s.s().get(i, 0) - ref) / ref);
        }
        TestLog.printf("[svd-accuracy] graded columns %d x %d: %.2e, sweeps %d%n", m, n, worst,
                s.report().sweeps());
        assertTrue(worst < bound, "worst relative error " + worst);
    }

    @Test
    void pagesAndEmpty() {
        int m = 6, n = 4, pages = 3;
        double[] all = Matrices.randn(new Random(1), m * n * pages, 1);
        PageArray a = PageArray.wrap(all, m, n, pages);
        SvdResult s = Jacobi.svd(a, CPU);
        for (int k = 0; k < pages; k++) assertTrue(Matrices.svdResidual(a, s.u(), s.s(), s.v(), k) < 1e-14);
        SvdResult e = Jacobi.svd(PageArray.wrap(new double[0], 3, 0), CPU);
        assertEquals(0, e.s().rows());
        assertEquals(3, e.u().cols());
        assertTrue(Matrices.orthogonality(e.u(), 0) == 0);
    }
}
