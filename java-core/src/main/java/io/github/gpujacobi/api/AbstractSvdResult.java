package io.github.gpujacobi.api;

/**
 * A = U diag(s) V^H of every m x n page, for either element type (M is {@link PageArray} or
 * {@link ComplexPageArray}): real singular values descending as a k x 1 x p array (k = min(m, n)); U is m x m
 * (full) or m x k (economy), V is n x n or n x k; both null when only values were asked for.
 * {@link SvdResult} and {@link ComplexSvdResult} are its two kinds.
 */
public abstract class AbstractSvdResult<M> {
    private final M u;
    private final PageArray s;
    private final M v;
    private final RunReport report;

    AbstractSvdResult(M u, PageArray s, M v, RunReport report) {
        this.u = u;
        this.s = s;
        this.v = v;
        this.report = report;
    }

    public final M u() { return u; }

    public final PageArray s() { return s; }

    public final M v() { return v; }

    public final RunReport report() { return report; }

    public abstract AbstractSvdResult<M> withReport(RunReport r);
}
