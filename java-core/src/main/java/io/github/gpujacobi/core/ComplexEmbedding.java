package io.github.gpujacobi.core;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * A Hermitian eigenproblem through a real symmetric one of twice the order: A = X + iY and its embedding
 * M = [[X, -Y], [Y, X]], M [u; w] = [X u - Y w; Y u + X w], so for an eigenvector [u; w] of M, u + i w is an
 * eigenvector of A with the same eigenvalue, and every eigenvalue of A is an eigenvalue of M twice (the second
 * vector is [-w; u], i times the same complex direction). If A = D H D is graded, M = (D + D) H~ (D + D) with
 * H~ the embedding of H, whose eigenvalues are those of H: M is graded the same way with the same condition
 * number, so a real solver that is relatively accurate for graded M (the one-sided route on the Bunch-Parlett or
 * Cholesky factor [6, 10]) is relatively accurate for A. The backends' complex routes solve M with their real
 * solvers (cpu.ComplexIndefiniteEig; the GPU's CudaComplex for eig and svd); this class builds M and takes A's
 * eigenpairs (or singular triplets, M = [[X, -Y], [Y, X]] of a general A) back from M's.
 */
public final class ComplexEmbedding {
    private ComplexEmbedding() {}

    /**
     * Distance of two eigenvalues, relative to ||A||, within which their complex vectors are orthogonalised
     * against each other (at most 5%, 8 / n from n = 160 on): eigenvectors of eigenvalues a gap g apart are
     * orthogonal to about eps ||A|| / g, so beyond the window they are to ~20 eps (n eps from n = 160), and
     * within it Gram-Schmidt makes them so.
     */
    static double window(int n) {
        return Math.min(0.05, 8.0 / Math.max(1, n));
    }

    /** Whether M and its vectors (2n x 2n each) fit Java arrays (n up to 23170). */
    public static boolean fits(int n) {
        long n2 = 2L * n;
        return n2 * n2 <= Integer.MAX_VALUE - 8;
    }

    /**
     * M and room for its eigenvectors (null when not wanted), or null when they do not fit: the arrays or the
     * heap (the embedding needs 8 (2n)^2 bytes twice; the caller then solves A by a complex method of order n).
     */
    public static double[][] allocate(double[] a, int n, boolean vectors) {
        if (!fits(n)) return null;
        try {
            double[] m = hermitian(a, n), vm = vectors ? new double[4 * n * n] : null;
            return new double[][]{m, vm};
        } catch (OutOfMemoryError e) { // only these two arrays were being allocated: nothing else is affected
            return null;
        }
    }

    /** M (2n x 2n, column-major) of the interleaved Hermitian n x n a. */
    public static double[] hermitian(double[] a, int n) {
        return general(a, n, n);
    }

    /**
     * M = [[X, -Y], [Y, X]] (2m x 2n, column-major) of the interleaved m x n a = X + iY: M [u; w] = [c; d]
     * exactly when A (u + iw) = c + id, so M's singular values are A's, each twice, and its singular vectors
     * pair up as its eigenvectors do in the Hermitian case.
     */
    public static double[] general(double[] a, int m, int n) {
        double[] out = new double[4 * m * n];
        general(a, m, n, out, 0);
        return out;
    }

    /** The embeddings M of pages[first] ... pages[first + count - 1] (interleaved m x n each), one after another. */
    public static double[] general(double[][] pages, int first, int count, int m, int n) {
        double[] out = new double[count * 4 * m * n];
        for (int j = 0; j < count; j++) general(pages[first + j], m, n, out, j * 4 * m * n);
        return out;
    }

    /** M of the interleaved m x n a written into out from offset (a batch of pages: 4 m n doubles each). */
    public static void general(double[] a, int m, int n, double[] out, int offset) {
        int m2 = 2 * m;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                double x = a[2 * (i + j * m)], y = a[2 * (i + j * m) + 1];
                out[offset + i + j * m2] = x;
                out[offset + i + m + j * m2] = y;
                out[offset + i + (j + n) * m2] = -y;
                out[offset + i + m + (j + n) * m2] = x;
            }
        }
    }

    /** Whether the embedding of an m x n page (2m x 2n) and its 2n x 2n V fit Java arrays. */
    public static boolean fits(int m, int n) {
        return 4L * m * n <= Integer.MAX_VALUE - 8 && fits(n);
    }

    /**
     * A's SVD from M's (the complex driver's contract, core/ComplexPageDriver.SvdPage: A V and V), m >= n. Of
     * M's 2n right singular vectors, in descending order of their singular values, a complex Gram-Schmidt against
     * the vectors kept for singular values within the window keeps one of each pair (as in {@link #eigenpairs});
     * each kept z comes with y = A z, the same complex combination of M's columns of U S (A is linear), so the
     * driver's column norms of y are A's singular values and y / sigma its left vectors. Without vectors the
     * pairs are adjacent in order and y's column c is their mean on the diagonal.
     *
     * @param sm the 2n singular values of M, any order (columns of um and vm)
     * @param um M's left singular vectors (2m x 2n, unit columns), or null without vectors
     * @param vm M's right singular vectors (2n x 2n), or null without vectors
     * @param y  out: interleaved m x n, A V
     * @param v  out: interleaved n x n, V (when vm is given)
     * @return false unless exactly n vectors remain
     */
    public static boolean singularTriplets(double[] sm, double[] um, double[] vm, int m, int n, double[] y, double[] v) {
        int n2 = 2 * n, m2 = 2 * m;
        Integer[] order = IntStream.range(0, n2).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(k -> -sm[k]));
        Arrays.fill(y, 0);
        if (vm == null) {
            for (int c = 0; c < n; c++) y[2 * (c + c * m)] = 0.5 * (sm[order[2 * c]] + sm[order[2 * c + 1]]);
            return true;
        }
        double window = window(n) * (n2 > 0 ? sm[order[0]] : 0);
        double[] z = new double[2 * n], zy = new double[2 * m], kept = new double[n];
        int count = 0;
        for (Integer k : order) {
            double sigma = sm[k];
            for (int i = 0; i < n; i++) {
                z[2 * i] = vm[k * n2 + i];
                z[2 * i + 1] = vm[k * n2 + n + i];
            }
            for (int i = 0; i < m; i++) {
                zy[2 * i] = sigma * um[k * m2 + i];
                zy[2 * i + 1] = sigma * um[k * m2 + m + i];
            }
            double norm = projectOutPairs(z, zy, v, y, kept, count, sigma, window, n, m);
            if (norm < 0.5) continue; // the other vector of a pair already kept
            if (norm < 0.99) norm = projectOutPairs(z, zy, v, y, kept, count, sigma, window, n, m);
            if (count == n) return false;
            double s = 1 / Math.sqrt(norm);
            for (int i = 0; i < 2 * n; i++) v[2 * count * n + i] = z[i] * s;
            for (int i = 0; i < 2 * m; i++) y[2 * count * m + i] = zy[i] * s;
            kept[count++] = sigma;
        }
        return count == n;
    }

    /** z (and y = A z alongside) minus z's components along the kept vectors of singular values within the window. */
    private static double projectOutPairs(double[] z, double[] zy, double[] v, double[] y, double[] kept, int count,
                                          double sigma, double window, int n, int m) {
        for (int c = count - 1; c >= 0 && kept[c] - sigma <= window; c--) {
            double[] alpha = project(z, v, c, n);
            axpy(zy, y, c, m, alpha[0], alpha[1]);
        }
        double norm = 0;
        for (double x : z) norm += x * x;
        return norm;
    }

    /** zy -= alpha y_c (complex alpha = ar + i ai), y_c column c of the interleaved m-row y. */
    private static void axpy(double[] zy, double[] y, int c, int m, double ar, double ai) {
        int o = 2 * c * m;
        for (int i = 0; i < 2 * m; i += 2) {
            double xr = y[o + i], xi = y[o + i + 1];
            zy[i] -= xr * ar - xi * ai;
            zy[i + 1] -= xr * ai + xi * ar;
        }
    }

    /**
     * A's eigenpairs from M's: of the 2n real vectors (in ascending eigenvalue order) a complex Gram-Schmidt
     * against the vectors already kept for eigenvalues within the window (a second pass where the first took off
     * more than 1% of the norm) keeps one that is at least half new, so
     * one vector of each pair remains (a basis of the eigenspace of a multiple eigenvalue). Without vectors the
     * pairs are adjacent in ascending order and each gives the mean of its two.
     *
     * @param dm the 2n eigenvalues of M, any order
     * @param vm M's eigenvectors (2n x 2n, columns matching dm), or null
     * @param d  out: n eigenvalues of A, ascending
     * @param v  out: interleaved n x n eigenvectors matching d (when vm is given)
     * @return false unless exactly n vectors remain (M's vectors did not pair up, e.g. unconverged sweeps)
     */
    public static boolean eigenpairs(double[] dm, double[] vm, int n, double[] d, double[] v) {
        int n2 = 2 * n;
        Integer[] order = IntStream.range(0, n2).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(k -> dm[k]));
        if (vm == null) {
            for (int c = 0; c < n; c++) d[c] = 0.5 * (dm[order[2 * c]] + dm[order[2 * c + 1]]);
            return true;
        }
        double window = window(n) * Math.max(Math.abs(dm[order[0]]), Math.abs(dm[order[n2 - 1]]));
        double[] z = new double[2 * n];
        int kept = 0;
        for (Integer k : order) {
            int col = k * n2;
            for (int i = 0; i < n; i++) {
                z[2 * i] = vm[col + i];
                z[2 * i + 1] = vm[col + n + i];
            }
            double lambda = dm[k];
            double norm = projectOut(z, v, d, kept, lambda, window, n);
            if (norm < 0.5) continue; // the other vector of an eigenvalue already kept
            // a second pass where the first removed a noticeable part (vectors of a cluster; "twice is enough")
            if (norm < 0.99) norm = projectOut(z, v, d, kept, lambda, window, n);
            if (kept == n) return false;
            double s = 1 / Math.sqrt(norm);
            for (int i = 0; i < 2 * n; i++) v[2 * kept * n + i] = z[i] * s;
            d[kept++] = lambda;
        }
        return kept == n;
    }

    /** z minus its components along the kept vectors of eigenvalues within the window of lambda; ||z||^2 after. */
    private static double projectOut(double[] z, double[] v, double[] d, int kept, double lambda, double window, int n) {
        for (int c = kept - 1; c >= 0 && lambda - d[c] <= window; c--) project(z, v, c, n);
        double norm = 0;
        for (double x : z) norm += x * x;
        return norm;
    }

    /** z -= v_c (v_c^H z), v_c column c of the interleaved n x n v; returns v_c^H z. */
    private static double[] project(double[] z, double[] v, int c, int n) {
        int o = 2 * c * n;
        double pr = 0, pi = 0;
        for (int i = 0; i < 2 * n; i += 2) {
            double xr = v[o + i], xi = v[o + i + 1], yr = z[i], yi = z[i + 1];
            pr += xr * yr + xi * yi;
            pi += xr * yi - xi * yr;
        }
        for (int i = 0; i < 2 * n; i += 2) {
            double xr = v[o + i], xi = v[o + i + 1];
            z[i] -= xr * pr - xi * pi;
            z[i + 1] -= xr * pi + xi * pr;
        }
        return new double[]{pr, pi};
    }
}
