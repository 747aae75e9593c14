package io.github.gpujacobi.core;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;

import java.util.Locale;

/**
 * {@link PageDriver}'s complex twin, shared by the CPU and GPU backends: the page loop over complex
 * pages (interleaved re/im, each handed to the backend's solver in double), the Hermitian part, the
 * SVD's A^H for wide pages and [8]'s exact scaling, the sorted results, and the inversion policy
 * (Cholesky first for Hermitian positive definite pages under 'auto', else Gauss-Jordan; RCOND from
 * |A|'s 1-norm). A backend supplies the per-page solvers.
 */
public final class ComplexPageDriver {
    private final PageDriver driver;

    /** @param driver the backend's real page driver: its threads, its device flag and its notes */
    public ComplexPageDriver(PageDriver driver) {
        this.driver = driver;
    }

    /** One Hermitian page: w (interleaved n x n, exactly Hermitian, destroyed), v (interleaved n x n out, or null). */
    public interface EigPage {
        /** @return outcome.values = the eigenvalues, unsorted (or null: the real diagonal of w) */
        PageOutcome solve(int page, double[] w, double[] v);
    }

    /**
     * Every page at once (a batched device solver): w[k] the interleaved Hermitian pages (made exactly Hermitian,
     * destroyed), v[k] interleaved n x n out (or v null); the solver returns each page's eigenvalues (any order)
     * and records each page in stats.
     */
    public interface EigBatch {
        double[][] solve(double[][] w, double[][] v, PageStats stats);
    }

    /** One page of the SVD: w is A or A^H (interleaved mm x nn, mm >= nn), overwritten with A V; vw (nn x nn, or null) gets V. */
    public interface SvdPage {
        PageOutcome solve(int page, double[] w, double[] vw, int mm, int nn);
    }

    /** One page's inverters, in place on interleaved w; each returns success (a direct outcome) and its device time. */
    public interface Inverter {
        PageOutcome cholesky(double[] w, int n);

        PageOutcome gaussJordan(double[] w, int n);
    }

    /** What an empty page's solve did: nothing, converged. */
    private static final PageOutcome EMPTY = new PageOutcome(0, 0, true, 0, null);

    public ComplexEigResult eig(final ComplexPageArray a, SolverOptions o, String method, final EigPage solver) {
        final int n = a.rows(), pages = a.pages();
        final Precision prec = a.precision();
        final PageArray values = PageArray.zeros(prec, n, 1, pages);
        final ComplexPageArray vectors = o.vectors() ? ComplexPageArray.zeros(prec, n, n, pages) : null;
        final PageStats stats = new PageStats(pages);
        driver.forEachPage(pages, k -> {
            double[] w = a.pageAsDouble(k);
            ComplexAssembly.hermitianize(w, n);
            double[] v = vectors != null ? new double[2 * n * n] : null;
            PageOutcome r = n == 0 ? EMPTY : solver.solve(k, w, v); // a device solver is never handed an empty page
            stats.record(k, r);
            if (r.values != null) for (int i = 0; i < n; i++) w[2 * (i + i * n)] = r.values[i];
            ComplexAssembly.eig(w, v, n, values, vectors, k);
        });
        return new ComplexEigResult(values, vectors, driver.report(stats, method, prec));
    }

    /** Hermitian eig of every page through one batched solve (see {@link EigBatch}); the outputs as {@link #eig}. */
    public ComplexEigResult eigBatched(final ComplexPageArray a, SolverOptions o, String method, EigBatch solver) {
        final int n = a.rows(), pages = a.pages();
        final Precision prec = a.precision();
        final PageArray values = PageArray.zeros(prec, n, 1, pages);
        final ComplexPageArray vectors = o.vectors() ? ComplexPageArray.zeros(prec, n, n, pages) : null;
        final PageStats stats = new PageStats(pages);
        double[][] w = new double[pages][], v = vectors != null ? new double[pages][] : null;
        for (int k = 0; k < pages; k++) {
            w[k] = a.pageAsDouble(k);
            ComplexAssembly.hermitianize(w[k], n);
            if (v != null) v[k] = new double[2 * n * n];
        }
        double[][] d = solver.solve(w, v, stats);
        for (int k = 0; k < pages; k++) {
            for (int i = 0; i < n; i++) w[k][2 * (i + i * n)] = d[k][i];
            ComplexAssembly.eig(w[k], v != null ? v[k] : null, n, values, vectors, k);
        }
        return new ComplexEigResult(values, vectors, driver.report(stats, method, prec));
    }

