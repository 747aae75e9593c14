package io.github.gpujacobi.core;

import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;

/**
 * What a default call promises (docs/accuracy.md), in one place for every backend and for the checks of it: every
 * returned factor orthonormal to ||Q^H Q - I||_F <= max(n, 3) eps of its class, and a residual within what the
 * tolerance allows. A page that misses either is reported as not converged, never silently.
 */
public final class AccuracyContract {
    private AccuracyContract() {}

    /** The orthogonality bound of an n-column factor of class p: max(n, 3) eps (LAPACK's level). */
    public static double orthogonality(Precision p, int n) {
        return Math.max(n, 3) * p.eps();
    }

    /**
     * The orthogonality bound of an n-column factor computed by {@code method}: the contract's {@link #orthogonality}
     * for the default routes ('auto', and 'blocked', the GPU's default from its threshold); an explicitly named kernel
     * (parallel, cyclic, classical, ta, ma, sa, mca, hyperbolic, onesided) runs as published [1, 2, 3, 4] and is held
     * to 20 n eps (50 n eps in single, where the GPU's named kernels compute in float).
     */
    public static double orthogonality(Precision p, int n, String method) {
        if (Methods.AUTO.equals(method) || Methods.BLOCKED.equals(method)) return orthogonality(p, n);
        return (p == Precision.SINGLE ? 50 : 20) * Math.max(n, 3) * p.eps();
    }

    /**
     * The pair tolerance of a one-sided route. Its vectors are the normalised columns of G W (A V, R' W), orthogonal
     * only to this tolerance pair by pair, and a polish restores orthogonality from about n^1.5 eps, not from
     * cosines of 0.01 or 0.5 [21]: a Tol looser than the default therefore tightens to the default there; a tighter
     * one is kept. Two-sided methods, whose vectors are
     * products of rotations, keep any Tol.
     */
    public static double oneSidedTol(SolverOptions o, Precision p, int n) {
        return Math.min(o.tolFor(p, n), SolverOptions.defaults().tolFor(p, n));
    }

    /**
     * The largest relative residual ||A V - V D||_F / ||A||_F a converged eig page may have: the stopping rule
     * |a_pq| <= tol sqrt(|a_pp a_qq|) leaves an off-diagonal part of at most sqrt(n) tol ||A||_F, and rounding adds
     * about n eps; a factor 10 covers the estimate's spread ({@link Residuals#eigEstimate}: above 3 times the true
     * value with probability below 1e-6).
     */
    public static double eigResidual(Precision p, int n, double tol) {
        return 10 * Math.max(Math.sqrt(n) * tol, Math.max(n, 3) * p.eps());
    }

    /**
     * Whether page k's eigenpairs (d, v in any order, as the solver left them) meet {@link #eigResidual} by the O(n^2)
     * probe estimate on the original page a.
     */
    /**
     * {@link #eigResidualMet(PageArray, int, double[], double[], double)} given vx, the eigenvectors V times
     * {@link Residuals#eigProbes}(d, n, 0) (a caller that formed it with V's other products).
     */
    public static boolean eigResidualMetByProbes(PageArray a, int k, double[] vx, double tol) {
        int n = a.rows();
        if (n == 0) return true;
        PageArray page = a.pages() == 1 ? a : PageArray.wrap(a.pageAsDouble(k), n, n);
        return Residuals.eigEstimate(page, 0, vx) <= eigResidual(a.precision(), n, tol);
    }

    public static boolean eigResidualMet(PageArray a, int k, double[] d, double[] v, double tol) {
        int n = a.rows();
        if (n == 0 || v == null) return true;
        PageArray page = a.pages() == 1 ? a : PageArray.wrap(a.pageAsDouble(k), n, n);
        double r = Residuals.eigEstimate(page, PageArray.wrap(v, n, n),
                PageArray.wrap(d, n, 1), 0);
        return r <= eigResidual(a.precision(), n, tol);
    }
}
