package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.bench.ComplexAccuracy;
import io.github.gpujacobi.matrices.Generators;
import io.github.gpujacobi.matrices.GradedReference;
import io.github.gpujacobi.core.AccuracyContract;
import io.github.gpujacobi.core.ComplexResiduals;
import io.github.gpujacobi.core.Residuals;

import java.util.Locale;
import java.util.Random;

import static io.github.gpujacobi.cli.VerifyInputs.gauss;
import static io.github.gpujacobi.cli.VerifyInputs.maxRelDiff;
import static io.github.gpujacobi.cli.VerifyInputs.sym;
import static io.github.gpujacobi.cli.VerifyInputs.worstRelative;

/**
 * verify's accuracy checks on graded and reference inputs: the accuracy contract (docs/accuracy.md), graded positive
 * definite and indefinite eig in both classes, graded Hermitian eig, every value relative to the CPU's or a
 * high-precision reference [6].
 */
final class GradedVerify extends VerifyGroup {
    GradedVerify(VerifyTally tally, boolean gpu) {
        super(tally, gpu);
    }

    /**
     * The accuracy contract (docs/accuracy.md) on the classes it names, through the default methods: graded symmetric
     * indefinite, indefinite Hermitian, row- and column-graded SVD against 25-digit references (mpmath, cached with the
     * product: {@link GradedReference}), every value to 1e-12 relative; the default eig's and svd's factors orthogonal
     * to max(n, 3) eps at n = 8, 64, 777, 1024 in both classes; a loose Tol never converged outside the contract.
     */
    void contractChecks(SolverOptions dev) {
        for (String name : GradedReference.NAMES) {
            GradedReference g = GradedReference.load(name);
            String what = "contract: graded reference " + name;
            try {
                PageArray values;
                RunReport rep;
                if (g.complex) {
                    ComplexEigResult e = Jacobi.eig(ComplexPageArray.wrap(g.a.clone(), g.m, g.n), dev.withVectors(false));
                    values = e.values();
                    rep = e.report();
                } else if (g.kind.equals("eig")) {
                    EigResult e = Jacobi.eig(PageArray.wrap(g.a.clone(), g.m, g.n), dev.withVectors(false));
                    values = e.values();
                    rep = e.report();
                } else {
                    SvdResult s = Jacobi.svd(PageArray.wrap(g.a.clone(), g.m, g.n), dev.withVectors(false));
                    values = s.s();
                    rep = s.report();
                }
                double worst = worstRelative(values, PageArray.wrap(g.values, g.values.length, 1));
                check(what, worst <= 1e-12 && rep.converged(), String.format(Locale.ROOT,
                        "worst relative error vs 25 digits %.1e, %s/%s", worst, rep.backend(), rep.method()));
            } catch (JacobiException ex) {
                check(what, false, ex.getMessage());
            }
        }
        for (Precision p : Precision.values()) for (int n : new int[]{8, 64, 777, 1024}) {
            String what = String.format(Locale.ROOT, "contract: eig and svd orthogonality %s n=%d", p.matlabClass(), n);
            try {
                Random r = new Random(n);
                EigResult e = Jacobi.eig(sym(r, n, 1).to(p), dev);
                SvdResult s = Jacobi.svd(gauss(r, n, n, 1).to(p), dev);
                double ov = Residuals.orthogonality(e.vectors(), 0), su = Residuals.orthogonality(s.u(), 0);
                double sv = Residuals.orthogonality(s.v(), 0), b = AccuracyContract.orthogonality(p, n);
                check(what, ov <= b && su <= b && sv <= b && e.report().converged() && s.report().converged(),
                        String.format(Locale.ROOT, "eig V %.1e, svd U %.1e V %.1e (bound %.1e), %s/%s and %s", ov, su, sv, b,
                                e.report().backend(), e.report().method(), s.report().method()));
            } catch (JacobiException ex) {
                check(what, false, ex.getMessage());
            }
        }
        int n = 100;
        PageArray a = sym(new Random(1), n, 1);
        for (double tol : new double[]{0.5, 0.1, 1e-2}) {
            String what = "contract: eig Tol " + tol + " n=" + n;
            try {
                EigResult e = Jacobi.eig(a, dev.withTol(tol));
                double orth = Residuals.orthogonality(e.vectors(), 0), res = Residuals.eig(a, e.vectors(), e.values(), 0);
                boolean within = orth <= AccuracyContract.orthogonality(Precision.DOUBLE, n)
                        && res <= AccuracyContract.eigResidual(Precision.DOUBLE, n, tol);
                check(what, within || !e.report().converged(), String.format(Locale.ROOT,
                        "orth %.1e residual %.1e, reported %s, %s/%s", orth, res,
                        e.report().converged() ? "converged" : "not converged", e.report().backend(), e.report().method()));
            } catch (JacobiException ex) {
                check(what, false, ex.getMessage());
            }
        }
    }

    void gradedCheck(SolverOptions dev, int n) {
        double[] a = Generators.gradedSpd(new Random(n), n, 10);
        PageArray pa = PageArray.wrap(a, n, n);
        EigResult ref = Jacobi.eig(pa, SolverOptions.defaults().withDevice("cpu").withTol(1e-17));
        for (String m : new String[]{"mca", "sa", "classical", "hyperbolic", "blocked", "auto"}) {
            if ((m.equals("classical") && n > 100) || (n > 300 && !m.equals("blocked") && !m.equals("auto"))) continue;
            try {
                EigResult e = Jacobi.eig(pa, dev.withMethod(m).withVectors(false));
                double worst = maxRelDiff(e.values(), ref.values());
                check("eig graded (10 decades) " + m + " n=" + n, worst <= 1e-12,
                        String.format(Locale.ROOT, "worst relative error of the eigenvalues vs the CPU: %.1e", worst));
            } catch (JacobiException ex) {
                check("eig graded " + m, false, ex.getMessage());
            }
        }
        if (n >= SINGLE_GRADED_FROM && gpu) gradedSingleCheck(dev, "eig graded (10 decades) single n=" + n, pa, ref.values());
    }

