package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.PageLoop;

/**
 * The matrix product of {@link NewtonSchulz} on column arrays, out_j += sum_k a_k coef_j[k], in the form HotSpot
 * vectorises (a column times a scalar added to a column, not a dot product: C2 does not vectorise a floating-point
 * sum) and blocked for the caches: a panel of KB columns of a, RB entries long, stays in a core's L2 while every
 * output column of the core's share takes it in, four output columns at once.
 */
final class Products {
    private Products() {}

    /** Columns of a per panel and entries per panel: 128 x 256 doubles, 256 KB. */
    private static final int KB = 128, RB = 256;

    /** Output columns per pass over a panel. */
    private static final int OUT = 4;

    /**
     * out_j[0, len_j) += sum_k a_k[0, len_j) coef_j[k] for every output column j, with len_j = len, or (triangle)
     * only the entries up to the diagonal, len_j = parts (j + 1) rounded up to a whole group of four columns.
     * Complex (interleaved a, coef and out): the products are complex, coef_j[2k] + i coef_j[2k + 1].
     *
     * @param a    the columns a_k, at least len long (k over coef_j's length, halved when complex)
     * @param coef per output column j its coefficients
     * @param out  the output columns, added to
     */
    static void multiply(final double[][] a, final double[][] coef, final double[][] out, final int len,
                         final boolean triangle, final boolean complex, int threads) {
        final int outs = out.length, parts = complex ? 2 : 1, ks = a.length;
        final int groups = (outs + OUT - 1) / OUT;
        // one task per group of output columns, the longest (triangle: last) first
        PageLoop.forEach(groups, threads, g0 -> {
            int g = triangle ? groups - 1 - g0 : g0;
            int j0 = g * OUT, j1 = Math.min(outs, j0 + OUT);
            int end = triangle ? Math.min(len, parts * j1) : len;
            for (int k0 = 0; k0 < ks; k0 += KB) {
                int k1 = Math.min(ks, k0 + KB);
                for (int i0 = 0; i0 < end; i0 += parts * RB) {
                    int i1 = Math.min(end, i0 + parts * RB);
                    if (complex) {
                        for (int j = j0; j < j1; j++) {
                            double[] c = coef[j], y = out[j];
                            for (int k = k0; k < k1; k++) complexAxpy(c[2 * k], c[2 * k + 1], a[k], y, i0, i1);
                        }
                    } else if (j1 - j0 == OUT) {
                        double[] c0 = coef[j0], c1 = coef[j0 + 1], c2 = coef[j0 + 2], c3 = coef[j0 + 3];
                        double[] y0 = out[j0], y1 = out[j0 + 1], y2 = out[j0 + 2], y3 = out[j0 + 3];
                        for (int k = k0; k < k1; k++) axpy4(c0[k], c1[k], c2[k], c3[k], a[k], y0, y1, y2, y3, i0, i1);
                    } else {
                        for (int j = j0; j < j1; j++) {
                            double[] c = coef[j], y = out[j];
                            for (int k = k0; k < k1; k++) axpy(c[k], a[k], y, i0, i1);
                        }
                    }
                }
            }
        });
    }

    /** Four columns at once: x is read once for all four. */
    private static void axpy4(double a0, double a1, double a2, double a3, double[] x, double[] y0, double[] y1,
                              double[] y2, double[] y3, int from, int to) {
        for (int i = from; i < to; i++) {
            double v = x[i];
            y0[i] += a0 * v;
            y1[i] += a1 * v;
            y2[i] += a2 * v;
            y3[i] += a3 * v;
        }
    }

    private static void axpy(double a, double[] x, double[] y, int from, int to) {
        for (int i = from; i < to; i++) y[i] += a * x[i];
    }

    /** y += x (ar + i ai) on interleaved entries [from, to). */
    private static void complexAxpy(double ar, double ai, double[] x, double[] y, int from, int to) {
        for (int r = from; r < to; r += 2) {
            double vr = x[r], vi = x[r + 1];
            y[r] += vr * ar - vi * ai;
            y[r + 1] += vr * ai + vi * ar;
        }
    }
}
