package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.ComplexRotation;

/**
 * One-sided complex Hestenes Jacobi on one m x n page (interleaved re/im), m >= n [2, 20]: each
 * column pair's Gram matrix [[||u_p||^2, u_p^H u_q], [u_q^H u_p, ||u_q||^2]] is Hermitian, and
 * {@link ComplexRotation} diagonalises it, applied to the columns of U and V. The pairs in the real
 * one-sided solver's {@link BlockedRoundRobin} order (cache blocks of columns, the disjoint block pairs
 * of one step across threads); converged when every pair is relatively orthogonal
 * |u_p^H u_q| <= tol ||u_p|| ||u_q||.
 */
final class ComplexJacobiSvd {
    /** Below this many rows x columns a step's pairs are not worth handing to the pool. */
    private static final long PARALLEL_MIN_WORK = 96L * 96L;

    int sweeps;
    long rotations;
    boolean converged;

    private final int threads;

    ComplexJacobiSvd(int threads) {
        this.threads = Math.max(1, threads);
    }

    /**
     * @param u interleaved m x n, overwritten with A V (columns orthogonal, not yet scaled)
     * @param v interleaved n x n set to V, or null
     */
    void run(final double[] u, final double[] v, final int m, final int n, final double tol, int maxSweeps,
             int fixedSweeps) {
        if (v != null) {
            java.util.Arrays.fill(v, 0);
            for (int i = 0; i < n; i++) v[2 * (i + i * n)] = 1;
        }
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        final double effTol = fixedSweeps > 0 ? 0 : tol;
        converged = n <= 1;
        final int t = (long) m * n >= PARALLEL_MIN_WORK ? threads : 1;
        final BlockedRoundRobin order = new BlockedRoundRobin(n, BlockedRoundRobin.blockColumns(m, n, v != null, 2), t);
        final ComplexRotation.Params[] rot = new ComplexRotation.Params[order.chunks()];
        for (int c = 0; c < rot.length; c++) rot[c] = new ComplexRotation.Params();
        for (sweeps = 0; sweeps < limit && !(converged && fixedSweeps == 0); ) {
            sweeps++;
            long r = order.sweep((c, p, q) -> rotatePair(u, v, m, n, p, q, effTol, rot[c]));
            rotations += r;
            converged = r == 0;
        }
        if (fixedSweeps > 0) converged = false;
    }

    /** Orthogonalises columns p and q unless already relatively orthogonal; true when it rotated. */
    private static boolean rotatePair(double[] u, double[] v, int m, int n, int p, int q, double tol,
                                      ComplexRotation.Params r) {
        int op = 2 * p * m, oq = 2 * q * m;
        double alpha = 0, beta = 0, gr = 0, gi = 0;
        for (int i = 0; i < 2 * m; i += 2) {
            double xr = u[op + i], xi = u[op + i + 1], yr = u[oq + i], yi = u[oq + i + 1];
            alpha += xr * xr + xi * xi;
            beta += yr * yr + yi * yi;
            gr += xr * yr + xi * yi; // conj(x) y
            gi += xr * yi - xi * yr;
        }
        if (!ComplexRotation.of(alpha, beta, gr, gi, tol, r)) return false;
        ComplexRotation.columns(u, m, p, q, r);
        if (v != null) ComplexRotation.columns(v, n, p, q, r);
        return true;
    }
}
