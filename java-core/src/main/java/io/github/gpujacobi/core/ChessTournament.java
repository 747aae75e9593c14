package io.github.gpujacobi.core;

/**
 * Seed 000's chess-tournament (round-robin) ordering: n players (n rounded up to even, with a ghost
 * index n when n is odd) meet in n'-1 steps of n'/2 disjoint pairs, so the rotations of one step
 * commute and run in parallel. After each step the first player stays and every other one moves
 * one seat clockwise. Shared by the CPU solvers and the GPU backend (which uploads {@link #flat()}).
 */
public final class ChessTournament {
    private final int n;
    private final int players;
    private final int[] flat;

    public ChessTournament(int n) {
        if (n < 0) throw new IllegalArgumentException("n < 0");
        this.n = n;
        this.players = n + (n & 1);
        int half = players / 2;
        int steps = Math.max(0, players - 1);
        flat = new int[steps * half * 2];
        // seats 0..half-1 are the top row, half..players-1 the bottom row (reversed), circle method
        int[] seat = new int[players];
        for (int i = 0; i < players; i++) seat[i] = i;
        for (int s = 0; s < steps; s++) {
            for (int k = 0; k < half; k++) {
                int a = seat[k];
                int b = seat[players - 1 - k];
                int base = (s * half + k) * 2;
                flat[base] = Math.min(a, b);
                flat[base + 1] = Math.max(a, b);
            }
            // rotate all seats but seat 0 one place clockwise
            int last = seat[players - 1];
            System.arraycopy(seat, 1, seat, 2, players - 2);
            if (players > 1) seat[1] = last;
        }
    }

    /** Matrix order. */
    public int n() { return n; }

    /** n rounded up to even. */
    public int players() { return players; }

    /** Steps per sweep (n' - 1). */
    public int steps() { return Math.max(0, players - 1); }

    /** Pairs per step (n' / 2), including one with the ghost when n is odd. */
    public int pairsPerStep() { return players / 2; }

    /** Smaller index of pair k in step s. */
    public int p(int s, int k) { return flat[(s * pairsPerStep() + k) * 2]; }

    /** Larger index of pair k in step s; equal to n for the ghost (skip that pair). */
    public int q(int s, int k) { return flat[(s * pairsPerStep() + k) * 2 + 1]; }

    public boolean isGhost(int s, int k) { return q(s, k) >= n; }

    /** For each step s and index i < n, the pair k that contains i: index s * n + i (for the GPU's MCA). */
    public int[] rowPairs() {
        int half = pairsPerStep();
        int[] r = new int[steps() * n];
        for (int s = 0; s < steps(); s++) {
            for (int k = 0; k < half; k++) {
                r[s * n + p(s, k)] = k;
                if (q(s, k) < n) r[s * n + q(s, k)] = k;
            }
        }
        return r;
    }

    /** All pairs as [p, q] ints, step-major: index (s * pairsPerStep() + k) * 2. A copy. */
    public int[] flat() { return flat.clone(); }
}
