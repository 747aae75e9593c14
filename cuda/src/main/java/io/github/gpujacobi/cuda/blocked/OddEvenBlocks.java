package io.github.gpujacobi.cuda.blocked;

/**
 * The odd-even ordering of the blocked sweeps' nb (even) blocks [11]: step s pairs the adjacent positions
 * (2k + s mod 2, 2k + s mod 2 + 1), and the two blocks of a pair exchange positions (CudaBlockedSvd applies the pair's
 * transformation with its column halves exchanged, at no cost). Every two blocks meet once in nb steps, a sweep, after
 * which their order is reversed; two sweeps restore it. A pair lies contiguously in memory before and after its
 * update, so a step's update is one strided batched GEMM that reads and writes every element once (the chess
 * tournament's pairs scatter to new slots: an output block per GEMM, each reading its whole pair).
 */
final class OddEvenBlocks implements BlockSchedule {
    final int nb;
    /** at[s][x]: the block at position x before step s of the two-sweep period (2 nb steps). */
    private final int[][] at;

    OddEvenBlocks(int nb) {
        if (nb < 2 || (nb & 1) != 0) throw new IllegalArgumentException("nb must be even and >= 2: " + nb);
        this.nb = nb;
        at = new int[2 * nb + 1][nb];
        for (int x = 0; x < nb; x++) at[0][x] = x;
        for (int s = 0; s < 2 * nb; s++) {
            System.arraycopy(at[s], 0, at[s + 1], 0, nb);
            for (int k = 0, o = offset(s); k < pairs(s); k++) {
                at[s + 1][o + 2 * k] = at[s][o + 2 * k + 1];
                at[s + 1][o + 2 * k + 1] = at[s][o + 2 * k];
            }
        }
    }

    @Override public int blocks() { return nb; }

    @Override public int steps() { return nb; }

    @Override public int period() { return 2 * nb; }

    /** Position of step s's first pair (0 or 1). */
    @Override public int offset(int s) { return s & 1; }

    /** Pairs of step s: nb / 2, or nb / 2 - 1 on odd steps (positions 0 and nb - 1 wait). */
    @Override public int pairs(int s) { return (s & 1) == 0 ? nb / 2 : nb / 2 - 1; }

    @Override public int block(int s, int x) { return at[s % (2 * nb)][x]; }

    @Override public boolean swaps() { return true; }
}
