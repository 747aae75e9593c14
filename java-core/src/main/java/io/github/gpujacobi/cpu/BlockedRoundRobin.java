package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.PageLoop;

/**
 * One sweep of a one-sided Jacobi over n columns in the blocked round-robin order shared by the CPU's
 * one-sided solvers: columns grouped into blocks of b, the blocks paired by the
 * {@link ChessTournament}, a thread taking every column pair between its two blocks (plus, in a
 * sweep's first block step, the pairs inside them). Every pair is visited once per sweep, and a sweep
 * streams the matrix through memory n / b times instead of n - 1 times. b = 1 is the plain
 * round-robin of [1].
 */
final class BlockedRoundRobin {
    /** Visits pair (p, q), p < q, from work chunk c; true when it rotated. */
    interface Pair {
        boolean visit(int c, int p, int q);
    }

    /** L2 share a block pair may use: two blocks of b columns of G (m rows) and V (n rows). */
    private static final long BLOCK_PAIR_BYTES = 512L * 1024;

    /** Columns per block for an m x n page with V (n x n) rotated alongside, or 0 when it all stays in cache as it is. */
    static int blockColumns(int m, int n) {
        return blockColumns(m, n, true);
    }

    /** As {@link #blockColumns(int, int)}; without V a block column is m rows long, not m + n. */
    static int blockColumns(int m, int n, boolean withV) {
        return blockColumns(m, n, withV, 1);
    }

    /** As {@link #blockColumns(int, int, boolean)} for elements of {@code parts} doubles (2: interleaved complex). */
    static int blockColumns(int m, int n, boolean withV, int parts) {
        if (n <= 1) return 0; // nothing to pair (also the empty 0 x 0 page)
        long rows = (long) parts * (withV ? m + n : m);
        long b = BLOCK_PAIR_BYTES / (2L * 8 * rows);
        if (b < 8) b = 8;
        return n / b >= 4 && rows * n * 8 > 2 * BLOCK_PAIR_BYTES ? (int) b : 0;
    }

    private final int n, b, nb, threads, chunks;
    private final ChessTournament bt;
    private final long[] done;

    /**
     * @param b       block width (1: plain round-robin)
     * @param threads threads for the disjoint block pairs of one step
     */
    BlockedRoundRobin(int n, int b, int threads) {
        this.n = n;
        this.threads = Math.max(1, threads);
        // from 128 columns on, blocks even where the cache does not need them: each step ends in a
        // barrier when threaded, and 15 steps per sweep cost far fewer of them than n - 1 (the order
        // must not depend on the thread count, so that every thread count gives the same bits)
        if (b <= 1 && n >= 128) b = n / 16;
        this.b = Math.max(1, b);
        this.nb = (n + this.b - 1) / this.b;
        this.bt = new ChessTournament(nb);
        // more chunks than threads even the load (pairs left alone cost less than rotated ones)
        this.chunks = Math.max(1, Math.min(4 * this.threads, bt.pairsPerStep()));
        this.done = new long[chunks];
    }

    /**
     * Stride between per-chunk slots a visitor updates on every pair (slot c * PAD): 128 bytes of doubles, so
     * that two threads never write the same cache line (or its prefetched neighbour).
     */
    static final int PAD = 16;

    /** Work chunks: a visitor may keep per-chunk state indexed by c < chunks() (see {@link #PAD}). */
    int chunks() { return chunks; }

    /** One sweep; the number of pairs rotated. */
    long sweep(final Pair pair) {
        long total = 0;
        for (int s = 0; s < bt.steps(); s++) {
            final int step = s;
            java.util.Arrays.fill(done, 0);
            PageLoop.forEach(chunks, threads, c -> {
                long r = 0; // counted here, stored once: neighbouring done[] entries share a cache line
                for (int k = c; k < bt.pairsPerStep(); k += chunks) {
                    int bi = bt.p(step, k), bj = bt.q(step, k);
                    int i0 = bi * b, i1 = Math.min(n, i0 + b);
                    if (step == 0 && b > 1) r += inside(pair, c, i0, i1);
                    if (bj >= nb) continue; // the ghost of an odd count
                    int j0 = bj * b, j1 = Math.min(n, j0 + b);
                    if (step == 0 && b > 1) r += inside(pair, c, j0, j1);
                    for (int p = i0; p < i1; p++) {
                        for (int q = j0; q < j1; q++) if (pair.visit(c, p, q)) r++;
                    }
                }
                done[c] = r;
            });
            for (long r : done) total += r;
        }
        return total;
    }

    /** The pairs inside columns [c0, c1), row by row; the number rotated. */
    private static long inside(Pair pair, int c, int c0, int c1) {
        long r = 0;
        for (int p = c0; p < c1; p++) {
            for (int q = p + 1; q < c1; q++) if (pair.visit(c, p, q)) r++;
        }
        return r;
    }
}
