package io.github.gpujacobi.api;

/**
 * The inverse of every page with a reciprocal condition estimate (1-norm, like MATLAB's
 * {@code rcond}). A singular page is filled with Inf, as MATLAB's {@code inv} does, and flagged.
 */
public final class InverseResult {
    private final PageArray inverse;
    private final double[] rcond;
    private final boolean[] singular;
    private final RunReport report;

    public InverseResult(PageArray inverse, double[] rcond, boolean[] singular, RunReport report) {
        this.inverse = inverse;
        this.rcond = rcond.clone();
        this.singular = singular.clone();
        this.report = report;
    }

    public PageArray inverse() { return inverse; }

    /**
     * Reciprocal 1-norm condition number per page, 1/(||A||_1 ||inv(A)||_1) from the computed inverse
     * (0 for a singular page; {@link Double#MIN_VALUE} for a nonsingular page whose RCOND lies below
     * double's range, such as diag(1e-300, 1, 1e300)).
     */
    public double rcond(int page) { return rcond[page]; }

    public double[] rcond() { return rcond.clone(); }

    public boolean singular(int page) { return singular[page]; }

    public boolean anySingular() {
        for (boolean s : singular) if (s) return true;
        return false;
    }

    /** Smallest rcond over the pages (what a warning reports). */
    public double minRcond() {
        double m = Double.POSITIVE_INFINITY;
        for (double r : rcond) m = Math.min(m, r);
        return rcond.length == 0 ? Double.POSITIVE_INFINITY : m;
    }

    public RunReport report() { return report; }

    public InverseResult withReport(RunReport r) { return new InverseResult(inverse, rcond, singular, r); }
}
