package io.github.gpujacobi.core;

/**
 * {@link Orthonormal} for complex columns (interleaved re/im): the k known orthonormal columns Y get
 * a complex Householder QR, Y = H_1 ... H_k R with H_j = I - tau_j v_j v_j^H (LAPACK zlarfg [20]),
 * and each missing column is Q e_(k+t) = H_1 (... (H_k e_(k+t))): O(m k (cols - k)).
 */
public final class ComplexOrthonormal {
    private ComplexOrthonormal() {}

    /**
     * @param q    interleaved m x cols; columns with have[j] are orthonormal already and stay unchanged
     * @param have which columns are set; the others are filled with unit vectors orthogonal to all
     */
    public static void complete(double[] q, int m, int cols, boolean[] have) {
        int k = 0;
        for (int j = 0; j < cols; j++) if (have[j]) k++;
        if (k == cols) return;
        double[] y = new double[2 * m * k];
        int c = 0;
        for (int j = 0; j < cols; j++) if (have[j]) System.arraycopy(q, 2 * j * m, y, 2 * (c++) * m, 2 * m);
        double[] tau = new double[2 * k];
        for (int j = 0; j < k; j++) {
            reflector(y, j * m + j, m - j, tau, j);
            // H_j^H = I - conj(tau) v v^H on the remaining known columns
            for (int l = j + 1; l < k; l++) reflect(y, j * m + j, tau[2 * j], -tau[2 * j + 1], y, l * m + j, m - j);
        }
        int t = 0;
        for (int j = 0; j < cols; j++) {
            if (have[j]) continue;
            int col = j * m;
            java.util.Arrays.fill(q, 2 * col, 2 * (col + m), 0);
            q[2 * (col + k + t)] = 1; // e_(k+t), then H_k, ..., H_1 applied
            t++;
            for (int r = k - 1; r >= 0; r--) reflect(y, r * m + r, tau[2 * r], tau[2 * r + 1], q, col + r, m - r);
            have[j] = true;
        }
    }

    /**
     * zlarfg: turns x = a[off .. off+len) (complex element offsets) into v (v[0] = 1 implied, the
     * rest in place; a[off] becomes the real beta) with H^H x = beta e_1, H = I - tau v v^H;
     * stores tau in tau[2j], tau[2j+1].
     */
    private static void reflector(double[] a, int off, int len, double[] tau, int j) {
        double scale = 0;
        for (int i = 1; i < len; i++) scale = Math.max(scale, Math.max(Math.abs(a[2 * (off + i)]), Math.abs(a[2 * (off + i) + 1])));
        double ar = a[2 * off], ai = a[2 * off + 1];
        if (scale == 0 && ai == 0) { tau[2 * j] = tau[2 * j + 1] = 0; return; }
        scale = Math.max(scale, Math.max(Math.abs(ar), Math.abs(ai)));
        double ss = 0;
        for (int i = 0; i < 2 * len; i++) {
            double z = a[2 * off + i] / scale;
            ss += z * z;
        }
        double beta = -Math.copySign(scale * Math.sqrt(ss), ar);
        tau[2 * j] = (beta - ar) / beta;
        tau[2 * j + 1] = -ai / beta;
        // f = 1 / (alpha - beta)
        double dr = ar - beta, di = ai, den = dr * dr + di * di;
        double fr = dr / den, fi = -di / den;
        for (int i = 1; i < len; i++) {
            int x = 2 * (off + i);
            double xr = a[x], xi = a[x + 1];
            a[x] = xr * fr - xi * fi;
            a[x + 1] = xr * fi + xi * fr;
        }
        a[2 * off] = beta;
        a[2 * off + 1] = 0;
    }

    /** x := (I - tau v v^H) x with v = [1; a[voff+1 .. voff+len)], x = b[xoff .. xoff+len) (complex offsets). */
    private static void reflect(double[] a, int voff, double tr, double ti, double[] b, int xoff, int len) {
        if (tr == 0 && ti == 0) return;
        double dr = b[2 * xoff], di = b[2 * xoff + 1]; // v^H x
        for (int i = 1; i < len; i++) {
            double vr = a[2 * (voff + i)], vi = a[2 * (voff + i) + 1];
            double xr = b[2 * (xoff + i)], xi = b[2 * (xoff + i) + 1];
            dr += vr * xr + vi * xi;
            di += vr * xi - vi * xr;
        }
        double sr = tr * dr - ti * di, si = tr * di + ti * dr; // tau (v^H x)
        b[2 * xoff] -= sr;
        b[2 * xoff + 1] -= si;
        for (int i = 1; i < len; i++) {
            double vr = a[2 * (voff + i)], vi = a[2 * (voff + i) + 1];
            b[2 * (xoff + i)] -= vr * sr - vi * si;
            b[2 * (xoff + i) + 1] -= vr * si + vi * sr;
        }
    }
}
