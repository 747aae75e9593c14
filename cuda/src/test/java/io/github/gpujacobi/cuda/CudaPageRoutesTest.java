package io.github.gpujacobi.cuda;

import io.github.gpujacobi.cuda.batched.CudaBatchedEig;
import io.github.gpujacobi.cuda.inverse.CudaPagesLu;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.core.Residuals;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The page arrays' routes on the GPU: pages of 65 ... 256 inverted together by the batched LU with the Gauss-Jordan
 * routes' contract (the CPU's RCOND, an exactly singular page reported singular, both precisions); Method 'blocked'
 * on small pages running as the page kernels; small page arrays kept on one of two logical devices; double eig pages
 * of 64 ... 256 started from single-precision eigenvectors (graded pages from A, for their relative accuracy). Skipped
 * without a GPU (PageRoutesTest and PagePreconditionerTest check the decisions on the host).
 */
class CudaPageRoutesTest {
    @BeforeEach
    void needsGpu() {
        assumeTrue(Backends.get().gpu() != null, "no GPU here: " + Backends.get().whyNoGpu());
    }

    private static SolverOptions onGpu() {
        return SolverOptions.defaults().withDevice("gpu").withCaller("pages");
    }

    private static String notes(io.github.gpujacobi.api.RunReport r) {
        return String.join(" | ", r.notes());
    }

    @Test
    void batchedLuInvertsPagesWithTheGaussJordanContract() {
        Random r = new Random(45);
        for (Precision p : Precision.values()) {
            for (int n : new int[]{65, 128, 256}) {
                int pages = 5;
                PageArray a = PageArray.zeros(p, n, n, pages);
                for (int k = 0; k < pages; k++) a.writePage(k, Matrices.wellConditioned(r, n));
                double[] singular = Matrices.wellConditioned(r, n);
                for (int i = 0; i < n; i++) singular[i + 7 * n] = 0; // a zero column: an exactly zero pivot
                a.writePage(2, singular);
                InverseResult gpu = Jacobi.inv(a, onGpu()), cpu = Jacobi.inv(a, SolverOptions.defaults().withDevice("cpu"));
                String what = p + " n=" + n;
                assertTrue(notes(gpu.report()).contains(CudaPagesLu.NOTE), what + ": " + notes(gpu.report()));
                assertEquals("gaussjordan", gpu.report().method(), what);
                double tol = p == Precision.DOUBLE ? 1e-13 : 1e-5;
                for (int k = 0; k < pages; k++) {
                    if (k == 2) {
                        assertTrue(gpu.singular(k), what + ": the zero column's page is singular");
                        assertEquals(0, gpu.rcond(k), what);
                        assertTrue(Double.isInfinite(gpu.inverse().get(0, 0, k)), what + ": a singular page's inverse is Inf");
                        continue;
                    }
                    assertFalse(gpu.singular(k), what + " page " + k);
                    assertTrue(Residuals.inverse(a, gpu.inverse(), k) < tol, what + " page " + k + ": " + Residuals.inverse(a, gpu.inverse(), k));
                    assertEquals(cpu.rcond(k), gpu.rcond(k), (p == Precision.DOUBLE ? 1e-8 : 1e-2) * cpu.rcond(k), what + " RCOND");
                }
            }
        }
    }

    @Test
    void blockedOnSmallPagesRunsAsThePageKernels() {
        Random r = new Random(8);
        int n = 8, pages = 300;
        PageArray a = PageArray.zeros(Precision.DOUBLE, n, n, pages), g = PageArray.zeros(Precision.DOUBLE, n, n, pages);
        for (int k = 0; k < pages; k++) {
            a.writePage(k, Matrices.symmetric(r, n));
            g.writePage(k, Matrices.randn(r, n, n));
        }
        EigResult e = Jacobi.eig(a, onGpu().withMethod("blocked"));
        assertEquals("batched", e.report().method());
        assertTrue(notes(e.report()).contains("Method 'blocked' on 300 pages of 8 x 8"), notes(e.report()));
        SvdResult s = Jacobi.svd(g, onGpu().withMethod("blocked"));
        assertTrue(notes(s.report()).contains("Method 'blocked' on 300 pages of 8 x 8"), notes(s.report()));
        for (int k = 0; k < pages; k++) {
            assertTrue(Residuals.eig(a, e.vectors(), e.values(), k) < 1e-13);
            assertTrue(Residuals.orthogonality(e.vectors(), k) < 1e-13);
            assertTrue(Residuals.svd(g, s.u(), s.s(), s.v(), k) < 1e-13);
        }
    }

