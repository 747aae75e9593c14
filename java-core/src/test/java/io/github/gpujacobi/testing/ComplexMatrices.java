package io.github.gpujacobi.testing;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;

import java.util.Random;

/** Complex test matrices (interleaved re/im, column-major) and the residuals the complex tests assert. */
public final class ComplexMatrices {
    private ComplexMatrices() {}

    /** Independent standard complex Gaussian entries, interleaved m x n. */
    public static double[] randn(Random r, int m, int n) {
        double[] a = new double[2 * m * n];
        for (int i = 0; i < a.length; i++) a[i] = r.nextGaussian();
        return a;
    }

    /** (G + G^H)/2 for Gaussian G: Hermitian, exactly (the product's own generator). */
    public static double[] hermitian(Random r, int n) {
        return io.github.gpujacobi.matrices.Generators.hermitian(r, n);
    }

    /** C = A B for interleaved A (m x k) and B (k x n). */
    public static double[] mul(double[] a, int m, int k, double[] b, int n) {
        double[] c = new double[2 * m * n];
        for (int j = 0; j < n; j++) for (int l = 0; l < k; l++) {
            double br = b[2 * (l + j * k)], bi = b[2 * (l + j * k) + 1];
            for (int i = 0; i < m; i++) {
                double ar = a[2 * (i + l * m)], ai = a[2 * (i + l * m) + 1];
                c[2 * (i + j * m)] += ar * br - ai * bi;
                c[2 * (i + j * m) + 1] += ar * bi + ai * br;
            }
        }
        return c;
    }

