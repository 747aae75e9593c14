package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Grading;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.Lapack;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;

/**
 * The CPU's default eig of an ungraded page on a native LAPACK: syevd's eigenvectors Q precondition two-sided Jacobi
 * on B = Q'AQ, whose only pairs above the relative test |b_pq| <= tol sqrt|b_pp b_qq| are the few that syevd's
 * absolute accuracy leaves among the smallest eigenvalues; their rotations (cyclic: a handful, each O(n)) give
 * V = Q W. On ungraded input ({@link Grading#graded} false) the absolute error eps ||A|| of this route is within
 * {@link Grading#GRADED_SPAN} squared of the relatively accurate route's bound [6], which the contract allows (the
 * GPU routes by the same test); graded pages keep {@link AutoEig}'s one-sided route after Bunch-Parlett, the only one
 * that keeps their small eigenvalues [4, 10]. Single-precision input takes ssyevd and forms B in single: both within
 * single's tolerance, which the Jacobi test then enforces.
 */
final class PreconditionedEig {
    private PreconditionedEig() {}

    /**
     * Whether page w (symmetric) takes this route: a native LAPACK at the order and sweep limits of the native routes,
     * and w neither graded nor diagonal (two-sided Jacobi returns a diagonal exactly).
     */
    static boolean takes(Lapack lapack, double[] w, int n, SolverOptions o) {
        return HyperbolicEig.nativeRoute(lapack, n, PageDriver.maxSweeps(o), o.fixedSweeps())
                && !IndefiniteEig.diagonal(w, n) && !Grading.graded(w, n, n, 1);
    }

    /**
     * @param w symmetric page, not modified
     * @param d out: the eigenvalues, unsorted
     * @param v out: the eigenvectors matching d, or null
     * @return the outcome, or null when syevd failed (the caller takes its other routes)
     */
    static PageOutcome run(double[] w, int n, double[] d, double[] v, double tol, int maxSweeps, Precision precision,
                           Lapack lapack) {
        double[] b = w.clone();
        int e = IndefiniteEig.scaleNearOne(b); // exact powers of two: the products stay in range at 1e+-300
        double[] q = precision == Precision.SINGLE ? singleProducts(b, n, lapack) : doubleProducts(b, n, lapack);
        if (q == null) return null;
        PageAssembly.symmetrize(b, n);
        if (v != null) System.arraycopy(q, 0, v, 0, n * n);
        TwoSidedJacobiEig jacobi = new TwoSidedJacobiEig(EigOrdering.CYCLIC, 1);
        jacobi.runFrom(b, v, n, tol, maxSweeps);
        for (int i = 0; i < n; i++) d[i] = Math.scalb(b[i + i * n], e);
        return new PageOutcome(jacobi.sweeps, jacobi.rotations, jacobi.converged, 0, d);
    }

    /** Q from dsyevd of b, and b := Q'bQ; null when dsyevd failed. */
    private static double[] doubleProducts(double[] b, int n, Lapack lapack) {
        double[] q = b.clone(), lambda = new double[n];
        if (lapack.dsyevd(n, q, lambda) != 0) return null;
        double[] aq = new double[n * n];
        lapack.dgemm(false, false, n, n, n, 1, b, q, 0, aq);
        lapack.dgemm(true, false, n, n, n, 1, q, aq, 0, b);
        return q;
    }

    /** As {@link #doubleProducts} by ssyevd and sgemm (b holds single input, scaled by a power of two: exact). */
    private static double[] singleProducts(double[] b, int n, Lapack lapack) {
        float[] a = new float[n * n], q = new float[n * n], lambda = new float[n];
        for (int i = 0; i < a.length; i++) q[i] = a[i] = (float) b[i];
        if (lapack.ssyevd(n, q, lambda) != 0) return null;
        float[] aq = new float[n * n];
        lapack.sgemm(false, false, n, n, n, 1, a, q, 0, aq);
        lapack.sgemm(true, false, n, n, n, 1, q, aq, 0, a);
        double[] qd = new double[n * n];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i];
            qd[i] = q[i];
        }
        return qd;
    }
}
