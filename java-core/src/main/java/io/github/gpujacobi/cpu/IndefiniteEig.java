package io.github.gpujacobi.cpu;

/**
 * Eigenvalues and eigenvectors of a nonsingular symmetric (indefinite) M by seed 003's route:
 * M = G J G' (Bunch-Parlett, {@link BunchParlett}), then the one-sided hyperbolic Jacobi on (G, J)
 * gives G W = U Sigma, so M = U Sigma J Sigma U': eigenvalues sigma^2 j, eigenvectors U. Unlike
 * two-sided Jacobi on M itself this is relatively accurate for every eigenvalue of graded M,
 * whatever its sign. V is never accumulated (not needed for eig).
 */
final class IndefiniteEig {
    int sweeps;
    long rotations;
    boolean converged;

    /**
     * @param a n x n symmetric, column-major, destroyed
     * @param d out: the eigenvalues, unsorted
     * @param v out: n x n eigenvectors matching d, or null when not wanted
     */
    void run(double[] a, int n, double[] d, double[] v, double eps, double tol, int maxSweeps, int fixedSweeps,
             int threads) {
        BunchParlett.Factor f = BunchParlett.factor(a, n);
        HyperbolicJacobiSvd h = new HyperbolicJacobiSvd(eps, tol, threads);
        h.run(f.g, null, n, n, f.j, maxSweeps, fixedSweeps);
        sweeps = h.sweeps;
        rotations = h.rotations;
        converged = h.converged;
        for (int c = 0; c < n; c++) {
            double ss = 0;
            for (int i = 0; i < n; i++) ss += f.g[i + c * n] * f.g[i + c * n];
            d[c] = ss * f.j[c];
            if (v != null) {
                double s = Math.sqrt(ss);
                for (int i = 0; i < n; i++) v[i + c * n] = f.g[i + c * n] / s;
            }
        }
    }
}
