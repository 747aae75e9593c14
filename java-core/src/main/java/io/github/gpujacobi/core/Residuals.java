package io.github.gpujacobi.core;

import io.github.gpujacobi.api.HostScan;
import io.github.gpujacobi.api.PageArray;

import java.util.Random;

/**
 * The accuracy figures reported by the batch job and the benchmark (Frobenius norms, per page).
 * <p>
 * Computed scaled: A (and D, S) is multiplied by the power of 2 that brings its largest entry into
 * [1/2, 1) (X likewise for the inverse), which leaves each ratio unchanged but keeps every product
 * and square in range, so pages near 1e-150 or 1e300 get a true figure instead of 0 or NaN.
 * <p>
 * Exact figures cost a matrix product, O(n^3), as much as the decomposition checked. The
 * {@code estimate} variants apply the residual matrix E to {@value #PROBES} random Gaussian vectors
 * z (O(n^2) each) and report sqrt(mean ||E z||^2) in place of ||E||_F: E[||E z||^2] = ||E||_F^2
 * exactly. In the worst case (E of rank one) mean ||E z||^2 / ||E||_F^2 is chi-square with 4
 * degrees of freedom over 4, so the estimate is below ||E||_F / 10 with probability < 2.5e-4 and
 * above 3 ||E||_F with probability < 1e-6; when the error is spread over many directions (the usual
 * case for rounding errors) it is much tighter. The probes come from a fixed seed per page, so a
 * run is reproducible.
 */
public final class Residuals {
    private Residuals() {}

    /** Random probe vectors per estimated residual. */
    public static final int PROBES = 4;

    /** ||A V - V diag(d)|| / ||A||. */
    public static double eig(PageArray a, PageArray v, PageArray d, int k) {
        int n = a.rows();
        double[] am = a.pageAsDouble(k), vm = v.pageAsDouble(k), dm = d.pageAsDouble(k);
        int e = scaleToUnit(am);
        scale(dm, e);
        double num = 0;
        double[] col = new double[n];
        for (int j = 0; j < n; j++) {
            java.util.Arrays.fill(col, 0);
            for (int l = 0; l < n; l++) {
                double x = vm[l + j * n];
                if (x != 0) for (int i = 0; i < n; i++) col[i] += am[i + l * n] * x;
            }
            for (int i = 0; i < n; i++) {
                double r = col[i] - vm[i + j * n] * dm[j];
                num += r * r;
            }
        }
        return ratio(Math.sqrt(num), am);
    }

    /**
     * {@link #eig} estimated from {@value #PROBES} probes: E z = A (V z) - V (d .* z), O(n^2), in one pass over V and
     * one over A (single-precision pages read as they are, without a double copy).
     */
    public static double eigEstimate(PageArray a, PageArray v, PageArray d, int k) {
        int n = a.rows();
        double[] dm = d.pageAsDouble(k), x = eigProbes(dm, n, k), vx = new double[x.length];
        multiplyProbes(v.doubleData(), v.floatData(), v.offset() + k * n * n, n, n, x, 2 * PROBES, vx);
        return eigEstimate(a, k, vx);
    }

    /**
     * The probes of {@link #eigEstimate} for page k with eigenvalues d: z and d .* z side by side, n x 2
     * {@value #PROBES}; V times them is what {@link #eigEstimate(PageArray, int, double[])} takes.
     */
    public static double[] eigProbes(double[] d, int n, int k) {
        Random rnd = probes(k);
        double[] x = new double[2 * n * PROBES];
        for (int p = 0; p < PROBES; p++) {
            for (int i = 0; i < n; i++) {
                double z = rnd.nextGaussian();
                x[i + p * n] = z;
                x[i + (p + PROBES) * n] = d[i] * z;
            }
        }
        return x;
    }

    /**
     * {@link #eigEstimate(PageArray, PageArray, PageArray, int)} given vx = V times {@link #eigProbes} of page k (a
     * caller that had V's products at hand, e.g. from the polish's copy of V on a native BLAS).
     */
    public static double eigEstimate(PageArray a, int k, double[] vx) {
        int n = a.rows(), offset = a.offset() + k * n * n; // a window's pages start at its offset
        double[] am = a.doubleData();
        float[] af = a.floatData();
        double[] max = new double[1];
        double squares = maxAndSquares(am, af, offset, n * n, max);
        if (!(max[0] >= 0x1p-100 && max[0] <= 0x1p100)) { // a scaled copy keeps every product and square in range
            am = a.pageAsDouble(k);
            int e = scaleToUnit(am);
            double[] scaled = vx.clone(); // V (2^e d .* z): exact unless it leaves the range, as scaling d first
            for (int i = n * PROBES; i < scaled.length; i++) scaled[i] = Math.scalb(scaled[i], e);
            return eigEstimate(am, null, 0, scaled, n, maxAndSquares(am, null, 0, n * n, max));
        }
        return eigEstimate(am, af, offset, vx, n, squares);
    }

