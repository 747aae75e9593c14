package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.JacobiRotation;
import io.github.gpujacobi.core.Lapack;

/**
 * The one-sided (hyperbolic) Jacobi sweeps of a page whose columns are already nearly (J-)orthogonal, as a
 * preconditioner leaves them, with the native BLAS doing the O(n^3) work: a round takes the Gram matrix M = Y'Y (one
 * GEMM), rotates every pair that fails the relative test |m_pq| <= tol sqrt(m_pp m_qq) on M itself (two-sided, the
 * rotation the one-sided sweep would apply to those columns, accumulated in W), then applies Y := Y W (one GEMM). The
 * round repeats until the Gram matrix of the columns as they are, taken afresh, passes the test everywhere: the
 * convergence test of the column sweeps ({@link OneSidedJacobiSvd}, {@link HyperbolicJacobiSvd}), on dot products of
 * the same columns. The GPU's blocked sweeps solve their block pairs the same way (CudaBlockedSvd), here with one
 * block: after the preconditioner few pairs fail, and each costs O(n) in Java. Y's rows are only multiplied from the
 * right, so rounding errors stay row-wise small, as with the column rotations [4, 10].
 * <p>
 * It gives up (false) when it is not the tool: more than {@link #ROUNDS} rounds (or the caller's MaxSweeps), or a
 * hyperbolic pair whose angle
 * would come from a cancelling 2 x 2 Gram block. The caller then runs the column sweeps on Y as it is.
 */
final class GramSweeps {
    /** Rounds at most before the column sweeps take over; preconditioned pages take one sweep and a few cleanups. */
    static final int ROUNDS = 8;
    /** Sweeps over the Gram matrix within a round, before its product is taken afresh. */
    private static final int INNER = 6;

    int rounds;
    long rotations;
    boolean converged;

    private final Lapack lapack;
    private final double tol;
    private final int maxRounds;

    /** @param maxSweeps the caller's sweep limit: each round counts as a sweep, so MaxSweeps bounds this route too */
    GramSweeps(Lapack lapack, double tol, int maxSweeps) {
        this.lapack = lapack;
        this.tol = tol;
        this.maxRounds = Math.max(0, Math.min(ROUNDS, maxSweeps));
    }

    /**
     * @param y   m x n column-major, overwritten with Y W
     * @param j   the signs (+1, -1) of the columns, or null for the one-sided (trigonometric) sweeps
     * @param acc n x n multiplied from the right by W (V's accumulation), or null
     * @return whether the columns of y now pass the test (false: gave up, y and acc hold the rotations so far)
     */
    boolean run(double[] y, int m, int n, double[] j, double[] acc) {
        double[] gram = new double[n * n];
        lapack.gram(n, m, y, gram);
        for (rounds = 0; ; rounds++) {
            int[] failing = failingPairs(gram, n);
            if (failing.length == 0) return converged = true;
            if (rounds == maxRounds) return false;
            if (failing.length <= 2 * CLEANUP) {
                if (!cleanup(gram, failing, y, m, n, j, acc)) return false;
                continue;
            }
            double[] wf = new double[n * n];
            if (worst <= NEARLY) {
                for (int i = 0; i < n; i++) wf[i + i * n] = 1;
                long r = nearSweep(gram, wf, n, j);
                if (r < 0) return false;
                rotations += r;
            } else {
                double[][] g = Columns.split(gram, n, n), w = Columns.identity(n);
                for (int s = 0; s < INNER; s++) {
                    long r = sweep(g, w, n, j);
                    if (r < 0) return false;
                    rotations += r;
                    if (r == 0) break;
                }
                Columns.join(w, wf, n);
            }
            double[] out = new double[m * n];
            lapack.dgemm(false, false, m, n, n, 1, y, wf, 0, out);
            System.arraycopy(out, 0, y, 0, out.length);
            if (acc != null) {
                double[] a2 = new double[n * n];
                lapack.dgemm(false, false, n, n, n, 1, acc, wf, 0, a2);
                System.arraycopy(a2, 0, acc, 0, a2.length);
            }
            lapack.gram(n, m, y, gram);
        }
    }

    /** Failing pairs at most that a round rotates on the columns themselves instead of a sweep of the Gram matrix. */
    private static final int CLEANUP = 64;