    @Test
    void smallPageArraysStayOnOneOfTwoDevices() {
        Random r = new Random(2);
        PageArray a = PageArray.zeros(Precision.DOUBLE, 8, 8, 50);
        for (int k = 0; k < a.pages(); k++) a.writePage(k, Matrices.symmetric(r, 8));
        EigResult kept = Jacobi.eig(a, onGpu().withGpus(new int[]{0, 0}));
        assertTrue(notes(kept.report()).contains("not split over 2"), notes(kept.report()));
        PageSplitRule.override = 0.0;
        try {
            EigResult split = Jacobi.eig(a, onGpu().withGpus(new int[]{0, 0}));
            assertTrue(notes(split.report()).contains("pages split over 2 devices"), notes(split.report()));
        } finally {
            PageSplitRule.override = null;
        }
    }

    /**
     * Double pages of 64 ... 256 in 'auto' start from the single solver's eigenvectors, refined: the double contract
     * (residual and orthogonality within n eps, the values as the CPU's to n eps ||A||), ascending values, at most two
     * sweeps on Q'AQ where the pages from A take eight or more; odd orders, two pages and many.
     */
    @Test
    void doublePagesStartFromSinglePrecisionEigenvectors() {
        for (int[] c : new int[][]{{64, 3}, {65, 2}, {100, 40}, {128, 7}, {129, 3}, {200, 2}, {255, 3}, {256, 20}}) {
            int n = c[0], pages = c[1];
            PageArray a = symmetricPages(Precision.DOUBLE, 4500L + n, n, pages);
            String what = "n=" + n + " x " + pages;
            EigResult e = solvedPreconditioned(a, what);
            assertTrue(notes(e.report()).contains("every page started from single-precision eigenvectors"), notes(e.report()));
            assertContractAndCpuValues(a, e, Precision.DOUBLE.eps(), 2, what);
        }
    }

    /**
     * Refined pages whose Q'AQ keeps many failing entries: a cluster of six eigenvalues 1e-10 apart (fifteen pairs the
     * refinement leaves, within the clean-up's budget of n rotations), one eigenvalue of 1e-9 (its row fails the
     * relative test), and in the second call also a cluster of n / 2 (more failing entries than the budget: the chunk
     * goes to the sweeps from where the clean-up left it). Both keep the double contract and the CPU's values.
     */
    @Test
    void refinedPagesWithClustersKeepTheContract() {
        for (int n : new int[]{64, 130}) {
            Random r = new Random(4700L + n);
            double[][] spectra = new double[4][n];
            for (int k = 0; k < 4; k++) for (int i = 0; i < n; i++) spectra[k][i] = 6 * r.nextDouble() - 3;
            for (int i = 0; i < 6; i++) spectra[1][i] = 1 + i * 1e-10;
            spectra[2][0] = 1e-9;
            for (int i = 0; i < n / 2; i++) spectra[3][i] = 2 + i * 1e-10;
            for (int pages : new int[]{3, 4}) {
                PageArray a = PageArray.zeros(Precision.DOUBLE, n, n, pages);
                for (int k = 0; k < pages; k++) a.writePage(k, Matrices.withSpectrum(r, spectra[k]));
                String what = "clusters n=" + n + " x " + pages;
                EigResult e = solvedPreconditioned(a, what);
                assertTrue(notes(e.report()).contains("every page started from single-precision eigenvectors"), notes(e.report()));
                assertContractAndCpuValues(a, e, Precision.DOUBLE.eps(), 6, what);
            }
        }
    }

