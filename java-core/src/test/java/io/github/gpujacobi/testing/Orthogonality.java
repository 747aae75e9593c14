package io.github.gpujacobi.testing;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;

/**
 * ||Q^H Q - I||_F of page k's columns with compensated dot products (fma two-product, two-sum), so that the
 * measurement's own rounding stays far below the n eps the accuracy contract bounds (a plain double Gram matrix adds
 * about n eps / 5 at n = 1000).
 */
public final class Orthogonality {
    private Orthogonality() {}

    public static double of(PageArray q, int k) {
        int m = q.rows(), n = q.cols();
        double[] a = q.pageAsDouble(k);
        // columns j in parallel: at n = 1024 this is 5e8 compensated products
        return Math.sqrt(java.util.stream.IntStream.range(0, n).parallel().mapToDouble(j -> {
            double e = 0;
            double[] s = new double[2];
            for (int i = 0; i <= j; i++) {
                s[0] = s[1] = 0;
                for (int l = 0; l < m; l++) add(s, a[l + i * m], a[l + j * m]);
                double x = (s[0] - (i == j ? 1 : 0)) + s[1];
                e += (i == j ? 1 : 2) * x * x;
            }
            return e;
        }).sum());
    }

    public static double of(ComplexPageArray q, int k) {
        int m = q.rows(), n = q.cols();
        double[] p = q.pageAsDouble(k);
        double e = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i <= j; i++) {
            double[] re = new double[2], im = new double[2];
            for (int l = 0; l < m; l++) { // conj(q_li) q_lj
                double ar = p[2 * (l + i * m)], ai = p[2 * (l + i * m) + 1], br = p[2 * (l + j * m)], bi = p[2 * (l + j * m) + 1];
                add(re, ar, br);
                add(re, ai, bi);
                add(im, ar, bi);
                add(im, -ai, br);
            }
            double x = (re[0] - (i == j ? 1 : 0)) + re[1], y = im[0] + im[1];
            e += (i == j ? 1 : 2) * (x * x + y * y);
        }
        return Math.sqrt(e);
    }

    /** acc += a b: acc[0] the sum, acc[1] the collected rounding errors. */
    private static void add(double[] acc, double a, double b) {
        double p = a * b, pe = Math.fma(a, b, -p);
        double s = acc[0] + p, bb = s - acc[0], se = (acc[0] - (s - bb)) + (p - bb);
        acc[0] = s;
        acc[1] += se + pe;
    }
}
