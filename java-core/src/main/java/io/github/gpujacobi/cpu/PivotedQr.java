package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.PageLoop;

/**
 * Householder QR with column pivoting, A P = Q R, of an m x n page (m >= n) held as column arrays
 * ({@link Columns}): LAPACK dgeqp2/dlaqp2's algorithm [8] (at step k the remaining column of largest
 * norm comes first; the norms are downdated after each reflector and recomputed from the column
 * when the downdate has cancelled below sqrt(eps)). The reflector of step k is applied to the
 * trailing columns across threads. The preconditioner of {@link PreconditionedJacobiSvd}.
 */
final class PivotedQr {
    /** Below this many trailing rows x columns a step's update is not worth handing to the pool. */
    private static final long PARALLEL_MIN_WORK = 64L * 1024;
    private static final double TOL3Z = Math.sqrt(0x1p-52);

    /** The columns of A P: R on and above the diagonal, reflector k's tail v(k+1..m-1) below it (v(k) = 1). */
    final double[][] a;
    /** The reflectors' scalars: H_k = I - tau_k v_k v_k'. */
    final double[] tau;
    /** Column k of A P is column perm[k] of A. */
    final int[] perm;
    private final int m, n, threads;

    /**
     * Factors the columns a (m rows each, m >= n; overwritten and reordered in place, a[k] becomes
     * column k of A P).
     */
    PivotedQr(double[][] a, int m, int threads) {
        this.a = a;
        this.m = m;
        this.n = a.length;
        this.threads = Math.max(1, threads);
        this.tau = new double[n];
        this.perm = new int[n];
        double[] vn1 = new double[n], vn2 = new double[n]; // current and last exactly computed norms
        for (int j = 0; j < n; j++) {
            perm[j] = j;
            vn1[j] = vn2[j] = Math.sqrt(Columns.dot(a[j], a[j], 0, m));
        }
        for (int k = 0; k < n; k++) {
            int p = k;
            for (int j = k + 1; j < n; j++) if (vn1[j] > vn1[p]) p = j;
            if (p != k) {
                double[] c = a[p];
                a[p] = a[k];
                a[k] = c;
                int t = perm[p];
                perm[p] = perm[k];
                perm[k] = t;
                vn1[p] = vn1[k];
                vn2[p] = vn2[k];
            }
            if (k < m - 1) reflector(k);
            final int step = k;
            final int cols = n - k - 1;
            int t = (long) cols * (m - k) >= PARALLEL_MIN_WORK ? threads : 1;
            if (tau[k] != 0 && cols > 0) {
                final int chunks = Math.min(cols, 4 * t);
                PageLoop.forEach(chunks, t, c -> {
                    for (int j = step + 1 + c; j < n; j += chunks) apply(a[step], tau[step], step, a[j]);
                });
            }
            for (int j = k + 1; j < n; j++) { // dlaqp2's norm downdate
                if (vn1[j] == 0) continue;
                double r = Math.abs(a[j][k]) / vn1[j];
                double temp = Math.max(0, (1 + r) * (1 - r));
                double q = vn1[j] / vn2[j];
                if (temp * q * q <= TOL3Z) {
                    vn1[j] = vn2[j] = Math.sqrt(Columns.dot(a[j], a[j], k + 1, m));
                } else {
                    vn1[j] *= Math.sqrt(temp);
                }
            }
        }
    }

    /**
     * dlarfg on a[k][k..m-1]: beta = -sign(alpha) ||x|| into the diagonal, the tail scaled to v.
     * The pages reaching here are scaled so that their column norms lie in [2^-240, 1) ({@code SvdScaling}),
     * so the sum of squares cannot overflow and underflows only in entries negligible against the norm.
     */
    private void reflector(int k) {
        double[] x = a[k];
        double alpha = x[k];
        double tail = Columns.dot(x, x, k + 1, m);
        if (tail == 0) return; // H = I (tau 0)
        double beta = -Math.copySign(Math.sqrt(alpha * alpha + tail), alpha);
        tau[k] = (beta - alpha) / beta;
        double s = 1 / (alpha - beta);
        for (int i = k + 1; i < m; i++) x[i] *= s;
        x[k] = beta;
    }

    /** y := (I - tau v v') y with v = (1, x[k+1..m-1]) on rows k..m-1. */
    private void apply(double[] x, double tau, int k, double[] y) {
        double s = tau * (y[k] + Columns.dot(x, y, k + 1, m));
        if (s == 0) return;
        y[k] -= s;
        for (int i = k + 1; i < m; i++) y[i] -= s * x[i];
    }

    /** R' (n x n, lower triangular) as n columns: column i is row i of R. */
    double[][] rTransposed() {
        double[][] x = new double[n][n];
        for (int j = 0; j < n; j++) {
            double[] c = a[j];
            for (int i = 0; i <= j; i++) x[i][j] = c[i];
        }
        return x;
    }

    /** Output columns that take each reflector together in {@link #q}, so that it is read once per group. */
    private static final int GROUP = 8;

    /**
     * Q [c; 0] for the n x n columns c (each becomes an m-row column): the reflectors applied last to
     * first (dorm2r), to groups of columns at a time (a reflector read from memory once per group, not
     * once per column), the groups across threads.
     */
    double[][] q(final double[][] c) {
        final double[][] out = new double[c.length][];
        for (int j = 0; j < c.length; j++) {
            out[j] = new double[m];
            System.arraycopy(c[j], 0, out[j], 0, c[j].length);
        }
        final int groups = (out.length + GROUP - 1) / GROUP;
        int t = (long) m * n * out.length >= 64 * PARALLEL_MIN_WORK ? threads : 1;
        PageLoop.forEach(groups, t, gr -> {
            int j0 = gr * GROUP, j1 = Math.min(out.length, j0 + GROUP);
            for (int k = Math.min(n, m - 1) - 1; k >= 0; k--) {
                if (tau[k] == 0) continue;
                for (int j = j0; j < j1; j++) apply(a[k], tau[k], k, out[j]);
            }
        });
        return out;
    }
}
