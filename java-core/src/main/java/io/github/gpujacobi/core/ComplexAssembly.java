package io.github.gpujacobi.core;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;

/**
 * {@link PageAssembly} for complex pages (interleaved re/im): Hermitian part, conjugate transpose,
 * and the results of one page (eigenvalues ascending with their vectors; singular values descending
 * with normalised U completed to a unitary basis where asked).
 */
public final class ComplexAssembly {
    private ComplexAssembly() {}

    /** (A + A^H)/2 in place: the solver sees an exactly Hermitian page with a real diagonal. */
    public static void hermitianize(double[] w, int n) {
        for (int j = 0; j < n; j++) {
            w[2 * (j + j * n) + 1] = 0;
            for (int i = j + 1; i < n; i++) {
                int ij = 2 * (i + j * n), ji = 2 * (j + i * n);
                double re = PageAssembly.mean(w[ij], w[ji]), im = PageAssembly.mean(w[ij + 1], -w[ji + 1]);
                w[ij] = re;
                w[ij + 1] = im;
                w[ji] = re;
                w[ji + 1] = -im;
            }
        }
    }

    /** A^H of an interleaved m x n page (n x m). */
    public static double[] conjugateTranspose(double[] a, int m, int n) {
        double[] t = new double[2 * m * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
            t[2 * (j + i * n)] = a[2 * (i + j * m)];
            t[2 * (j + i * n) + 1] = -a[2 * (i + j * m) + 1];
        }
        return t;
    }

    /** Writes the real diagonal of the diagonalised page ascending into values page k, and the matching columns of v. */
    public static void eig(double[] a, double[] v, int n, PageArray values, ComplexPageArray vectors, int k) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = a[2 * (i + i * n)];
        int[] order = PageAssembly.ascending(d);
        double[] dv = new double[n];
        double[] vv = v == null ? null : new double[2 * n * n];
        for (int j = 0; j < n; j++) {
            dv[j] = d[order[j]];
            if (v != null) System.arraycopy(v, 2 * order[j] * n, vv, 2 * j * n, 2 * n);
        }
        values.writePage(k, dv);
        if (vectors != null && vv != null) vectors.writePage(k, vv);
    }

    /**
     * @param w    interleaved mm x nn with mutually orthogonal columns (A V, or A^H V for a wide A)
     * @param vw   interleaved nn x nn, the accumulated rotations (null when no vectors are wanted)
     * @param tall whether w came from A (m >= n) rather than A^H
     */
    public static void svd(double[] w, double[] vw, int mm, int nn, boolean tall, PageArray s,
                           ComplexPageArray u, ComplexPageArray v, int k) {
        svd(w, null, vw, mm, nn, tall, s, u, v, k);
    }

    /**
     * As above; with {@code sigma} non-null (a solver that normalised, and polished, the columns itself) w holds the
     * columns of U already where sigma > 0, their norms in sigma.
     */
    public static void svd(double[] w, double[] sigma, double[] vw, int mm, int nn, boolean tall, PageArray s,
                           ComplexPageArray u, ComplexPageArray v, int k) {
        double[] sig = sigma != null ? sigma : new double[nn];
        double[] neg = new double[nn];
        for (int j = 0; j < nn; j++) {
            if (sigma == null) sig[j] = SafeNorms.norm2(w, 2 * j * mm, 2 * mm);
            neg[j] = -sig[j];
        }
        int[] order = PageAssembly.ascending(neg);
        double[] sv = new double[nn];
        for (int j = 0; j < nn; j++) sv[j] = sig[order[j]];
        s.writePage(k, sv);
        if (u == null) return;
        ComplexPageArray leftOut = tall ? u : v, rightOut = tall ? v : u;
        int leftCols = leftOut.cols(), rightCols = rightOut.cols();
        double[] left = new double[2 * mm * leftCols];
        double[] right = new double[2 * nn * rightCols];
        boolean[] have = new boolean[leftCols];
        for (int j = 0; j < nn; j++) {
            int src = order[j];
            if (j < rightCols) System.arraycopy(vw, 2 * src * nn, right, 2 * j * nn, 2 * nn);
            if (j < leftCols && sig[src] > 0) {
                for (int i = 0; i < 2 * mm; i++) left[i + 2 * j * mm] = sigma != null ? w[i + 2 * src * mm] : w[i + 2 * src * mm] / sig[src];
                have[j] = true;
            }
        }
        ComplexOrthonormal.complete(left, mm, leftCols, have);
        leftOut.writePage(k, left);
        rightOut.writePage(k, right);
    }
}
