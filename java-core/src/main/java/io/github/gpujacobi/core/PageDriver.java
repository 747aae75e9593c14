package io.github.gpujacobi.core;

import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.HsvdResult;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;

import java.util.ArrayList;
import java.util.List;

/**
 * The page loop every backend shares: allocates the outputs of a 3-D array, hands each page to the
 * backend's solver (in parallel on {@code threads} threads, or in turn with 1), records what it
 * did, assembles the sorted results and the report. A backend supplies solvers, not policy:
 * per-page ones ({@link EigPage}, {@link SvdPage}, {@link HsvdPage}) or batched ones that solve
 * every page at once ({@link EigBatch}, {@link SvdBatch}). Inversion's policy is {@link InversionPolicy}.
 */
public final class PageDriver {
    /** The sweep limit when the caller sets none. */
    public static final int DEFAULT_MAX_SWEEPS = 60;

    private final String backend;
    private final int threads;
    private final boolean device;
    private final List<String> notes;

    /**
     * @param threads pages solved at once (1: in turn, on the calling thread)
     * @param device  whether the report carries the solvers' summed device compute time
     */
    public PageDriver(String backend, int threads, boolean device, List<String> notes) {
        this.backend = backend;
        this.threads = threads;
        this.device = device;
        this.notes = notes;
    }

    public static int maxSweeps(SolverOptions o) { return o.maxSweepsOr(DEFAULT_MAX_SWEEPS); }

    /** One symmetric page: w (n x n, symmetrised, destroyed), v (n x n out, or null); outcome.values = eigenvalues. */
    public interface EigPage {
        PageOutcome solve(int page, double[] w, double[] v);
    }

    /** As {@link EigPage}, given the page's {@link SymmetricPage} pass: its w (destroyed) and what the pass gathered. */
    public interface SymmetricEigPage {
        PageOutcome solve(int page, SymmetricPage p, double[] v);
    }

    /**
     * One page of the SVD: w is A (m >= n) or A' (wide A), mm x nn with mm >= nn; on return w holds
     * A V (outcome.values null: the driver takes the column norms) or U with outcome.values = the
     * singular values; vw (nn x nn, or null) receives V.
     */
    public interface SvdPage {
        PageOutcome solve(int page, double[] w, double[] vw, int mm, int nn);
    }

    /**
     * One page of the hyperbolic SVD: on return w holds G W (orthogonal columns), vw W; j the signs. Or, with
     * outcome.values = the column norms sigma, w holds the columns of U = G W / sigma.
     */
    public interface HsvdPage {
        PageOutcome solve(int page, double[] w, double[] vw, double[] j);
    }

    /**
     * Every page at once: fills the outputs' values/vectors (sorted) and the per-page stats. The outputs may still be
     * being allocated: a solver calls get() where it first writes them, after its device work is under way.
     */
    public interface EigBatch {
        void solve(Deferred<PageOutputs.Eig> out, PageStats stats);
    }

    /**
     * Every page at once: fills the outputs' s, u, v (sorted) and the per-page stats; each output asked for where first
     * written, as for {@link EigBatch}.
     */
    public interface SvdBatch {
        void solve(PageOutputs.PendingSvd out, PageStats stats);
    }

    public void forEachPage(int pages, java.util.function.IntConsumer body) {
        PageLoop.forEach(pages, threads, body);
    }

    public EigResult eig(final PageArray a, SolverOptions o, String method, final EigPage solver) {
        return eig(a, o, method, false, (k, p, v) -> solver.solve(k, p.w, v));
    }

    /**
     * @param check whether each page's pass makes the API's input checks ({@link SymmetricPage#read}): for a backend
     *              that declares {@link io.github.gpujacobi.api.Backend#checksInput}, one page at a time
     */
    public EigResult eig(final PageArray a, final SolverOptions o, String method, final boolean check,
                         final SymmetricEigPage solver) {
        final int n = a.rows();
        final boolean vec = o.vectors();
        final PageOutputs.Eig out = PageOutputs.eig(a, vec);
        final PageStats stats = new PageStats(a.pages());
        forEachPage(a.pages(), k -> {
            SymmetricPage p = SymmetricPage.read(a, k, o, check);
            double[] v = vec ? new double[n * n] : null;
            PageOutcome r = solver.solve(k, p, v);
            stats.record(k, r);
            PageAssembly.eig(r.values, v, n, out.values, out.vectors, k);
        });
        return new EigResult(out.values, out.vectors, report(stats, method, a.precision()));
    }

    public EigResult eigBatched(PageArray a, SolverOptions o, String method, EigBatch solver) {
        Deferred<PageOutputs.Eig> pending = PageOutputs.eigLater(a, o.vectors());
        PageStats stats = new PageStats(a.pages());
        solver.solve(pending, stats);
        PageOutputs.Eig out = pending.get();
        return new EigResult(out.values, out.vectors, report(stats, method, a.precision()));
    }

