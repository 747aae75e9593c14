package io.github.gpujacobi.core;

/** The reciprocal 1-norm condition number of a computed inverse and MATLAB's singular-matrix rule. */
public final class InverseCheck {
    private InverseCheck() {}

    /**
     * rcond = 1 / (||A||_1 ||inv(A)||_1); 0 when the elimination broke down or the inverse overflowed.
     * On a singular result the inverse is overwritten with Inf, as MATLAB's inv returns.
     *
     * @return rcond; singular exactly when it is 0
     */
    public static double finish(double normA, double[] inverse, int n, boolean eliminated) {
        double rcond;
        if (!eliminated) {
            rcond = 0;
        } else if (n == 0) {
            rcond = Double.POSITIVE_INFINITY;
        } else {
            double ni = norm1(inverse, n);
            rcond = normA == 0 || Double.isInfinite(ni) || Double.isNaN(ni) ? 0 : 1 / (normA * ni);
        }
        if (!(rcond > 0)) {
            java.util.Arrays.fill(inverse, Double.POSITIVE_INFINITY);
            rcond = 0;
        }
        return rcond;
    }

    public static double norm1(double[] a, int n) {
        double best = 0;
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = 0; i < n; i++) s += Math.abs(a[i + j * n]);
            best = Math.max(best, s);
        }
        return best;
    }
}
