package io.github.gpujacobi.cuda.batched;

import io.github.gpujacobi.cuda.launch.Kernel;
import io.github.gpujacobi.cuda.launch.Tuning;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The batched kernels' launch layout by page size (no GPU): size classes, storage, and launch limits. */
class PagePlanTest {
    /** H100's opt-in shared memory per block (CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN). */
    private static final int H100 = 232448;

    @Test
    void eigSizeClasses() {
        PagePlan small = PagePlan.eig(8, Precision.DOUBLE, true, H100);
        assertEquals(32, small.threadsPerPage, "a warp per 8 x 8 page");
        assertEquals(8, small.pagesPerBlock);
        assertTrue(small.sharedA && small.sharedV);
        assertEquals(32, PagePlan.eig(16, Precision.SINGLE, true, H100).threadsPerPage);
        assertEquals(64, PagePlan.eig(32, Precision.DOUBLE, true, H100).threadsPerPage);
        PagePlan p64 = PagePlan.eig(64, Precision.DOUBLE, true, H100);
        assertEquals(256, p64.threadsPerPage);
        assertEquals(1, p64.pagesPerBlock);
        assertTrue(p64.sharedA && p64.sharedV);
        PagePlan d128 = PagePlan.eig(128, Precision.DOUBLE, true, H100);
        assertEquals(1024, d128.threadsPerPage, "the whole block from 128");
        assertTrue(d128.sharedA, "A of 128 x 128 double (128 KB) in shared memory");
        assertFalse(d128.sharedV, "V beside it does not fit: global memory");
        PagePlan s128 = PagePlan.eig(128, Precision.SINGLE, true, H100);
        assertTrue(s128.sharedA && s128.sharedV, "single A (64 KB) and double V (128 KB) fit");
        PagePlan d256 = PagePlan.eig(256, Precision.DOUBLE, true, H100);
        assertFalse(d256.sharedA || d256.sharedV, "256 x 256 double works in global memory");
        assertTrue(PagePlan.eig(128, Precision.DOUBLE, false, H100).sharedA, "no V: A alone");
    }

    @Test
    void svdSizeClasses() {
        assertEquals(8, PagePlan.svd(1, 1, Precision.DOUBLE, true, H100).lanes);
        assertEquals(8, PagePlan.svd(8, 8, Precision.DOUBLE, true, H100).lanes);
        assertEquals(16, PagePlan.svd(9, 9, Precision.DOUBLE, true, H100).lanes);
        assertEquals(32, PagePlan.svd(33, 33, Precision.DOUBLE, true, H100).lanes);
        assertEquals(32, PagePlan.svd(300, 7, Precision.DOUBLE, true, H100).lanes);
        PagePlan p8 = PagePlan.svd(8, 8, Precision.SINGLE, true, H100);
        assertEquals(32, p8.threadsPerPage);
        assertEquals(8, p8.pagesPerBlock);
        PagePlan d128 = PagePlan.svd(128, 128, Precision.DOUBLE, true, H100);
        assertTrue(d128.sharedA && !d128.sharedV, "U of 128 x 128 double shared, V beside it in global memory");
        PagePlan s128 = PagePlan.svd(128, 128, Precision.SINGLE, true, H100);
        assertTrue(s128.sharedA && s128.sharedV, "single U (64 KB) and double V (128 KB) fit");
        PagePlan d256 = PagePlan.svd(256, 256, Precision.DOUBLE, true, H100);
        assertFalse(d256.sharedA || d256.sharedV, "256 x 256 double works in global memory");
        assertTrue(PagePlan.svdTakes(100000, 7) && PagePlan.svdTakes(7, 100000));
        assertFalse(PagePlan.svdTakes(257, 257));
        assertFalse(PagePlan.eigTakes(257) || PagePlan.eigTakes(0));
    }

    @Test
    void registerKernelClasses() {
        assertEquals(8, PagePlan.warpClass(1));
        assertEquals(8, PagePlan.warpClass(8));
        assertEquals(16, PagePlan.warpClass(9));
        assertEquals(32, PagePlan.warpClass(32));
        assertEquals(0, PagePlan.warpClass(33), "33 and up: the shared-memory kernels");
        for (int c : new int[]{8, 16, 32}) {
            assertTrue(Kernel.pageWarp(true, c).name(Precision.DOUBLE).endsWith("_n" + c));
            assertTrue(Kernel.pageWarp(false, c).name(Precision.SINGLE).endsWith("_m" + c));
        }
    }

