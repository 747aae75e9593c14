package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.JacobiRotation;
import io.github.gpujacobi.core.PageLoop;

/**
 * Two-sided Jacobi on one symmetric page with the relative stopping rule, in one of three
 * orderings. The parallel (chess tournament) ordering applies the n/2 disjoint rotations of a step
 * as two passes over contiguous memory: first all column pairs (A J and V J), then, column by
 * column, all row pairs (J' (A J)); both passes are split across threads.
 */
final class TwoSidedJacobiEig {
    /** Below this order one thread does a whole step faster than handing it out. */
    private static final int PARALLEL_MIN_N = 160;

    int sweeps;
    long rotations;
    boolean converged;

    private final EigOrdering ordering;
    private final int threads;

    TwoSidedJacobiEig(EigOrdering ordering, int threads) {
        this.ordering = ordering;
        this.threads = threads;
    }

    /**
     * @param a column-major n x n symmetric, overwritten (diagonal = eigenvalues, unsorted)
     * @param v n x n set to the eigenvectors, or null
     * @param fixedSweeps when > 0, run exactly that many sweeps rotating every nonzero pair
     */
    void run(double[] a, double[] v, int n, double tol, int maxSweeps, int fixedSweeps) {
        if (v != null) {
            java.util.Arrays.fill(v, 0);
            for (int i = 0; i < n; i++) v[i + i * n] = 1;
        }
        sweep(a, v, n, tol, maxSweeps, fixedSweeps);
    }

    /**
     * As {@link #run}, the rotations accumulated into v as it is (a preconditioner's eigenvectors: V = Q W) rather than
     * into the identity.
     */
    void runFrom(double[] a, double[] v, int n, double tol, int maxSweeps) {
        sweep(a, v, n, tol, maxSweeps, 0);
    }

    private void sweep(double[] a, double[] v, int n, double tol, int maxSweeps, int fixedSweeps) {
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        double effTol = fixedSweeps > 0 ? 0 : tol;
        converged = n <= 1;
        if (converged && fixedSweeps == 0) return;
        ChessTournament ct = ordering == EigOrdering.PARALLEL ? new ChessTournament(n) : null;
        StepBuffers buf = ct == null ? null : new StepBuffers(ct.pairsPerStep());
        for (sweeps = 0; sweeps < limit && !(converged && fixedSweeps == 0); ) {
            sweeps++;
            long before = rotations;
            switch (ordering) {
                case PARALLEL:
                    for (int s = 0; s < ct.steps(); s++) parallelStep(a, v, n, ct, s, effTol, buf);
                    break;
                case CYCLIC:
                    rotated = cyclicSweep(a, v, n, effTol, sweeps == 1 ? null : rotated);
                    break;
                default:
                    classicalSweep(a, v, n, effTol);
            }
            converged = rotations == before;
        }
        if (fixedSweeps > 0) converged = false;
    }

    /** The indices the last cyclic sweep rotated. */
    private boolean[] rotated;

    /**
     * One cyclic sweep. A pair's entries and diagonal change only when one of its indices rotates, so a pair neither of
     * whose indices rotated since the last sweep tested it (and found it negligible, or rotated it) is skipped: the same
     * sweep, its test cost in proportion to the rotations of a nearly diagonal page instead of n^2.
     * @param last the indices the previous sweep rotated, or null to test every pair
     * @return the indices this sweep rotated
     */
    private boolean[] cyclicSweep(double[] a, double[] v, int n, double tol, boolean[] last) {
        boolean[] now = new boolean[n];
        // sqrt|a_ii| for the test of every pair, kept here rather than read down the diagonal and rooted per pair
        double[] root = new double[n];
        for (int i = 0; i < n; i++) root[i] = Math.sqrt(Math.abs(a[i + i * n]));
        for (int p = 0; p < n - 1; p++) {
            for (int q = p + 1; q < n; q++) {
                if (last != null && !last[p] && !last[q] && !now[p] && !now[q]) continue;
                if (JacobiRotation.negligibleByRoots(a[q + p * n], root[p], root[q], tol)) continue;
                if (rotate(a, v, n, p, q, tol)) {
                    now[p] = now[q] = true;
                    root[p] = Math.sqrt(Math.abs(a[p + p * n]));
                    root[q] = Math.sqrt(Math.abs(a[q + q * n]));
                }
            }
        }
        return now;
    }

    /** Per-step scratch, allocated once per solve. */
    private static final class StepBuffers {
        final int[] p, q;
        final double[] c, s;
        int active;

        StepBuffers(int pairs) {
            p = new int[pairs];
            q = new int[pairs];
            c = new double[pairs];
            s = new double[pairs];
        }
    }

