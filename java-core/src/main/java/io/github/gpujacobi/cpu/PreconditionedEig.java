package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Grading;
import io.github.gpujacobi.core.Lapack;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.SymmetricPage;

/**
 * The CPU's default eig of an ungraded page on a native LAPACK: syevd's eigenvectors Q precondition two-sided Jacobi
 * on B = Q'AQ, whose only pairs above the relative test |b_pq| <= tol sqrt|b_pp b_qq| are the few that syevd's
 * absolute accuracy leaves among the smallest eigenvalues; their rotations (cyclic: a handful, each O(n)) give
 * V = Q W. On ungraded input ({@link SymmetricPage#graded} false) the absolute error eps ||A|| of this route is within
 * {@link Grading#GRADED_SPAN} squared of the relatively accurate route's bound [6], which the contract allows (the
 * GPU routes by the same test); graded pages keep {@link AutoEig}'s one-sided route after Bunch-Parlett, the only one
 * that keeps their small eigenvalues [4, 10]. Single-precision input takes ssyevd and forms B in single: both within
 * single's tolerance, which the Jacobi test then enforces.
 */
final class PreconditionedEig {
    private PreconditionedEig() {}

    /**
     * Whether page p (its pass over the input) takes this route: a native LAPACK at the order and sweep limits of the
     * native routes, and the page neither graded nor diagonal (two-sided Jacobi returns a diagonal exactly).
     */
    static boolean takes(Lapack lapack, SymmetricPage p, int n, SolverOptions o) {
        return HyperbolicEig.nativeRoute(lapack, n, PageDriver.maxSweeps(o), o.fixedSweeps()) && !p.diagonal() && !p.graded();
    }

    /**
     * @param w symmetric page; overwritten with the rotated B when this returns an outcome, untouched when it returns
     *          null
     * @param max max |w_ij|
     * @param single w's entries in single precision ({@link SymmetricPage#exactSingle}), read only, or null
     * @param d out: the eigenvalues, unsorted
     * @param v out: the eigenvectors matching d, or null
     * @return the outcome, or null when syevd failed (the caller takes its other routes)
     */
    static PageOutcome run(double[] w, double max, float[] single, int n, double[] d, double[] v, double tol,
                           int maxSweeps, Precision precision, Lapack lapack) {
        // a page far from 1 is brought near it by an exact power of two, so that the products stay in range
        int e = max >= 0x1p-400 && max <= 0x1p400 ? 0 : Math.getExponent(max);
        double[] a = w;
        if (e != 0) {
            a = w.clone();
            PageAssembly.scalb(a, -e);
        }
        double[] q = v != null ? v : new double[n * n];
        // Q'AQ is symmetric only to rounding: its lower triangle is computed and mirrored, as the rotations need it exactly
        if (precision == Precision.SINGLE) {
            if (!singleProducts(e == 0 ? single : null, a, q, w, n, lapack)) return null;
        } else {
            if (lapack.dsyevdCongruence(n, a, q, w) != 0) return null;
            PageAssembly.mirror(w, n, false);
        }
        TwoSidedJacobiEig jacobi = new TwoSidedJacobiEig(EigOrdering.CYCLIC, 1);
        jacobi.runFrom(w, v, n, tol, maxSweeps);
        for (int i = 0; i < n; i++) d[i] = Math.scalb(w[i + i * n], e);
        return new PageOutcome(jacobi.sweeps, jacobi.rotations, jacobi.converged, 0, d);
    }

    /**
     * Q into q and Q'AQ into b (b may be a) by ssyevd and sgemm on a in single precision: given (a's entries exactly,
     * read only) or else a rounded to single (a holds single input, symmetrised, perhaps scaled by a power of two);
     * false when ssyevd failed, b untouched.
     */
    private static boolean singleProducts(float[] given, double[] a, double[] q, double[] b, int n, Lapack lapack) {
        float[] af = given, bf, qf = new float[n * n];
        if (af == null) {
            bf = af = new float[n * n];
            for (int i = 0; i < af.length; i++) af[i] = (float) a[i];
        } else {
            bf = new float[n * n];
        }
        if (lapack.ssyevdCongruence(n, af, qf, bf) != 0) return false;
        PageAssembly.mirror(bf, b, n);
        for (int i = 0; i < qf.length; i++) q[i] = qf[i];
        return true;
    }
}
