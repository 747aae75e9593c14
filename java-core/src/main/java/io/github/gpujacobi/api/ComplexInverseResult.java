package io.github.gpujacobi.api;

/**
 * The inverse of every complex page with its reciprocal 1-norm condition number; a singular page
 * is filled with Inf (real and imaginary parts), as MATLAB's {@code inv} does, and flagged.
 */
public final class ComplexInverseResult {
    private final ComplexPageArray inverse;
    private final InverseConditions conditions;
    private final RunReport report;

    public ComplexInverseResult(ComplexPageArray inverse, double[] rcond, boolean[] singular, RunReport report) {
        this(inverse, new InverseConditions(rcond, singular), report);
    }

    private ComplexInverseResult(ComplexPageArray inverse, InverseConditions conditions, RunReport report) {
        this.inverse = inverse;
        this.conditions = conditions;
        this.report = report;
    }

    public ComplexPageArray inverse() { return inverse; }

    /** As {@link InverseResult#rcond(int)}: 1/(||A||_1 ||inv(A)||_1), 0 for a singular page. */
    public double rcond(int page) { return conditions.rcond(page); }

    public double[] rcond() { return conditions.rcond(); }

    public boolean singular(int page) { return conditions.singular(page); }

    public boolean anySingular() { return conditions.anySingular(); }

    public double minRcond() { return conditions.minRcond(); }

    public RunReport report() { return report; }

    public ComplexInverseResult withReport(RunReport r) { return new ComplexInverseResult(inverse, conditions, r); }
}