    /** The graded rows run in single too from here on the GPU: its preconditioned routes (from n = 1024). */
    static final int SINGLE_GRADED_FROM = 1024;

    /**
     * The graded matrix pa rounded to single, through the GPU's default route, where single's tolerance lets the check
     * before the first sweep end the iteration (the GPU's check of a preconditioned start). Single's bounds: every
     * eigenvalue within n eps_single relative of ref, the double matrix's (the rounding moves them by about
     * cond(H) eps_single [6]), residual and orthogonality within n eps_single.
     */
    private void gradedSingleCheck(SolverOptions dev, String what, PageArray pa, PageArray ref) {
        int n = pa.rows();
        PageArray a = pa.to(Precision.SINGLE);
        try {
            EigResult e = Jacobi.eig(a, dev.withMethod("auto"));
            double worst = worstRelative(e.values(), ref);
            double res = Residuals.eig(a.to(Precision.DOUBLE), e.vectors().to(Precision.DOUBLE), e.values().to(Precision.DOUBLE), 0);
            double orth = Residuals.orthogonality(e.vectors().to(Precision.DOUBLE), 0);
            double bound = n * Precision.SINGLE.eps();
            check(what, worst <= bound && res <= bound && orth <= AccuracyContract.orthogonality(Precision.SINGLE, n)
                    && e.report().converged(), String.format(Locale.ROOT,
                    "worst relative error of the eigenvalues vs the CPU (double) %.1e, residual %.1e, orth %.1e, sweeps %d %s/%s",
                    worst, res, orth, e.report().sweeps(), e.report().backend(), e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    /**
     * Graded indefinite (10 decades): every eigenvalue to 1e-12 relative against the CPU's hyperbolic route,
     * through 'blocked' (Bunch-Parlett and the blocked hyperbolic Jacobi on the GPU once Cholesky fails),
     * 'hyperbolic' and the default (which takes a relatively accurate route at every order), with residual and
     * orthogonality of the vectors.
     */
    void gradedIndefiniteCheck(SolverOptions dev, int n) {
        PageArray pa = PageArray.wrap(Generators.gradedIndefinite(new Random(n), n, 10), n, n);
        EigResult ref = Jacobi.eig(pa, SolverOptions.defaults().withDevice("cpu").withTol(1e-17));
        for (String m : new String[]{"blocked", "hyperbolic", "auto"}) {
            String what = "eig graded indefinite (10 decades) " + m + " n=" + n;
            try {
                EigResult e = Jacobi.eig(pa, dev.withMethod(m));
                double worst = worstRelative(e.values(), ref.values());
                double res = Residuals.eig(pa, e.vectors(), e.values(), 0);
                double orth = Residuals.orthogonality(e.vectors(), 0);
                double bound = 10 * Math.max(n, 1) * Precision.DOUBLE.eps();
                check(what, worst <= 1e-12 && res <= bound && orth <= AccuracyContract.orthogonality(Precision.DOUBLE, n, m),
                        String.format(Locale.ROOT,
                        "worst relative error of the eigenvalues vs the CPU %.1e, residual %.1e, orth %.1e, sweeps %d %s/%s",
                        worst, res, orth, e.report().sweeps(), e.report().backend(), e.report().method()));
            } catch (JacobiException ex) {
                check(what, false, ex.getMessage());
            }
        }
        if (n >= SINGLE_GRADED_FROM && gpu) {
            gradedSingleCheck(dev, "eig graded indefinite (10 decades) single n=" + n, pa, ref.values());
        }
    }

    /**
     * Graded Hermitian (10 decades), indefinite or positive definite: every eigenvalue to 1e-12 relative against the
     * CPU's default (Cholesky, or the real route on the real symmetric embedding; tested against 40-digit references),
     * with residual and orthogonality, through the device's default eig.
     */
    void complexGradedCheck(SolverOptions dev, int n, boolean definite) {
        ComplexPageArray pa = ComplexPageArray.wrap(Generators.gradedHermitian(new Random(n), n, 10, definite), n, n);
        String what = "complex eig graded " + (definite ? "positive definite" : "indefinite") + " (10 decades) auto n=" + n;
        try {
            ComplexEigResult ref = Jacobi.eig(pa, SolverOptions.defaults().withDevice("cpu").withTol(1e-17));
            ComplexEigResult e = Jacobi.eig(pa, dev);
            double worst = worstRelative(e.values(), ref.values());
            double res = ComplexResiduals.eig(pa, e.vectors(), e.values(), 0, true);
            double orth = ComplexAccuracy.orthogonality(e.vectors()); // probe estimate
            double bound = 10 * Math.max(n, 1) * Precision.DOUBLE.eps();
            check(what, worst <= 1e-12 && res <= bound && orth <= AccuracyContract.orthogonality(Precision.DOUBLE, n),
                    String.format(Locale.ROOT,
                    "worst relative error of the eigenvalues vs the CPU %.1e, residual %.1e, orth %.1e, %s/%s", worst, res,
                    orth, e.report().backend(), e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }
}
