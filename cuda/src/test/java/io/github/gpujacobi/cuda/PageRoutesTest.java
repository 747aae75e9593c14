package io.github.gpujacobi.cuda;

import io.github.gpujacobi.cuda.batched.CudaBatchedSvd;
import io.github.gpujacobi.cuda.batched.CudaBatchedEig;
import io.github.gpujacobi.cuda.launch.Tuning;
import io.github.gpujacobi.cuda.inverse.CudaBatchedInverse;
import io.github.gpujacobi.cuda.inverse.CudaPagesLu;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import jcuda.driver.CUresult;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page arrays' routing decisions, on the host (no GPU): which pages the batched LU inverts, when Method 'blocked'
 * runs as the page kernels, when pages split over several GPUs, which CUDA errors count as sticky. The routes
 * themselves run in CudaPageRoutesTest and CudaRecoveryTest on the GPU.
 */
class PageRoutesTest {
    private static final Tuning T = Tuning.DEFAULT;

    @Test
    void theBatchedLuTakesSeveralPagesAboveTheGaussJordanKernels() {
        assertFalse(CudaPagesLu.takes(T, CudaBatchedInverse.MAX_N, 500), "64: the Gauss-Jordan kernels'");
        assertTrue(CudaPagesLu.takes(T, 65, 2));
        assertTrue(CudaPagesLu.takes(T, 128, 500));
        assertTrue(CudaPagesLu.takes(T, CudaPagesLu.MAX_N, 500));
        assertFalse(CudaPagesLu.takes(T, CudaPagesLu.MAX_N + 1, 500), "larger pages: the blocked Gauss-Jordan per page");
        assertFalse(CudaPagesLu.takes(T, 128, 1), "a single matrix: the blocked Gauss-Jordan");
    }

    @Test
    void theBatchedLuChunksBoundItsBuffers() {
        assertEquals(500, CudaPagesLu.chunk(256, Precision.DOUBLE, 500), "500 pages of 256 in double: one launch");
        assertEquals(512, CudaPagesLu.chunk(256, Precision.DOUBLE, 5000));
        assertEquals(1024, CudaPagesLu.chunk(256, Precision.SINGLE, 5000));
        assertEquals(3, CudaPagesLu.chunk(100, Precision.SINGLE, 3), "never more than there are pages");
        assertTrue((long) CudaPagesLu.chunk(200, Precision.DOUBLE, 100000) * 200 * 200 * 8 <= CudaPagesLu.MAX_BYTES_PER_LAUNCH);
    }

    @Test
    void blockedOnSmallPagesRunsAsThePageKernels() {
        SolverOptions blocked = SolverOptions.defaults().withMethod("blocked");
        PageArray small = PageArray.zeros(Precision.DOUBLE, 8, 8, 2000), one = PageArray.zeros(Precision.DOUBLE, 8, 8, 1);
        assertTrue(BlockedPageRoute.takesEig(blocked, small));
        assertTrue(BlockedPageRoute.takesSvd(blocked, small));
        assertTrue(BlockedPageRoute.takesEig(blocked, PageArray.zeros(Precision.SINGLE, 256, 256, 3)), "the block-Jacobi page kernels");
        assertFalse(BlockedPageRoute.takesEig(blocked, one), "a single matrix keeps the blocked route");
        assertFalse(BlockedPageRoute.takesEig(blocked, PageArray.zeros(Precision.DOUBLE, 1024, 1024, 2)), "large pages too");
        assertFalse(BlockedPageRoute.takesEig(SolverOptions.defaults(), small), "only Method 'blocked'");
        assertFalse(BlockedPageRoute.takesEig(SolverOptions.defaults().withMethod("mca"), small));
        assertEquals("auto", BlockedPageRoute.asPages(blocked).method());
    }

    @Test
    void pagesSplitOnlyWithWorkEnough() {
        PageArray tiny = PageArray.zeros(Precision.DOUBLE, 8, 8, 2000), p64 = PageArray.zeros(Precision.DOUBLE, 64, 64, 2000);
        assertEquals(2000.0 * 8 * 8 * 8, PageSplitRule.work(tiny));
        assertEquals(3.0 * 70 * 50 * 50, PageSplitRule.work(PageArray.zeros(Precision.DOUBLE, 70, 50, 3)), "min(m, n)");
        assertFalse(PageSplitRule.pays(T, Operation.EIG, tiny), "2000 x 8: slower on two GPUs than on one");
        // measured on two H200s, whole call: 2000 x 64 2.6x (eig) and 2.7x (svd) slower split; 100 x 1024 eig level,
        // svd 1.32x faster
        PageArray p1024 = PageArray.zeros(Precision.DOUBLE, 1024, 1024, 100);
        for (Operation op : new Operation[]{Operation.EIG, Operation.SVD, Operation.INV}) {
            assertFalse(PageSplitRule.pays(T, op, p64), op + ": 2000 x 64 stays on one GPU");
        }
        assertFalse(PageSplitRule.pays(T, Operation.EIG, p1024), "eig 100 x 1024: no faster on two");
        assertTrue(PageSplitRule.pays(T, Operation.SVD, p1024), "svd 100 x 1024: faster on two");
        assertFalse(PageSplitRule.pays(T, Operation.INV, PageArray.zeros(Precision.DOUBLE, 256, 256, 500)), "not measured: kept");
        String note = PageSplitRule.keptNote(T, Operation.EIG, tiny, 2);
        assertTrue(note.contains("not split over 2") && note.contains("1.02e+06") && note.contains("docs/tuning.md"), note);
    }

    @Test
    void thePropertySetsOneThresholdForEveryOperation() {
        PageSplitRule.override = 0.0;
        try {
            PageArray tiny = PageArray.zeros(Precision.DOUBLE, 2, 2, 2);
            for (Operation op : new Operation[]{Operation.EIG, Operation.SVD, Operation.INV}) assertTrue(PageSplitRule.pays(T, op, tiny));
        } finally {
            PageSplitRule.override = null;
        }
        assertFalse(PageSplitRule.pays(T, Operation.EIG, PageArray.zeros(Precision.DOUBLE, 2, 2, 2)));
    }

    @Test
    void stickyErrorsAreTheOnesThatPoisonAContext() {
        assertTrue(StickyRecovery.sticky(CUresult.CUDA_ERROR_ILLEGAL_ADDRESS));
        assertTrue(StickyRecovery.sticky(CUresult.CUDA_ERROR_LAUNCH_FAILED));
        assertTrue(StickyRecovery.sticky(CUresult.CUDA_ERROR_MISALIGNED_ADDRESS));
        assertFalse(StickyRecovery.sticky(CUresult.CUDA_SUCCESS));
        assertFalse(StickyRecovery.sticky(CUresult.CUDA_ERROR_OUT_OF_MEMORY), "out of memory leaves the context usable");
        assertFalse(StickyRecovery.sticky(CUresult.CUDA_ERROR_INVALID_VALUE));
    }
}
