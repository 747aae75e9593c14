package io.github.gpujacobi.cuda.batched;

import io.github.gpujacobi.cuda.launch.Kernel;
import io.github.gpujacobi.cuda.launch.Tuning;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;

/**
 * How blocked_pages.cu's block-Jacobi page kernels lay out one launch: columns in blocks of 16, block
 * pairs by the chess tournament over nb = ceil(n / 16) blocks, a group of 2, 4 or 8 warps per page (at
 * least one per block pair of a step: every warp of the group takes tiles, the first half of them also
 * a pair sweep) and 256 threads a block (the pair sweeps keep a 32 x 32 page in registers: in double
 * 255 per thread, one block an SM; single pages work in float, two blocks an SM where a block holds
 * several pages; small pages share a block, four to it). Pure arithmetic, so CPU tests
 * check it; the kernels compute the same shared-memory layout (twin named in their comments).
 */
public final class BlockedPagePlan {
    static final int WIDTH = 16, THREADS = 256;

    final int n, nb, warpsPerPage, pagesPerBlock, pageBytes;
    final ChessTournament blocks;

    /**
     * @param workBytes the size of the kernel's work type (Q, its tiles and products): 8 (double), or 4 for single eig
     *                  pages, whose kernel works in float (its layout and registers then allow two blocks an SM)
     */
    private BlockedPagePlan(int n, int workBytes) {
        this.n = n;
        this.nb = (n + WIDTH - 1) / WIDTH;
        this.blocks = new ChessTournament(nb);
        int half = blocks.pairsPerStep();
        this.warpsPerPage = half <= 2 ? 2 : half <= 4 ? 4 : 8;
        this.pagesPerBlock = THREADS / 32 / warpsPerPage;
        this.pageBytes = pageBytes(half, warpsPerPage, workBytes);
    }

    /**
     * The plan for eig pages of order n in precision p, or null where they do not run blocked: from
     * {@link Tuning#pageBlockedEigFrom} up to 256.
     */
    public static BlockedPagePlan eig(Tuning t, int n, Precision p, int fixedSweeps) {
        return of(n, fixedSweeps, t.pageBlockedEigFrom, p == Precision.SINGLE ? 4 : 8);
    }

    /**
     * The plan for svd pages of n = min(m, n) columns (the kernels work in double), or null where they do not run
     * blocked: from {@link Tuning#pageBlockedSvdFrom} up to 256.
     */
    public static BlockedPagePlan svd(Tuning t, int n, int fixedSweeps) { return of(n, fixedSweeps, t.pageBlockedSvdFrom, 8); }

    private static BlockedPagePlan of(int n, int fixedSweeps, int from, int workBytes) {
        boolean blocked = n >= Math.max(2 * WIDTH + 1, from) && n <= PagePlan.MAX_N && fixedSweeps <= 0;
        return blocked ? new BlockedPagePlan(n, workBytes) : null;
    }

    /**
     * Twin of the kernels' shared memory (PageBlocks): Q - I [half][32][ld] (ld = 34 doubles or 36 floats: rows of
     * 16-byte loads, ERow) and per warp a 32 x 33 tile in the work type (workBytes), per warp (c, s) [2][16] in double,
     * the pairs' flags and the counter.
     */
    static int pageBytes(int half, int warps, int workBytes) {
        int ts = 2 * WIDTH, ld = ts + 16 / workBytes;
        int bytes = workBytes * (half * ts * ld + warps * ts * (ts + 1)) + 8 * warps * 2 * WIDTH + 4 * (half + 1);
        return (bytes + 15) & ~15;
    }

    /**
     * The eig kernel for precision p: single pages work in float, capped at 128 registers for two blocks an SM where a
     * block holds several pages; one page to a block (n > 128) takes the
     * uncapped build (the cap's spills cost there and 100-page launches leave SMs idle anyway).
     */
    String eigKernel(Precision p) {
        return p == Precision.SINGLE && pagesPerBlock == 1 ? Kernel.EIG_BLOCKED_PAGES_F_WIDE.kernelName()
                : Kernel.EIG_BLOCKED_PAGES.name(p);
    }

    int half() { return blocks.pairsPerStep(); }

    int steps() { return blocks.steps(); }

    int threadsPerPage() { return 32 * warpsPerPage; }

    int grid(int pages) { return (pages + pagesPerBlock - 1) / pagesPerBlock; }

    int sharedBytes() { return pagesPerBlock * pageBytes; }
}
