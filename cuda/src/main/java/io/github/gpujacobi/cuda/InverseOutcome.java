package io.github.gpujacobi.cuda;

/**
 * What a GPU inversion of one page reports: whether the elimination met no exactly zero pivot and
 * the two 1-norms measured on the device, from which RCOND = 1 / (||A||_1 ||inv(A)||_1) is exact
 * (the inverse is explicit, so no estimate as in gecon [16] is needed).
 */
final class InverseOutcome {
    final boolean eliminated;
    final double normA, normX;

    InverseOutcome(boolean eliminated, double normA, double normX) {
        this.eliminated = eliminated;
        this.normA = normA;
        this.normX = normX;
    }

    /**
     * Singular: an exactly zero pivot, or an inverse that overflowed (Inf/NaN). A finite inverse of
     * a badly scaled matrix (diag(1e-300, 1, 1e300)) is returned as it is, with RCOND underflowing
     * to 0 and the toolbox's warning, as MATLAB's inv does.
     */
    boolean singular() {
        return !eliminated || !(normX < Double.POSITIVE_INFINITY);
    }

    double rcond() {
        if (singular()) return 0;
        return normA == 0 ? Double.POSITIVE_INFINITY : 1 / normA / normX;
    }
}
