package io.github.gpujacobi.cuda;

import io.github.gpujacobi.cuda.inverse.CudaBatchedInverse;
import io.github.gpujacobi.cuda.batched.BlockedPagePlan;
import io.github.gpujacobi.cuda.blocked.BlockWidth;
import io.github.gpujacobi.cuda.blocked.BlockedCheck;
import io.github.gpujacobi.cuda.inverse.CudaGaussJordan;
import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.Tuning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.gpujacobi.api.Precision;
import org.junit.jupiter.api.Test;

/**
 * The tuning table's lookup by compute capability and the routes' choices it drives; the values are those the GPU
 * conformance suite and the benchmarks ran with before the table, so every row must hold them.
 */
class TuningTest {
    @Test
    void generationsMapToTheirRows() {
        assertSame(Tuning.SM_80, Tuning.of(8, 0));
        assertSame(Tuning.SM_80, Tuning.of(8, 9));
        assertSame(Tuning.SM_90, Tuning.of(9, 0));
        assertSame(Tuning.SM_90, Tuning.of(12, 0), "newer generations take the newest row");
        assertEquals("sm_90", Tuning.DEFAULT.toString());
    }

    @Test
    void everyRowHoldsTheMeasuredDefaults() {
        for (Tuning t : new Tuning[]{Tuning.SM_80, Tuning.SM_90}) {
            assertEquals(768, t.blockedFrom, t + " blockedFrom");
            assertEquals(3072, t.wideFrom, t + " wideFrom");
            assertEquals(2048, t.complexWideFrom, t + " complexWideFrom");
            assertEquals(64, t.hyperbolicMaxWidth, t + " hyperbolicMaxWidth");
            assertEquals(1024, t.preconditionFrom, t + " preconditionFrom");
            assertEquals(128, t.checkFrom, t + " checkFrom");
            assertEquals(1024, t.checkListMin, t + " checkListMin");
            assertEquals(32, t.cleanupRounds, t + " cleanupRounds");
            assertEquals(64, t.pageBlockedEigFrom, t + " pageBlockedEigFrom");
            assertEquals(40, t.pageBlockedSvdFrom, t + " pageBlockedSvdFrom");
            assertEquals(64, t.pagePreconditionedEigFrom, t + " pagePreconditionedEigFrom");
            assertEquals(256, t.complexBlockedFrom, t + " complexBlockedFrom");
            assertEquals(384, t.complexEmbedFrom, t + " complexEmbedFrom");
            assertEquals(1024, t.gjWideFrom, t + " gjWideFrom");
            assertEquals(2048, t.gjLookaheadFrom, t + " gjLookaheadFrom");
            assertEquals(CudaBatchedInverse.MAX_N + 1, t.invPagesLuFrom, t + " invPagesLuFrom: the Gauss-Jordan kernels keep their range");
            assertEquals(1L << 37, t.splitEigFrom, t + " splitEigFrom");
            assertEquals(1L << 36, t.splitSvdFrom, t + " splitSvdFrom");
            assertEquals(1L << 36, t.splitInvFrom, t + " splitInvFrom");
        }
    }

    @Test
    void blockWidthFollowsTheRowsCrossovers() {
        Tuning t = Tuning.DEFAULT;
        assertEquals(32, BlockWidth.of(t, t.wideFrom - 1, false, BlockedScalar.REAL));
        assertEquals(64, BlockWidth.of(t, t.wideFrom, false, BlockedScalar.REAL));
        assertEquals(64, BlockWidth.of(t, 8192, true, BlockedScalar.REAL), "hyperbolic up to hyperbolicMaxWidth");
        assertEquals(32, BlockWidth.of(t, t.complexWideFrom - 1, false, BlockedScalar.COMPLEX));
        assertEquals(64, BlockWidth.of(t, t.complexWideFrom, false, BlockedScalar.COMPLEX));
        assertEquals(4, BlockWidth.of(t, 9, false, BlockedScalar.REAL), "at most half the columns, a power of 2");
    }

    @Test
    void checkListAndPanelWidthsFollowTheRow() {
        Tuning t = Tuning.DEFAULT;
        assertEquals(1024, BlockedCheck.listFor(t, 1024));
        assertEquals(4096, BlockedCheck.listFor(t, 8192), "half the columns where that is more");
        assertEquals(64, CudaGaussJordan.blockSize(t, t.gjWideFrom - 1));
        assertEquals(256, CudaGaussJordan.blockSize(t, t.gjWideFrom));
        assertEquals(10, CudaGaussJordan.blockSize(t, 10), "never wider than the matrix");
        assertTrue(BlockedPagePlan.eig(t, t.pageBlockedEigFrom, Precision.DOUBLE, 0) != null);
        assertTrue(BlockedPagePlan.svd(t, t.pageBlockedSvdFrom, 0) != null);
    }

    @Test
    void theProfileSwitchReadsAsBooleanGetBooleanDid() {
        assertEquals("gpujacobi.cuda.profile", Profiling.PROPERTY);
        assertTrue(Profiling.enabled("true"));
        assertTrue(Profiling.enabled("TRUE"));
        assertFalse(Profiling.enabled(null), "unset: off");
        assertFalse(Profiling.enabled("false"));
        assertFalse(Profiling.enabled("1"));
        assertFalse(Profiling.ON, "the tests run without it");
    }
}
