package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.BunchParlett;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.Lapack;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;

/**
 * The CPU's default eig (Method 'auto'): the one-sided route of [4] for every nonsingular
 * symmetric page, M = G J G' by Bunch-Parlett (for a positive definite M that is the pivoted
 * Cholesky factor, J = I [7]) and the one-sided (hyperbolic) Jacobi of G. It keeps the relative
 * accuracy of every eigenvalue of a graded M, definite or not [6, 10], which two-sided Jacobi on M
 * loses for indefinite M, and it is faster than two-sided Jacobi (no eigenvector accumulation:
 * the vectors are the normalised columns of G W). A singular page (no such factorisation, or a
 * column of G W that vanishes), and a diagonal one, is solved by two-sided parallel Jacobi instead. With a native
 * LAPACK the one-sided route is preconditioned ({@link HyperbolicEig}).
 */
final class AutoEig {
    private AutoEig() {}

    /**
     * @param w page, symmetrised; destroyed (the caller re-reads the page when this returns null, rather than
     *          every page paying for a copy)
     * @return what the one-sided route did (d, v filled; outcome.values = d); null for a singular page and
     *         for a diagonal one (two-sided Jacobi returns its diagonal exactly, while sigma^2 of
     *         G = |M|^(1/2) may be off by an ulp)
     */
    static PageOutcome run(double[] w, int n, double[] d, double[] v, double eps, double tol, SolverOptions o,
                           int threads, Lapack lapack) {
        if (IndefiniteEig.diagonal(w, n)) return null;
        int e = IndefiniteEig.scaleNearOne(w);
        HyperbolicEig solver = new HyperbolicEig();
        try {
            solver.run(w, n, d, v, eps, tol, PageDriver.maxSweeps(o), o.fixedSweeps(), threads, lapack);
        } catch (BunchParlett.Singular | HyperbolicJacobiSvd.NotFullRank failed) {
            return null;
        }
        if (e != 0) for (int i = 0; i < n; i++) d[i] = Math.scalb(d[i], e);
        return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, 0, d);
    }

    /** The method the run report names: the one every page took, or "mixed". */
    static String label(String requested, String[] used) {
        if (used.length == 0) return Methods.AUTO.equals(requested) ? Methods.HYPERBOLIC : requested;
        String m = used[0];
        for (String u : used) if (!u.equals(m)) return "mixed";
        return m;
    }
}
