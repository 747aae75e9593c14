package io.github.gpujacobi.core;

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

    /** {@link #eig} estimated from {@value #PROBES} probes: E z = A (V z) - V (d .* z), O(n^2). */
    public static double eigEstimate(PageArray a, PageArray v, PageArray d, int k) {
        int n = a.rows();
        double[] am = a.doubleData(), dm = d.pageAsDouble(k);
        int at = a.offset() + k * n * n;
        if (am == null || !moderate(am, at, n * n)) { // a scaled copy keeps every product and square in range
            am = a.pageAsDouble(k);
            int e = scaleToUnit(am);
            scale(dm, e);
            return eigEstimate(am, 0, v, dm, n, k);
        }
        return eigEstimate(am, at, v, dm, n, k);
    }

    /** The estimate on A held from am[offset] (moderate, or scaled by scaleToUnit, with dm alike). */
    private static double eigEstimate(double[] am, int offset, PageArray v, double[] dm, int n, int k) {
        double[] vm = v.doubleData();
        int vOffset = v.offset() + k * n * n;
        if (vm == null) {
            vm = v.pageAsDouble(k);
            vOffset = 0;
        }
        Random rnd = probes(k);
        double[] z = new double[n * PROBES], dz = new double[n * PROBES], vz = new double[n * PROBES],
                r = new double[n * PROBES];
        for (int p = 0; p < PROBES; p++) {
            for (int i = p * n; i < (p + 1) * n; i++) {
                z[i] = rnd.nextGaussian();
                dz[i] = dm[i - p * n] * z[i];
            }
        }
        multiplyProbes(vm, vOffset, n, n, z, vz, 1); // every probe in one pass over each matrix
        multiplyProbes(am, offset, n, n, vz, r, 1);
        multiplyProbes(vm, vOffset, n, n, dz, r, -1);
        return Math.sqrt(squares(r) / PROBES) / frob(am, offset, n * n);
    }

    /**
     * Whether the page's entries lie where the unscaled products and squares cannot leave the normal range: largest
     * |entry| in [2^-100, 2^100] (and finite). Pages outside it are scaled first ({@link #scaleToUnit}).
     */
    private static boolean moderate(double[] a, int offset, int len) {
        double max = 0;
        for (int i = offset; i < offset + len; i++) max = Math.max(max, Math.abs(a[i]));
        return max >= 0x1p-100 && max <= 0x1p100;
    }

    /** Y (m x PROBES) += sign A X for the m x n column-major A held from a[offset] and X n x PROBES: one pass over A. */
    private static void multiplyProbes(double[] a, int offset, int m, int n, double[] x, double[] y, double sign) {
        for (int j = 0; j < n; j++) {
            double f0 = sign * x[j], f1 = sign * x[j + n], f2 = sign * x[j + 2 * n], f3 = sign * x[j + 3 * n];
            for (int i = 0, at = offset + j * m; i < m; i++, at++) {
                double aij = a[at];
                y[i] += aij * f0;
                y[i + m] += aij * f1;
                y[i + 2 * m] += aij * f2;
                y[i + 3 * m] += aij * f3;
            }
        }
    }

    /** ||A||_F of the len entries from a[offset], or 1 for a zero page (the ratio is then the residual itself). */
    private static double frob(double[] a, int offset, int len) {
        double s = 0;
        for (int i = offset; i < offset + len; i++) s += a[i] * a[i];
        return s == 0 ? 1 : Math.sqrt(s);
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
