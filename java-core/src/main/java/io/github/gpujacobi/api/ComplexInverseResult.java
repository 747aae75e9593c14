package io.github.gpujacobi.api;

/**
 * The inverse of every complex page with its reciprocal 1-norm condition number; a singular page
 * is filled with Inf (real and imaginary parts), as MATLAB's {@code inv} does, and flagged.
 */
public final class ComplexInverseResult extends AbstractInverseResult<ComplexPageArray> {
    public ComplexInverseResult(ComplexPageArray inverse, double[] rcond, boolean[] singular, RunReport report) {
        this(inverse, new InverseConditions(rcond, singular), report);
    }

    private ComplexInverseResult(ComplexPageArray inverse, InverseConditions conditions, RunReport report) {
        super(inverse, conditions, report);
    }

    @Override
    public ComplexInverseResult withReport(RunReport r) { return new ComplexInverseResult(inverse(), conditions(), r); }
}