    /**
     * The SVD page loop with [8]'s exact power-of-2 scaling ({@link SvdScaling}): a page is scaled into
     * the solver's safe range first and its singular values back after; a page whose column norms
     * span more than {@code safeSpan} is solved by {@link ColumnScaledJacobi} instead (on a device
     * backend with a note saying so).
     */
    public SvdResult svd(final PageArray a, final SolverOptions o, String method, double safeSpan, final SvdPage solver) {
        final int m = a.rows(), n = a.cols();
        final boolean tall = m >= n, vec = o.vectors();
        final int mm = tall ? m : n, nn = tall ? n : m; // work on A or A' so that mm >= nn
        final PageOutputs.Svd out = PageOutputs.svd(a, vec, o.econ());
        final PageStats stats = new PageStats(a.pages());
        final SvdScaling scaling = SvdScaling.of(a, safeSpan);
        final double tol = o.tolFor(a.precision(), nn);
        forEachPage(a.pages(), k -> {
            if (!scaling.fits(k)) {
                ColumnScaledJacobi.page(a, k, tol, maxSweeps(o), o.fixedSweeps(), out.s, out.u, out.v, stats);
                return;
            }
            double[] page = a.pageAsDouble(k);
            scaling.scale(page, k);
            double[] w = tall ? page : PageAssembly.transpose(page, m, n);
            double[] vw = vec ? new double[nn * nn] : null;
            PageOutcome r = solver.solve(k, w, vw, mm, nn);
            stats.record(k, r);
            if (r.values == null) PageAssembly.svd(w, vw, mm, nn, tall, out.s, out.u, out.v, k);
            else PageAssembly.svd(w, r.values, true, vw, mm, nn, tall, out.s, out.u, out.v, k);
        });
        scaling.unscale(out.s);
        return new SvdResult(out.u, out.s, out.v, report(stats, method, a.precision(), scalingNotes(scaling, a.pages(), safeSpan)));
    }

    /**
     * A batched SVD over pages already scaled by {@code scaling} (the solver sees {@link SvdScaling#scaled});
     * pages beyond the span are solved by {@link ColumnScaledJacobi}, the singular values scaled back.
     */
    public SvdResult svdBatched(final PageArray a, SolverOptions o, String method, SvdScaling scaling, double safeSpan,
                                SvdBatch solver) {
        PageOutputs.PendingSvd pending = PageOutputs.svdLater(a, o.vectors(), o.econ());
        PageStats stats = new PageStats(a.pages());
        solver.solve(pending, stats);
        PageOutputs.Svd out = pending.all();
        double tol = o.tolFor(a.precision(), Math.min(a.rows(), a.cols()));
        for (int k = 0; k < a.pages(); k++) {
            if (!scaling.fits(k)) ColumnScaledJacobi.page(a, k, tol, maxSweeps(o), o.fixedSweeps(), out.s, out.u, out.v, stats);
        }
        scaling.unscale(out.s);
        return new SvdResult(out.u, out.s, out.v, report(stats, method, a.precision(), scalingNotes(scaling, a.pages(), safeSpan)));
    }

    /** On a device backend, one note per page that went to the CPU's column-scaled solver. */
    private List<String> scalingNotes(SvdScaling scaling, int pages, double safeSpan) {
        List<String> extra = new ArrayList<String>();
        if (!device) return extra;
        for (int k = 0; k < pages; k++) if (!scaling.fits(k)) extra.add(scaling.note(k, pages, "GPU", safeSpan));
        return extra;
    }

    /** The hyperbolic SVD page loop, pages scaled by 2^e as for the SVD (beyond safeSpan: refused, naming the variable). */
    public HsvdResult hsvd(final PageArray g, final PageArray signs, SolverOptions o, String method, double safeSpan,
                           final HsvdPage solver) {
        final int m = g.rows(), n = g.cols(), pages = g.pages();
        final Precision prec = g.precision();
        final boolean vec = o.vectors();
        final PageArray s = PageArray.zeros(prec, n, 1, pages), js = PageArray.zeros(prec, n, 1, pages);
        final PageArray u = vec ? PageArray.zeros(prec, m, o.econ() ? n : m, pages) : null;
        final PageArray v = vec ? PageArray.zeros(prec, n, n, pages) : null;
        final PageStats stats = new PageStats(pages);
        final SvdScaling scaling = SvdScaling.hsvd(g, safeSpan, o);
        forEachPage(pages, k -> {
            double[] w = g.pageAsDouble(k);
            scaling.scale(w, k);
            double[] j = signs.pageAsDouble(signs.pages() == 1 ? 0 : k);
            double[] vw = vec ? new double[n * n] : null;
            PageOutcome r = solver.solve(k, w, vw, j);
            stats.record(k, r);
            HsvdAssembly.page(w, r.values, vw, m, n, j, s, u, v, js, k);
        });
        scaling.unscale(s);
        return new HsvdResult(u, s, v, js, report(stats, method, prec));
    }

    /** The one error for a hyperbolic SVD whose G is not of full column rank (both backends). */
    public static JacobiException rankDeficient(SolverOptions o, int pages, int page, String detail) {
        return new JacobiException(ErrorKind.RANK_DEFICIENT, o.where() + " is not of full column rank"
                + (pages > 1 ? " (page " + (page + 1) + ")" : "") + ": " + detail
                + "; the hyperbolic SVD needs linearly independent columns");
    }

    RunReport report(PageStats stats, String method, Precision p) {
        return report(stats, method, p, new ArrayList<String>());
    }

    RunReport report(PageStats stats, String method, Precision p, List<String> extra) {
        List<String> copy = new ArrayList<String>(notes);
        copy.addAll(extra);
        return device ? stats.deviceReport(backend, method, p, copy) : stats.report(backend, method, p, copy);
    }

    public RunReport directReport(String method, Precision p, int pages, long computeNanos) {
        RunReport r = RunReport.direct(backend, method, p, pages, 0, new ArrayList<String>(notes));
        return device ? r.withComputeNanos(computeNanos) : r;
    }
}
