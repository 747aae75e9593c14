package io.github.gpujacobi.cpu;

/**
 * Symmetric indefinite factorisation with complete pivoting (Bunch and Parlett 1971),
 * P' M P = L B L' with L unit lower triangular and B block diagonal with 1 x 1 and 2 x 2 blocks,
 * turned into M = G J G' with G = P L Q |Lambda|^(1/2) square and J = diag(+-1): each 2 x 2 block
 * B_k = Q_k Lambda_k Q_k' is diagonalised by one exact Jacobi rotation. This is the preprocessing of
 * seed 003 (its xsybpc): complete pivoting keeps G's columns graded like M, which the hyperbolic
 * Jacobi that follows needs for relative accuracy. O(n^3) once, on the CPU.
 */
final class BunchParlett {
    private BunchParlett() {}

    /** Bunch and Parlett's alpha = (1 + sqrt(17)) / 8, which bounds the element growth by 2.57^(n-1). */
    static final double ALPHA = (1 + Math.sqrt(17)) / 8;

    /** M is exactly singular: a whole Schur complement vanished. */
    static final class Singular extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Singular(String detail) { super(detail, null, false, false); }
    }

    /** G (n x n, column-major) and the signs J. */
    static final class Factor {
        final double[] g;
        final double[] j;

        Factor(double[] g, double[] j) {
            this.g = g;
            this.j = j;
        }
    }

    /** @param a n x n symmetric, column-major; overwritten (Schur complements) */
    static Factor factor(double[] a, int n) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = i;
        double[] l = new double[n * n]; // unit lower triangular factor, in pivoted order
        double[] g = new double[n * n]; // L Q |Lambda|^(1/2), in pivoted order
        double[] j = new double[n];
        for (int k = 0; k < n; ) {
            int r = k, c = k, d = k;
            double mu0 = -1, mu1 = -1;
            for (int col = k; col < n; col++) {
                double x = Math.abs(a[col + col * n]);
                if (x > mu1) { mu1 = x; d = col; }
                for (int row = col; row < n; row++) {
                    double y = Math.abs(a[row + col * n]);
                    if (y > mu0) { mu0 = y; r = row; c = col; }
                }
            }
            if (mu0 == 0) {
                throw new Singular("its symmetric indefinite factorization has a zero Schur complement of order "
                        + (n - k));
            }
            l[k + k * n] = 1;
            if (mu1 >= ALPHA * mu0) {
                swap(a, l, g, perm, n, k, d);
                double piv = a[k + k * n];
                for (int i = k + 1; i < n; i++) l[i + k * n] = a[i + k * n] / piv;
                for (int q = k + 1; q < n; q++) {
                    double lq = a[q + k * n];
                    if (lq == 0) continue;
                    for (int i = q; i < n; i++) a[i + q * n] -= l[i + k * n] * lq;
                }
                symmetrizeLower(a, n, k + 1);
                double s = Math.sqrt(Math.abs(piv));
                for (int i = k; i < n; i++) g[i + k * n] = l[i + k * n] * s;
                j[k] = piv > 0 ? 1 : -1;
                k += 1;
            } else {
                swap(a, l, g, perm, n, k, c);
                swap(a, l, g, perm, n, k + 1, r);
                l[k + 1 + (k + 1) * n] = 1;
                double e11 = a[k + k * n], e21 = a[k + 1 + k * n], e22 = a[k + 1 + (k + 1) * n];
                double det = e11 * e22 - e21 * e21; // < 0: |e21| = mu0 dominates both diagonals
                for (int i = k + 2; i < n; i++) {
                    double x = a[i + k * n], y = a[i + (k + 1) * n];
                    l[i + k * n] = (x * e22 - y * e21) / det;
                    l[i + (k + 1) * n] = (y * e11 - x * e21) / det;
                }
                for (int q = k + 2; q < n; q++) {
                    double xq = a[q + k * n], yq = a[q + (k + 1) * n];
                    for (int i = q; i < n; i++) a[i + q * n] -= l[i + k * n] * xq + l[i + (k + 1) * n] * yq;
                }
                symmetrizeLower(a, n, k + 2);
                twoByTwo(l, g, j, n, k, e11, e21, e22);
                k += 2;
            }
        }
        // G = P (L Q |Lambda|^(1/2)): row i of the pivoted factor is row perm[i] of G
        double[] out = new double[n * n];
        for (int col = 0; col < n; col++) for (int i = 0; i < n; i++) out[perm[i] + col * n] = g[i + col * n];
        return new Factor(out, j);
    }

    /**
     * Block [e11 e21; e21 e22] = Q diag(lam1, lam2) Q' by one Jacobi rotation (t = tan, the smaller
     * angle); columns k, k+1 of G are [l_k l_k+1] Q scaled by sqrt|lam|.
     */
    private static void twoByTwo(double[] l, double[] g, double[] j, int n, int k, double e11, double e21, double e22) {
        double zeta = (e22 - e11) / (2 * e21);
        double t = zeta == 0 ? 1 : Math.signum(zeta) / (Math.abs(zeta) + Math.hypot(1, zeta));
        double cs = 1 / Math.sqrt(1 + t * t), sn = t * cs;
        double lam1 = e11 - t * e21, lam2 = e22 + t * e21;
        double s1 = Math.sqrt(Math.abs(lam1)), s2 = Math.sqrt(Math.abs(lam2));
        for (int i = k; i < n; i++) {
            double x = l[i + k * n], y = l[i + (k + 1) * n];
            g[i + k * n] = (cs * x - sn * y) * s1;
            g[i + (k + 1) * n] = (sn * x + cs * y) * s2;
        }
        j[k] = lam1 > 0 ? 1 : -1;
        j[k + 1] = lam2 > 0 ? 1 : -1;
    }

    /**
     * Swaps indices k and q (q > k) of the active symmetric matrix, the rows k and q of the finished
     * columns of L and G (a later pivot permutes the rows of earlier columns too) and of perm.
     */
    private static void swap(double[] a, double[] l, double[] g, int[] perm, int n, int k, int q) {
        if (q == k) return;
        for (int c = 0; c < k; c++) { double x = g[k + c * n]; g[k + c * n] = g[q + c * n]; g[q + c * n] = x; }
        for (int i = 0; i < n; i++) { double x = a[i + k * n]; a[i + k * n] = a[i + q * n]; a[i + q * n] = x; }
        for (int i = 0; i < n; i++) { double x = a[k + i * n]; a[k + i * n] = a[q + i * n]; a[q + i * n] = x; }
        for (int c = 0; c < k; c++) { double x = l[k + c * n]; l[k + c * n] = l[q + c * n]; l[q + c * n] = x; }
        int t = perm[k]; perm[k] = perm[q]; perm[q] = t;
    }

    /** The updates touch the lower triangle only; mirror it so that swaps and searches see a full matrix. */
    private static void symmetrizeLower(double[] a, int n, int from) {
        for (int c = from; c < n; c++) for (int i = c + 1; i < n; i++) a[c + i * n] = a[i + c * n];
    }
}
