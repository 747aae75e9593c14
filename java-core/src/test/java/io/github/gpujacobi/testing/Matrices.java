package io.github.gpujacobi.testing;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;

import java.util.Random;

/** Test matrices and the properties tests assert (residuals, orthogonality), shared by all test suites. */
public final class Matrices {
    private Matrices() {}

    public static double[] randn(Random r, int m, int n) {
        double[] a = new double[m * n];
        for (int i = 0; i < a.length; i++) a[i] = r.nextGaussian();
        return a;
    }

    /** (B + B')/2 of a random normal B. */
    public static double[] symmetric(Random r, int n) {
        double[] b = randn(r, n, n);
        double[] a = new double[n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) a[i + j * n] = 0.5 * (b[i + j * n] + b[j + i * n]);
        return a;
    }

    /** Random orthogonal n x n (Gram-Schmidt of a normal matrix, twice). */
    public static double[] orthogonal(Random r, int n) {
        double[] q = randn(r, n, n);
        for (int j = 0; j < n; j++) {
            for (int pass = 0; pass < 2; pass++) {
                for (int c = 0; c < j; c++) {
                    double d = 0;
                    for (int i = 0; i < n; i++) d += q[i + c * n] * q[i + j * n];
                    for (int i = 0; i < n; i++) q[i + j * n] -= d * q[i + c * n];
                }
            }
            double nr = 0;
            for (int i = 0; i < n; i++) nr += q[i + j * n] * q[i + j * n];
            nr = Math.sqrt(nr);
            for (int i = 0; i < n; i++) q[i + j * n] /= nr;
        }
        return q;
    }

    /** Q diag(d) Q'. */
    public static double[] withSpectrum(Random r, double[] d) {
        int n = d.length;
        double[] q = orthogonal(r, n);
        double[] a = new double[n * n];
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int k = 0; k < n; k++) s += q[i + k * n] * d[k] * q[j + k * n];
                a[i + j * n] = s;
            }
        for (int j = 0; j < n; j++) for (int i = 0; i < j; i++) a[j + i * n] = a[i + j * n];
        return a;
    }

    /**
     * Graded SPD A = P (D H D) P' with H well conditioned and unit diagonal, D = diag(logspace(0, -decades, n)).
     * Returns A (exactly symmetric).
     */
    public static double[] gradedSpd(Random r, int n, double decades) {
        double[] h = new double[n * n]; // H = I + small symmetric perturbation, unit diagonal, cond ~ 3
        double[] s = symmetric(r, n);
        double scale = 0.5 / Math.sqrt(n);
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) h[i + j * n] = i == j ? 1 : scale * s[i + j * n] / 2;
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = Math.pow(10, -decades * i / Math.max(1, n - 1));
        int[] p = permutation(r, n);
        double[] a = new double[n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            int pi = p[i], pj = p[j];
            a[i + j * n] = d[pi] * h[pi + pj * n] * d[pj];
        }
        return a;
    }

    public static int[] permutation(Random r, int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) p[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int k = r.nextInt(i + 1);
            int t = p[i]; p[i] = p[k]; p[k] = t;
        }
        return p;
    }

    public static double frob(double[] a) {
        double s = 0;
        for (double x : a) s += x * x;
        return Math.sqrt(s);
    }

    /** ||A V - V diag(d)||_F / ||A||_F for page k. */
    public static double eigResidual(PageArray a, PageArray v, PageArray d, int k) {
        int n = a.rows();
        double num = 0, den = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            double s = 0;
            for (int l = 0; l < n; l++) s += a.get(i, l, k) * v.get(l, j, k);
            double e = s - v.get(i, j, k) * d.get(j, 0, k);
            num += e * e;
            den += a.get(i, j, k) * a.get(i, j, k);
        }
        return den == 0 ? Math.sqrt(num) : Math.sqrt(num / den);
    }

    /** ||Q'Q - I||_F for the columns of page k of q. */
    public static double orthogonality(PageArray q, int k) {
        int m = q.rows(), n = q.cols();
        double e = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            double s = 0;
            for (int l = 0; l < m; l++) s += q.get(l, i, k) * q.get(l, j, k);
            double x = s - (i == j ? 1 : 0);
            e += x * x;
        }
        return Math.sqrt(e);
    }

    /** ||A - U(:,1:r) diag(s) V(:,1:r)'||_F / ||A||_F for page k, r = min(m, n). */
    public static double svdResidual(PageArray a, PageArray u, PageArray s, PageArray v, int k) {
        int m = a.rows(), n = a.cols(), r = Math.min(m, n);
        double num = 0, den = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
            double x = 0;
            for (int l = 0; l < r; l++) x += u.get(i, l, k) * s.get(l, 0, k) * v.get(j, l, k);
            double e = a.get(i, j, k) - x;
            num += e * e;
            den += a.get(i, j, k) * a.get(i, j, k);
        }
        return den == 0 ? Math.sqrt(num) : Math.sqrt(num / den);
    }

    /** ||A X - I||_F / (||A||_F ||X||_F) for page k. */
    public static double inverseResidual(PageArray a, PageArray x, int k) {
        int n = a.rows();
        double num = 0, na = 0, nx = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            double s = 0;
            for (int l = 0; l < n; l++) s += a.get(i, l, k) * x.get(l, j, k);
            double e = s - (i == j ? 1 : 0);
            num += e * e;
            na += a.get(i, j, k) * a.get(i, j, k);
            nx += x.get(i, j, k) * x.get(i, j, k);
        }
        return Math.sqrt(num) / Math.sqrt(na * nx);
    }

    public static PageArray page(double[] a, int m, int n, Precision p) {
        PageArray d = PageArray.wrap(a.clone(), m, n);
        return p == Precision.DOUBLE ? d : d.to(Precision.SINGLE);
    }
}
