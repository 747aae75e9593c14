package io.github.gpujacobi.api;

/**
 * Hermitian eigendecomposition A = V diag(d) V^H of every page: real eigenvalues ascending as an
 * n x 1 x p real array, unitary eigenvectors n x n x p complex (null when only values were asked for).
 */
public final class ComplexEigResult extends AbstractEigResult<ComplexPageArray> {
    public ComplexEigResult(PageArray values, ComplexPageArray vectors, RunReport report) {
        super(values, vectors, report);
    }

    @Override
    public ComplexEigResult withReport(RunReport r) { return new ComplexEigResult(values(), vectors(), r); }
}
