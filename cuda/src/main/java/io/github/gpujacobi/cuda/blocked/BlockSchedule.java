package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.core.ChessTournament;

/**
 * Which blocks the blocked sweeps pair at each step (CudaBlockedSvd): step s's pairs lie at the adjacent positions
 * (offset(s) + 2k, offset(s) + 2k + 1), k < pairs(s), so a step's Gram matrices are one strided batched GEMM. After
 * the step a pair's blocks either exchange positions in place ({@link #swaps}: the update is one strided batched
 * GEMM, every element read and written once) or scatter to the positions the next step wants (one batched GEMM of
 * pointer arrays, an output block at a time, each reading its whole pair). Steps repeat with period().
 */
interface BlockSchedule {
    /**
     * Odd-even from this many blocks: it has one step more a sweep and a pair fewer on odd steps, which the
     * latency-bound small sizes feel, and the update's traffic falls by a third, which the large ones feel.
     */
    int ODD_EVEN_FROM = 64;

    static BlockSchedule of(int nb) {
        return nb >= ODD_EVEN_FROM ? new OddEvenBlocks(nb) : new ChessBlocks(nb);
    }

    /** Blocks (even). */
    int blocks();

    /** Steps a sweep. */
    int steps();

    /** Steps after which the schedule repeats (a multiple of steps()). */
    int period();

    /** Pairs of step s. */
    int pairs(int s);

    /** Position of step s's first pair. */
    int offset(int s);

    /** The block at position x before step s (any s >= 0). */
    int block(int s, int x);

    /** Whether a pair's two blocks exchange positions (else they move to the next step's positions). */
    boolean swaps();

    /** Position of every block before step s (the slot layout of svd_blocked.cu's pack and unpack). */
    default int[] positions(int s) {
        int[] out = new int[blocks()];
        for (int x = 0; x < out.length; x++) out[block(s, x)] = x;
        return out;
    }

    /** core/ChessTournament's rounds: pair k of step s at positions (2k, 2k + 1), every sweep from the same layout. */
    final class ChessBlocks implements BlockSchedule {
        private final int[][] at;

        ChessBlocks(int nb) {
            ChessTournament ct = new ChessTournament(nb);
            at = new int[ct.steps()][nb];
            for (int s = 0; s < ct.steps(); s++) {
                for (int k = 0; k < nb / 2; k++) {
                    at[s][2 * k] = ct.p(s, k);
                    at[s][2 * k + 1] = ct.q(s, k);
                }
            }
        }

        @Override public int blocks() { return at[0].length; }
        @Override public int steps() { return at.length; }
        @Override public int period() { return at.length; }
        @Override public int pairs(int s) { return blocks() / 2; }
        @Override public int offset(int s) { return 0; }
        @Override public int block(int s, int x) { return at[s % at.length][x]; }
        @Override public boolean swaps() { return false; }
    }
}
