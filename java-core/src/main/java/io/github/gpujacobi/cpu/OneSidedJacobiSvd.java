package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.JacobiRotation;
import io.github.gpujacobi.core.PageLoop;

/**
 * One-sided Hestenes Jacobi on one m x n page, m >= n (seed 001), round-robin column pairs,
 * converged when every pair is relatively orthogonal |a_p.a_q| <= tol ||a_p|| ||a_q||.
 * The disjoint pairs of one step run across threads.
 * <p>
 * Large pages use a blocked round-robin: columns are grouped into blocks small enough that two
 * blocks (and their V columns) stay in a core's L2, the blocks are paired by the same chess
 * tournament, and a thread takes every column pair between its two blocks (plus, in a sweep's first
 * block step, the pairs inside them). Every pair is still visited once per sweep, but a sweep
 * streams the matrix through memory n / b times instead of n - 1 times. Small pages are the same
 * loop with blocks of one column.
 * <p>
 * The sweeps run on the page split into column arrays ({@link Columns}: vectorised loops), and
 * only gamma = a_p.a_q is computed per pair: the squared norms are taken at the start of every
 * sweep and updated by each rotation (LAPACK dgesvj's bookkeeping [8]), so a pair left alone costs
 * one dot product instead of three.
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
     * @param a m x n column-major, overwritten with A V (columns orthogonal, not yet scaled)
     * @param v n x n set to V, or null
     */
    void run(final double[] a, final double[] v, final int m, final int n, final double tol, int maxSweeps,
             final int fixedSweeps) {
        final double[][] u = Columns.split(a, m, n);
        final double[][] vc = v == null ? null : Columns.identity(n);
        // plain round-robin = blocks of one column (no pairs inside a block)
        final int b = Math.max(1, blockColumns(m, n));
        final int nb = (n + b - 1) / b;
        final ChessTournament bt = new ChessTournament(nb);
        final boolean fixed = fixedSweeps > 0;
        int limit = fixed ? fixedSweeps : maxSweeps;
        final int t = (long) m * n >= PARALLEL_MIN_WORK ? threads : 1;
        // single pairs are cheap, so hand out more chunks than threads to even the load
        final int chunks = Math.max(1, Math.min(b == 1 ? 4 * t : t, bt.pairsPerStep()));
        final long[] done = new long[chunks];
        final double[] d = new double[n]; // squared column norms, taken every sweep, updated by rotations
        converged = n <= 1;
        for (sweeps = 0; sweeps < limit && !converged; ) {
            sweeps++;
            long before = rotations;
            for (int c = 0; c < n; c++) d[c] = Columns.dot(u[c], u[c], m);
            for (int s = 0; s < bt.steps(); s++) {
                final int step = s;
                java.util.Arrays.fill(done, 0);
                PageLoop.forEach(chunks, t, c -> {
                    for (int k = c; k < bt.pairsPerStep(); k += chunks) {
                        int bi = bt.p(step, k), bj = bt.q(step, k);
                        int i0 = bi * b, i1 = Math.min(n, i0 + b);
                        if (step == 0 && b > 1) done[c] += inside(u, vc, m, n, i0, i1, tol, fixed, d);
                        if (bj >= nb) continue; // the ghost of an odd count
                        int j0 = bj * b, j1 = Math.min(n, j0 + b);
                        if (step == 0 && b > 1) done[c] += inside(u, vc, m, n, j0, j1, tol, fixed, d);
                        for (int p = i0; p < i1; p++) {
                            for (int q = j0; q < j1; q++) if (rotatePair(u, vc, m, n, p, q, tol, fixed, d)) done[c]++;
                        }
                    }
                });
                for (long r : done) rotations += r;
            }
            if (!fixed && rotations == before) converged = true;
        }
        Columns.join(u, a, m);
        if (v != null) Columns.join(vc, v, n);
    }

    /** L2 share a block pair may use: two blocks of b columns of U (m rows) and V (n rows). */
    private static final long BLOCK_PAIR_BYTES = 512L * 1024;

    /** Columns per block for the blocked ordering, or 0 when the page is small enough to stay in cache as it is. */
    static int blockColumns(int m, int n) {
        long b = BLOCK_PAIR_BYTES / (2L * 8 * (m + n));
        if (b < 8) b = 8;
        return n / b >= 4 && (long) m * n * 8 > 2 * BLOCK_PAIR_BYTES ? (int) b : 0;
    }

    /** The pairs inside columns [c0, c1), row by row; the number rotated. */
    private static long inside(double[][] u, double[][] v, int m, int n, int c0, int c1, double tol, boolean fixed,
                               double[] d) {
        long r = 0;
        for (int p = c0; p < c1; p++) {
            for (int q = p + 1; q < c1; q++) if (rotatePair(u, v, m, n, p, q, tol, fixed, d)) r++;
        }
        return r;
    }

    /**
     * Orthogonalises columns p and q unless already relatively orthogonal; true when it rotated.
     * The squared norms d[p], d[q] become alpha - t gamma and beta + t gamma (exact for the Jacobi
     * angle), taken afresh from the column when that update cancels (fell below a quarter).
     */
    private static boolean rotatePair(double[][] u, double[][] v, int m, int n, int p, int q, double tol,
                                      boolean fixed, double[] d) {
        double[] x = u[p], y = u[q];
        double gamma = Columns.dot(x, y, m);
        double alpha = d[p], beta = d[q];
        if (gamma == 0 || (!fixed && JacobiRotation.negligible(gamma, alpha, beta, tol))) return false;
        double t = JacobiRotation.tangent(alpha, beta, gamma);
        double c = JacobiRotation.cosine(t), sn = t * c;
        Columns.rotate(x, y, m, c, sn);
        if (v != null) Columns.rotate(v[p], v[q], n, c, sn);
        double tg = t * gamma, a2 = alpha - tg, b2 = beta + tg;
        d[p] = a2 >= 0.25 * alpha ? a2 : Columns.dot(x, x, m);
        d[q] = b2 >= 0.25 * beta ? b2 : Columns.dot(y, y, m);
        return true;
    }
}
