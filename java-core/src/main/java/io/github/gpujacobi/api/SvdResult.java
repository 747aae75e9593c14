package io.github.gpujacobi.api;

/**
 * A = U diag(s) V' of every m x n page: singular values descending as a k x 1 x p array
 * (k = min(m, n)); U is m x m (full) or m x k (economy), V is n x n or n x k; both null when only
 * values were asked for.
 */
public final class SvdResult extends AbstractSvdResult<PageArray> {
    public SvdResult(PageArray u, PageArray s, PageArray v, RunReport report) {
        super(u, s, v, report);
    }

    @Override
    public SvdResult withReport(RunReport r) { return new SvdResult(u(), s(), v(), r); }
}
