package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.PageLoop;

/**
 * In-place Gauss-Jordan inversion with partial pivoting ([5]'s first method), one page.
 * Each elimination step is a rank-1 update done column by column (contiguous, vectorised by C2),
 * with the columns split across threads.
 * <p>
 * The rows are first scaled by powers of 2 (exact) so that each row's largest entry lies in
 * [1/2, 1): pivots are then chosen, and judged, independently of the rows' scales, and
 * inv(A) = inv(R A) R is recovered exactly. A pivot is singular when it is exactly zero or below
 * half an ulp of its column's scale ({@link #NEGLIGIBLE}): it is then rounding noise. So
 * diag(1e-300, 1, 1e300) inverts exactly, as in MATLAB, while [1 2; 2 4] is singular.
 */
final class GaussJordanInverse {
    private GaussJordanInverse() {}

    /**
     * The fewest columns a thread's share of an elimination step may have: each step is a memory-bound rank-1
     * update of ~n^2 entries, so thinner shares cost more in hand-offs than they gain (below n = 192 one thread is
     * fastest).
     */
    private static final int COLUMNS_PER_THREAD = 96;

    static boolean invert(double[] a, int n) {
        return invert(a, n, 1);
    }

    /** A pivot below this fraction of its column's largest entry (after row scaling) is singular. */
    static final double NEGLIGIBLE = 0x1p-53;

    /** Inverts a (n x n column-major) in place; returns false when a pivot is zero or negligible (singular). */
    static boolean invert(final double[] a, final int n, int threads) {
        int[] rowExp = new int[n];
        double[] colScale = new double[n];
        if (!equilibrateRows(a, n, rowExp, colScale)) return false;
        int[] perm = new int[n];
        final double[] col = new double[n];
        for (int k = 0; k < n; k++) {
            int kn = k * n;
            int piv = k;
            double best = Math.abs(a[k + kn]);
            for (int i = k + 1; i < n; i++) {
                double x = Math.abs(a[i + kn]);
                if (x > best) { best = x; piv = i; }
            }
            perm[k] = piv;
            if (best == 0 || best < NEGLIGIBLE * colScale[k]) return false;
            if (piv != k) {
                for (int j = 0; j < n; j++) {
                    double x = a[k + j * n]; a[k + j * n] = a[piv + j * n]; a[piv + j * n] = x;
                }
            }
            final double p = a[k + kn];
            System.arraycopy(a, kn, col, 0, n);
            // column k of the result: the eliminator's own column, -col/p off the pivot, 1/p on it
            for (int i = 0; i < n; i++) a[i + kn] = -col[i] / p;
            a[k + kn] = 1 / p;
            final int kk = k;
            PageLoop.forRange(0, n, threads, COLUMNS_PER_THREAD, (from, to) -> updateColumns(a, col, n, kk, p, from, to));
        }
        for (int k = n - 1; k >= 0; k--) { // undo the row swaps as column swaps of the inverse
            int piv = perm[k];
            if (piv != k) {
                for (int i = 0; i < n; i++) {
                    double x = a[i + k * n]; a[i + k * n] = a[i + piv * n]; a[i + piv * n] = x;
                }
            }
        }
        unscale(a, n, rowExp);
        return true;
    }

    /** inv(A) = inv(R A) R: column j of the inverse of the row-scaled page times 2^rowExp[j]. */
    static void unscale(double[] a, int n, int[] rowExp) {
        for (int j = 0; j < n; j++) {
            int e = rowExp[j];
            if (e == 0) continue;
            if (oneMultiply(e)) {
                double f = Math.scalb(1.0, e);
                for (int i = j * n; i < (j + 1) * n; i++) a[i] *= f;
            } else {
                for (int i = j * n; i < (j + 1) * n; i++) a[i] = Math.scalb(a[i], e);
            }
        }
    }

    /**
     * Whether Math.scalb(x, e) is the one product x * 2^e for every x: its first step multiplies by 2^(e rem 512), so
     * for |e| < 512 that is the whole of it, bit for bit (larger |e| take two roundings, near the subnormals).
     */
    static boolean oneMultiply(int e) {
        return e > -512 && e < 512;
    }

    /**
     * Scales each row by 2^rowExp[i] so that its largest |entry| lies in [1/2, 1), and records each
     * column's largest |entry| afterwards; false for a zero row (singular).
     */
    /** e with max * 2^e in [1/2, 1) (subnormal max too): the exact scaling of a row whose largest entry is max. */
    static int rowExponent(double max) {
        return max < Double.MIN_NORMAL ? 60 - (Math.getExponent(max * 0x1p60) + 1) : -(Math.getExponent(max) + 1);
    }

    static boolean equilibrateRows(double[] a, int n, int[] rowExp, double[] colScale) {
        double[] rowMax = new double[n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) rowMax[i] = Math.max(rowMax[i], Math.abs(a[i + j * n]));
        for (int i = 0; i < n; i++) {
            if (rowMax[i] == 0) return false;
            rowExp[i] = rowExponent(rowMax[i]);
        }
        double[] factor = new double[n]; // 2^rowExp[i], used when every row takes one product
        boolean products = true;
        for (int i = 0; i < n; i++) {
            products &= oneMultiply(rowExp[i]);
            factor[i] = Math.scalb(1.0, rowExp[i]);
        }
        for (int j = 0; j < n; j++) {
            double c = 0;
            if (products) {
                for (int i = 0; i < n; i++) {
                    double x = a[i + j * n] * factor[i];
                    a[i + j * n] = x;
                    c = Math.max(c, Math.abs(x));
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = Math.scalb(a[i + j * n], rowExp[i]);
                    a[i + j * n] = x;
                    c = Math.max(c, Math.abs(x));
                }
            }
            colScale[j] = c;
        }
        return true;
    }

    /** Eliminates with pivot row k in columns [from, to) except k: a(:,j) -= col * a(k,j)/p, a(k,j) = a(k,j)/p. */
    private static void updateColumns(double[] a, double[] col, int n, int k, double p, int from, int to) {
        for (int j = from; j < to; j++) {
            if (j == k) continue;
            int base = j * n;
            double f = a[k + base] / p;
            if (f == 0) continue;
            for (int i = 0; i < n; i++) a[base + i] -= col[i] * f;
            a[k + base] = f;
        }
    }
}