    /**
     * The pairs (p, q), p < q, flattened, that fail the test on gram, at most 2 {@link #CLEANUP} + 1 of them (more
     * only say that a sweep is due).
     */
    private int[] failingPairs(double[] gram, int n) {
        int[] found = new int[2 * (2 * CLEANUP + 1)];
        int k = 0;
        worst = 0;
        for (int q = 1; q < n; q++) {
            double gq = gram[q + q * n];
            for (int p = 0; p < q; p++) {
                double apq = gram[p + q * n];
                if (apq != 0 && Math.abs(apq) > tol * Math.sqrt(gram[p + p * n]) * Math.sqrt(gq)) {
                    worst = Math.max(worst, Math.abs(apq) / (Math.sqrt(gram[p + p * n]) * Math.sqrt(gq)));
                    if (k < found.length) {
                        found[k++] = p;
                        found[k++] = q;
                    }
                }
            }
        }
        return java.util.Arrays.copyOf(found, k);
    }

    /** The largest |m_pq| / sqrt(m_pp m_qq) among the failing pairs of the last {@link #failingPairs} scan. */
    private double worst;

    /**
     * Below this largest failing cosine a round rotates every failing pair with its angle from the round's Gram matrix
     * as it was ({@link #nearSweep}): a rotation changes the other pairs' entries by its own tangent times theirs, so
     * what the stale angles miss is of second order and the next round's fresh Gram matrix catches it.
     */
    static final double NEARLY = 1e-6;

    /**
     * One sweep with the angles from the round's Gram matrix, kept up to date on its diagonal only (the pair test
     * needs the norms), into w (identity on entry). While every tangent is tiny, W = I + T with T the rotations'
     * tangents: it departs from (J-)orthogonality by T'JT, at most ||T||_1 ||T||_inf, which {@link #FIRST_ORDER} keeps
     * below a quarter of eps, and costs O(1) per rotation; otherwise each rotation is applied exactly to W's columns
     * (contiguous), while updating M's rows as well would cost n strided writes per rotation. The rotations, or -1 to
     * give up.
     */
    private long nearSweep(double[] gram, double[] w, int n, double[] j) {
        double[] colSum = new double[n];
        long count = nearSweep(gram, w, n, j, colSum, false);
        if (count <= 0) return count;
        double norm1 = 0; // T's column and row sums are equal up to sign: |T| is symmetric
        for (double c : colSum) norm1 = Math.max(norm1, c);
        if (norm1 <= FIRST_ORDER) return count;
        java.util.Arrays.fill(w, 0);
        for (int i = 0; i < n; i++) w[i + i * n] = 1;
        return nearSweep(gram, w, n, j, null, true);
    }

    /** ||T||_1 up to which the first-order W = I + T is taken: 2^-27, so ||T'JT|| <= 2^-54. */
    static final double FIRST_ORDER = 0x1p-27;

    private long nearSweep(double[] gram, double[] w, int n, double[] j, double[] colSum, boolean exact) {
        double[] diag = new double[n];
        for (int i = 0; i < n; i++) diag[i] = gram[i + i * n];
        long count = 0;
        for (int q = 1; q < n; q++) {
            for (int p = 0; p < q; p++) {
                double app = diag[p], aqq = diag[q], apq = gram[p + q * n];
                if (apq == 0 || Math.abs(apq) <= tol * Math.sqrt(app) * Math.sqrt(aqq)) continue;
                double[] r = rotation(app, aqq, apq, j == null || j[p] == j[q]);
                if (r == null) return -1;
                double tpq = r[4] * apq;
                diag[p] = r[0] != r[1] ? app - tpq : app + tpq;
                diag[q] = aqq + tpq;
                if (exact) {
                    rotateFlat(w, n, p, q, r);
                } else { // column p gains tp times column q, column q tq times column p
                    w[q + p * n] += r[0];
                    w[p + q * n] += r[1];
                    colSum[p] += Math.abs(r[0]);
                    colSum[q] += Math.abs(r[1]);
                }
                count++;
            }
        }
        return count;
    }

