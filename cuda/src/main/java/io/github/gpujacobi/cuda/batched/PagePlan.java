package io.github.gpujacobi.cuda.batched;

import io.github.gpujacobi.api.Precision;

/**
 * How the batched kernels (eig_batched.cu, svd_batched.cu) lay out one launch for pages of a given
 * size: threads per page (one warp for the smallest pages, up to the whole 1024-thread block), pages
 * per block, and where a page's matrices live - shared memory while they fit one block's opt-in
 * shared memory, else global memory (A of 256 x 256 double is 512 KB; the kernels then work in place).
 * Pure arithmetic, so CPU tests check it; the kernels compute the same per-page layout (twins named
 * in their comments).
 */
public final class PagePlan {
    /** The largest page order the batched kernels take. */
    public static final int MAX_N = 256;
    static final int MAX_BLOCK = 1024;
    /** Threads per block the small pages are grouped into (several pages per block). */
    static final int SMALL_BLOCK = 256;
    /** Named barriers 1..15 (0 is __syncthreads): the most pages one block may hold with groups wider than a warp. */
    static final int MAX_PAGES_PER_BLOCK = 15;
    /** Rotations and V are double whatever the input precision (see the kernels' headers). */
    static final int W_BYTES = 8;

    final int threadsPerPage, pagesPerBlock, pageBytes;
    /** A (eig) or U (svd) in shared memory. */
    final boolean sharedA;
    /** V in shared memory. */
    final boolean sharedV;
    /** svd: lanes per column pair (8, 16 or 32); eig: 0. */
    final int lanes;

    private PagePlan(int threadsPerPage, int pagesPerBlock, int pageBytes, boolean sharedA, boolean sharedV, int lanes) {
        this.threadsPerPage = threadsPerPage;
        this.pagesPerBlock = pagesPerBlock;
        this.pageBytes = pageBytes;
        this.sharedA = sharedA;
        this.sharedV = sharedV;
        this.lanes = lanes;
    }

    int blockThreads() { return threadsPerPage * pagesPerBlock; }

    int grid(int pages) { return (pages + pagesPerBlock - 1) / pagesPerBlock; }

    int sharedBytes() { return pageBytes * pagesPerBlock; }

    /** Twin of eig_batched.cu's layout: c, s [half] and V [n^2] in W, A [n^2] in T, the rotation counter. */
    static int eigPageBytes(int n, Precision p, boolean sharedA, boolean sharedV) {
        long nn = (long) n * n, half = (n + 1) / 2;
        return round16(W_BYTES * (2 * half + (sharedV ? nn : 0)) + (sharedA ? nn * p.bytes() : 0) + 4);
    }

    /** Twin of svd_batched.cu's layout: V [n^2] in W, U [m n] in T, the rotation counter. */
    static int svdPageBytes(int m, int n, Precision p, boolean sharedU, boolean sharedV) {
        return round16((sharedV ? (long) W_BYTES * n * n : 0) + (sharedU ? (long) m * n * p.bytes() : 0) + 4);
    }

    private static int round16(long bytes) {
        if (bytes > Integer.MAX_VALUE) return Integer.MAX_VALUE;
        return (int) ((bytes + 15) & ~15L);
    }

    static boolean eigTakes(int n) { return n >= 1 && n <= MAX_N; }

    /**
     * The register kernels' page class for order n (eig) or row count m (svd, m >= n): 8, 16 or 32
     * registers per column, or 0 above 32 (the shared-memory kernels take those).
     */
    static int warpClass(int rowsOrOrder) {
        if (rowsOrOrder < 1 || rowsOrOrder > 32) return 0;
        return rowsOrOrder <= 8 ? 8 : rowsOrOrder <= 16 ? 16 : 32;
    }

    /** Warps per block of the register kernels (twin of their 128-thread launch bounds); svd_warp: a page per warp. */
    static final int WARP_PAGES_PER_BLOCK = 4;

    /** Pages per block of eig_warp for its page class (8, 16, 32): 32 / class pages share a warp (twin of its SEG). */
    static int eigWarpPagesPerBlock(int warpClass) {
        return WARP_PAGES_PER_BLOCK * (32 / warpClass);
    }

