package io.github.gpujacobi.core;

import io.github.gpujacobi.api.HostScan;
import io.github.gpujacobi.api.PageArray;

/**
 * Turns what a Jacobi sweep loop leaves behind into the results of one page, for every backend:
 * eigenvalues sorted ascending with their vectors, singular values (column norms of A V) sorted
 * descending with normalised U, completed to an orthonormal basis where asked.
 */
public final class PageAssembly {
    private PageAssembly() {}

    /** Writes eigenvalues d (unsorted) ascending into values page k and the matching columns of v. */
    public static void eig(double[] d, double[] v, int n, PageArray values, PageArray vectors, int k) {
        eig(d, 0, v, 0, n, values, vectors, k);
    }

    /**
     * As {@link #eig(double[], double[], int, PageArray, PageArray, int)} for a page lying at dOff in d and
     * vOff in v (a batch's downloads): the sorted columns go straight into vectors, no page-sized copy.
     */
    public static void eig(double[] d, int dOff, double[] v, int vOff, int n, PageArray values, PageArray vectors, int k) {
        double[] dk = java.util.Arrays.copyOfRange(d, dOff, dOff + n);
        int[] order = ascending(dk);
        double[] dv = new double[n];
        for (int j = 0; j < n; j++) dv[j] = dk[order[j]];
        values.writePage(k, dv);
        if (vectors == null || v == null) return;
        long page = (long) k * n * n;
        for (int j = 0; j < n; j++) vectors.write((int) (page + (long) j * n), v, vOff + order[j] * n, n);
    }

    /**
     * @param w    mm x nn with mutually orthogonal columns (A V, or A' V for a wide A)
     * @param vw   nn x nn, the accumulated rotations (may be null when no vectors are wanted)
     * @param tall whether w came from A (m >= n) rather than A'
     */
    public static void svd(double[] w, double[] vw, int mm, int nn, boolean tall, PageArray s, PageArray u,
                           PageArray v, int k) {
        final double[] sig = new double[nn];
        HostScan.forTasks(nn, (long) mm * nn, j -> {
            double ss = 0;
            for (int i = 0; i < mm; i++) ss += w[i + j * mm] * w[i + j * mm];
            sig[j] = Math.sqrt(ss);
        });
        svd(w, sig, false, vw, mm, nn, tall, s, u, v, k);
    }

    /**
     * As {@link #svd(double[], double[], int, int, boolean, PageArray, PageArray, PageArray, int)}
     * with the column norms sig already known (a GPU's column-scaling kernel computed them), and w's
     * columns already divided by them when {@code scaled}.
     */
    public static void svd(double[] w, double[] sig, boolean scaled, double[] vw, int mm, int nn, boolean tall,
                           PageArray s, PageArray u, PageArray v, int k) {
        final int[] order = descending(sig);
        double[] sv = new double[nn];
        for (int j = 0; j < nn; j++) sv[j] = sig[order[j]];
        s.writePage(k, sv);
        if (u == null) return;
        PageArray leftOut = tall ? u : v, rightOut = tall ? v : u;
        int leftCols = leftOut.cols(), rightCols = rightOut.cols();
        final double[] left = new double[mm * leftCols];
        final double[] right = new double[nn * rightCols];
        final boolean[] have = new boolean[leftCols];
        HostScan.forTasks(nn, (long) mm * nn, j -> { // the columns in sorted order, on all cores for a large page
            int src = order[j];
            if (j < rightCols) System.arraycopy(vw, src * nn, right, j * nn, nn);
            if (j < leftCols && sig[src] > 0) {
                if (scaled) System.arraycopy(w, src * mm, left, j * mm, mm); // a bulk copy: U's columns are unit already
                else for (int i = 0; i < mm; i++) left[i + j * mm] = w[i + src * mm] / sig[src];
                have[j] = true;
            }
        });
        Orthonormal.complete(left, mm, leftCols, have);
        leftOut.writePage(k, left);
        rightOut.writePage(k, right);
    }

    /** The order the singular values sig go out in: descending (ascending Double.compare of -sig), stable. */
    public static int[] descending(double[] sig) {
        double[] neg = new double[sig.length];
        for (int j = 0; j < sig.length; j++) neg[j] = -sig[j];
        return ascending(neg);
    }

