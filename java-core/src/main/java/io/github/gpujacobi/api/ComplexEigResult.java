package io.github.gpujacobi.api;

/**
 * Hermitian eigendecomposition A = V diag(d) V^H of every page: real eigenvalues ascending as an
 * n x 1 x p real array, unitary eigenvectors n x n x p complex (null when only values were asked for).
 */
public final class ComplexEigResult {
    private final PageArray values;
    private final ComplexPageArray vectors;
    private final RunReport report;

    public ComplexEigResult(PageArray values, ComplexPageArray vectors, RunReport report) {
        this.values = values;
        this.vectors = vectors;
        this.report = report;
    }

    public PageArray values() { return values; }

    public ComplexPageArray vectors() { return vectors; }

    public RunReport report() { return report; }

    public ComplexEigResult withReport(RunReport r) { return new ComplexEigResult(values, vectors, r); }
}
