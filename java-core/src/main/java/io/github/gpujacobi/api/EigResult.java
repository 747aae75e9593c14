package io.github.gpujacobi.api;

/**
 * Symmetric eigendecomposition A = V diag(d) V' of every page: eigenvalues ascending (MATLAB's
 * order for symmetric {@code eig}) as an n x 1 x p array, eigenvectors n x n x p (null when only
 * values were asked for).
 */
public final class EigResult extends AbstractEigResult<PageArray> {
    public EigResult(PageArray values, PageArray vectors, RunReport report) {
        super(values, vectors, report);
    }

    @Override
    public EigResult withReport(RunReport r) { return new EigResult(values(), vectors(), r); }
}
