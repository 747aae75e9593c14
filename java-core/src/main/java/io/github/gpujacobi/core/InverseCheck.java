package io.github.gpujacobi.core;

import io.github.gpujacobi.api.HostScan;

/**
 * The reciprocal 1-norm condition number of a computed inverse and the singular-matrix rule shared
 * by every backend. Singularity is judged by the elimination (an exactly zero pivot, or one that is
 * negligible against the scale of its column: see the solvers), never by the size of RCOND: the
 * inverse of diag(1e-300, 1, 1e300) is exact although its RCOND, 1e-600, is below double's range
 * (it was reported singular before). As MATLAB's inv, a nonsingular page gets its inverse and RCOND
 * for the warning; a singular one Inf.
 */
public final class InverseCheck {
    private InverseCheck() {}

    /**
     * rcond = 1 / (||A||_1 ||inv(A)||_1) from the explicit inverse (exact, not an estimate [16]),
     * computed scaled so it neither overflows nor underflows in between; a positive RCOND below
     * double's range is returned as {@link Double#MIN_VALUE}. 0 (and the inverse overwritten with
     * Inf, as MATLAB's inv returns) when the elimination broke down or the inverse overflowed.
     *
     * @param normA ||A||_1 ({@link #norm1Of}: a page near Double.MAX_VALUE has a 1-norm beyond it)
     * @return rcond; singular exactly when it is 0
     */
    public static double finish(Norm normA, double[] inverse, int n, boolean eliminated) {
        if (n == 0) return Double.POSITIVE_INFINITY;
        Norm normX = eliminated ? norm1Of(inverse, n) : null; // NaN or Inf exactly when an entry is not finite
        if (normX == null || !normX.finite()) {
            java.util.Arrays.fill(inverse, Double.POSITIVE_INFINITY);
            return 0;
        }
        return rcond(normA, normX);
    }

    /** 1 / (||A||_1 ||X||_1) of a finite inverse X; a positive value below double's range as {@link Double#MIN_VALUE}. */
    public static double rcond(Norm normA, Norm normX) {
        double rcond = reciprocalProduct(normA.scaled, normX.scaled, normA.exponent + normX.exponent);
        return rcond > 0 ? rcond : Double.MIN_VALUE;
    }

    /** A 1-norm as scaled * 2^exponent: finite however large the column sums of finite entries are. */
    public static final class Norm {
        final double scaled;
        final int exponent;

        Norm(double scaled, int exponent) {
            this.scaled = scaled;
            this.exponent = exponent;
        }

        /** False when the matrix held a NaN or an Inf (its sums then propagate them; finite entries never overflow). */
        public boolean finite() {
            return !Double.isNaN(scaled) && !Double.isInfinite(scaled);
        }
    }

    /**
     * The 1-norm as {@link #norm1Of} gives it, from the largest column sum of |a_ij| (Inf when one overflowed) and the
     * largest of |a_ij| 2^-64 (a device that scanned the page computes both).
     */
    public static Norm norm(double plain, double scaledBy2To64) {
        return Double.isInfinite(plain) ? new Norm(scaledBy2To64, 64) : new Norm(plain, 0);
    }

    /**
     * ||a||_1 of n x n a, exact as {@link #norm1} when that is finite; when a column sum overflows
     * (entries near Double.MAX_VALUE, or an inverse of a page near the smallest normal), the sums are
     * taken of a * 2^-64 (n < 2^64 entries of at most MAX_VALUE cannot overflow).
     */
    public static Norm norm1Of(double[] a, int n) {
        double plain = norm1(a, n);
        if (!Double.isInfinite(plain)) return new Norm(plain, 0);
        double best = 0;
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = 0; i < n; i++) s += Math.scalb(Math.abs(a[i + j * n]), -64);
            best = Math.max(best, s);
        }
        return new Norm(best, 64);
    }

    /** 1 / (a b) for positive a, b without intermediate over- or underflow (0 or Inf only if the result is). */
    static double reciprocalProduct(double a, double b) {
        return reciprocalProduct(a, b, 0);
    }

    /** 1 / (a b 2^e), the same way. */
    static double reciprocalProduct(double a, double b, int e) {
        if (Double.isInfinite(a) || Double.isInfinite(b)) return 0;
        if (!(a > 0) || !(b > 0)) return Double.POSITIVE_INFINITY;
        int ea = Math.getExponent(a), eb = Math.getExponent(b);
        double ma = Math.scalb(a, -ea), mb = Math.scalb(b, -eb); // ~[1, 2) (subnormal: smaller, still exact)
        return Math.scalb(1 / (ma * mb), -(ea + eb + e));
    }

    public static double norm1(final double[] a, final int n) {
        final double[] sums = new double[n];
        HostScan.forTasks(n, (long) n * n, j -> { // the column sums on all cores for a large page
            double s = 0;
            for (int i = 0; i < n; i++) s += Math.abs(a[i + j * n]);
            sums[j] = s;
        });
        double best = 0;
        for (double s : sums) best = Math.max(best, s);
        return best;
    }
}
