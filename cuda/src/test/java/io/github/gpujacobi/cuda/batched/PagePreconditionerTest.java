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
        assertFalse(takes(64, Precision.DOUBLE), "64: the block kernels from A");
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
}
