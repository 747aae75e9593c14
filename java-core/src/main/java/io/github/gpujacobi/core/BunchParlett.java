package io.github.gpujacobi.core;

import java.util.stream.IntStream;

/**
 * Symmetric indefinite factorisation with complete pivoting (Bunch and Parlett 1971),
 * P' M P = L B L' with L unit lower triangular and B block diagonal with 1 x 1 and 2 x 2 blocks,
 * turned into M = G J G' with G = P L Q |Lambda|^(1/2) square and J = diag(+-1): each 2 x 2 block
 * B_k = Q_k Lambda_k Q_k' is diagonalised by one exact Jacobi rotation. This is the preprocessing of
 * [4] (its xsybpc): complete pivoting keeps G's columns graded like M, which the hyperbolic
 * Jacobi that follows needs for relative accuracy. O(n^3) once, on the CPU.
 */
public final class BunchParlett {
    private BunchParlett() {}

    /**
     * Bunch and Parlett's alpha = (1 + sqrt(17)) / 8, which bounds the element growth by 2.57^(n-1); the GPU's
     * factorisation (bunch_parlett.cu) takes it as an argument, so both choose pivots by the same rule.
     */
    public static final double ALPHA = (1 + Math.sqrt(17)) / 8;

    /** M is exactly singular: a whole Schur complement vanished. */
    public static final class Singular extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Singular(String detail) { super(detail, null, false, false); }
    }

    /** G (n x n, column-major) and the signs J. */
    public static final class Factor {
        public final double[] g;
        public final double[] j;

        Factor(double[] g, double[] j) {
            this.g = g;
            this.j = j;
        }
    }

    /** @param a n x n symmetric, column-major; overwritten (Schur complements) */
    public static Factor factor(double[] a, int n) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = i;
        double[] l = new double[n * n]; // unit lower triangular factor, in pivoted order
        double[] g = new double[n * n]; // L Q |Lambda|^(1/2), in pivoted order
        double[] j = new double[n];
        Pivot next = null;
        for (int k = 0; k < n; ) {
            if (next == null) next = searchAndUpdate(a, l, n, k, 0);
            int r = next.row, c = next.col, d = next.diag;
            double mu0 = next.entryMax, mu1 = next.diagMax;
            if (mu0 == 0) throw new Singular(zeroSchurComplement(n - k));
            l[k + k * n] = 1;
            if (oneByOne(mu0, mu1)) {
                swap(a, l, g, perm, n, k, k, d);
                double piv = a[k + k * n];
                for (int i = k + 1; i < n; i++) l[i + k * n] = a[i + k * n] / piv;
                next = searchAndUpdate(a, l, n, k + 1, 1);
                double s = Math.sqrt(Math.abs(piv));
                for (int i = k; i < n; i++) g[i + k * n] = l[i + k * n] * s;
                j[k] = piv > 0 ? 1 : -1;
                k += 1;
            } else {
                swap(a, l, g, perm, n, k, k, c);
                swap(a, l, g, perm, n, k, k + 1, r);
                l[k + 1 + (k + 1) * n] = 1;
                double e11 = a[k + k * n], e21 = a[k + 1 + k * n], e22 = a[k + 1 + (k + 1) * n];
                double det = e11 * e22 - e21 * e21; // < 0: |e21| = mu0 dominates both diagonals
                for (int i = k + 2; i < n; i++) {
                    double x = a[i + k * n], y = a[i + (k + 1) * n];
                    l[i + k * n] = (x * e22 - y * e21) / det;
                    l[i + (k + 1) * n] = (y * e11 - x * e21) / det;
                }
                next = searchAndUpdate(a, l, n, k + 2, 2);
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
     * The pivot rule: a 1 x 1 pivot (the largest diagonal) when it is at least alpha times the largest entry
     * mu0 of the Schur complement, else the 2 x 2 block of the largest entry. bunch_parlett.cu's twin.
     */
    public static boolean oneByOne(double mu0, double mu1) {
        return mu1 >= ALPHA * mu0;
    }

    /** The detail of {@link Singular}, the same from the GPU's factorisation. */
    public static String zeroSchurComplement(int order) {
        return "its symmetric indefinite factorization has a zero Schur complement of order " + order;
    }

    /**
     * The complete-pivoting candidates of a Schur complement: its largest entry and its largest
     * diagonal. One per thread of a parallel search (a stream collect), not one per column.
     */
    private static final class Pivot {
        double entryMax = -1, diagMax = -1;
        int row, col, diag;

        /** Takes column q's lower part (columns are scanned in increasing order per accumulator). */
        void scan(double[] a, int n, int q) {
            double d = Math.abs(a[q + q * n]);
            if (d > diagMax) { diagMax = d; diag = q; }
            for (int i = q; i < n; i++) {
                double y = Math.abs(a[i + q * n]);
                if (y > entryMax) { entryMax = y; row = i; col = q; }
            }
        }

        /** Keeps the larger of both; on ties the first in column-major order, as a sequential scan finds it. */
        void merge(Pivot o) {
            if (o.entryMax > entryMax || (o.entryMax == entryMax && (o.col < col || (o.col == col && o.row < row)))) {
                entryMax = o.entryMax;
                row = o.row;
                col = o.col;
            }
            if (o.diagMax > diagMax || (o.diagMax == diagMax && o.diag < diag)) {
                diagMax = o.diagMax;
                diag = o.diag;
            }
        }
    }

    /**
     * Subtracts the rank-'rank' update of the pivot columns before 'from' (L's columns from - rank ...
     * from - 1 times the pivot block, already in a's columns there) from the lower triangle of the
     * trailing matrix, column by column in parallel, and searches each column for the next pivot in
     * the same pass: complete pivoting reads the whole Schur complement every step, so the step is
     * bound by memory traffic and one pass instead of two matters.
     */
    private static Pivot searchAndUpdate(double[] a, double[] l, int n, int from, int rank) {
        IntStream cols = IntStream.range(from, n);
        if ((long) (n - from) * (n - from) >= PARALLEL_ENTRIES) cols = cols.parallel();
        return cols.collect(Pivot::new, (acc, q) -> {
            update(a, l, n, from, rank, q);
            acc.scan(a, n, q);
        }, Pivot::merge);
    }

    /** Column q's lower part minus the rank-'rank' update of the pivot columns just before 'from'. */
    private static void update(double[] a, double[] l, int n, int from, int rank, int q) {
        if (rank == 1) {
            int k = from - 1;
            double lq = a[q + k * n];
            if (lq != 0) for (int i = q; i < n; i++) a[i + q * n] -= l[i + k * n] * lq;
        } else if (rank == 2) {
            int k = from - 2;
            double xq = a[q + k * n], yq = a[q + (k + 1) * n];
            for (int i = q; i < n; i++) a[i + q * n] -= l[i + k * n] * xq + l[i + (k + 1) * n] * yq;
        }
    }

    /** Trailing matrices smaller than this (entries) are updated on the calling thread. */
    private static final long PARALLEL_ENTRIES = 1L << 16;

    /**
     * Block [e11 e21; e21 e22] = Q diag(lam1, lam2) Q' by one Jacobi rotation (t = tan, the smaller
     * angle); columns k, k+1 of G are [l_k l_k+1] Q scaled by sqrt|lam|.
     */
    private static void twoByTwo(double[] l, double[] g, double[] j, int n, int k, double e11, double e21, double e22) {
        double t = JacobiRotation.tangent(e11, e22, e21);
        double cs = JacobiRotation.cosine(t), sn = t * cs;
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
     * Swaps indices k and q (q > k) of the active symmetric matrix (indices from 'first' on, the
     * first pivot column of a 2 x 2 step included), kept in its lower triangle: the updates and the
     * pivot search touch nothing else, and mirroring the upper triangle would cost n^2 strided writes
     * per step. Also swaps rows k and q of the finished columns of L and G (a later pivot permutes
     * the rows of earlier columns too) and of perm.
     */
    private static void swap(double[] a, double[] l, double[] g, int[] perm, int n, int first, int k, int q) {
        if (q == k) return;
        double x;
        for (int c = first; c < k; c++) { x = a[k + c * n]; a[k + c * n] = a[q + c * n]; a[q + c * n] = x; }
        for (int c = 0; c < k; c++) { x = g[k + c * n]; g[k + c * n] = g[q + c * n]; g[q + c * n] = x; }
        for (int c = 0; c < k; c++) { x = l[k + c * n]; l[k + c * n] = l[q + c * n]; l[q + c * n] = x; }
        x = a[k + k * n]; a[k + k * n] = a[q + q * n]; a[q + q * n] = x;
        for (int i = k + 1; i < q; i++) { x = a[i + k * n]; a[i + k * n] = a[q + i * n]; a[q + i * n] = x; }
        for (int i = q + 1; i < n; i++) { x = a[i + k * n]; a[i + k * n] = a[i + q * n]; a[i + q * n] = x; }
        int t = perm[k]; perm[k] = perm[q]; perm[q] = t;
    }
}
