package io.github.gpujacobi.core;

/**
 * Column norms and cosines computed without under- or overflow whatever the scale of the entries
 * (the scaled sum of squares of LAPACK's dnrm2/dlassq, as dgesvj uses it [8]). For the column
 * scaling of the SVD ({@link SvdScaling}, {@link ColumnScaledJacobi}) and the residuals.
 */
public final class SafeNorms {
    private SafeNorms() {}

    /** ||x(off .. off+len)||_2, exact to a few ulps for any finite entries (Inf only if the norm itself is). */
    public static double norm2(double[] x, int off, int len) {
        double scale = 0, ssq = 1;
        for (int i = off; i < off + len; i++) {
            double a = Math.abs(x[i]);
            if (a == 0 || a != a) {
                if (a != a) return Double.NaN;
                continue;
            }
            if (scale < a) {
                double r = scale / a;
                ssq = 1 + ssq * r * r;
                scale = a;
            } else {
                double r = a / scale;
                ssq += r * r;
            }
        }
        return scale * Math.sqrt(ssq);
    }

    /**
     * floor(log2 ||x||) for a nonzero x, also where the norm itself would overflow (entries near
     * Double.MAX_VALUE); Integer.MIN_VALUE for x = 0.
     */
    public static int log2Norm(double[] x, int off, int len) {
        int e = scaleExponent(x, off, len);
        return e == Integer.MIN_VALUE ? e : e + Math.getExponent(Math.sqrt(scaledSquares(x, off, len, e)));
    }

    /** ln 2, as Math.log(2) returns it (the same quotient, one logarithm fewer). */
    private static final double LN2 = Math.log(2);

    /** log2 ||x|| (-Inf for x = 0), also where the norm itself would over- or underflow. */
    public static double log2(double[] x, int off, int len) {
        int e = scaleExponent(x, off, len);
        return log2(e, e == Integer.MIN_VALUE ? 0 : scaledSquares(x, off, len, e));
    }

    /**
     * log2 ||x|| from x's scale exponent e and scaled sum of squares ssq as {@link #log2(double[], int, int)} forms them
     * (a device that summed them in the same order, without fused multiply-adds, gets the same bits).
     */
    public static double log2(int e, double ssq) {
        return e == Integer.MIN_VALUE ? Double.NEGATIVE_INFINITY : e + 0.5 * Math.log(ssq) / LN2;
    }

    /**
     * A key in the order of {@link #log2(int, double)} (e not MIN_VALUE, ssq > 0) without a logarithm: 2e plus the bits
     * of ssq read as a number, which is log2(ssq) interpolated linearly between powers of two (shifted), so strictly
     * increasing in ssq 4^e, the norm squared; the conversion to double rounds, so keys within 2^-40 may tie.
     */
    static double log2Order(int e, double ssq) {
        return 2.0 * e + Double.doubleToRawLongBits(ssq) * 0x1p-52;
    }

    /** The exponent of the largest |entry| (at least that of the smallest normal), MIN_VALUE for zeros. */
    private static int scaleExponent(double[] x, int off, int len) {
        double scale = 0;
        for (int i = off; i < off + len; i++) scale = Math.max(scale, Math.abs(x[i]));
        if (scale == 0) return Integer.MIN_VALUE;
        return Math.max(Math.getExponent(scale), Double.MIN_EXPONENT); // subnormal: 2^-1022 still representable
    }

    /** Sum of (x_i 2^-e)^2: each term below 4, so no overflow (the largest at least 1 unless subnormal). */
    private static double scaledSquares(double[] x, int off, int len, int e) {
        double ssq = 0, f = Math.scalb(1.0, -e); // 2^-e is representable (e >= MIN_EXPONENT): x f is scalb(x, -e)
        for (int i = off; i < off + len; i++) {
            double r = x[i] * f; // exact: a power of 2
            ssq += r * r;
        }
        return ssq;
    }

    /**
     * The cosine x'y / (||x|| ||y||) of two columns whose norms nx, ny (> 0) are known: each factor is
     * divided by its norm first, so nothing over- or underflows (dgesvj's scaled ddot [8]).
     */
    public static double cosine(double[] a, int xoff, double nx, int yoff, double ny, int len) {
        double s = 0;
        for (int i = 0; i < len; i++) s += (a[xoff + i] / nx) * (a[yoff + i] / ny);
        return s;
    }
}
