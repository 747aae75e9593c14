package io.github.gpujacobi.api;

/**
 * Symmetric eigendecomposition A = V diag(d) V' of every page: eigenvalues ascending (MATLAB's
 * order for symmetric {@code eig}) as an n x 1 x p array, eigenvectors n x n x p (null when only
 * values were asked for).
 */
public final class EigResult {
    private final PageArray values;
    private final PageArray vectors;
    private final RunReport report;

    public EigResult(PageArray values, PageArray vectors, RunReport report) {
        this.values = values;
        this.vectors = vectors;
        this.report = report;
    }

    public PageArray values() { return values; }

    public PageArray vectors() { return vectors; }

    public RunReport report() { return report; }

    public EigResult withReport(RunReport r) { return new EigResult(values, vectors, r); }
}