    /**
     * @param safeSpan the widest column-norm span the solver takes after scaling ({@link SvdScaling});
     *                 a page beyond it is refused with BAD_SCALING naming the span
     */
    public ComplexSvdResult svd(final ComplexPageArray a, final SolverOptions o, String method, double safeSpan,
                                final SvdPage solver) {
        return svd(a, o, method, safeSpan, solver, null);
    }

    /**
     * Every page at once (a batched device solver): w[k] is page k's A or A^H (interleaved mm x nn, mm >= nn, scaled
     * as for {@link SvdPage}), to be overwritten with A V; vw[k] (nn x nn, or vw null) gets V; each page recorded in stats.
     */
    public interface SvdBatch {
        /**
         * Solves every page; returns per page the singular values where the solver left U's columns (normalised,
         * polished) in w, or null (for every page, or for one) where w holds A V and the norms are taken here.
         */
        double[][] solve(double[][] w, double[][] vw, int mm, int nn, PageStats stats);
    }

    /** The SVD of every page through one batched solve (see {@link SvdBatch}); scaling and outputs as {@link #svd}. */
    public ComplexSvdResult svdBatched(final ComplexPageArray a, final SolverOptions o, String method, double safeSpan,
                                       final SvdBatch batch) {
        return svd(a, o, method, safeSpan, null, batch);
    }

    private ComplexSvdResult svd(final ComplexPageArray a, final SolverOptions o, String method, double safeSpan,
                                 final SvdPage solver, final SvdBatch batch) {
        final int m = a.rows(), n = a.cols(), pages = a.pages(), kmin = Math.min(m, n);
        final Precision prec = a.precision();
        final boolean vec = o.vectors();
        final PageArray s = PageArray.zeros(prec, kmin, 1, pages);
        final ComplexPageArray u = vec ? ComplexPageArray.zeros(prec, m, o.econ() ? kmin : m, pages) : null;
        final ComplexPageArray v = vec ? ComplexPageArray.zeros(prec, n, o.econ() ? kmin : n, pages) : null;
        final PageStats stats = new PageStats(pages);
        final boolean tall = m >= n;
        final int mm = tall ? m : n, nn = tall ? n : m; // work on A or A^H so that mm >= nn
        final ComplexPageArray work = tall ? a : conjugateTranspose(a);
        // an interleaved page is a real 2mm x nn array with the same column norms: the real path's scaling [8]
        final SvdScaling scaling = SvdScaling.of(work.asRealColumns(), safeSpan);
        for (int k = 0; k < pages; k++) {
            if (!scaling.fits(k)) {
                throw new JacobiException(ErrorKind.BAD_SCALING, String.format(Locale.ROOT,
                        "%s%s has column norms spanning about 1e%d; the complex SVD handles spans up to 1e%d for now "
                                + "(scale the columns closer together)", o.where(), pages > 1 ? " (page " + (k + 1) + ")" : "",
                        Math.round(scaling.spanDecades(k)), Math.round(Math.log10(safeSpan))));
            }
        }
        if (batch != null) {
            double[][] w = new double[pages][], vw = vec ? new double[pages][] : null;
            for (int k = 0; k < pages; k++) {
                w[k] = work.pageAsDouble(k);
                scaling.scale(w[k], k);
                if (vw != null) vw[k] = new double[2 * nn * nn];
            }
            double[][] sigma = nn > 0 ? batch.solve(w, vw, mm, nn, stats) : null;
            for (int k = 0; k < pages; k++)
                ComplexAssembly.svd(w[k], sigma != null ? sigma[k] : null, vw != null ? vw[k] : null, mm, nn, tall, s, u, v, k);
        } else driver.forEachPage(pages, k -> {
            double[] w = work.pageAsDouble(k);
            scaling.scale(w, k);
            double[] vw = vec ? new double[2 * nn * nn] : null;
            PageOutcome r = nn == 0 ? EMPTY : solver.solve(k, w, vw, mm, nn);
            stats.record(k, r);
            ComplexAssembly.svd(w, r.values, vw, mm, nn, tall, s, u, v, k);
        });
        scaling.unscale(s);
        return new ComplexSvdResult(u, s, v, driver.report(stats, method, prec));
    }