    /**
     * Ungraded single pages of 104 ... 256 in 'auto' start from the single solver's eigenvectors too, on a double copy
     * swept by the double kernels under single's tolerance: the single contract (residual and orthogonality within
     * n eps_single), ascending values as the CPU's to n eps_single ||A||, few sweeps; odd orders.
     */
    @Test
    void singlePagesStartFromSinglePrecisionEigenvectorsOnADoubleCopy() {
        for (int[] c : new int[][]{{105, 3}, {129, 5}, {256, 4}}) {
            int n = c[0], pages = c[1];
            PageArray a = symmetricPages(Precision.SINGLE, 4600L + n, n, pages);
            String what = "single n=" + n + " x " + pages;
            EigResult e = solvedPreconditioned(a, what);
            assertEquals(Precision.SINGLE, e.vectors().precision(), what);
            assertContractAndCpuValues(a, e, Precision.SINGLE.eps(), 5, what);
        }
    }

    /**
     * svd page arrays whose results come down in parts while the next parts are solved (batched/DownloadParts: four
     * parts here, the last ones a page shorter; into the caller's arrays, and into new ones once they are made), square
     * and thin tall pages, with a zero page in a later part (sorted on the host): every page converged, within the
     * contract (residual, U and V orthogonal to n eps) and its values the CPU's.
     */
    @Test
    void svdPagesInPartsKeepEveryPage() {
        for (Precision p : Precision.values()) {
            for (int[] shape : new int[][]{{64, 64, 1101}, {96, 64, 701}}) {
                int m = shape[0], n = shape[1], pages = shape[2];
                boolean econ = m > n;
                String what = "svd in parts " + p + " " + m + " x " + n + " x " + pages;
                PageArray g = PageArray.wrap(Matrices.randn(new Random(4801L + m), m * n * pages, 1), m, n, pages).to(p);
                g.writePage(pages * 3 / 4, new double[m * n]);
                SolverOptions o = onGpu().withEcon(econ);
                assertSvdPages(g, Jacobi.svd(g, o), p, what);
                PageArray s = PageArray.zeros(p, n, 1, pages), u = PageArray.zeros(p, m, econ ? n : m, pages),
                        v = PageArray.zeros(p, n, n, pages);
                assertSvdPages(g, Jacobi.svdInto(g, s, u, v, o), p, what + " into");
            }
        }
    }

    /** Every page of r (svd of g) converged, within the contract, its values the CPU's to n eps sigma_max. */
    private static void assertSvdPages(PageArray g, SvdResult r, Precision p, String what) {
        int n = g.cols();
        SvdResult cpu = Jacobi.svd(g, SolverOptions.defaults().withDevice("cpu").withVectors(false));
        PageArray gd = g.to(Precision.DOUBLE), u = r.u().to(Precision.DOUBLE), v = r.v().to(Precision.DOUBLE),
                sd = r.s().to(Precision.DOUBLE);
        for (int k = 0; k < g.pages(); k++) {
            assertTrue(r.report().converged(k), what + " page " + k + " converged");
            assertTrue(Residuals.svd(gd, u, sd, v, k) <= n * p.eps(), what + " page " + k + " residual");
            assertTrue(Residuals.orthogonality(u, k) <= n * p.eps(), what + " page " + k + " U orthogonality");
            assertTrue(Residuals.orthogonality(v, k) <= n * p.eps(), what + " page " + k + " V orthogonality");
            for (int i = 0; i < n; i++) {
                assertEquals(cpu.s().get(i, 0, k), r.s().get(i, 0, k), n * p.eps() * cpu.s().get(0, 0, k),
                        what + " page " + k + " sigma_" + i);
            }
        }
    }

    /** pages random symmetric pages of order n in precision p, from seed. */
    private static PageArray symmetricPages(Precision p, long seed, int n, int pages) {
        Random r = new Random(seed);
        PageArray a = PageArray.zeros(p, n, n, pages);
        for (int k = 0; k < pages; k++) a.writePage(k, Matrices.symmetric(r, n));
        return a;
    }

    /** eig of a on the GPU in 'auto', which took the route from single-precision eigenvectors. */
    private static EigResult solvedPreconditioned(PageArray a, String what) {
        EigResult e = Jacobi.eig(a, onGpu());
        assertEquals(CudaBatchedEig.PRECONDITIONED, e.report().method(), what + ": " + notes(e.report()));
        return e;
    }