    /**
     * Stable ascending order of indices by value, as Double.compare orders them: a merge sort of the indices on the
     * values' bits made order-preserving as longs, no boxed indices.
     */
    public static int[] ascending(final double[] d) {
        int n = d.length;
        long[] key = new long[n];
        for (int i = 0; i < n; i++) {
            long b = Double.doubleToLongBits(d[i]);
            key[i] = b ^ ((b >> 63) & Long.MAX_VALUE); // negative values reversed: the long order is Double.compare's
        }
        int[] idx = new int[n], tmp = new int[n];
        for (int i = 0; i < n; i++) idx[i] = i;
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(n, lo + width), hi = Math.min(n, lo + 2 * width), i = lo, j = mid, t = lo;
                while (i < mid && j < hi) tmp[t++] = key[idx[j]] < key[idx[i]] ? idx[j++] : idx[i++];
                while (i < mid) tmp[t++] = idx[i++];
                while (j < hi) tmp[t++] = idx[j++];
            }
            int[] swap = idx;
            idx = tmp;
            tmp = swap;
        }
        return idx;
    }

    /** Tiles of the transposes and symmetric passes: TILE x TILE doubles of both sides stay in L1. */
    static final int TILE = 32;

    public static double[] transpose(double[] a, int m, int n) {
        double[] t = new double[m * n];
        for (int jb = 0; jb < n; jb += TILE) {
            for (int ib = 0; ib < m; ib += TILE) {
                int je = Math.min(n, jb + TILE), ie = Math.min(m, ib + TILE);
                for (int j = jb; j < je; j++) for (int i = ib; i < ie; i++) t[j + i * n] = a[i + j * m];
            }
        }
        return t;
    }

    /**
     * One triangle of the n x n page a copied onto the other (the lower from the upper when {@code lowerFromUpper}),
     * tile by tile so that the strided side stays in cache: a product known symmetric but computed (or stored) on one
     * side. The rows of tiles touch disjoint pairs, so they run on all cores.
     */
    public static void mirror(final double[] a, final int n, final boolean lowerFromUpper) {
        HostScan.forTasks((n + TILE - 1) / TILE, (long) n * n, t -> {
            int jb = t * TILE, je = Math.min(n, jb + TILE);
            for (int ib = jb; ib < n; ib += TILE) {
                for (int j = jb; j < je; j++) {
                    for (int i = Math.max(ib, j + 1), ie = Math.min(n, ib + TILE); i < ie; i++) {
                        if (lowerFromUpper) a[i + j * n] = a[j + i * n];
                        else a[j + i * n] = a[i + j * n];
                    }
                }
            }
        });
    }

    /**
     * The n x n page whose lower triangle (diagonal included) is that of the single-precision page lower, widened into
     * both triangles of out: a product computed in single on one side, in one pass.
     */
    public static void mirror(final float[] lower, final double[] out, final int n) {
        HostScan.forTasks((n + TILE - 1) / TILE, (long) n * n, t -> {
            int jb = t * TILE, je = Math.min(n, jb + TILE);
            for (int ib = jb; ib < n; ib += TILE) {
                for (int j = jb; j < je; j++) {
                    for (int i = Math.max(ib, j), ie = Math.min(n, ib + TILE); i < ie; i++) {
                        double x = lower[i + j * n];
                        out[i + j * n] = x;
                        out[j + i * n] = x;
                    }
                }
            }
        });
    }

    /** (A + A')/2 in place: the solvers see an exactly symmetric page. */
    public static void symmetrize(final double[] w, final int n) {
        // tile by tile: the strided side w[j + i n] then stays in cache (4x faster at n = 4096 than row by row); the
        // rows of tiles touch disjoint pairs (i, j), so they run on all cores
        HostScan.forTasks((n + TILE - 1) / TILE, (long) n * n, t -> {
            int jb = t * TILE, je = Math.min(n, jb + TILE);
            for (int ib = jb; ib < n; ib += TILE) {
                int ie = Math.min(n, ib + TILE);
                for (int j = jb; j < je; j++) {
                    for (int i = Math.max(ib, j + 1); i < ie; i++) {
                        double x = w[i + j * n], y = w[j + i * n];
                        if (x == y) continue; // most input is exactly symmetric: no write, no dirty cache line
                        double s = mean(x, y);
                        w[i + j * n] = s;
                        w[j + i * n] = s;
                    }
                }
            }
        });
    }

    /**
     * Two-sided Jacobi's safe range: a page whose largest entry lies beyond 2^1000 (its rotations overflow
     * near Double.MAX_VALUE and return wrong eigenvalues) or below 2^-1000 (subnormal products lose
     * digits) is scaled by an exact power of 2 into it; eigenvalues scale back by 2^e, vectors do not
     * change. Pages in range are left alone (scaling them to 1 would flush the tiny entries of a
     * graded page). Works on interleaved complex pages too.
     * @return e, with w scaled by 2^-e in place (0: unchanged)
     */
    public static int scaleIntoRange(double[] w) {
        double max = maxAbs(w);
        if (max == 0 || Double.isInfinite(max) || Double.isNaN(max)) return 0;
        int top = Math.getExponent(max); // Double.MIN_EXPONENT - 1 for a subnormal max
        int e = top > 1000 ? top - 1000 : top < -1000 ? top : 0;
        scalb(w, -e);
        return e;
    }

    /** max |w_i| (NaN where w holds a NaN), on all cores for a large w. */
    public static double maxAbs(final double[] w) {
        final int chunks = Math.max(1, (w.length + HostScan.CHUNK - 1) / HostScan.CHUNK);
        final double[] part = new double[chunks];
        HostScan.forTasks(chunks, w.length, c -> {
            double m = 0;
            for (int i = c * HostScan.CHUNK, end = Math.min(w.length, i + HostScan.CHUNK); i < end; i++) m = Math.max(m, Math.abs(w[i]));
            part[c] = m;
        });
        double max = 0;
        for (double m : part) max = Math.max(max, m);
        return max;
    }

    /** w := 2^e w in place (exact unless it under- or overflows), on all cores for a large w; nothing for e = 0. */
    public static void scalb(final double[] w, final int e) {
        if (e == 0) return;
        HostScan.forTasks(Math.max(1, (w.length + HostScan.CHUNK - 1) / HostScan.CHUNK), w.length, c -> {
            if (e >= Double.MIN_EXPONENT && e <= Double.MAX_EXPONENT) { // 2^e a normal number: a product rounds as scalb
                double f = Math.scalb(1.0, e);
                for (int i = c * HostScan.CHUNK, end = Math.min(w.length, i + HostScan.CHUNK); i < end; i++) w[i] *= f;
            } else {
                for (int i = c * HostScan.CHUNK, end = Math.min(w.length, i + HostScan.CHUNK); i < end; i++) w[i] = Math.scalb(w[i], e);
            }
        });
    }

    /** (a + b)/2 without overflow: entries near Double.MAX_VALUE must not become Inf before any scaling. */
    public static double mean(double a, double b) {
        double s = a + b;
        return Double.isInfinite(s) ? 0.5 * a + 0.5 * b : 0.5 * s; // halving a normal number is exact
    }
}
