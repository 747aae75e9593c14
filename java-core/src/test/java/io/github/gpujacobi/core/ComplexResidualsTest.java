package io.github.gpujacobi.core;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The embedded residuals equal the complex formulas computed directly in complex arithmetic,
 * on arbitrary (not decomposition) factors so the figures are O(1), not rounding noise; page 1 of 2.
 */
class ComplexResidualsTest {
    static final Random RND = new Random(16);

    static ComplexPageArray random(int m, int n) {
        double[] z = new double[2 * m * n * 2];
        for (int i = 0; i < z.length; i++) z[i] = RND.nextGaussian();
        return ComplexPageArray.wrap(z, m, n, 2);
    }

    static PageArray column(int n) {
        double[] d = new double[2 * n];
        for (int i = 0; i < d.length; i++) d[i] = RND.nextGaussian();
        return PageArray.wrap(d, n, 1, 2);
    }

    /** Page k of A times page k of B (or of B^H), interleaved, in plain complex arithmetic. */
    static double[] product(ComplexPageArray a, ComplexPageArray b, boolean conjTransposeB, int k) {
        int m = a.rows(), r = a.cols(), n = conjTransposeB ? b.rows() : b.cols();
        double[] out = new double[2 * m * n];
        for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) for (int l = 0; l < r; l++) {
            double ar = a.re(i, l, k), ai = a.im(i, l, k);
            double br = conjTransposeB ? b.re(j, l, k) : b.re(l, j, k), bi = conjTransposeB ? -b.im(j, l, k) : b.im(l, j, k);
            out[2 * (i + j * m)] += ar * br - ai * bi;
            out[2 * (i + j * m) + 1] += ar * bi + ai * br;
        }
        return out;
    }

    static double norm(ComplexPageArray a, int k) {
        double s = 0;
        for (double x : a.pageAsDouble(k)) s += x * x;
        return Math.sqrt(s);
    }

    static ComplexPageArray scaledColumns(ComplexPageArray v, PageArray d, int k) {
        ComplexPageArray out = ComplexPageArray.zeros(v.precision(), v.rows(), d.rows(), 1);
        for (int i = 0; i < v.rows(); i++) for (int j = 0; j < d.rows(); j++) {
            out.set(i, j, 0, v.re(i, j, k) * d.get(j, 0, k), v.im(i, j, k) * d.get(j, 0, k));
        }
        return out;
    }

    static double diff(double[] x, double[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) s += (x[i] - y[i]) * (x[i] - y[i]);
        return Math.sqrt(s);
    }

    @Test
    void eigMatchesComplexArithmetic() {
        int n = 5, k = 1;
        ComplexPageArray a = random(n, n), v = random(n, n);
        PageArray d = column(n);
        double direct = diff(product(a, v, false, k), scaledColumns(v, d, k).pageAsDouble(0)) / norm(a, k);
        assertEquals(direct, ComplexResiduals.eig(a, v, d, k, true), 1e-12 * direct);
        double est = ComplexResiduals.eig(a, v, d, k, false);
        assertTrue(est > direct / 10 && est < 3 * direct, est + " vs " + direct);
    }

    @Test
    void svdMatchesComplexArithmetic() {
        int m = 6, n = 4, k = 1;
        ComplexPageArray a = random(m, n), u = random(m, n), v = random(n, n);
        PageArray s = column(n);
        double[] usv = product(scaledColumns(u, s, k), page(v, k), true, 0);
        double direct = diff(a.pageAsDouble(k), usv) / norm(a, k);
        assertEquals(direct, ComplexResiduals.svd(a, u, s, v, k, true), 1e-12 * direct);
    }

    @Test
    void inverseMatchesComplexArithmetic() {
        int n = 4, k = 1;
        ComplexPageArray a = random(n, n), x = random(n, n);
        double direct = diff(product(a, x, false, k), eye(n).pageAsDouble(0)) / (norm(a, k) * norm(x, k));
        assertEquals(direct, ComplexResiduals.inverse(a, x, k, true), 1e-12 * direct);
    }

    static ComplexPageArray eye(int n) {
        ComplexPageArray e = ComplexPageArray.zeros(io.github.gpujacobi.api.Precision.DOUBLE, n, n, 1);
        for (int i = 0; i < n; i++) e.set(i, i, 0, 1, 0);
        return e;
    }

    static ComplexPageArray page(ComplexPageArray z, int k) {
        return ComplexPageArray.wrap(z.pageAsDouble(k), z.rows(), z.cols(), 1);
    }
}
