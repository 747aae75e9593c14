package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.ChessTournament;

/**
 * Two-sided parallel Jacobi on one symmetric page (seed 000), chess-tournament ordering, relative
 * stopping rule |a_pq| <= tol sqrt(|a_pp a_qq|). Simple reference version (one thread per page).
 */
final class TwoSidedJacobiEig {
    int sweeps;
    long rotations;
    boolean converged;

    /**
     * @param a column-major n x n, overwritten (diagonal = eigenvalues, unsorted)
     * @param v n x n set to the eigenvectors, or null
     */
    void run(double[] a, double[] v, int n, double tol, int maxSweeps, int fixedSweeps) {
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
                    double apq = a[p + q * n], app = a[p + p * n], aqq = a[q + q * n];
                    if (apq == 0 || (fixedSweeps == 0 && Math.abs(apq) <= tol * Math.sqrt(Math.abs(app * aqq)))) continue;
                    rotated = true;
                    rotations++;
                    double theta = (aqq - app) / (2 * apq);
                    double t = Math.signum(theta) / (Math.abs(theta) + Math.hypot(1, theta));
                    if (theta == 0) t = 1;
                    double c = 1 / Math.sqrt(1 + t * t), sn = t * c;
                    for (int i = 0; i < n; i++) { // columns p, q
                        double x = a[i + p * n], y = a[i + q * n];
                        a[i + p * n] = c * x - sn * y;
                        a[i + q * n] = sn * x + c * y;
                    }
                    for (int j = 0; j < n; j++) { // rows p, q
                        double x = a[p + j * n], y = a[q + j * n];
                        a[p + j * n] = c * x - sn * y;
                        a[q + j * n] = sn * x + c * y;
                    }
                    a[p + q * n] = 0;
                    a[q + p * n] = 0;
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
