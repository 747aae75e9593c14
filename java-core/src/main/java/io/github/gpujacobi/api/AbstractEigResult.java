package io.github.gpujacobi.api;

/**
 * Eigendecomposition A = V diag(d) V^H of every page, for either element type (V is {@link PageArray} or
 * {@link ComplexPageArray}): real eigenvalues ascending as an n x 1 x p array, eigenvectors n x n x p (null when
 * only values were asked for). {@link EigResult} and {@link ComplexEigResult} are its two kinds.
 */
public abstract class AbstractEigResult<V> {
    private final PageArray values;
    private final V vectors;
    private final RunReport report;

    AbstractEigResult(PageArray values, V vectors, RunReport report) {
        this.values = values;
        this.vectors = vectors;
        this.report = report;
    }

    public final PageArray values() { return values; }

    public final V vectors() { return vectors; }

    public final RunReport report() { return report; }

    public abstract AbstractEigResult<V> withReport(RunReport r);
}
