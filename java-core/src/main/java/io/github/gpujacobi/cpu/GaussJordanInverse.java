package io.github.gpujacobi.cpu;

/** In-place Gauss-Jordan inversion with partial pivoting (seed 004's first method), one page. */
final class GaussJordanInverse {
    private GaussJordanInverse() {}

    /** Inverts a (n x n column-major) in place; returns false when a pivot is exactly zero (singular). */
    static boolean invert(double[] a, int n) {
        int[] perm = new int[n];
        for (int k = 0; k < n; k++) {
            int piv = k;
            double best = Math.abs(a[k + k * n]);
            for (int i = k + 1; i < n; i++) {
                double x = Math.abs(a[i + k * n]);
                if (x > best) { best = x; piv = i; }
            }
            perm[k] = piv;
            if (best == 0) return false;
            if (piv != k) {
                for (int j = 0; j < n; j++) {
                    double t = a[k + j * n]; a[k + j * n] = a[piv + j * n]; a[piv + j * n] = t;
                }
            }
            double inv = 1 / a[k + k * n];
            a[k + k * n] = 1;
            for (int j = 0; j < n; j++) a[k + j * n] *= inv;
            for (int i = 0; i < n; i++) {
                if (i == k) continue;
                double f = a[i + k * n];
                if (f == 0) continue;
                a[i + k * n] = 0;
                for (int j = 0; j < n; j++) a[i + j * n] -= f * a[k + j * n];
            }
        }
        for (int k = n - 1; k >= 0; k--) { // undo the row swaps as column swaps of the inverse
            int piv = perm[k];
            if (piv != k) {
                for (int i = 0; i < n; i++) {
                    double t = a[i + k * n]; a[i + k * n] = a[i + piv * n]; a[i + piv * n] = t;
                }
            }
        }
        return true;
    }
}
