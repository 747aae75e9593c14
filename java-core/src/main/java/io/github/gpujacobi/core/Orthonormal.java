package io.github.gpujacobi.core;

/**
 * Completes a set of orthonormal columns to an orthonormal basis (full U, zero singular values).
 * The k known columns Y get a Householder QR, Y = H_1 ... H_k R; the trailing columns of
 * Q = H_1 ... H_k span the orthogonal complement of Y, and each missing column is Q e_(k+t),
 * formed with k reflector applications of O(m) each: O(m k (cols - k)), O(m^2 n) for a full U of
 * an m x n matrix (the earlier unit-vector Gram-Schmidt cost O(m^3)).
 */
public final class Orthonormal {
    private Orthonormal() {}

    /**
     * @param q    m x cols column-major; columns with have[j] are orthonormal already and stay unchanged
     * @param have which columns are set; the others are filled with unit vectors orthogonal to all
     */
    public static void complete(double[] q, int m, int cols, boolean[] have) {
        int k = 0;
        for (int j = 0; j < cols; j++) if (have[j]) k++;
        if (k == cols) return;
        // Y: the known columns; after the QR its lower part holds the reflectors v_j (v_j[j] = 1 implied)
        double[] y = new double[m * k];
        int c = 0;
        for (int j = 0; j < cols; j++) if (have[j]) System.arraycopy(q, j * m, y, (c++) * m, m);
        double[] tau = new double[k];
        for (int j = 0; j < k; j++) {
            tau[j] = reflector(y, j * m + j, m - j);
            for (int l = j + 1; l < k; l++) reflect(y, j * m + j, tau[j], y, l * m + j, m - j);
        }
        int t = 0;
        for (int j = 0; j < cols; j++) {
            if (have[j]) continue;
            int col = j * m;
            java.util.Arrays.fill(q, col, col + m, 0);
            q[col + k + t] = 1; // e_(k+t), then H_k, ..., H_1 applied
            t++;
            for (int r = k - 1; r >= 0; r--) reflect(y, r * m + r, tau[r], q, col + r, m - r);
            have[j] = true;
        }
    }

    /**
     * Turns x = a[off .. off+len) into the reflector v (v[0] = 1 implied, the rest stored in place,
     * a[off] becomes beta) with (I - tau v v') x = beta e_1, LAPACK dlarfg style; returns tau.
     */
    private static double reflector(double[] a, int off, int len) {
        double scale = 0;
        for (int i = 1; i < len; i++) scale = Math.max(scale, Math.abs(a[off + i]));
        if (scale == 0) return 0;
        double alpha = a[off];
        scale = Math.max(scale, Math.abs(alpha));
        double ss = 0;
        for (int i = 0; i < len; i++) {
            double z = a[off + i] / scale;
            ss += z * z;
        }
        double beta = -Math.copySign(scale * Math.sqrt(ss), alpha);
        double tau = (beta - alpha) / beta;
        double f = 1 / (alpha - beta);
        for (int i = 1; i < len; i++) a[off + i] *= f;
        a[off] = beta;
        return tau;
    }

    /** x := (I - tau v v') x with v = [1; a[voff+1 .. voff+len)], x = b[xoff .. xoff+len). */
    private static void reflect(double[] a, int voff, double tau, double[] b, int xoff, int len) {
        if (tau == 0) return;
        double dot = b[xoff];
        for (int i = 1; i < len; i++) dot += a[voff + i] * b[xoff + i];
        dot *= tau;
        b[xoff] -= dot;
        for (int i = 1; i < len; i++) b[xoff + i] -= dot * a[voff + i];
    }
}