    /** A^H for interleaved m x n A. */
    public static double[] ctranspose(double[] a, int m, int n) {
        double[] t = new double[a.length];
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
            t[2 * (j + i * n)] = a[2 * (i + j * m)];
            t[2 * (j + i * n) + 1] = -a[2 * (i + j * m) + 1];
        }
        return t;
    }

    public static double frob(double[] a) {
        double s = 0;
        for (double x : a) s += x * x;
        return Math.sqrt(s);
    }

    /** Page k of a as interleaved doubles. */
    public static double[] page(ComplexPageArray a, int k) { return a.pageAsDouble(k); }

    /** ||A V - V diag(d)||_F / ||A||_F for page k. */
    public static double eigResidual(ComplexPageArray a, ComplexPageArray v, PageArray d, int k) {
        int n = a.rows();
        double[] av = mul(a.pageAsDouble(k), n, n, v.pageAsDouble(k), n);
        double[] vv = v.pageAsDouble(k);
        for (int j = 0; j < n; j++) for (int i = 0; i < 2 * n; i++) av[i + 2 * j * n] -= vv[i + 2 * j * n] * d.get(j, 0, k);
        double na = frob(a.pageAsDouble(k));
        return na == 0 ? frob(av) : frob(av) / na;
    }

    /**
     * ||Q^H Q - I||_2 for the columns of page k of q: the Gram matrix with compensated dot products
     * (fma, so the test's own rounding stays far below eps) and the 2-norm of the Hermitian error
     * by power iteration.
     */
    public static double orthogonality(ComplexPageArray q, int k) {
        int m = q.rows(), n = q.cols();
        double[] p = q.pageAsDouble(k);
        double[] e = new double[2 * n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            double[] re = new double[2], im = new double[2];
            for (int l = 0; l < m; l++) {
                double ar = p[2 * (l + i * m)], ai = -p[2 * (l + i * m) + 1], br = p[2 * (l + j * m)], bi = p[2 * (l + j * m) + 1];
                add(re, ar, br);
                add(re, -ai, bi);
                add(im, ar, bi);
                add(im, ai, br);
            }
            e[2 * (i + j * n)] = (re[0] - (i == j ? 1 : 0)) + re[1];
            e[2 * (i + j * n) + 1] = im[0] + im[1];
        }
        double[] x = randn(new Random(1), n, 1);
        double norm = 0;
        for (int it = 0; it < 60; it++) {
            double nx = frob(x);
            if (nx == 0) return 0;
            for (int i = 0; i < x.length; i++) x[i] /= nx;
            x = mul(e, n, n, x, 1);
            norm = frob(x);
        }
        return norm;
    }

    /** acc += a b, compensated: acc[0] the sum, acc[1] the collected rounding errors (TwoSum, fma TwoProduct). */
    private static void add(double[] acc, double a, double b) {
        double p = a * b, pe = Math.fma(a, b, -p);
        double s = acc[0] + p, bb = s - acc[0], se = (acc[0] - (s - bb)) + (p - bb);
        acc[0] = s;
        acc[1] += se + pe;
    }

    /** ||A - U(:,1:r) diag(s) V(:,1:r)^H||_F / ||A||_F for page k, r = min(m, n). */
    public static double svdResidual(ComplexPageArray a, ComplexPageArray u, PageArray s, ComplexPageArray v, int k) {
        int m = a.rows(), n = a.cols(), r = Math.min(m, n);
        double[] us = new double[2 * m * r];
        double[] up = u.pageAsDouble(k);
        for (int j = 0; j < r; j++) for (int i = 0; i < 2 * m; i++) us[i + 2 * j * m] = up[i + 2 * j * m] * s.get(j, 0, k);
        double[] vr = java.util.Arrays.copyOf(v.pageAsDouble(k), 2 * n * r);
        double[] e = mul(us, m, r, ctranspose(vr, n, r), n);
        double[] ap = a.pageAsDouble(k);
        for (int i = 0; i < e.length; i++) e[i] = ap[i] - e[i];
        double na = frob(ap);
        return na == 0 ? frob(e) : frob(e) / na;
    }

    /** ||A X - I||_F / (||A||_F ||X||_F) for page k. */
    public static double inverseResidual(ComplexPageArray a, ComplexPageArray x, int k) {
        int n = a.rows();
        double[] ax = mul(a.pageAsDouble(k), n, n, x.pageAsDouble(k), n);
        for (int i = 0; i < n; i++) ax[2 * (i + i * n)] -= 1;
        return frob(ax) / (frob(a.pageAsDouble(k)) * frob(x.pageAsDouble(k)));
    }

    /** Interleaved data as a one-page array of the given precision. */
    public static ComplexPageArray of(double[] z, int m, int n, Precision p) {
        ComplexPageArray a = ComplexPageArray.wrap(z.clone(), m, n);
        if (p == Precision.DOUBLE) return a;
        float[] f = new float[z.length];
        for (int i = 0; i < z.length; i++) f[i] = (float) z[i];
        return ComplexPageArray.wrap(f, m, n);
    }

    /** Interleaved page k rendered for Python: "re im re im ..." as exact hex floats. */
    public static String hex(ComplexPageArray a, int k) {
        StringBuilder sb = new StringBuilder();
        for (double x : a.pageAsDouble(k)) sb.append(Double.toHexString(x)).append(' ');
        return sb.toString();
    }

    /**
     * Graded Hermitian positive definite A = P D H D P^T: H = G G^H for a Gaussian n x 3n
     * G, scaled to a unit diagonal, D = logspace(0, -10, n), P a random permutation; interleaved.
     */
    public static double[] gradedHermitian(Random r, int n) {
        int m = 3 * n;
        double[] g = randn(r, n, m);
        return graded(r, mul(g, n, m, ctranspose(g, n, m), n), n);
    }

    /** Graded Hermitian indefinite (10 decades, ceil(n/2) positive eigenvalues): the product's own generator. */
    public static double[] gradedHermitianIndefinite(Random r, int n) {
        return io.github.gpujacobi.matrices.Generators.gradedHermitianIndefinite(r, n, 10);
    }

    /** P D H D P^T for Hermitian h (interleaved, n x n): D = logspace(0, -10, n) over the unit-diagonal scaling of h. */
    private static double[] graded(Random r, double[] h, int n) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = i;
        for (int i = n - 1; i > 0; i--) { int j = r.nextInt(i + 1), t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[perm[i]] = Math.pow(10, -10.0 * i / Math.max(1, n - 1)) / Math.sqrt(Math.abs(h[2 * (i + i * n)]));
        }
        double[] a = new double[2 * n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            int pi = perm[i], pj = perm[j]; // A(perm i, perm j) = d_i h_ij d_j
            double f = d[pi] * d[pj];
            a[2 * (pi + pj * n)] = f * h[2 * (i + j * n)];
            a[2 * (pi + pj * n) + 1] = i == j ? 0 : f * h[2 * (i + j * n) + 1];
        }
        return a;
    }
}
