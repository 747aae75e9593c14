package io.github.gpujacobi.api;

/**
 * A = U diag(s) V^H of every complex m x n page: real singular values descending as a k x 1 x p
 * array (k = min(m, n)); complex unitary U (m x m, or m x k economy) and V (n x n, or n x k); both
 * null when only values were asked for.
 */
public final class ComplexSvdResult extends AbstractSvdResult<ComplexPageArray> {
    public ComplexSvdResult(ComplexPageArray u, PageArray s, ComplexPageArray v, RunReport report) {
        super(u, s, v, report);
    }

    @Override
    public ComplexSvdResult withReport(RunReport r) { return new ComplexSvdResult(u(), s(), v(), r); }
}