    /**
     * Every page of e (eig of a) converged in at most maxSweeps sweeps on Q'AQ, within the contract (residual and
     * orthogonality n eps), ascending, and its values the CPU's to n eps ||A||.
     */
    private static void assertContractAndCpuValues(PageArray a, EigResult e, double eps, int maxSweeps, String what) {
        int n = a.rows();
        EigResult cpu = Jacobi.eig(a, SolverOptions.defaults().withDevice("cpu").withVectors(false));
        for (int k = 0; k < a.pages(); k++) {
            assertTrue(e.report().converged(k), what + " page " + k + " converged");
            assertTrue(e.report().sweeps(k) <= maxSweeps, what + " page " + k + ": " + e.report().sweeps(k) + " sweeps on Q'AQ");
            assertTrue(Residuals.eig(a, e.vectors(), e.values(), k) <= n * eps, what + " page " + k + " residual "
                    + Residuals.eig(a, e.vectors(), e.values(), k));
            assertTrue(Residuals.orthogonality(e.vectors(), k) <= n * eps, what + " page " + k + " orthogonality "
                    + Residuals.orthogonality(e.vectors(), k));
            double norm = 0;
            for (int i = 0; i < n; i++) norm = Math.max(norm, Math.abs(cpu.values().get(i, 0, k)));
            for (int i = 0; i < n; i++) {
                if (i > 0) assertTrue(e.values().get(i, 0, k) >= e.values().get(i - 1, 0, k), what + " ascending");
                assertEquals(cpu.values().get(i, 0, k), e.values().get(i, 0, k), n * eps * norm, what + " page " + k + " lambda_" + i);
            }
        }
    }

    /**
     * A graded positive definite page among ungraded ones keeps the sweeps from A (Q = I): its smallest eigenvalues
     * to 1e-12 relative, as the CPU's relatively accurate route gives them, while the others start from Q'AQ; single
     * pages with a graded one among them and a sweep limit keep the block kernels from A.
     */
    @Test
    void gradedPagesAndSinglePagesKeepTheSweepsFromA() {
        int n = 150, pages = 4;
        Random r = new Random(451);
        PageArray a = PageArray.zeros(Precision.DOUBLE, n, n, pages);
        for (int k = 0; k < pages; k++) a.writePage(k, k == 2 ? Matrices.gradedSpd(r, n, 10) : Matrices.symmetric(r, n));
        EigResult e = Jacobi.eig(a, onGpu());
        assertEquals(CudaBatchedEig.PRECONDITIONED, e.report().method(), notes(e.report()));
        assertTrue(notes(e.report()).contains("3 of 4 pages started from single-precision eigenvectors"), notes(e.report()));
        double[] ref = Jacobi.eig(PageArray.wrap(a.pageAsDouble(2), n, n), SolverOptions.defaults().withDevice("cpu")
                .withVectors(false)).values().pageAsDouble(0);
        for (int i = 0; i < n; i++) {
            double rel = Math.abs(e.values().get(i, 0, 2) - ref[i]) / Math.abs(ref[i]);
            assertTrue(rel <= 1e-12, "graded page lambda_" + i + " = " + ref[i] + ": relative error " + rel);
        }
        for (int k = 0; k < pages; k++) {
            assertTrue(Residuals.eig(a, e.vectors(), e.values(), k) <= n * Precision.DOUBLE.eps(), "page " + k + " residual");
            assertTrue(Residuals.orthogonality(e.vectors(), k) <= n * Precision.DOUBLE.eps(), "page " + k + " orthogonality");
        }
        // single pages go to a double copy only where every page of the chunk is preconditioned: with a graded one
        // among them they keep the float kernels from A
        assertEquals("batched", Jacobi.eig(a.to(Precision.SINGLE), onGpu()).report().method(), "single pages, one graded");
        assertEquals("batched", Jacobi.eig(a, onGpu().withMaxSweeps(5)).report().method(), "a sweep limit below the default");
        assertEquals("batched", Jacobi.eig(a, onGpu().withMethod("parallel")).report().method(), "only 'auto'");
        PageArray graded = PageArray.zeros(Precision.DOUBLE, n, n, 2);
        graded.writePage(0, a.pageAsDouble(2));
        graded.writePage(1, a.pageAsDouble(2));
        assertEquals("batched", Jacobi.eig(graded, onGpu()).report().method(), "every page graded: the sweeps from A");
    }
}
