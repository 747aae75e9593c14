package io.github.gpujacobi.api;

/**
 * The per-page reciprocal condition numbers and singular flags of an inverse, real or complex
 * ({@link InverseResult}, {@link ComplexInverseResult}): held as copies, so the results stay immutable.
 */
final class InverseConditions {
    private final double[] rcond;
    private final boolean[] singular;

    InverseConditions(double[] rcond, boolean[] singular) {
        this.rcond = rcond.clone();
        this.singular = singular.clone();
    }

    double rcond(int page) { return rcond[page]; }

    double[] rcond() { return rcond.clone(); }

    boolean singular(int page) { return singular[page]; }

    boolean anySingular() {
        for (boolean s : singular) if (s) return true;
        return false;
    }

    /** Smallest rcond over the pages; +Inf for no pages. */
    double minRcond() {
        double m = Double.POSITIVE_INFINITY;
        for (double r : rcond) m = Math.min(m, r);
        return m;
    }
}
