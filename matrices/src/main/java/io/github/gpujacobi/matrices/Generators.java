package io.github.gpujacobi.matrices;

import java.util.Random;

/**
 * Seeded test matrices (column-major), one copy shared by the verify command, the benchmarks and the
 * test suites (testing.Matrices delegates here).
 */
public final class Generators {
    private Generators() {}

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

    /** (G + G^H)/2 for a complex Gaussian G (interleaved re/im n x n): Hermitian, exactly (real diagonal). */
    public static double[] hermitian(Random r, int n) {
        double[] g = randn(r, 2 * n, n);
        double[] h = new double[g.length];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            int ij = 2 * (i + j * n), ji = 2 * (j + i * n);
            h[ij] = 0.5 * (g[ij] + g[ji]);
            h[ij + 1] = i == j ? 0 : 0.5 * (g[ij + 1] - g[ji + 1]);
        }
        return h;
    }

    /** A random unitary n x n (interleaved re/im): modified Gram-Schmidt on complex Gaussian columns. */
    public static double[] unitary(Random r, int n) {
        double[] q = new double[2 * n * n];
        for (int i = 0; i < q.length; i++) q[i] = r.nextGaussian();
        for (int j = 0; j < n; j++) {
            int oj = 2 * j * n;
            for (int k = 0; k < j; k++) {
                int ok = 2 * k * n;
                double pr = 0, pi = 0; // q_k^H q_j
                for (int i = 0; i < 2 * n; i += 2) {
                    pr += q[ok + i] * q[oj + i] + q[ok + i + 1] * q[oj + i + 1];
                    pi += q[ok + i] * q[oj + i + 1] - q[ok + i + 1] * q[oj + i];
                }
                for (int i = 0; i < 2 * n; i += 2) {
                    q[oj + i] -= q[ok + i] * pr - q[ok + i + 1] * pi;
                    q[oj + i + 1] -= q[ok + i] * pi + q[ok + i + 1] * pr;
                }
            }
            double nr = 0;
            for (int i = 0; i < 2 * n; i++) nr += q[oj + i] * q[oj + i];
            nr = Math.sqrt(nr);
            for (int i = 0; i < 2 * n; i++) q[oj + i] /= nr;
        }
        return q;
    }

    /**
     * Graded indefinite Hermitian A = P (D H D) P' (interleaved re/im, exactly Hermitian): H = Q diag(lambda) Q^H for a
     * random unitary Q, lambda alternately in [1, 3] and [-3, -1] (cond(H) <= 3), D = diag(logspace(0, -decades, n)).
     */
    public static double[] gradedHermitianIndefinite(Random r, int n, double decades) {
        return gradedHermitian(r, n, decades, false);
    }

    /** As {@link #gradedHermitianIndefinite}, with every lambda in [1, 3] when definite (positive definite A). */
    public static double[] gradedHermitian(Random r, int n, double decades, boolean definite) {
        double[] q = unitary(r, n), lam = new double[n];
        for (int i = 0; i < n; i++) lam[i] = (definite || i % 2 == 0 ? 1 : -1) * (1 + 2 * r.nextDouble());
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = Math.pow(10, -decades * i / Math.max(1, n - 1));
        int[] p = permutation(r, n);
        double[] a = new double[2 * n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i <= j; i++) { // H(i, j) = sum_k q_ik lambda_k conj(q_jk)
                double hr = 0, hi = 0;
                for (int k = 0; k < n; k++) {
                    double xr = q[2 * (i + k * n)], xi = q[2 * (i + k * n) + 1], yr = q[2 * (j + k * n)], yi = q[2 * (j + k * n) + 1];
                    hr += lam[k] * (xr * yr + xi * yi);
                    hi += lam[k] * (xi * yr - xr * yi);
                }
                if (i == j) hi = 0;
                // A(p_i, p_j) = d_i H(i, j) d_j, and its conjugate at (p_j, p_i)
                double f = d[i] * d[j];
                int pi = p[i], pj = p[j];
                a[2 * (pi + pj * n)] = f * hr;
                a[2 * (pi + pj * n) + 1] = f * hi;
                a[2 * (pj + pi * n)] = f * hr;
                a[2 * (pj + pi * n) + 1] = -f * hi;
            }
        }
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
        return graded(r, h, n, decades);
    }

    /**
     * Graded symmetric indefinite A = P (D H D) P', D = diag(logspace(0, -decades, n)), H = Q Lambda Q'
     * with eigenvalues alternately positive and negative of modulus in [1, 3] (cond(H) <= 3): the
     * hyperbolic route computes every eigenvalue of A to high relative accuracy [4, 10], two-sided
     * Jacobi on A and QR-type solvers need not. Exactly symmetric.
     */
    public static double[] gradedIndefinite(Random r, int n, double decades) {
        double[] lam = new double[n];
        for (int i = 0; i < n; i++) lam[i] = (i % 2 == 0 ? 1 : -1) * (1 + 2 * r.nextDouble());
        double[] h = withSpectrum(r, lam);
        return graded(r, h, n, decades);
    }

    /** P (D H D) P' with D = diag(logspace(0, -decades, n)) and a random permutation P (drawn from r). */
    private static double[] graded(Random r, double[] h, int n, double decades) {
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

    /** B'B + n I: symmetric positive definite, exactly symmetric. */
    public static double[] spd(Random r, int n) {
        double[] b = randn(r, n, n);
        double[] a = new double[n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i <= j; i++) {
            double s = i == j ? n : 0;
            for (int k = 0; k < n; k++) s += b[k + i * n] * b[k + j * n];
            a[i + j * n] = s;
            a[j + i * n] = s;
        }
        return a;
    }

    /** Random normal with 2 sqrt(n) + 1 added to the diagonal: well conditioned. */
    public static double[] wellConditioned(Random r, int n) {
        double[] a = randn(r, n, n);
        for (int i = 0; i < n; i++) a[i + i * n] += 2 * Math.sqrt(n) + 1;
        return a;
    }

    /** {@code pages} pages of f's matrices of size len, stacked. */
    public static double[] pages(int pages, int len, java.util.function.Supplier<double[]> f) {
        double[] a = new double[len * pages];
        for (int k = 0; k < pages; k++) System.arraycopy(f.get(), 0, a, k * len, len);
        return a;
    }
}