    private void parallelStep(final double[] a, final double[] v, final int n, ChessTournament ct, int step,
                              double tol, final StepBuffers b) {
        b.active = 0;
        for (int k = 0; k < ct.pairsPerStep(); k++) {
            if (ct.isGhost(step, k)) continue;
            int p = ct.p(step, k), q = ct.q(step, k);
            double apq = a[p + q * n], app = a[p + p * n], aqq = a[q + q * n];
            if (JacobiRotation.negligible(apq, app, aqq, tol)) continue;
            double t = JacobiRotation.tangent(app, aqq, apq);
            double c = JacobiRotation.cosine(t);
            b.p[b.active] = p;
            b.q[b.active] = q;
            b.c[b.active] = c;
            b.s[b.active] = t * c;
            b.active++;
        }
        if (b.active == 0) return;
        rotations += b.active;
        final int active = b.active;
        int t = n >= PARALLEL_MIN_N ? threads : 1;
        final int chunks = Math.min(t * 4, active);
        PageLoop.forEach(chunks, t, chunk -> {
            for (int k = chunk; k < active; k += chunks) {
                rotateColumns(a, n, b.p[k], b.q[k], b.c[k], b.s[k]);
                if (v != null) rotateColumns(v, n, b.p[k], b.q[k], b.c[k], b.s[k]);
            }
        });
        final int colChunks = Math.min(t * 4, n);
        PageLoop.forEach(colChunks, t, chunk -> {
            int from = (int) ((long) n * chunk / colChunks), to = (int) ((long) n * (chunk + 1) / colChunks);
            for (int j = from; j < to; j++) {
                int base = j * n;
                for (int k = 0; k < active; k++) {
                    int ip = base + b.p[k], iq = base + b.q[k];
                    double x = a[ip], y = a[iq], c = b.c[k], s = b.s[k];
                    a[ip] = c * x - s * y;
                    a[iq] = s * x + c * y;
                }
            }
        });
        for (int k = 0; k < active; k++) {
            a[b.p[k] + b.q[k] * n] = 0;
            a[b.q[k] + b.p[k] * n] = 0;
        }
    }

    private static void rotateColumns(double[] m, int n, int p, int q, double c, double s) {
        int op = p * n, oq = q * n;
        for (int i = 0; i < n; i++) {
            double x = m[op + i], y = m[oq + i];
            m[op + i] = c * x - s * y;
            m[oq + i] = s * x + c * y;
        }
    }

    /** One rotation in place (cyclic and classical orderings). Returns false when (p,q) was negligible. */
    private boolean rotate(double[] a, double[] v, int n, int p, int q, double tol) {
        // a stays exactly symmetric (rows and columns rotate alike): read a_qp, contiguous down column p as q runs
        double apq = a[q + p * n], app = a[p + p * n], aqq = a[q + q * n];
        if (JacobiRotation.negligible(apq, app, aqq, tol)) return false;
        double t = JacobiRotation.tangent(app, aqq, apq);
        double c = JacobiRotation.cosine(t), s = t * c;
        rotateColumns(a, n, p, q, c, s);
        // rows p and q of J'(AJ): off the 2 x 2 block they equal the rotated columns (a symmetric: the same products of
        // the same numbers), so they are copied across rather than read and rotated a second time down the rows
        double pp = a[p + p * n], qp = a[q + p * n], pq = a[p + q * n], qq = a[q + q * n];
        for (int j = 0; j < n; j++) {
            a[p + j * n] = a[j + p * n];
            a[q + j * n] = a[j + q * n];
        }
        a[p + p * n] = c * pp - s * qp;
        a[q + q * n] = s * pq + c * qq;
        a[p + q * n] = 0;
        a[q + p * n] = 0;
        if (v != null) rotateColumns(v, n, p, q, c, s);
        rotations++;
        return true;
    }

    /**
     * Seed 002's classical Jacobi: n(n-1)/2 rotations, each at the currently largest relative
     * off-diagonal element. Column maxima are cached and only the two touched columns (and the
     * entries in rows p, q) are rescanned, so a pivot search costs O(n) instead of O(n^2).
     */
    private void classicalSweep(double[] a, double[] v, int n, double tol) {
        if (n < 2) return;
        double[] colMax = new double[n];
        int[] colArg = new int[n];
        for (int j = 1; j < n; j++) rescan(a, n, j, colMax, colArg);
        int budget = n * (n - 1) / 2;
        for (int r = 0; r < budget; r++) {
            int q = 1;
            for (int j = 2; j < n; j++) if (colMax[j] > colMax[q]) q = j;
            int p = colArg[q];
            if (colMax[q] == 0 || !rotate(a, v, n, p, q, tol)) break;
            for (int j = 1; j < n; j++) {
                if (j == p || j == q || colArg[j] == p || colArg[j] == q) rescan(a, n, j, colMax, colArg);
                else {
                    double wp = weight(a, n, p, j), wq = weight(a, n, q, j);
                    if (p < j && wp > colMax[j]) { colMax[j] = wp; colArg[j] = p; }
                    if (q < j && wq > colMax[j]) { colMax[j] = wq; colArg[j] = q; }
                }
            }
        }
    }

    /** |a_ij| / sqrt(|a_ii a_jj|): the pivot choice matches the relative stopping rule. */
    private static double weight(double[] a, int n, int i, int j) {
        double d = Math.sqrt(Math.abs(a[i + i * n])) * Math.sqrt(Math.abs(a[j + j * n]));
        double x = Math.abs(a[i + j * n]);
        return d > 0 ? x / d : (x > 0 ? Double.MAX_VALUE : 0);
    }

    private static void rescan(double[] a, int n, int j, double[] colMax, int[] colArg) {
        double best = -1;
        int arg = 0;
        for (int i = 0; i < j; i++) {
            double w = weight(a, n, i, j);
            if (w > best) { best = w; arg = i; }
        }
        colMax[j] = best;
        colArg[j] = arg;
    }
}