    public ComplexInverseResult inv(final ComplexPageArray a, final SolverOptions o, final Inverter inv) {
        final int n = a.rows(), pages = a.pages();
        final Precision prec = a.precision();
        final ComplexPageArray x = ComplexPageArray.zeros(prec, n, n, pages);
        final double[] rcond = new double[pages];
        final boolean[] singular = new boolean[pages];
        final String[] used = new String[pages];
        final java.util.concurrent.atomic.AtomicLong compute = new java.util.concurrent.atomic.AtomicLong();
        driver.forEachPage(pages, k -> {
            double[] w = a.pageAsDouble(k);
            InverseCheck.Norm norm = modulusNorm(w, n);
            boolean ok = n == 0; // the 0 x 0 inverse: nothing to compute
            used[k] = Methods.GAUSS_JORDAN;
            // auto: Cholesky first for exactly Hermitian pages (a device's potrf reads one triangle only)
            if (!ok && !Methods.GAUSS_JORDAN.equals(o.method()) && exactlyHermitian(w, n)) {
                double[] c = w.clone();
                PageOutcome r = inv.cholesky(c, n);
                compute.addAndGet(r.computeNanos);
                ok = r.converged;
                if (ok) { w = c; used[k] = Methods.CHOLESKY; }
            }
            if (!ok && Methods.CHOLESKY.equals(o.method())) {
                throw new JacobiException(ErrorKind.NOT_POSITIVE_DEFINITE, o.where()
                        + " is not Hermitian positive definite, so Method 'cholesky' cannot invert it"
                        + (pages > 1 ? " (page " + (k + 1) + ")" : "") + "; use 'auto' or 'gaussjordan'");
            }
            if (!ok) {
                PageOutcome r = inv.gaussJordan(w, n);
                compute.addAndGet(r.computeNanos);
                ok = r.converged;
            }
            // the 1-norm of complex A is that of |A|; finiteness judged on the parts (|x| may pass MAX_VALUE)
            boolean finite = ok;
            for (int i = 0; finite && i < w.length; i++) finite = w[i] - w[i] == 0;
            rcond[k] = n == 0 ? Double.POSITIVE_INFINITY : finite ? InverseCheck.rcond(norm, modulusNorm(w, n)) : 0;
            singular[k] = rcond[k] == 0;
            if (singular[k]) java.util.Arrays.fill(w, Double.POSITIVE_INFINITY);
            x.writePage(k, w);
        });
        String method = pages > 0 ? used[0] : o.method();
        for (String u : used) if (u != null && !u.equals(method)) method = "mixed";
        return new ComplexInverseResult(x, rcond, singular, driver.directReport(method, prec, pages, compute.get()));
    }

    /** Whether the interleaved page equals its conjugate transpose exactly (real diagonal included). */
    static boolean exactlyHermitian(double[] w, int n) {
        for (int j = 0; j < n; j++) {
            if (w[2 * (j + j * n) + 1] != 0) return false;
            for (int i = 0; i < j; i++) {
                int ij = 2 * (i + j * n), ji = 2 * (j + i * n);
                if (w[ij] != w[ji] || w[ij + 1] != -w[ji + 1]) return false;
            }
        }
        return true;
    }

    /** |a_ij| of an interleaved n x n page (Inf or NaN where a part is). */
    /** ||w||_1 as |w|'s 1-norm; when a modulus overflows (both parts near MAX_VALUE), of |w 2^-64| times 2^64. */
    private static InverseCheck.Norm modulusNorm(double[] w, int n) {
        double[] m = moduli(w, n);
        boolean overflow = false;
        for (int i = 0; !overflow && i < m.length; i++) overflow = Double.isInfinite(m[i]);
        if (!overflow) return InverseCheck.norm1Of(m, n);
        for (int i = 0; i < m.length; i++) m[i] = ComplexRotation.abs(Math.scalb(w[2 * i], -64), Math.scalb(w[2 * i + 1], -64));
        return new InverseCheck.Norm(InverseCheck.norm1(m, n), 64);
    }

    private static double[] moduli(double[] w, int n) {
        double[] m = new double[n * n];
        for (int i = 0; i < n * n; i++) m[i] = ComplexRotation.abs(w[2 * i], w[2 * i + 1]);
        return m;
    }

    /** A^H page by page, in a's precision (exact: a transpose and a sign). */
    private static ComplexPageArray conjugateTranspose(ComplexPageArray a) {
        ComplexPageArray t = ComplexPageArray.zeros(a.precision(), a.cols(), a.rows(), a.pages());
        for (int k = 0; k < a.pages(); k++) t.writePage(k, ComplexAssembly.conjugateTranspose(a.pageAsDouble(k), a.rows(), a.cols()));
        return t;
    }
}
