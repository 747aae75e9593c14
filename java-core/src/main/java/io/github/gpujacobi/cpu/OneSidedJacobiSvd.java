package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.PageLoop;

/**
 * One-sided Hestenes Jacobi on one m x n page, m >= n (seed 001), round-robin column pairs,
 * converged when every pair is relatively orthogonal |a_p.a_q| <= tol ||a_p|| ||a_q||.
 * The disjoint pairs of one step run across threads.
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
        double zeta = (beta - alpha) / (2 * gamma);
        double t = zeta == 0 ? 1 : Math.signum(zeta) / (Math.abs(zeta) + Math.hypot(1, zeta));
        double c = 1 / Math.sqrt(1 + t * t), sn = t * c;
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
