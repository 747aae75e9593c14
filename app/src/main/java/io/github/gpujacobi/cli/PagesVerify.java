package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.matrices.Generators;
import io.github.gpujacobi.core.AccuracyContract;
import io.github.gpujacobi.core.ComplexResiduals;
import io.github.gpujacobi.core.Residuals;

import java.util.Locale;
import java.util.Random;

import static io.github.gpujacobi.cli.VerifyInputs.gauss;
import static io.github.gpujacobi.cli.VerifyInputs.maxRelDiff;
import static io.github.gpujacobi.cli.VerifyInputs.sym;
import static io.github.gpujacobi.cli.VerifyInputs.wellConditioned;

/** verify's checks on 3-D arrays: every page of eig, svd and inv, real and complex, against the CPU backend. */
final class PagesVerify extends VerifyGroup {
    PagesVerify(VerifyTally tally, boolean gpu) {
        super(tally, gpu);
    }

    /** Hermitian pages (default method) against the CPU's eigenvalues, with each page's residual and orthogonality. */
    void complexPagesCheck(SolverOptions dev, Random r, int n, int count, Precision p) {
        ComplexPageArray pa = ComplexPageArray.wrap(Generators.pages(count, 2 * n * n, () -> Generators.hermitian(r, n)), n, n,
                count).to(p);
        String what = String.format(Locale.ROOT, "complex eig pages %dx%dx%d %s", count, n, n, p.matlabClass());
        try {
            ComplexEigResult e = Jacobi.eig(pa, dev);
            ComplexEigResult ref = Jacobi.eig(pa, SolverOptions.defaults().withDevice("cpu").withVectors(false));
            double worst = 0, res = 0, orth = 0;
            for (int k = 0; k < count; k++) {
                double scale = 0;
                for (int i = 0; i < n; i++) scale = Math.max(scale, Math.abs(ref.values().get(i, 0, k)));
                for (int i = 0; i < n; i++) {
                    worst = Math.max(worst, Math.abs(e.values().get(i, 0, k) - ref.values().get(i, 0, k)) / Math.max(scale, Double.MIN_NORMAL));
                }
                res = Math.max(res, ComplexResiduals.eig(pa.to(Precision.DOUBLE), e.vectors().to(Precision.DOUBLE),
                        e.values().to(Precision.DOUBLE), k, true));
                orth = Math.max(orth, ComplexResiduals.orthogonality(e.vectors(), k));
            }
            double bound = 20 * Math.max(n, 1) * p.eps(); // as for real pages
            check(what, worst <= bound && res <= bound && orth <= AccuracyContract.orthogonality(p, n) && e.report().converged(),
                    String.format(Locale.ROOT,
                    "eigenvalues vs the CPU %.1e, residual %.1e, orth %.1e, %s/%s", worst, res, orth, e.report().backend(),
                    e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    /** Complex svd pages (default method, thin) against the CPU's singular values, with each page's residual and orthogonality. */
    void complexSvdPagesCheck(SolverOptions dev, Random r, int m, int n, int count, Precision p) {
        ComplexPageArray pa = ComplexPageArray.wrap(Generators.randn(r, 2 * m * n * count, 1), m, n, count).to(p);
        String what = String.format(Locale.ROOT, "complex svd pages %dx%dx%d %s", m, n, count, p.matlabClass());
        try {
            ComplexSvdResult e = Jacobi.svd(pa, dev.withEcon(true));
            ComplexSvdResult ref = Jacobi.svd(pa, SolverOptions.defaults().withDevice("cpu").withVectors(false));
            int k0 = Math.min(m, n);
            double worst = 0, res = 0, orth = 0;
            ComplexPageArray ad = pa.to(Precision.DOUBLE), u = e.u().to(Precision.DOUBLE), v = e.v().to(Precision.DOUBLE);
            for (int k = 0; k < count; k++) {
                double top = ref.s().get(0, 0, k);
                for (int i = 0; i < k0; i++) {
                    worst = Math.max(worst, Math.abs(e.s().get(i, 0, k) - ref.s().get(i, 0, k)) / Math.max(top, Double.MIN_NORMAL));
                }
                res = Math.max(res, ComplexResiduals.svd(ad, u, e.s().to(Precision.DOUBLE), v, k, true));
                orth = Math.max(orth, Math.max(ComplexResiduals.orthogonality(u, k), ComplexResiduals.orthogonality(v, k)));
            }
            double bound = 20 * Math.max(Math.max(m, n), 1) * p.eps();
            check(what, worst <= bound && res <= bound && orth <= AccuracyContract.orthogonality(p, Math.max(m, n))
                    && e.report().converged(), String.format(Locale.ROOT,
                    "singular values vs the CPU %.1e, residual %.1e, orth %.1e, %s/%s", worst, res, orth, e.report().backend(),
                    e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    /** Every page of a 3-D array (the GPU's batched kernel where a page fits a block) against the CPU. */
    void svdPagesCheck(SolverOptions dev, SolverOptions cpu, Random r, int m, int n, int count, Precision p,
                               double eps) {
        String what = String.format(Locale.ROOT, "svd pages %dx%dx%d %s", m, n, count, p.matlabClass());
        try {
            PageArray g = gauss(r, m, n, count).to(p);
            SvdResult sv = Jacobi.svd(g, dev);
            SvdResult ref = Jacobi.svd(g, cpu);
            double res = 0, orth = 0;
            for (int k = 0; k < count; k++) {
                res = Math.max(res, Residuals.svd(g, sv.u(), sv.s(), sv.v(), k));
                orth = Math.max(orth, Math.max(Residuals.orthogonality(sv.u(), k), Residuals.orthogonality(sv.v(), k)));
            }
            double agree = maxRelDiff(sv.s(), ref.s());
            double bound = 20 * Math.max(Math.max(m, n), 1) * eps;
            check(what, res <= bound && orth <= AccuracyContract.orthogonality(p, Math.max(m, n)) && agree <= bound
                            && sv.report().converged(),
                    String.format(Locale.ROOT, "worst residual %.1e orth %.1e vs cpu %.1e, %s/%s", res, orth, agree,
                            sv.report().backend(), sv.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    void pagesCheck(SolverOptions dev, SolverOptions cpu, Random r, int n, int count, Precision p, double eps) {
        String what = String.format(Locale.ROOT, "eig pages %dx%dx%d %s", count, n, n, p.matlabClass());
        try {
            PageArray pages = sym(r, n, count).to(p);
            EigResult e = Jacobi.eig(pages, dev);
            EigResult ref = Jacobi.eig(pages, cpu);
            PageArray a = pages.to(Precision.DOUBLE), v = e.vectors().to(Precision.DOUBLE), d = e.values().to(Precision.DOUBLE);
            double res = 0, orth = 0;
            for (int k = 0; k < count; k++) {
                res = Math.max(res, Residuals.eig(a, v, d, k));
                orth = Math.max(orth, Residuals.orthogonality(v, k));
            }
            double agree = maxRelDiff(e.values(), ref.values());
            double bound = 20 * Math.max(n, 1) * eps;
            check(what, res <= bound && orth <= AccuracyContract.orthogonality(p, n) && agree <= bound && e.report().converged(),
                    String.format(Locale.ROOT, "worst residual %.1e orth %.1e vs cpu %.1e, %s/%s", res, orth, agree,
                            e.report().backend(), e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    /** Pages of inverses (the batched kernel up to 64), one page exactly singular: only that page is flagged. */
    void invPagesCheck(SolverOptions dev, Random r, int n, int count, Precision p, double eps) {
        String what = String.format(Locale.ROOT, "inv pages %dx%dx%d %s", count, n, n, p.matlabClass());
        try {
            double[] a = new double[n * n * count];
            for (int k = 0; k < count; k++) {
                double[] w = wellConditioned(r, n).pageAsDouble(0);
                if (k == count / 2) java.util.Arrays.fill(w, 0, n, 0); // column 1 zero: singular
                System.arraycopy(w, 0, a, k * n * n, n * n);
            }
            PageArray pages = PageArray.wrap(a, n, n, count).to(p);
            InverseResult x = Jacobi.inv(pages, dev.withMethod("gaussjordan"));
            PageArray ad = pages.to(Precision.DOUBLE), xd = x.inverse().to(Precision.DOUBLE);
            double res = 0;
            boolean flags = true;
            for (int k = 0; k < count; k++) {
                flags &= x.singular(k) == (k == count / 2);
                if (k != count / 2) res = Math.max(res, Residuals.inverse(ad, xd, k));
            }
            check(what, res <= 50 * Math.max(n, 1) * eps && flags,
                    String.format(Locale.ROOT, "worst ||AX-I||/(||A|| ||X||) %.1e, page %d alone singular: %b, %s/%s", res,
                            count / 2 + 1, flags, x.report().backend(), x.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }
}