    /**
     * The estimate on A held from offset in am or af (moderate, or scaled by scaleToUnit, with vx's d .* z half alike),
     * whose squares sum to squares.
     */
    private static double eigEstimate(double[] am, float[] af, int offset, double[] vx, int n, double squares) {
        double[] r = new double[n * PROBES];
        multiplyProbes(am, af, offset, n, n, vx, PROBES, r); // A (V z): the first PROBES columns of vx
        for (int i = 0; i < r.length; i++) r[i] -= vx[i + n * PROBES];
        return Math.sqrt(squares(r) / PROBES) / (squares == 0 ? 1 : Math.sqrt(squares));
    }

    /**
     * The sum of the squares of the len entries from offset in a (or, when a is null, f), their largest magnitude into
     * max[0] (NaN when one is NaN).
     */
    private static double maxAndSquares(double[] a, float[] f, int offset, int len, double[] max) {
        double m = 0, s = 0;
        for (int i = offset; i < offset + len; i++) {
            double x = a != null ? a[i] : f[i];
            m = Math.max(m, Math.abs(x));
            s += x * x;
        }
        max[0] = m;
        return s;
    }

    /**
     * Y (m x probes) += A X for the m x n column-major A held from offset in a (or, when a is null, f) and X n x probes:
     * one pass over A, its rows in pieces on all cores for a large A.
     */
    static void multiplyProbes(final double[] a, final float[] f, final int offset, final int m, final int n,
                                       final double[] x, final int probes, final double[] y) {
        final int pieces = Math.max(1, Math.min(16, m / 256));
        HostScan.forTasks(pieces, (long) m * n, t -> {
            int from = (int) ((long) m * t / pieces), to = (int) ((long) m * (t + 1) / pieces);
            double[] col = a != null ? a : new double[m];
            for (int j = 0; j < n; j++) {
                int at = offset + j * m;
                if (a == null) { // the single column widened once, read by every probe from cache
                    for (int i = from; i < to; i++) col[i] = f[at + i];
                    at = 0;
                }
                for (int p = 0; p < probes; p++) {
                    double xj = x[j + p * n];
                    int yAt = p * m;
                    for (int i = from; i < to; i++) y[yAt + i] += col[at + i] * xj;
                }
            }
        });
    }

    /** ||A - U diag(s) V'|| / ||A|| over the first min(m,n) singular triplets. */
    public static double svd(PageArray a, PageArray u, PageArray s, PageArray v, int k) {
        int m = a.rows(), n = a.cols(), r = Math.min(m, n);
        double[] am = a.pageAsDouble(k), um = u.pageAsDouble(k), sm = s.pageAsDouble(k), vm = v.pageAsDouble(k);
        int e = scaleToUnit(am);
        scale(sm, e);
        double num = 0;
        double[] col = new double[m];
        for (int j = 0; j < n; j++) {
            System.arraycopy(am, j * m, col, 0, m);
            for (int l = 0; l < r; l++) {
                double f = sm[l] * vm[j + l * n];
                if (f != 0) for (int i = 0; i < m; i++) col[i] -= um[i + l * m] * f;
            }
            num += squares(col);
        }
        return ratio(Math.sqrt(num), am);
    }

    /** {@link #svd} estimated from {@value #PROBES} probes: E z = A z - U (s .* (V' z)), O(mn). */
    public static double svdEstimate(PageArray a, PageArray u, PageArray s, PageArray v, int k) {
        int m = a.rows(), n = a.cols(), r = Math.min(m, n);
        double[] am = a.pageAsDouble(k), um = u.pageAsDouble(k), sm = s.pageAsDouble(k), vm = v.pageAsDouble(k);
        int e = scaleToUnit(am);
        scale(sm, e);
        Random rnd = probes(k);
        double[] z = new double[n], w = new double[r], res = new double[m];
        double sum = 0;
        for (int p = 0; p < PROBES; p++) {
            for (int i = 0; i < n; i++) z[i] = rnd.nextGaussian();
            for (int l = 0; l < r; l++) { // s_l * (v_l' z)
                double dot = 0;
                for (int i = 0; i < n; i++) dot += vm[i + l * n] * z[i];
                w[l] = sm[l] * dot;
            }
            multiply(am, m, n, z, res);
            subtractProduct(um, m, r, w, res);
            sum += squares(res);
        }
        return ratio(Math.sqrt(sum / PROBES), am);
    }

