package io.github.gpujacobi.api;

/**
 * The inverse of every page with a reciprocal condition estimate (1-norm, like MATLAB's
 * {@code rcond}). A singular page is filled with Inf, as MATLAB's {@code inv} does, and flagged.
 */
public final class InverseResult {
    private final PageArray inverse;
    private final InverseConditions conditions;
    private final RunReport report;

    public InverseResult(PageArray inverse, double[] rcond, boolean[] singular, RunReport report) {
        this(inverse, new InverseConditions(rcond, singular), report);
    }

    private InverseResult(PageArray inverse, InverseConditions conditions, RunReport report) {
        this.inverse = inverse;
        this.conditions = conditions;
        this.report = report;
    }

    public PageArray inverse() { return inverse; }

    /**
     * Reciprocal 1-norm condition number per page, 1/(||A||_1 ||inv(A)||_1) from the computed inverse
     * (0 for a singular page; {@link Double#MIN_VALUE} for a nonsingular page whose RCOND lies below
     * double's range, such as diag(1e-300, 1, 1e300)).
     */
    public double rcond(int page) { return conditions.rcond(page); }

    public double[] rcond() { return conditions.rcond(); }

    public boolean singular(int page) { return conditions.singular(page); }

    public boolean anySingular() { return conditions.anySingular(); }

    /** Smallest rcond over the pages (what a warning reports). */
    public double minRcond() { return conditions.minRcond(); }

    public RunReport report() { return report; }

    public InverseResult withReport(RunReport r) { return new InverseResult(inverse, conditions, r); }
}
