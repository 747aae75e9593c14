package io.github.gpujacobi.core;



/**
 * The matrix product of {@link NewtonSchulz} on column arrays, out_j += sum_k a_k coef_j[k], in the form HotSpot
 * vectorises (a column times a scalar added to a column, not a dot product: C2 does not vectorise a floating-point
 * sum) and blocked for the caches: a panel of KB columns of a, RB entries long, stays in a core's L2 while the 64
 * output columns of a task take it in, four at once.
 */
final class Products {
    private Products() {}

    /** Columns of a per panel and entries per panel: 128 x 128 doubles, 128 KB, in a core's L2 with the sums below. */
    private static final int KB = 128, RB = 128;

    /** Output columns per pass over a panel, and per task: the task's 64 columns take in each panel in turn. */
    private static final int OUT = 4, TASK = 64;

    /**
     * out_j[0, len_j) += sum_k a_k[0, len_j) coef_j[k] for every output column j, with len_j = len, or (triangle)
     * only the entries up to the diagonal, len_j = parts (j + 1) rounded up to a whole task of columns.
     * Complex (interleaved a, coef and out): the products are complex, coef_j[2k] + i coef_j[2k + 1].
     *
     * @param a    the columns a_k, at least len long (k over coef_j's length, halved when complex)
     * @param coef per output column j its coefficients
     * @param out  the output columns, added to
     */
    static void multiply(final double[][] a, final double[][] coef, final double[][] out, final int len,
                         final boolean triangle, final boolean complex, int threads) {
        final int outs = out.length, parts = complex ? 2 : 1, ks = a.length;
        final int tasks = (outs + TASK - 1) / TASK;
        // the longest tasks (triangle: the last columns) first
        PageLoop.forEach(tasks, threads, t0 -> {
            int task = triangle ? tasks - 1 - t0 : t0;
            int j0 = task * TASK, j1 = Math.min(outs, j0 + TASK);
            int end = triangle ? Math.min(len, parts * j1) : len;
            // each panel's share summed apart, then added: the rounding grows with sqrt(KB) + sqrt(ks / KB) terms, not
            // sqrt(ks) (a Gram matrix's error is what the polish leaves behind)
            double[][] t = new double[j1 - j0][parts * RB];
            for (int k0 = 0; k0 < ks; k0 += KB) {
                int k1 = Math.min(ks, k0 + KB);
                for (int i0 = 0; i0 < end; i0 += parts * RB) {
                    int i1 = Math.min(end, i0 + parts * RB), w = i1 - i0;
                    for (double[] ti : t) java.util.Arrays.fill(ti, 0, w, 0);
                    for (int g = j0; g < j1; g += OUT) panel(a, coef, t, g - j0, g, Math.min(j1, g + OUT), k0, k1, i0, w, complex);
                    for (int j = j0; j < j1; j++) {
                        double[] y = out[j], ti = t[j - j0];
                        for (int i = 0; i < w; i++) y[i0 + i] += ti[i];
                    }
                }
            }
        });
    }

    /** t[at + j - g0] += the panel's share of output columns j in [g0, g1): a_k[i0, i0 + w) coef_j[k], k in [k0, k1). */
    private static void panel(double[][] a, double[][] coef, double[][] t, int at, int g0, int g1, int k0, int k1, int i0,
                              int w, boolean complex) {
        if (complex) {
            for (int j = g0; j < g1; j++) {
                double[] c = coef[j], y = t[at + j - g0];
                for (int k = k0; k < k1; k++) complexAxpy(c[2 * k], c[2 * k + 1], a[k], i0, y, w);
            }
        } else if (g1 - g0 == OUT) {
            double[] c0 = coef[g0], c1 = coef[g0 + 1], c2 = coef[g0 + 2], c3 = coef[g0 + 3];
            double[] y0 = t[at], y1 = t[at + 1], y2 = t[at + 2], y3 = t[at + 3];
            for (int k = k0; k < k1; k++) axpy4(c0[k], c1[k], c2[k], c3[k], a[k], i0, y0, y1, y2, y3, w);
        } else {
            for (int j = g0; j < g1; j++) {
                double[] c = coef[j], y = t[at + j - g0];
                for (int k = k0; k < k1; k++) axpy(c[k], a[k], i0, y, w);
            }
        }
    }

    /** Four columns at once, y_c[0, w) += a_c x[from, from + w): x is read once for all four. */
    private static void axpy4(double a0, double a1, double a2, double a3, double[] x, int from, double[] y0, double[] y1,
                              double[] y2, double[] y3, int w) {
        for (int i = 0; i < w; i++) {
            double v = x[from + i];
            y0[i] += a0 * v;
            y1[i] += a1 * v;
            y2[i] += a2 * v;
            y3[i] += a3 * v;
        }
    }

    private static void axpy(double a, double[] x, int from, double[] y, int w) {
        for (int i = 0; i < w; i++) y[i] += a * x[from + i];
    }

    /** y[0, w) += x[from, from + w) (ar + i ai), interleaved. */
    private static void complexAxpy(double ar, double ai, double[] x, int from, double[] y, int w) {
        for (int r = 0; r < w; r += 2) {
            double vr = x[from + r], vi = x[from + r + 1];
            y[r] += vr * ar - vi * ai;
            y[r + 1] += vr * ai + vi * ar;
        }
    }
}