    /**
     * svd_warp's schedule: for step s and column c, 2 partner + (1 if c is the pair's q), or -1 where c
     * is paired with odd n's ghost. Both columns of a pair find each other, and agree which is p.
     */
    static int[] partners(io.github.gpujacobi.core.ChessTournament ct) {
        int n = ct.n(), steps = ct.steps(), half = ct.pairsPerStep();
        int[] t = new int[steps * n];
        java.util.Arrays.fill(t, -1);
        for (int s = 0; s < steps; s++) for (int k = 0; k < half; k++) {
            if (ct.isGhost(s, k)) continue;
            int p = ct.p(s, k), q = ct.q(s, k);
            t[s * n + p] = 2 * q;
            t[s * n + q] = 2 * p + 1;
        }
        return t;
    }

    /** Tall (m >= n after the host's transpose) pages up to n = 256; any height (global memory when tall). */
    static boolean svdTakes(int m, int n) {
        int mm = Math.max(m, n), nn = Math.min(m, n);
        return nn >= 1 && nn <= MAX_N && (long) mm * nn <= 1L << 24;
    }

    /**
     * eig: a 2 x 2 block per thread and step is ~ half^2 / 4 threads per page (one warp up to n = 16,
     * 64 at 32, 256 at 64, the whole block from 128); A and V in shared memory while both fit, then
     * A alone (V in global memory), then neither.
     */
    static PagePlan eig(int n, Precision p, boolean wantV, int maxShared) {
        int half = (n + 1) / 2;
        int threads = roundWarp(Math.max(1, (half * half + 3) / 4));
        boolean sharedA = true, sharedV = wantV;
        int bytes = eigPageBytes(n, p, true, sharedV);
        if (bytes > maxShared && sharedV) {
            sharedV = false;
            bytes = eigPageBytes(n, p, true, false);
        }
        if (bytes > maxShared) {
            sharedA = false;
            bytes = eigPageBytes(n, p, false, false);
        }
        return new PagePlan(threads, pagesPerBlock(threads, bytes, maxShared), bytes, sharedA, sharedV, 0);
    }

    /**
     * svd (mm x nn, mm >= nn): teams of `lanes` threads (the power of two covering mm, 8 ... 32) per
     * column pair, half of the step's pairs at a time; U and V in shared memory while both fit, then
     * U alone (V in global memory), then neither.
     */
    static PagePlan svd(int mm, int nn, Precision p, boolean wantV, int maxShared) {
        int lanes = Math.max(8, Math.min(32, Integer.highestOneBit(Math.max(1, mm - 1)) << 1));
        int half = (nn + 1) / 2;
        int threads = roundWarp(lanes * ((half + 1) / 2));
        boolean sharedU = true, sharedV = wantV;
        int bytes = svdPageBytes(mm, nn, p, true, sharedV);
        if (bytes > maxShared && sharedV) {
            sharedV = false;
            bytes = svdPageBytes(mm, nn, p, true, false);
        }
        if (bytes > maxShared) {
            sharedU = false;
            bytes = svdPageBytes(mm, nn, p, false, false);
        }
        return new PagePlan(threads, pagesPerBlock(threads, bytes, maxShared), bytes, sharedU, sharedV, lanes);
    }

    private static int roundWarp(int threads) {
        return Math.min(MAX_BLOCK, Math.max(32, (threads + 31) / 32 * 32));
    }

    private static int pagesPerBlock(int threads, int pageBytes, int maxShared) {
        int byThreads = Math.max(1, SMALL_BLOCK / threads);
        int byShared = Math.max(1, maxShared / pageBytes);
        return Math.max(1, Math.min(MAX_PAGES_PER_BLOCK, Math.min(byThreads, byShared)));
    }

    public String toString() {
        return threadsPerPage + " threads x " + pagesPerBlock + " pages per block, " + pageBytes + " B shared per page"
                + (sharedA ? "" : ", A in global memory") + (sharedV ? "" : ", V in global memory")
                + (lanes > 0 ? ", " + lanes + " lanes per pair" : "");
    }
}
