package io.github.gpujacobi.core;

import io.github.gpujacobi.api.PageArray;

/**
 * Turns what the hyperbolic Jacobi loop leaves behind (G W with orthogonal columns, the accumulated
 * W = V^-T, the signs) into the results of one page, for every backend. The columns are taken in the
 * seed's order (positive signs by decreasing sigma, then negative signs by increasing sigma) through
 * a permutation P: G = U Sigma V' with V = J W J P, so V' J V = P' J P, the permuted signs returned.
 */
public final class HsvdAssembly {
    private HsvdAssembly() {}

    /**
     * @param gw    m x n, G W (mutually orthogonal columns in the original column order)
     * @param w     n x n, W (null when V is not wanted)
     * @param j     the signs of the columns of G
     * @param u     m x n or m x m output (null: not wanted), completed to an orthonormal basis
     * @param v     n x n output (null: not wanted)
     * @param signs n x 1 output of the permuted signs
     */
    public static void page(double[] gw, double[] w, int m, int n, double[] j, PageArray s, PageArray u,
                            PageArray v, PageArray signs, int k) {
        page(gw, null, w, m, n, j, s, u, v, signs, k);
    }

    /**
     * As above; with {@code sigma} non-null (a solver that normalised, and polished, the columns itself) gw holds the
     * columns of U already, their norms in sigma.
     */
    public static void page(double[] gw, double[] sigma, double[] w, int m, int n, double[] j, PageArray s, PageArray u,
                            PageArray v, PageArray signs, int k) {
        final double[] sig = sigma != null ? sigma : new double[n];
        for (int c = 0; c < n && sigma == null; c++) {
            double ss = 0;
            for (int i = 0; i < m; i++) ss += gw[i + c * m] * gw[i + c * m];
            sig[c] = Math.sqrt(ss);
        }
        int[] order = order(sig, j);
        double[] sv = new double[n], jv = new double[n];
        for (int c = 0; c < n; c++) {
            sv[c] = sig[order[c]];
            jv[c] = j[order[c]];
        }
        s.writePage(k, sv);
        signs.writePage(k, jv);
        if (u != null) {
            int cols = u.cols();
            double[] uu = new double[m * cols];
            boolean[] have = new boolean[cols];
            for (int c = 0; c < n; c++) {
                int src = order[c];
                for (int i = 0; i < m; i++) uu[i + c * m] = sigma != null ? gw[i + src * m] : gw[i + src * m] / sig[src];
                have[c] = true;
            }
            Orthonormal.complete(uu, m, cols, have);
            u.writePage(k, uu);
        }
        if (v != null && w != null) {
            double[] vv = new double[n * n];
            for (int c = 0; c < n; c++) {
                int src = order[c];
                for (int i = 0; i < n; i++) vv[i + c * n] = j[i] * w[i + src * n] * j[src];
            }
            v.writePage(k, vv);
        }
    }

    /** Positive signs by decreasing sigma, then negative signs by increasing sigma (stable). */
    public static int[] order(final double[] sig, final double[] j) {
        Integer[] idx = new Integer[sig.length];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        java.util.Arrays.sort(idx, (x, y) -> {
            if ((j[x] > 0) != (j[y] > 0)) return j[x] > 0 ? -1 : 1;
            return j[x] > 0 ? Double.compare(sig[y], sig[x]) : Double.compare(sig[x], sig[y]);
        });
        int[] o = new int[idx.length];
        for (int i = 0; i < o.length; i++) o[i] = idx[i];
        return o;
    }
}
