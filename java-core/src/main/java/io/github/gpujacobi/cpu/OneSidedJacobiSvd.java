package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.ChessTournament;

/**
 * One-sided Hestenes Jacobi on one m x n page, m >= n (seed 001), round-robin column pairs,
 * converged when every pair is relatively orthogonal |a_p.a_q| <= tol ||a_p|| ||a_q||.
 * Simple reference version (one thread per page).
 */
final class OneSidedJacobiSvd {
    int sweeps;
    long rotations;
    boolean converged;

    /**
     * @param u m x n column-major, overwritten with A V (columns orthogonal, not yet scaled)
     * @param v n x n set to V, or null
     */
    void run(double[] u, double[] v, int m, int n, double tol, int maxSweeps, int fixedSweeps) {
        if (v != null) {
            java.util.Arrays.fill(v, 0);
            for (int i = 0; i < n; i++) v[i + i * n] = 1;
        }
        ChessTournament ct = new ChessTournament(n);
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        converged = n <= 1;
        for (sweeps = 0; sweeps < limit && !converged; ) {
            sweeps++;
            boolean rotated = false;
            for (int s = 0; s < ct.steps(); s++) {
                for (int k = 0; k < ct.pairsPerStep(); k++) {
                    if (ct.isGhost(s, k)) continue;
                    int p = ct.p(s, k), q = ct.q(s, k);
                    double alpha = 0, beta = 0, gamma = 0;
                    for (int i = 0; i < m; i++) {
                        double x = u[i + p * m], y = u[i + q * m];
                        alpha += x * x;
                        beta += y * y;
                        gamma += x * y;
                    }
                    if (gamma == 0 || (fixedSweeps == 0 && Math.abs(gamma) <= tol * Math.sqrt(alpha * beta))) continue;
                    rotated = true;
                    rotations++;
                    double zeta = (beta - alpha) / (2 * gamma);
                    double t = zeta == 0 ? 1 : Math.signum(zeta) / (Math.abs(zeta) + Math.hypot(1, zeta));
                    double c = 1 / Math.sqrt(1 + t * t), sn = t * c;
                    for (int i = 0; i < m; i++) {
                        double x = u[i + p * m], y = u[i + q * m];
                        u[i + p * m] = c * x - sn * y;
                        u[i + q * m] = sn * x + c * y;
                    }
                    if (v != null) {
                        for (int i = 0; i < n; i++) {
                            double x = v[i + p * n], y = v[i + q * n];
                            v[i + p * n] = c * x - sn * y;
                            v[i + q * n] = sn * x + c * y;
                        }
                    }
                }
            }
            if (fixedSweeps == 0 && !rotated) converged = true;
        }
    }
}
