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
 * solvers (cpu.ComplexIndefiniteEig); this class builds M and takes A's eigenpairs back from M's.
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
        int n2 = 2 * n;
        double[] m = new double[n2 * n2];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                double x = a[2 * (i + j * n)], y = a[2 * (i + j * n) + 1];
                m[i + j * n2] = x;
                m[i + n + j * n2] = y;
                m[i + (j + n) * n2] = -y;
                m[i + n + (j + n) * n2] = x;
            }
        }
        return m;
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

    /** z -= v_c (v_c^H z), v_c column c of the interleaved n x n v. */
    private static void project(double[] z, double[] v, int c, int n) {
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
    }
}
