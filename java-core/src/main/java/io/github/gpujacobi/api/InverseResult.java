package io.github.gpujacobi.api;

/**
 * The inverse of every page with a reciprocal condition estimate (1-norm, like MATLAB's
 * {@code rcond}). A singular page is filled with Inf, as MATLAB's {@code inv} does, and flagged.
 */
public final class InverseResult extends AbstractInverseResult<PageArray> {
    public InverseResult(PageArray inverse, double[] rcond, boolean[] singular, RunReport report) {
        this(inverse, new InverseConditions(rcond, singular), report);
    }

    InverseResult(PageArray inverse, InverseConditions conditions, RunReport report) {
        super(inverse, conditions, report);
    }

    @Override
    public InverseResult withReport(RunReport r) { return new InverseResult(inverse(), conditions(), r); }
}