    /** svd_warp's partner table: per step each column in one pair (or the ghost's), both ends agreeing; every pair once. */
    @Test
    void partnerTableIsARoundRobin() {
        for (int n = 1; n <= 32; n++) {
            ChessTournament ct = new ChessTournament(n);
            int[] t = PagePlan.partners(ct);
            assertEquals(ct.steps() * n, t.length);
            boolean[][] met = new boolean[n][n];
            for (int s = 0; s < ct.steps(); s++) {
                int ghosts = 0;
                for (int c = 0; c < n; c++) {
                    int code = t[s * n + c];
                    if (code < 0) {
                        ghosts++;
                        continue;
                    }
                    int partner = code >> 1;
                    int back = t[s * n + partner];
                    assertEquals(c, back >> 1, "n=" + n + " step " + s + ": partners agree");
                    assertTrue(((code & 1) ^ (back & 1)) == 1, "one p and one q");
                    assertFalse(met[c][partner] && (code & 1) == 0, "pair met twice");
                    met[c][partner] = true;
                }
                assertEquals(n % 2, ghosts, "odd n: one column waits each step");
            }
            for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) assertEquals(i != j, met[i][j], "n=" + n + " pair " + i + "," + j);
        }
    }

    /** Every size the kernels take launches: a whole number of warps, at most 1024 threads, the shared memory it has. */
    @Test
    void everySizeLaunches() {
        for (Precision p : Precision.values()) for (boolean v : new boolean[]{true, false}) {
            for (int n = 1; n <= PagePlan.MAX_N; n++) {
                check(PagePlan.eig(n, p, v, H100), "eig " + n, H100);
                check(PagePlan.eig(n, p, v, 48 * 1024), "eig 48 KB " + n, 48 * 1024);
                check(PagePlan.svd(n, n, p, v, H100), "svd " + n, H100);
                check(PagePlan.svd(3 * n, n, p, v, 48 * 1024), "svd 48 KB " + n, 48 * 1024);
            }
        }
    }

    private static void check(PagePlan plan, String what, int maxShared) {
        assertEquals(0, plan.threadsPerPage % 32, what + ": " + plan);
        assertTrue(plan.blockThreads() <= PagePlan.MAX_BLOCK, what + ": " + plan);
        assertTrue(plan.pagesPerBlock >= 1 && plan.pagesPerBlock <= PagePlan.MAX_PAGES_PER_BLOCK, what + ": " + plan);
        assertTrue(plan.sharedBytes() <= maxShared, what + " shared: " + plan);
        assertEquals(0, plan.pageBytes % 16, what + ": " + plan);
        if (plan.lanes > 0) assertEquals(0, plan.threadsPerPage % plan.lanes, what + ": " + plan);
        assertEquals(3, plan.grid(2 * plan.pagesPerBlock + 1), what);
    }

    /** A100's opt-in shared memory per block, the smallest of the fatbin's targets. */
    private static final int A100 = 166912;

    @Test
    void blockedPagesLayout() {
        assertEquals(null, BlockedPagePlan.eig(Tuning.DEFAULT, Tuning.DEFAULT.pageBlockedEigFrom - 1, Precision.DOUBLE, 0), "below pageBlockedEigFrom: the pointwise kernels");
        assertEquals(null, BlockedPagePlan.svd(Tuning.DEFAULT, Tuning.DEFAULT.pageBlockedSvdFrom - 1, 0), "below pageBlockedSvdFrom: the pointwise kernels");
        assertEquals(null, BlockedPagePlan.eig(Tuning.DEFAULT, 257, Precision.SINGLE, 0), "past 256: not a page kernel");
        assertEquals(null, BlockedPagePlan.svd(Tuning.DEFAULT, 200, 3), "fixed sweep counts keep the seeds' pointwise sweeps");
        for (int n = 33; n <= 256; n++) {
            int half = new ChessTournament((n + 15) / 16).pairsPerStep();
            int wpp = half <= 2 ? 2 : half <= 4 ? 4 : 8;
            assertTrue(wpp >= half, "a warp for every pair sweep of a step, n = " + n);
            for (int work : new int[]{8, 4}) {
                int page = BlockedPagePlan.pageBytes(half, wpp, work);
                assertEquals(0, page % 16, "each page's region 16-byte aligned (the tile products read double2)");
                assertTrue(page * (8 / wpp) <= A100, "the block's pages fit an A100's shared memory, n = " + n);
                // the (c, s) after the work-type tiles: 8-byte aligned in float as in double
                assertEquals(0, work * (half * 32 * 34 + wpp * 32 * 33) % 8, "n = " + n);
            }
            if (wpp == 2) assertTrue(2 * 4 * BlockedPagePlan.pageBytes(half, wpp, 4) <= 228 * 1024,
                    "two blocks of four single pages share an H100 SM, n = " + n);
        }
        BlockedPagePlan p256 = BlockedPagePlan.eig(Tuning.DEFAULT, 256, Precision.DOUBLE, 0);
        assertEquals(16, p256.nb);
        assertEquals(8, p256.half());
        assertEquals(15, p256.steps());
        assertEquals(1, p256.pagesPerBlock);
        assertEquals(256, p256.threadsPerPage());
        assertEquals(100, p256.grid(100));
        BlockedPagePlan p129 = BlockedPagePlan.svd(Tuning.DEFAULT, 129, 0);
        assertEquals(9, p129.nb, "a last block of one column");
        assertEquals(5, p129.half(), "odd block count: a ghost block");
        assertEquals(9, p129.steps());
    }

    @Test
    void eigWarpSegments() {
        assertEquals(16, PagePlan.eigWarpPagesPerBlock(8), "four 8 x 8 pages per warp, four warps");
        assertEquals(8, PagePlan.eigWarpPagesPerBlock(16));
        assertEquals(4, PagePlan.eigWarpPagesPerBlock(32), "a warp per 32 x 32 page");
    }
}
