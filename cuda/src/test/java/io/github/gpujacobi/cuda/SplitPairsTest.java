package io.github.gpujacobi.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which blocked sweeps solve their pair problems split (CudaSplitPairs), and the rotation counters that takes; the split
 * route itself runs in CudaConformanceTest on the GPU (with -Dgpujacobi.cuda.complexBlockWidth=64 and 128 at every
 * complex blocked size).
 */
class SplitPairsTest {
    @Test
    void onePairKernelUpToItsWidthThenFourCountersPerSubProblem() {
        assertEquals(1, CudaSplitPairs.counters(BlockedScalar.REAL, 128), "real pair kernels reach 2b = 128");
        assertEquals(1, CudaSplitPairs.counters(BlockedScalar.COMPLEX, 64), "complex pair kernels reach 2b = 64");
        assertEquals(4, CudaSplitPairs.counters(BlockedScalar.COMPLEX, 128), "2 inner steps of 2 sub-problems");
        assertEquals(16, CudaSplitPairs.counters(BlockedScalar.COMPLEX, 256), "split twice");
    }

    @Test
    void complexBlocksWidenFrom2048AndRealOnesKeepTheirWidths() {
        for (boolean hyperbolic : new boolean[]{false, true}) {
            assertEquals(32, CudaBlockedSvd.blockWidth(1024, hyperbolic, BlockedScalar.COMPLEX));
            assertEquals(64, CudaBlockedSvd.blockWidth(2048, hyperbolic, BlockedScalar.COMPLEX));
            assertEquals(64, CudaBlockedSvd.blockWidth(4096, hyperbolic, BlockedScalar.COMPLEX));
            assertEquals(32, CudaBlockedSvd.blockWidth(2048, hyperbolic, BlockedScalar.REAL));
            assertEquals(64, CudaBlockedSvd.blockWidth(4096, hyperbolic, BlockedScalar.REAL));
            for (int n : new int[]{1, 2, 3, 63, 100, 2047, 2049, 5000}) {
                for (BlockedScalar el : BlockedScalar.values()) {
                    int b = CudaBlockedSvd.blockWidth(n, hyperbolic, el);
                    assertEquals(Integer.highestOneBit(b), b, "a power of 2");
                    assertTrue(b <= Math.max(1, (n + 1) / 2), "at most half the columns, n = " + n);
                    // a split pair problem needs the cross order and sub-problems one pair kernel holds
                    assertTrue(CudaSplitPairs.counters(el, 2 * b) == 1 || CudaBlockedSvd.crossFor(hyperbolic));
                }
            }
        }
    }
}
