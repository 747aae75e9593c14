package io.github.gpujacobi.api;

/**
 * A = U diag(s) V' of every m x n page: singular values descending as a k x 1 x p array
 * (k = min(m, n)); U is m x m (full) or m x k (economy), V is n x n or n x k; both null when only
 * values were asked for.
 */
public final class SvdResult {
    private final PageArray u;
    private final PageArray s;
    private final PageArray v;
    private final RunReport report;

    public SvdResult(PageArray u, PageArray s, PageArray v, RunReport report) {
        this.u = u;
        this.s = s;
        this.v = v;
        this.report = report;
    }

    public PageArray u() { return u; }

    public PageArray s() { return s; }

    public PageArray v() { return v; }

    public RunReport report() { return report; }

    public SvdResult withReport(RunReport r) { return new SvdResult(u, s, v, r); }
}
