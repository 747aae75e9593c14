package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.JacobiRotation;

import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.PageLoop;

/**
 * One-sided Hestenes Jacobi on one m x n page, m >= n (seed 001), round-robin column pairs,
 * converged when every pair is relatively orthogonal |a_p.a_q| <= tol ||a_p|| ||a_q||.
 * The disjoint pairs of one step run across threads.
 * <p>
 * Large pages use a blocked round-robin instead: columns are grouped into blocks small enough
 * that two blocks (and their V columns) stay in a core's L2, the blocks are paired by the same
 * chess tournament, and a thread takes every column pair between its two blocks (plus, in a
 * sweep's first block step, the pairs inside them). Every pair is still visited once per sweep,
 * but a sweep streams the matrix through memory n / b times instead of n - 1 times.
 */
final class OneSidedJacobiSvd {
    int sweeps;
    long rotations;
    boolean converged;

    private final int threads;

    OneSidedJacobiSvd(int threads) {
        this.threads = Math.max(1, threads);
    }

    OneSidedJacobiSvd() {
        this(1);
    }

    /** Below this many rows x columns a step's pairs are not worth handing to the pool. */
    private static final long PARALLEL_MIN_WORK = 128L * 128L;

    /**
     * @param u m x n column-major, overwritten with A V (columns orthogonal, not yet scaled)
     * @param v n x n set to V, or null
     */
    void run(final double[] u, final double[] v, final int m, final int n, final double tol, int maxSweeps,
             final int fixedSweeps) {
        if (v != null) {
            java.util.Arrays.fill(v, 0);
            for (int i = 0; i < n; i++) v[i + i * n] = 1;
        }
        final int b = blockColumns(m, n);
        if (b > 0) {
            runBlocked(u, v, m, n, b, tol, fixedSweeps > 0 ? fixedSweeps : maxSweeps, fixedSweeps > 0);
            return;
        }
        final ChessTournament ct = new ChessTournament(n);
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        converged = n <= 1;
        final int t = (long) m * n >= PARALLEL_MIN_WORK ? threads : 1;
        final int chunks = Math.max(1, Math.min(4 * t, ct.pairsPerStep()));
        final long[] done = new long[chunks];
        for (sweeps = 0; sweeps < limit && !converged; ) {
            sweeps++;
            long before = rotations;
            for (int s = 0; s < ct.steps(); s++) {
                final int step = s;
                java.util.Arrays.fill(done, 0);
                PageLoop.forEach(chunks, t, c -> {
                    for (int k = c; k < ct.pairsPerStep(); k += chunks) {
                        if (ct.isGhost(step, k)) continue;
                        if (rotatePair(u, v, m, n, ct.p(step, k), ct.q(step, k), tol, fixedSweeps > 0)) done[c]++;
                    }
                });
                for (long d : done) rotations += d;
            }
            if (fixedSweeps == 0 && rotations == before) converged = true;
        }
    }

    /** L2 share a block pair may use: two blocks of b columns of U (m rows) and V (n rows). */
    private static final long BLOCK_PAIR_BYTES = 512L * 1024;

    /** Columns per block for the blocked ordering, or 0 when the page is small enough to stay in cache as it is. */
    static int blockColumns(int m, int n) {
        long b = BLOCK_PAIR_BYTES / (2L * 8 * (m + n));
        if (b < 8) b = 8;
        return n / b >= 4 && (long) m * n * 8 > 2 * BLOCK_PAIR_BYTES ? (int) b : 0;
    }

    private void runBlocked(final double[] u, final double[] v, final int m, final int n, final int b,
                            final double tol, int limit, final boolean fixed) {
        final int nb = (n + b - 1) / b;
        final ChessTournament bt = new ChessTournament(nb);
        final int chunks = Math.max(1, Math.min(threads, bt.pairsPerStep()));
        final long[] done = new long[chunks];
        converged = n <= 1;
        for (sweeps = 0; sweeps < limit && !converged; ) {
            sweeps++;
            long before = rotations;
            for (int s = 0; s < bt.steps(); s++) {
                final int step = s;
                java.util.Arrays.fill(done, 0);
                PageLoop.forEach(chunks, chunks, c -> {
                    for (int k = c; k < bt.pairsPerStep(); k += chunks) {
                        int bi = bt.p(step, k), bj = bt.q(step, k);
                        int i0 = bi * b, i1 = Math.min(n, i0 + b);
                        if (step == 0) done[c] += inside(u, v, m, n, i0, i1, tol, fixed);
                        if (bj >= nb) continue; // the ghost block of an odd block count
                        int j0 = bj * b, j1 = Math.min(n, j0 + b);
                        if (step == 0) done[c] += inside(u, v, m, n, j0, j1, tol, fixed);
                        for (int p = i0; p < i1; p++) {
                            for (int q = j0; q < j1; q++) if (rotatePair(u, v, m, n, p, q, tol, fixed)) done[c]++;
                        }
                    }
                });
                for (long d : done) rotations += d;
            }
            if (!fixed && rotations == before) converged = true;
        }
        if (fixed) converged = false;
    }

    /** The pairs inside columns [c0, c1), row by row; the number rotated. */
    private static long inside(double[] u, double[] v, int m, int n, int c0, int c1, double tol, boolean fixed) {
        long r = 0;
        for (int p = c0; p < c1; p++) {
            for (int q = p + 1; q < c1; q++) if (rotatePair(u, v, m, n, p, q, tol, fixed)) r++;
        }
        return r;
    }

    /** Orthogonalises columns p and q unless already relatively orthogonal; true when it rotated. */
    private static boolean rotatePair(double[] u, double[] v, int m, int n, int p, int q, double tol, boolean fixed) {
        int pm = p * m, qm = q * m;
        double alpha = 0, beta = 0, gamma = 0;
        for (int i = 0; i < m; i++) {
            double x = u[i + pm], y = u[i + qm];
            alpha += x * x;
            beta += y * y;
            gamma += x * y;
        }
        if (gamma == 0 || (!fixed && Math.abs(gamma) <= tol * Math.sqrt(alpha * beta))) return false;
        double t = JacobiRotation.tangent(alpha, beta, gamma);
        double c = JacobiRotation.cosine(t), sn = t * c;
        for (int i = 0; i < m; i++) {
            double x = u[i + pm], y = u[i + qm];
            u[i + pm] = c * x - sn * y;
            u[i + qm] = sn * x + c * y;
        }
        if (v != null) {
            int pn = p * n, qn = q * n;
            for (int i = 0; i < n; i++) {
                double x = v[i + pn], y = v[i + qn];
                v[i + pn] = c * x - sn * y;
                v[i + qn] = sn * x + c * y;
            }
        }
        return true;
    }
}
