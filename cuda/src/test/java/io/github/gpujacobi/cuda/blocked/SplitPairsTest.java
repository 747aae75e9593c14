package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.Tuning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which blocked sweeps solve their pair problems split (CudaSplitPairs), and the rotation counters that takes; the split
 * route itself runs in CudaConformanceTest on the GPU.
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
            assertEquals(32, BlockWidth.of(Tuning.DEFAULT, 1024, hyperbolic, BlockedScalar.COMPLEX));
            assertEquals(64, BlockWidth.of(Tuning.DEFAULT, 2048, hyperbolic, BlockedScalar.COMPLEX));
            assertEquals(64, BlockWidth.of(Tuning.DEFAULT, 4096, hyperbolic, BlockedScalar.COMPLEX));
            assertEquals(32, BlockWidth.of(Tuning.DEFAULT, 2048, hyperbolic, BlockedScalar.REAL));
            assertEquals(64, BlockWidth.of(Tuning.DEFAULT, 4096, hyperbolic, BlockedScalar.REAL));
            for (int n : new int[]{1, 2, 3, 63, 100, 2047, 2049, 5000}) {
                for (BlockedScalar el : BlockedScalar.values()) {
                    int b = BlockWidth.of(Tuning.DEFAULT, n, hyperbolic, el);
                    assertEquals(Integer.highestOneBit(b), b, "a power of 2");
                    assertTrue(b <= Math.max(1, (n + 1) / 2), "at most half the columns, n = " + n);
                    // a split pair problem needs the cross order, which every b >= 2 takes
                    assertTrue(CudaSplitPairs.counters(el, 2 * b) == 1 || b >= 2);
                }
            }
        }
    }
}
