package io.github.gpujacobi.api;

/**
 * The inverse of every page, for either element type (M is {@link PageArray} or {@link ComplexPageArray}), with a
 * reciprocal condition estimate (1-norm, like MATLAB's {@code rcond}). A singular page is filled with Inf (real
 * and imaginary parts), as MATLAB's {@code inv} does, and flagged. {@link InverseResult} and
 * {@link ComplexInverseResult} are its two kinds.
 */
public abstract class AbstractInverseResult<M> {
    private final M inverse;
    private final InverseConditions conditions;
    private final RunReport report;

    AbstractInverseResult(M inverse, InverseConditions conditions, RunReport report) {
        this.inverse = inverse;
        this.conditions = conditions;
        this.report = report;
    }

    public final M inverse() { return inverse; }

    /**
     * Reciprocal 1-norm condition number per page, 1/(||A||_1 ||inv(A)||_1) from the computed inverse
     * (0 for a singular page; {@link Double#MIN_VALUE} for a nonsingular page whose RCOND lies below
     * double's range, such as diag(1e-300, 1, 1e300)).
     */
    public final double rcond(int page) { return conditions.rcond(page); }

    public final double[] rcond() { return conditions.rcond(); }

    public final boolean singular(int page) { return conditions.singular(page); }

    public final boolean anySingular() { return conditions.anySingular(); }

    /** Smallest rcond over the pages (what a warning reports). */
    public final double minRcond() { return conditions.minRcond(); }

    public final RunReport report() { return report; }

    final InverseConditions conditions() { return conditions; }

    public abstract AbstractInverseResult<M> withReport(RunReport r);
}
