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
     * @param w symmetric page; overwritten with the rotated B when this returns an outcome, untouched when it returns
     *          null
     * @param d out: the eigenvalues, unsorted
     * @param v out: the eigenvectors matching d, or null
     * @return the outcome, or null when syevd failed (the caller takes its other routes)
     */
    static PageOutcome run(double[] w, int n, double[] d, double[] v, double tol, int maxSweeps, Precision precision,
                           Lapack lapack) {
        double max = PageAssembly.maxAbs(w);
        // a page far from 1 is brought near it by an exact power of two, so that the products stay in range
        int e = max >= 0x1p-400 && max <= 0x1p400 ? 0 : Math.getExponent(max);
        double[] a = w;
        if (e != 0) {
            a = w.clone();
            PageAssembly.scalb(a, -e);
        }
        double[] q = v != null ? v : new double[n * n];
        boolean done = precision == Precision.SINGLE ? singleProducts(a, q, w, n, lapack) : doubleProducts(a, q, w, n, lapack);
        if (!done) return null;
        PageAssembly.mirror(w, n, false); // Q'AQ is symmetric only to rounding: the rotations need it exactly
        TwoSidedJacobiEig jacobi = new TwoSidedJacobiEig(EigOrdering.CYCLIC, 1);
        jacobi.runFrom(w, v, n, tol, maxSweeps);
        for (int i = 0; i < n; i++) d[i] = Math.scalb(w[i + i * n], e);
        return new PageOutcome(jacobi.sweeps, jacobi.rotations, jacobi.converged, 0, d);
    }

    /**
     * Q into q from dsyevd of a, then Q'AQ into b (the two may be one array: a is read before b is written); false when
     * dsyevd failed, b untouched.
     */
    private static boolean doubleProducts(double[] a, double[] q, double[] b, int n, Lapack lapack) {
        System.arraycopy(a, 0, q, 0, n * n);
        if (lapack.dsyevd(n, q, new double[n]) != 0) return false;
        double[] c = new double[n * n];
        lapack.dgemm(false, false, n, n, n, 1, a, q, 0, c);
        lapack.dgemm(true, false, n, n, n, 1, q, c, 0, b);
        return true;
    }

    /** As {@link #doubleProducts} by ssyevd and sgemm (a holds single input, scaled by a power of two: exact). */
    private static boolean singleProducts(double[] a, double[] q, double[] b, int n, Lapack lapack) {
        float[] af = new float[n * n], qf = new float[n * n], lambda = new float[n];
        for (int i = 0; i < af.length; i++) qf[i] = af[i] = (float) a[i];
        if (lapack.ssyevd(n, qf, lambda) != 0) return false;
        float[] c = new float[n * n];
        lapack.sgemm(false, false, n, n, n, 1, af, qf, 0, c);
        lapack.sgemm(true, false, n, n, n, 1, qf, c, 0, af);
        for (int i = 0; i < af.length; i++) {
            b[i] = af[i];
            q[i] = qf[i];
        }
        return true;
    }
}