    /**
     * A cleanup round: the disjoint ones among the failing pairs (all of them when every cosine is below
     * {@link #NEARLY}) rotated on the columns of y (as the column sweeps do, from the Gram entries), then the Gram
     * matrix's rows and columns of the rotated columns taken afresh (one GEMM of n x 2k). The GPU's blocked sweeps end
     * the same way (CudaBlockedSvd's cleanup rounds).
     */
    private boolean cleanup(double[] gram, int[] pairs, double[] y, int m, int n, double[] j, double[] acc) {
        boolean[] used = new boolean[n];
        boolean near = worst <= NEARLY; // pairs sharing a column as well: what their stale entries miss is second order
        int[] cols = new int[pairs.length];
        int k = 0;
        for (int i = 0; i < pairs.length; i += 2) {
            int p = pairs[i], q = pairs[i + 1];
            if (!near && (used[p] || used[q])) continue;
            double[] r = rotation(gram[p + p * n], gram[q + q * n], gram[p + q * n], j == null || j[p] == j[q]);
            if (r == null) return false;
            rotateFlat(y, m, p, q, r);
            if (acc != null) rotateFlat(acc, n, p, q, r);
            if (!used[p]) cols[k++] = p;
            if (!used[q]) cols[k++] = q;
            used[p] = used[q] = true;
            rotations++;
        }
        double[] sub = new double[m * k], fresh = new double[n * k];
        for (int c = 0; c < k; c++) System.arraycopy(y, cols[c] * m, sub, c * m, m);
        lapack.dgemm(true, false, n, k, m, 1, y, sub, 0, fresh);
        for (int c = 0; c < k; c++) {
            int col = cols[c];
            for (int i = 0; i < n; i++) {
                gram[i + col * n] = fresh[i + c * n];
                gram[col + i * n] = fresh[i + c * n];
            }
        }
        return true;
    }

    /** {tp, tq, c, lo, t} of the pair's rotation (see {@link #sweep}), or null where the Gram sweeps give up. */
    private static double[] rotation(double app, double aqq, double apq, boolean trig) {
        if (!(app > 0 && aqq > 0)) return null;
        if (trig) {
            double t = JacobiRotation.tangent(app, aqq, apq), c = JacobiRotation.cosine(t);
            return new double[]{-t, t, c, JacobiRotation.cosineLow(t, c, false), t};
        }
        double sum = app + aqq, gap = sum - 2 * Math.abs(apq);
        if (gap < sum / 16) return null; // the column sweeps take the gap from the columns themselves
        double t = JacobiRotation.hyperbolicTangent(sum, apq, gap), c = JacobiRotation.hyperbolicCosine(t);
        return new double[]{t, t, c, JacobiRotation.cosineLow(t, c, true), t};
    }

    /** Columns p and q of the flat rows x n matrix a by {@link Columns#rotate}'s formula. */
    private static void rotateFlat(double[] a, int rows, int p, int q, double[] r) {
        double tp = r[0], tq = r[1], c = r[2], lo = r[3];
        for (int i = 0, x = p * rows, z = q * rows; i < rows; i++, x++, z++) {
            double u = tp * a[z] + a[x], v = tq * a[x] + a[z];
            a[x] = u * c + u * lo;
            a[z] = v * c + v * lo;
        }
    }

    /** One cyclic sweep on the Gram columns g, W accumulated; the rotations, or -1 to give up. */
    private long sweep(double[][] g, double[][] w, int n, double[] j) {
        long count = 0;
        for (int p = 0; p < n - 1; p++) {
            for (int q = p + 1; q < n; q++) {
                double app = g[p][p], aqq = g[q][q], apq = g[q][p];
                if (apq == 0 || Math.abs(apq) <= tol * Math.sqrt(app) * Math.sqrt(aqq)) continue;
                double[] r = rotation(app, aqq, apq, j == null || j[p] == j[q]);
                if (r == null) return -1;
                double tp = r[0], tq = r[1], c = r[2], lo = r[3], t = r[4];
                boolean trig = tp != tq;
                // M := R' M R: the columns by the rotation, then the rows p and q from them (M stays symmetric)
                Columns.rotate(g[p], g[q], n, tp, tq, c, lo);
                for (int i = 0; i < n; i++) {
                    g[i][p] = g[p][i];
                    g[i][q] = g[q][i];
                }
                double tpq = t * apq;
                g[p][p] = trig ? app - tpq : app + tpq;
                g[q][q] = aqq + tpq;
                g[p][q] = 0;
                g[q][p] = 0;
                Columns.rotate(w[p], w[q], n, tp, tq, c, lo);
                count++;
            }
        }
        return count;
    }
}
