package io.github.gpujacobi.api;

/**
 * Hyperbolic SVD G = U [Sigma; 0] V' with J-orthogonal V (V' J V = J) for every m x n page, m >= n.
 * {@code signs} is J's diagonal permuted to match the order of sigma (the seed keeps the positive
 * part decreasing, then the negative part increasing).
 */
public final class HsvdResult {
    private final PageArray u;
    private final PageArray s;
    private final PageArray v;
    private final PageArray signs;
    private final RunReport report;

    public HsvdResult(PageArray u, PageArray s, PageArray v, PageArray signs, RunReport report) {
        this.u = u;
        this.s = s;
        this.v = v;
        this.signs = signs;
        this.report = report;
    }

    public PageArray u() { return u; }

    public PageArray s() { return s; }

    public PageArray v() { return v; }

    public PageArray signs() { return signs; }

    public RunReport report() { return report; }

    public HsvdResult withReport(RunReport r) { return new HsvdResult(u, s, v, signs, r); }
}
