package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.JacobiRotation;

/**
 * One-sided Hestenes Jacobi on one m x n page, m >= n [2], round-robin column pairs,
 * converged when every pair is relatively orthogonal |a_p.a_q| <= tol ||a_p|| ||a_q||.
 * The disjoint pairs of one step run across threads.
 * <p>
 * Pairs are visited in the {@link BlockedRoundRobin} order (cache blocks on large pages).
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
        double[][] u = Columns.split(a, m, n);
        double[][] vc = v == null ? null : Columns.identity(n);
        run(u, vc, m, n, tol, maxSweeps, fixedSweeps);
        Columns.join(u, a, m);
        if (v != null) Columns.join(vc, v, n);
    }

    /**
     * The sweeps on column arrays ({@link Columns}).
     * @param u  n columns of m rows, overwritten with A V
     * @param vc n columns of n rows, multiplied by V from the right (the identity gives V), or null
     */
    void run(final double[][] u, final double[][] vc, final int m, final int n, final double tol, int maxSweeps,
             final int fixedSweeps) {
        final boolean fixed = fixedSweeps > 0;
        int limit = fixed ? fixedSweeps : maxSweeps;
        final int t = (long) m * n >= PARALLEL_MIN_WORK ? threads : 1;
        final BlockedRoundRobin order = new BlockedRoundRobin(n, blockColumns(m, n), t);
        final double[] d = new double[n]; // squared column norms, taken every sweep, updated by rotations
        converged = n <= 1;
        for (sweeps = 0; sweeps < limit && !converged; ) {
            sweeps++;
            for (int c = 0; c < n; c++) d[c] = Columns.dot(u[c], u[c], m);
            long r = order.sweep((c, p, q) -> rotatePair(u, vc, m, n, p, q, tol, fixed, d));
            rotations += r;
            if (!fixed && r == 0) converged = true;
        }
    }

    /** Columns per block of the blocked round-robin, or 0 for the plain one. */
    static int blockColumns(int m, int n) {
        return BlockedRoundRobin.blockColumns(m, n);
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
        double c = JacobiRotation.cosine(t), lo = JacobiRotation.cosineLow(t, c, false);
        Columns.rotate(x, y, m, -t, t, c, lo);
        if (v != null) Columns.rotate(v[p], v[q], n, -t, t, c, lo);
        double tg = t * gamma, a2 = alpha - tg, b2 = beta + tg;
        d[p] = a2 >= 0.25 * alpha ? a2 : Columns.dot(x, x, m);
        d[q] = b2 >= 0.25 * beta ? b2 : Columns.dot(y, y, m);
        return true;
    }
}
