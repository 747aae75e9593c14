package io.github.gpujacobi.cuda;

import io.github.gpujacobi.core.ChessTournament;

/**
 * How blocked_pages.cu's block-Jacobi page kernels lay out one launch: columns in blocks of 16, block
 * pairs by the chess tournament over nb = ceil(n / 16) blocks, a group of 2, 4 or 8 warps per page (at
 * least one per block pair of a step: every warp of the group takes tiles, the first half of them also
 * a pair sweep) and 256 threads a block (the pair sweeps keep a 32 x 32 page in registers: 255 per
 * thread, so one block per SM; small pages share it, four to a block). Pure arithmetic, so CPU tests
 * check it; the kernels compute the same shared-memory layout (twin named in their comments).
 */
final class BlockedPagePlan {
    /**
     * From this order on (and up to 256) pages run blocked: at 128 it beat the pointwise kernels with V in
     * global memory (eig 4.4 vs 7.6 ms, 100 pages, H100 2026-11-23); -Dgpujacobi.cuda.pageBlockedFrom for tuning.
     */
    static final int FROM = Integer.getInteger("gpujacobi.cuda.pageBlockedFrom", 128);
    static final int WIDTH = 16, THREADS = 256;

    final int n, nb, warpsPerPage, pagesPerBlock, pageBytes;
    final ChessTournament blocks;

    private BlockedPagePlan(int n) {
        this.n = n;
        this.nb = (n + WIDTH - 1) / WIDTH;
        this.blocks = new ChessTournament(nb);
        int half = blocks.pairsPerStep();
        this.warpsPerPage = half <= 2 ? 2 : half <= 4 ? 4 : 8;
        this.pagesPerBlock = THREADS / 32 / warpsPerPage;
        this.pageBytes = pageBytes(half, warpsPerPage);
    }

    /** The plan for pages of n columns (eig: order n; svd: n = min(m, n)), or null where they do not run blocked. */
    static BlockedPagePlan of(int n, int fixedSweeps) {
        boolean blocked = n >= Math.max(2 * WIDTH + 1, FROM) && n <= PagePlan.MAX_N && fixedSweeps <= 0;
        return blocked ? new BlockedPagePlan(n) : null;
    }

    /** Twin of the kernels' shared memory: Q - I [half][32][32], per warp a 32 x 33 tile and (c, s) [2][16], flags, counter. */
    static int pageBytes(int half, int warps) {
        int ts = 2 * WIDTH;
        int bytes = 8 * (half * ts * ts + warps * ts * (ts + 1) + warps * 2 * WIDTH) + 4 * (half + 1);
        return (bytes + 15) & ~15;
    }

    int half() { return blocks.pairsPerStep(); }

    int steps() { return blocks.steps(); }

    int threadsPerPage() { return 32 * warpsPerPage; }

    int grid(int pages) { return (pages + pagesPerBlock - 1) / pagesPerBlock; }

    int sharedBytes() { return pagesPerBlock * pageBytes; }
}
