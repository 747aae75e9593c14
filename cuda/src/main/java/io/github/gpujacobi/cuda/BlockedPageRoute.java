package io.github.gpujacobi.cuda;

import io.github.gpujacobi.cuda.batched.CudaBatchedEig;
import io.github.gpujacobi.cuda.batched.CudaBatchedSvd;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;

/**
 * Method 'blocked' on a page array whose pages the batched page kernels take: it runs as the default ('auto') page
 * route, which does for small pages what the blocked route does for large matrices (one launch for every page, block
 * Jacobi inside the larger pages, graded pages sent on to the blocked route for their relative accuracy), where the
 * blocked route itself would run its launch sequence once per page and take thousands of times longer. The result is
 * the same class, the report says which route ran and why. Single matrices and larger pages keep the blocked route.
 */
final class BlockedPageRoute {
    private BlockedPageRoute() {}

    static boolean takesEig(SolverOptions o, PageArray a) {
        return Methods.BLOCKED.equals(o.method()) && a.pages() > 1 && CudaBatchedEig.fits(a.rows());
    }

    static boolean takesSvd(SolverOptions o, PageArray a) {
        return Methods.BLOCKED.equals(o.method()) && a.pages() > 1 && CudaBatchedSvd.fits(a.rows(), a.cols());
    }

    /** The options the page route runs with. */
    static SolverOptions asPages(SolverOptions o) {
        return o.withMethod(Methods.AUTO);
    }

    static EigResult noted(EigResult r, PageArray a) {
        return r.withReport(noted(r.report(), a));
    }

    static SvdResult noted(SvdResult r, PageArray a) {
        return r.withReport(noted(r.report(), a));
    }

    private static RunReport noted(RunReport r, PageArray a) {
        return r.withNote("Method 'blocked' on " + a.pages() + " pages of " + a.rows() + " x " + a.cols()
                + ": the batched page kernels ran instead (all pages at once; the blocked route is for large matrices)");
    }
}
