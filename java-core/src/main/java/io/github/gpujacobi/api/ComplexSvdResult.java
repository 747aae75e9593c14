package io.github.gpujacobi.api;

/**
 * A = U diag(s) V^H of every complex m x n page: real singular values descending as a k x 1 x p
 * array (k = min(m, n)); complex unitary U (m x m, or m x k economy) and V (n x n, or n x k); both
 * null when only values were asked for.
 */
public final class ComplexSvdResult {
    private final ComplexPageArray u;
    private final PageArray s;
    private final ComplexPageArray v;
    private final RunReport report;

    public ComplexSvdResult(ComplexPageArray u, PageArray s, ComplexPageArray v, RunReport report) {
        this.u = u;
        this.s = s;
        this.v = v;
        this.report = report;
    }

    public ComplexPageArray u() { return u; }

    public PageArray s() { return s; }

    public ComplexPageArray v() { return v; }

    public RunReport report() { return report; }

    public ComplexSvdResult withReport(RunReport r) { return new ComplexSvdResult(u, s, v, r); }
}
