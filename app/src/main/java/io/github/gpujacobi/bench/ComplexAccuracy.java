package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.core.ComplexResiduals;

import java.util.Random;

/**
 * Accuracy of a complex result on page 0 for the benchmark rows: the residual (exact up to n = 256,
 * else core's probe estimate on the real embedding) and the orthogonality ||V^H V x - x|| / ||x||
 * over random probes x (O(n^2) each: a lower estimate of ||V^H V - I||_2, enough to tell a unitary
 * result from a broken one at n = 4096, where the exact product would dominate the run).
 */
public final class ComplexAccuracy {
    private ComplexAccuracy() {}

    static final int EXACT_MAX_N = 256;

    private static boolean exact(ComplexPageArray a) { return Math.max(a.rows(), a.cols()) <= EXACT_MAX_N; }

    public static double[] eig(ComplexPageArray a, PageArray values, ComplexPageArray vectors) {
        if (vectors == null) return new double[]{Double.NaN, Double.NaN};
        return new double[]{ComplexResiduals.eig(a, vectors, values, 0, exact(a)), orthogonality(vectors)};
    }

    public static double[] svd(ComplexPageArray a, ComplexPageArray u, PageArray s, ComplexPageArray v) {
        if (u == null) return new double[]{Double.NaN, Double.NaN};
        return new double[]{ComplexResiduals.svd(a, u, s, v, 0, exact(a)), orthogonality(u)};
    }

    public static double inv(ComplexPageArray a, ComplexPageArray x) {
        return ComplexResiduals.inverse(a, x, 0, exact(a));
    }

    /** max over 4 probes of ||Q^H Q x - x|| / ||x|| for page 0 of Q (m x k, interleaved). */
    public static double orthogonality(ComplexPageArray q) {
        int m = q.rows(), k = q.cols();
        double[] z = q.pageAsDouble(0);
        Random r = new Random(7);
        double worst = 0;
        for (int probe = 0; probe < 4; probe++) {
            double[] x = new double[2 * k];
            for (int i = 0; i < x.length; i++) x[i] = r.nextGaussian();
            double[] y = new double[2 * m]; // y = Q x
            for (int j = 0; j < k; j++) {
                double xr = x[2 * j], xi = x[2 * j + 1];
                for (int i = 0; i < m; i++) {
                    double qr = z[2 * (i + j * m)], qi = z[2 * (i + j * m) + 1];
                    y[2 * i] += qr * xr - qi * xi;
                    y[2 * i + 1] += qr * xi + qi * xr;
                }
            }
            double num = 0, den = 0;
            for (int j = 0; j < k; j++) { // (Q^H y)_j - x_j
                double sr = 0, si = 0;
                for (int i = 0; i < m; i++) {
                    double qr = z[2 * (i + j * m)], qi = -z[2 * (i + j * m) + 1];
                    sr += qr * y[2 * i] - qi * y[2 * i + 1];
                    si += qr * y[2 * i + 1] + qi * y[2 * i];
                }
                double dr = sr - x[2 * j], di = si - x[2 * j + 1];
                num += dr * dr + di * di;
                den += x[2 * j] * x[2 * j] + x[2 * j + 1] * x[2 * j + 1];
            }
            worst = Math.max(worst, Math.sqrt(num / den));
        }
        return worst;
    }
}
