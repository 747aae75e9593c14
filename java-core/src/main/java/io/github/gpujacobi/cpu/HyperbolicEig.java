package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.BunchParlett;
import io.github.gpujacobi.core.IndefiniteEig;

/** The CPU's method 'hyperbolic' for eig [4]: {@link BunchParlett}, then {@link HyperbolicJacobiSvd} on (G, J). */
final class HyperbolicEig {
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
        if (!IndefiniteEig.eigenpairs(f.g, f.j, n, d, v)) {
            throw new HyperbolicJacobiSvd.NotFullRank("a column of G W vanished");
        }
    }
}
