package io.github.gpujacobi.api;

/**
 * The inverse of every complex page with its reciprocal 1-norm condition number; a singular page
 * is filled with Inf (real and imaginary parts), as MATLAB's {@code inv} does, and flagged.
 */
public final class ComplexInverseResult {
    private final ComplexPageArray inverse;
    private final double[] rcond;
    private final boolean[] singular;
    private final RunReport report;

    public ComplexInverseResult(ComplexPageArray inverse, double[] rcond, boolean[] singular, RunReport report) {
        this.inverse = inverse;
        this.rcond = rcond.clone();
        this.singular = singular.clone();
        this.report = report;
    }

    public ComplexPageArray inverse() { return inverse; }

    /** As {@link InverseResult#rcond(int)}: 1/(||A||_1 ||inv(A)||_1), 0 for a singular page. */
    public double rcond(int page) { return rcond[page]; }

    public double[] rcond() { return rcond.clone(); }

    public boolean singular(int page) { return singular[page]; }

    public boolean anySingular() {
        for (boolean s : singular) if (s) return true;
        return false;
    }

    public double minRcond() {
        double m = Double.POSITIVE_INFINITY;
        for (double r : rcond) m = Math.min(m, r);
        return m;
    }

    public RunReport report() { return report; }

    public ComplexInverseResult withReport(RunReport r) { return new ComplexInverseResult(inverse, rcond, singular, r); }
}
