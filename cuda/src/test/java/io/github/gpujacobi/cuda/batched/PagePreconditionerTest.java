package io.github.gpujacobi.cuda.batched;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.cuda.launch.Tuning;
import org.junit.jupiter.api.Test;

import java.util.Collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The single-precision preconditioner's decisions, on the host: which pages start from Q'AQ, which keep Q = I, the
 * float copy's scaling, the report. The route itself runs in CudaPageRoutesTest on the GPU.
 */
class PagePreconditionerTest {
    private static final Tuning T = Tuning.DEFAULT;

    /** As CudaBatchedEig asks: with the double block plan of the order, single pages going on a double copy. */
    private static boolean takes(int n, Precision p) {
        return PagePreconditioner.takes(T, n, p, BlockedPagePlan.eig(T, n, Precision.DOUBLE, 0));
    }

    @Test
    void pagesOfTheBlockKernelsFromTheTuningRow() {
        assertFalse(takes(T.pageBlockedEigFrom - 1, Precision.DOUBLE), "below the block kernels");
        assertFalse(takes(T.pagePreconditionedEigFrom - 1, Precision.DOUBLE), "below its row");
        assertTrue(takes(T.pagePreconditionedEigFrom, Precision.DOUBLE));
        assertTrue(takes(128, Precision.DOUBLE));
        assertTrue(takes(PagePlan.MAX_N, Precision.DOUBLE));
        assertFalse(takes(PagePlan.MAX_N + 1, Precision.DOUBLE), "beyond the page kernels");
        assertFalse(takes(T.pagePreconditionedSingleEigFrom - 1, Precision.SINGLE), "single: float sweeps from A below its row");
        assertTrue(takes(T.pagePreconditionedSingleEigFrom, Precision.SINGLE));
        assertTrue(takes(PagePlan.MAX_N, Precision.SINGLE));
        assertTrue(T.pagePreconditionedSingleEigFrom >= T.pagePreconditionedEigFrom);
        assertFalse(PagePreconditioner.takes(T, 128, Precision.DOUBLE, BlockedPagePlan.eig(T, 128, Precision.DOUBLE, 3)),
                "fixed sweeps: no block plan, the pointwise kernels");
    }

    /**
     * The Newton-Schulz steps after a refinement take the modelled distance from orthogonal, ||E||_F^2 plus Q's own,
     * below double's rounding, squaring it each step, and take no step more than that needs.
     */
    @Test
    void newtonSchulzStepsAfterARefinementReachTheRounding() {
        for (double e : new double[]{0, 1e-12, 1e-9, 1.5e-8, 1e-6, 1e-4, 1e-2, 0.1, 0.25}) {
            for (double q : new double[]{0, PagePreconditioner.afterOneStep(64), PagePreconditioner.afterOneStep(256)}) {
                int k = PagePreconditioner.newtonSchulzSteps(e, q);
                double f = e * e + q;
                for (int i = 0; i < k; i++) f *= f;
                assertTrue(f <= 0x1p-52, e + ", " + q + ": " + k + " steps leave " + f);
                if (k > 0) assertTrue(Math.sqrt(f) > 0x1p-52, e + ", " + q + ": one step fewer would do");
            }
        }
        assertEquals(0, PagePreconditioner.newtonSchulzSteps(1e-9, 0), "a second refinement's tiny E: none");
        assertEquals(4, PagePreconditioner.newtonSchulzSteps(0.25, 0), "the largest E allowed: 2^-4 to 2^-64");
        double single = 8.0 * 256 * 0x1p-24;
        assertEquals(single * single, PagePreconditioner.afterOneStep(256), 0.0);
        assertTrue(PagePreconditioner.afterOneStep(256) < 1e-7, "one step from single's vectors leaves them near 1e-8");
    }

    @Test
    void gradedZeroAndExtremePagesKeepTheIdentity() {
        assertFalse(PagePreconditioner.plain(1.0, false));
        assertFalse(PagePreconditioner.plain(1e100, false));
        assertFalse(PagePreconditioner.plain(1e-100, false));
        assertTrue(PagePreconditioner.plain(1.0, true), "graded: the sweeps' relative accuracy");
        assertTrue(PagePreconditioner.plain(0.0, false), "a zero page");
        assertTrue(PagePreconditioner.plain(1e200, false), "Q'AQ's products could overflow");
        assertTrue(PagePreconditioner.plain(1e-200, false), "or underflow");
        assertTrue(PagePreconditioner.plain(Double.NaN, false));
    }

    @Test
    void theFloatCopyIsScaledToItsLargestEntryNearOne() {
        for (double max : new double[]{1.0, 3.5, 1e-30, 7e37, 1e120, 2.5e-120, Double.MIN_NORMAL, Double.MAX_VALUE}) {
            double scaled = Math.scalb(max, PagePreconditioner.exponent(max));
            assertTrue(scaled >= 1 && scaled < 2, max + " -> " + scaled);
            assertTrue(Float.isFinite((float) scaled) && (float) scaled != 0, max + ": in float's range");
        }
        assertEquals(0, PagePreconditioner.exponent(0.0));
    }

    @Test
    void theReportNamesTheRouteAndThePagesItTook() {
        RunReport r = new RunReport("cuda", "batched", Precision.DOUBLE, new int[3], new long[3], new boolean[3], 0,
                Collections.<String>emptyList());
        CudaBatchedEig none = new CudaBatchedEig();
        assertSame(r, none.report(r, 3), "no page preconditioned: the report as it was");
        CudaBatchedEig all = new CudaBatchedEig();
        all.preconditionedPages = 3;
        RunReport a = all.report(r, 3);
        assertEquals(CudaBatchedEig.PRECONDITIONED, a.method());
        assertTrue(a.notes().get(0).startsWith("every page started from single-precision eigenvectors"), a.notes().toString());
        CudaBatchedEig some = new CudaBatchedEig();
        some.preconditionedPages = 1;
        some.preconditionFailures = 1;
        RunReport s = some.report(r, 3);
        assertTrue(s.notes().get(0).startsWith("1 of 3 pages started"), s.notes().toString());
        assertTrue(s.notes().get(1).contains("failed on 1 of 3 pages"), s.notes().toString());
    }

    /** The clean-up works on a page in shared memory where n^2 doubles fit beside its own arrays (H200: up to 164). */
    @Test
    void cleanUpStagesPagesThatFitSharedMemory() {
        int h200 = 232448;
        assertEquals(8 * 64 * 64, PagePreconditioner.stagedBytes(64, h200));
        assertEquals(8 * 128 * 128, PagePreconditioner.stagedBytes(128, h200));
        assertEquals(8 * 164 * 164, PagePreconditioner.stagedBytes(164, h200));
        assertEquals(0, PagePreconditioner.stagedBytes(165, h200), "in place");
        assertEquals(0, PagePreconditioner.stagedBytes(256, h200), "in place");
        assertEquals(8 * 64 * 64, PagePreconditioner.stagedBytes(64, 48 << 10), "a 48 KiB block");
        assertEquals(0, PagePreconditioner.stagedBytes(72, 48 << 10), "a 48 KiB block");
    }
}
