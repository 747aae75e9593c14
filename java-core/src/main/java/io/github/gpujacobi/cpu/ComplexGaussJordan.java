package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.ComplexRotation;
import io.github.gpujacobi.core.PageLoop;

/**
 * In-place Gauss-Jordan inversion with partial pivoting of one complex page (interleaved re/im) [5],
 * following {@link GaussJordanInverse}: rows scaled by powers of 2 first (exact), pivots by modulus,
 * a pivot below {@link GaussJordanInverse#NEGLIGIBLE} of its column's scale is singular, and
 * inv(A) = inv(R A) R is recovered exactly.
 */
final class ComplexGaussJordan {
    private ComplexGaussJordan() {}

    /** The fewest columns a thread's share of an elimination step may have (one thread below n = 128). */
    private static final int COLUMNS_PER_THREAD = 64;

    /** Inverts a (interleaved n x n) in place; false when a pivot is zero or negligible (singular). */
    static boolean invert(final double[] a, final int n, int threads) {
        int[] rowExp = new int[n];
        double[] colScale = new double[n];
        if (!equilibrateRows(a, n, rowExp, colScale)) return false;
        int[] perm = new int[n];
        final double[] col = new double[2 * n];
        for (int k = 0; k < n; k++) {
            int kn = 2 * k * n;
            int piv = k;
            double best = ComplexRotation.abs(a[2 * k + kn], a[2 * k + kn + 1]);
            for (int i = k + 1; i < n; i++) {
                double x = ComplexRotation.abs(a[2 * i + kn], a[2 * i + kn + 1]);
                if (x > best) { best = x; piv = i; }
            }
            perm[k] = piv;
            if (best == 0 || best < GaussJordanInverse.NEGLIGIBLE * colScale[k]) return false;
            if (piv != k) for (int j = 0; j < n; j++) swap(a, 2 * (k + j * n), 2 * (piv + j * n));
            System.arraycopy(a, kn, col, 0, 2 * n);
            double pr = col[2 * k], pi = col[2 * k + 1];
            final double ir, ii; // 1/p, Smith's division
            if (Math.abs(pr) >= Math.abs(pi)) {
                double r = pi / pr, den = pr + pi * r;
                ir = 1 / den;
                ii = -r / den;
            } else {
                double r = pr / pi, den = pi + pr * r;
                ir = r / den;
                ii = -1 / den;
            }
            // column k of the result: -col/p off the pivot, 1/p on it
            for (int i = 0; i < n; i++) {
                double xr = col[2 * i], xi = col[2 * i + 1];
                a[kn + 2 * i] = -(xr * ir - xi * ii);
                a[kn + 2 * i + 1] = -(xr * ii + xi * ir);
            }
            a[kn + 2 * k] = ir;
            a[kn + 2 * k + 1] = ii;
            final int kk = k;
            PageLoop.forRange(0, n, threads, COLUMNS_PER_THREAD, (from, to) -> updateColumns(a, col, n, kk, ir, ii, from, to));
        }
        for (int k = n - 1; k >= 0; k--) { // undo the row swaps as column swaps of the inverse
            int piv = perm[k];
            if (piv != k) for (int i = 0; i < n; i++) swap(a, 2 * (i + k * n), 2 * (i + piv * n));
        }
        for (int j = 0; j < n; j++) { // inv(A) = inv(R A) R: column j times 2^rowExp[j]
            int e = rowExp[j];
            if (e != 0) for (int i = 2 * j * n; i < 2 * (j + 1) * n; i++) a[i] = Math.scalb(a[i], e);
        }
        return true;
    }

    private static void swap(double[] a, int x, int y) {
        double r = a[x], i = a[x + 1];
        a[x] = a[y];
        a[x + 1] = a[y + 1];
        a[y] = r;
        a[y + 1] = i;
    }

    /** Row i scaled by 2^rowExp[i] so its largest max(|re|, |im|) lies in [1/2, 1); colScale: each column's largest modulus after. */
    private static boolean equilibrateRows(double[] a, int n, int[] rowExp, double[] colScale) {
        double[] rowMax = new double[n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            int x = 2 * (i + j * n);
            rowMax[i] = Math.max(rowMax[i], Math.max(Math.abs(a[x]), Math.abs(a[x + 1])));
        }
        for (int i = 0; i < n; i++) {
            if (rowMax[i] == 0) return false;
            rowExp[i] = GaussJordanInverse.rowExponent(rowMax[i]);
        }
        for (int j = 0; j < n; j++) {
            double c = 0;
            for (int i = 0; i < n; i++) {
                int e = rowExp[i], x = 2 * (i + j * n);
                if (e != 0) {
                    a[x] = Math.scalb(a[x], e);
                    a[x + 1] = Math.scalb(a[x + 1], e);
                }
                c = Math.max(c, ComplexRotation.abs(a[x], a[x + 1]));
            }
            colScale[j] = c;
        }
        return true;
    }

    /** a(:,j) -= col * f, a(k,j) = f with f = a(k,j)/p, for columns [from, to) except k. */
    private static void updateColumns(double[] a, double[] col, int n, int k, double ir, double ii, int from, int to) {
        for (int j = from; j < to; j++) {
            if (j == k) continue;
            int base = 2 * j * n;
            double xr = a[base + 2 * k], xi = a[base + 2 * k + 1];
            double fr = xr * ir - xi * ii, fi = xr * ii + xi * ir;
            if (fr == 0 && fi == 0) continue;
            for (int i = 0; i < 2 * n; i += 2) {
                double cr = col[i], ci = col[i + 1];
                a[base + i] -= cr * fr - ci * fi;
                a[base + i + 1] -= cr * fi + ci * fr;
            }
            a[base + 2 * k] = fr;
            a[base + 2 * k + 1] = fi;
        }
    }
}