    /** ||A X - I|| / (||A|| ||X||): small for a backward-stable inverse whatever the condition. */
    public static double inverse(PageArray a, PageArray x, int k) {
        int n = a.rows();
        double[] am = a.pageAsDouble(k), xm = x.pageAsDouble(k);
        double c = Math.scalb(1.0, scaleToUnit(am) + scaleToUnit(xm)); // (2^ea A)(2^ex X) ~ c I
        double num = 0;
        double[] col = new double[n];
        for (int j = 0; j < n; j++) {
            java.util.Arrays.fill(col, 0);
            col[j] = -c;
            for (int l = 0; l < n; l++) {
                double f = xm[l + j * n];
                if (f != 0) for (int i = 0; i < n; i++) col[i] += am[i + l * n] * f;
            }
            num += squares(col);
        }
        return inverseRatio(Math.sqrt(num), am, xm);
    }

    /** {@link #inverse} estimated from {@value #PROBES} probes: E z = A (X z) - z, O(n^2). */
    public static double inverseEstimate(PageArray a, PageArray x, int k) {
        int n = a.rows();
        double[] am = a.pageAsDouble(k), xm = x.pageAsDouble(k);
        double c = Math.scalb(1.0, scaleToUnit(am) + scaleToUnit(xm));
        Random rnd = probes(k);
        double[] z = new double[n], xz = new double[n], r = new double[n];
        double sum = 0;
        for (int p = 0; p < PROBES; p++) {
            for (int i = 0; i < n; i++) z[i] = rnd.nextGaussian();
            multiply(xm, n, n, z, xz);
            multiply(am, n, n, xz, r);
            for (int i = 0; i < n; i++) r[i] -= c * z[i];
            sum += squares(r);
        }
        return inverseRatio(Math.sqrt(sum / PROBES), am, xm);
    }

    /** ||Q'Q - I|| of the columns of page k. */
    public static double orthogonality(PageArray q, int k) {
        int m = q.rows(), n = q.cols();
        double[] qm = q.pageAsDouble(k);
        double e = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i <= j; i++) {
            double s = 0;
            for (int l = 0; l < m; l++) s += qm[l + i * m] * qm[l + j * m];
            double x = s - (i == j ? 1 : 0);
            e += i == j ? x * x : 2 * x * x;
        }
        return Math.sqrt(e);
    }

    /** Scales a in place so its largest |entry| lies in [1/2, 1); returns the exponent used (0 for a zero page). */
    static int scaleToUnit(double[] a) {
        double max = 0;
        for (double x : a) max = Math.max(max, Math.abs(x));
        if (max == 0 || Double.isNaN(max) || Double.isInfinite(max)) return 0;
        int e = -(Math.getExponent(max) + 1);
        if (max < Double.MIN_NORMAL) e = -(Math.getExponent(max * 0x1p60) + 1) + 60; // subnormal largest entry
        scale(a, e);
        return e;
    }

    private static void scale(double[] a, int e) {
        if (e != 0) for (int i = 0; i < a.length; i++) a[i] = Math.scalb(a[i], e);
    }

    private static Random probes(int page) {
        return new Random(0x9E3779B97F4A7C15L + page);
    }

    /** y = A x for m x n column-major A. */
    private static void multiply(double[] a, int m, int n, double[] x, double[] y) {
        java.util.Arrays.fill(y, 0, m, 0);
        for (int j = 0; j < n; j++) {
            double f = x[j];
            if (f != 0) for (int i = 0; i < m; i++) y[i] += a[i + j * m] * f;
        }
    }

    /** y -= A x for m x n column-major A. */
    private static void subtractProduct(double[] a, int m, int n, double[] x, double[] y) {
        for (int j = 0; j < n; j++) {
            double f = x[j];
            if (f != 0) for (int i = 0; i < m; i++) y[i] -= a[i + j * m] * f;
        }
    }

    private static double squares(double[] x) {
        double s = 0;
        for (double v : x) s += v * v;
        return s;
    }

    private static double ratio(double num, double[] scaledA) {
        double na = frob(scaledA);
        return na == 0 ? num : num / na;
    }

    private static double inverseRatio(double num, double[] scaledA, double[] scaledX) {
        double na = frob(scaledA), nx = frob(scaledX);
        return na == 0 || nx == 0 ? num : num / (na * nx);
    }

    static double frob(double[] a) {
        return Math.sqrt(squares(a));
    }
}
