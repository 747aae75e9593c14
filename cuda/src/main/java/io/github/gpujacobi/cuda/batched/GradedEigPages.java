package io.github.gpujacobi.cuda.batched;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.core.Grading;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageLoop;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.PageStats;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The eig default's accuracy on the fast two-sided routes (the batched page kernels, the fused MCA kernel): two-sided
 * Jacobi is relatively accurate on graded definite pages, not on graded indefinite ones [6], so a page that is graded
 * ({@link Grading#graded}) and whose eigenvalues came out of both signs and spread ({@link Grading#indefiniteAndSpread})
 * is solved again by a relatively accurate
 * route (the real blocked route: Bunch-Parlett and the blocked hyperbolic Jacobi [4, 10]; for Hermitian pages that
 * route on the real embedding). Ungraded or definite pages keep the fast result.
 */
public final class GradedEigPages {
    /**
     * The relatively accurate route for one page: w (n x n, may be destroyed), eigenvectors into v (or null); null when
     * it cannot take the page (the fast result stands).
     */
    public interface Route {
        PageOutcome solve(double[] w, int n, double[] v);
    }

    private final Route route;
    private final int parts;
    private final AtomicInteger resolved = new AtomicInteger();

    /** @param parts numbers per entry: 1 real, 2 interleaved complex */
    public GradedEigPages(Route route, int parts) {
        this.route = route;
        this.parts = parts;
    }

    /** A copy of the symmetric page w when it is graded (and not diagonal, which every route solves exactly); else null. */
    public double[] keepIfGraded(double[] w, int n) {
        return Grading.graded(w, n, n, parts) && !IndefiniteEig.diagonal(w, n, parts) ? w.clone() : null;
    }

    /**
     * The outcome to keep for a page whose graded copy is {@code kept} (from {@link #keepIfGraded}) and whose fast
     * outcome is {@code fast}: the accurate route's where the fast eigenvalues have both signs and spread (vectors over v).
     */
    public PageOutcome resolve(double[] kept, int n, double[] v, PageOutcome fast) {
        if (kept == null || !Grading.indefiniteAndSpread(fast.values)) return fast;
        double[] vr = v != null ? new double[v.length] : null; // v keeps the fast vectors if the route gives up
        PageOutcome r = route.solve(kept, n, vr);
        if (r == null) return fast;
        resolved.incrementAndGet();
        if (v != null) System.arraycopy(vr, 0, v, 0, v.length);
        return new PageOutcome(r.sweeps, r.rotations, r.converged, fast.computeNanos + r.computeNanos, r.values);
    }

    /**
     * After a batched solve of every page of a: the graded indefinite pages again, their results replaced.
     *
     * @param graded each page's {@link Grading#graded} as the device found it, or null (then looked at here)
     */
    public void resolve(final PageArray a, final boolean[] graded, final PageArray values, PageArray vectors, PageStats stats) {
        final int n = a.rows(), pages = a.pages();
        // with the device's grading: that flag first, the O(n) test of the values only for graded pages (most pages
        // are not: a pass over every page's values cost most of a millisecond on thousands of them); without it, the
        // O(n) test on every page's values first, the O(n^2) look at its rows only where that passes, in parallel
        final boolean[] suspect = new boolean[pages];
        if (graded != null) {
            for (int k = 0; k < pages; k++) suspect[k] = graded[k] && Grading.indefiniteAndSpread(values.pageAsDouble(k));
        } else {
            PageLoop.forEach(pages, Runtime.getRuntime().availableProcessors(), k ->
                    suspect[k] = Grading.indefiniteAndSpread(values.pageAsDouble(k)) && Grading.graded(a, k));
        }
        for (int k = 0; k < pages; k++) {
            if (!suspect[k]) continue;
            double[] w = a.pageAsDouble(k);
            PageAssembly.symmetrize(w, n);
            if (IndefiniteEig.diagonal(w, n, parts)) continue; // graded already known: only the exact case stays out
            double[] v = vectors != null ? new double[n * n] : null;
            PageOutcome r = route.solve(w, n, v);
            if (r == null) continue;
            resolved.incrementAndGet();
            stats.record(k, r);
            PageAssembly.eig(r.values, v, n, values, vectors, k);
        }
    }

    /** The pages solved again by the accurate route so far. */
    public int resolved() { return resolved.get(); }

    /** The report, with a note naming the pages that took the accurate route (and the method, when all did). */
    public RunReport report(RunReport r, int pages) {
        int g = resolved.get();
        if (g == 0) return r;
        r = r.withNote((pages > 1 ? g + " of " + pages + " pages" : "the matrix")
                + " graded and indefinite: solved again by the relatively accurate route"
                + " (Bunch-Parlett and blocked hyperbolic Jacobi" + (parts == 2 ? ", on the real embedding" : "") + ")");
        return r.withMethod(g == pages ? "blocked" : "mixed");
    }
}
