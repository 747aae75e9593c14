package io.github.gpujacobi.cuda;

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
 * on small pages running as the page kernels; small page arrays kept on one of two logical devices. Skipped
 * without a GPU (PageRoutesTest checks the decisions on the host).
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
}
