package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.JacobiRotation;

/**
 * One-sided hyperbolic Jacobi [4] on one m x n page G, m >= n, with signature J = diag(j):
 * G is multiplied from the right by J-orthogonal plane rotations W (W' J W = J) until its columns
 * are orthogonal, so that G W = U Sigma and G = U Sigma V' with V = J W J (= W^-T).
 *
 * <p>A pair whose signs agree gets a trigonometric rotation, a pair whose signs differ a hyperbolic
 * one (eqs. 2.2, 2.4, 2.5). Pairs come from the {@link BlockedRoundRobin} over a logical order rho
 * that is re-sorted before each sweep the way the seed keeps its diagonal sorted (positive signs by
 * decreasing norm, then negative signs by increasing norm); the page is held as column arrays
 * ({@link Columns}), so the sorted order is a permutation of references and no column is copied.
 * The pairs of one step are disjoint and may run on several threads.
 *
 * <p>Converged when a sweep rotated nothing (relative orthogonality |g_p.g_q| <= tol ||g_p|| ||g_q||
 * for every pair) or when every tangent of the sweep was at most sqrt(eps)/2 (quadratic convergence
 * detected, section 2 of the seed).
 */
final class HyperbolicJacobiSvd {
    /** Below this many columns a step is too short to be worth handing to other threads. */
    static final int PARALLEL_MIN_COLUMNS = 128;

    int sweeps;
    long rotations;
    boolean converged;

    /** Thrown when G is not (numerically) of full column rank; CpuBackend turns it into a user error. */
    static final class NotFullRank extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotFullRank(String detail) { super(detail, null, false, false); }
    }

    private final double eps;
    private final double tol;
    private final int threads;

    /**
     * @param eps     machine epsilon of the working precision (single's for single input)
     * @param tol     relative orthogonality tolerance
     * @param threads threads for the pairs of one step (1: sequential)
     */
    HyperbolicJacobiSvd(double eps, double tol, int threads) {
        this.eps = eps;
        this.tol = tol;
        this.threads = Math.max(1, threads);
    }

    /**
     * @param g m x n column-major, overwritten with G W (orthogonal columns U Sigma, original order)
     * @param w n x n set to W = V^-T (V = J W J), or null when V is not wanted
     * @param j the signs, +1 or -1, length n
     */
    void run(final double[] gFlat, final double[] wFlat, final int m, final int n, final double[] j, int maxSweeps,
             int fixedSweeps) {
        final double[][] g = Columns.split(gFlat, m, n);
        final double[][] w = wFlat == null ? null : Columns.identity(n);
        double[] norm0 = new double[n];
        for (int c = 0; c < n; c++) {
            norm0[c] = Math.sqrt(Columns.dot(g[c], g[c], m));
            if (!(norm0[c] > 0)) throw new NotFullRank("column " + (c + 1) + " is zero");
        }
        final int[] rho = new int[n];
        final double[] d = new double[n];       // squared norms of the physical columns
        final double[][] gs = new double[n][], ws = w == null ? null : new double[n][]; // in the order rho
        final double[] js = new double[n], ds = new double[n];
        final boolean fixed = fixedSweeps > 0;
        final double threshold = Math.sqrt(eps) / 2;
        int limit = fixed ? fixedSweeps : maxSweeps;
        final BlockedRoundRobin order = new BlockedRoundRobin(n, BlockedRoundRobin.blockColumns(m, n, w != null),
                n >= PARALLEL_MIN_COLUMNS ? threads : 1);
        final double[] tmax = new double[order.chunks() * BlockedRoundRobin.PAD]; // slot c * PAD: no shared lines
        converged = n <= 1;
        for (sweeps = 0; sweeps < limit && !converged; ) {
            sweeps++;
            for (int c = 0; c < n; c++) d[c] = Columns.dot(g[c], g[c], m);
            sortOrder(d, n, j, rho);
            // the columns are separate arrays, so the sorted order is a permutation of references
            for (int c = 0; c < n; c++) {
                gs[c] = g[rho[c]];
                if (ws != null) ws[c] = w[rho[c]];
                js[c] = j[rho[c]];
                ds[c] = d[rho[c]];
            }
            java.util.Arrays.fill(tmax, 0);
            long count = order.sweep((c, p, q) -> {
                double t = rotate(gs, ws, m, n, js, ds, rho, p, q, fixed);
                if (Double.isNaN(t)) return false;
                int slot = c * BlockedRoundRobin.PAD;
                tmax[slot] = Math.max(tmax[slot], Math.abs(t));
                return true;
            });
            double worst = 0;
            for (double x : tmax) worst = Math.max(worst, x);
            rotations += count;
            if (!fixed && (count == 0 || worst <= threshold)) converged = true;
        }
        Columns.join(g, gFlat, m);
        if (w != null) Columns.join(w, wFlat, n);
        if (w != null) requireConditioned(w, n, j);
        for (int c = 0; c < n; c++) {
            double s = Math.sqrt(Columns.dot(g[c], g[c], m));
            if (!(s > n * eps * norm0[c])) {
                throw new NotFullRank("column " + (c + 1) + " collapsed to " + s + " from norm " + norm0[c]);
            }
        }
    }

    /**
     * The J-orthogonal W's condition is ||W||^2 (W^-1 = J W' J), and the computed values are accurate to about
     * eps ||W||^2: past 1e-2 they have fewer than two digits, which is what a G of numerically dependent columns of
     * opposite signs gives (G = [g, g, h], J = diag(1, -1, 1): in 119 of 200 random draws each pair's rounding
     * noise passed the pair test below, and two invented values ~1e-8 came back as converged, with ||W||^2 ~ 1e16).
     * Checked by the largest column norm of W, within a factor n of ||W||^2.
     */
    private void requireConditioned(double[][] w, int n, double[] j) {
        boolean mixed = false;
        for (int c = 1; c < n; c++) mixed |= j[c] != j[0];
        if (!mixed) return; // orthogonal W
        double worst = 0;
        for (int c = 0; c < n; c++) worst = Math.max(worst, Columns.dot(w[c], w[c], n));
        if (worst * eps > 1e-2) {
            throw new NotFullRank(String.format(java.util.Locale.ROOT, "the J-orthogonal transformation grew to "
                    + "||V||^2 = %.1e, so the result would have fewer than two correct digits: columns of opposite "
                    + "signs are numerically dependent", worst));
        }
    }

    /**
     * Orthogonalises columns p and q (of the sorted view; rho maps them to physical columns for
     * messages); returns the tangent used, or NaN when the pair was already orthogonal and left alone.
     * Only g_p.g_q comes from the columns: the squared norms d are updated as app + t apq (trigonometric:
     * app - t apq) and aqq + t apq, exact for the annihilating angle, and taken afresh from the column
     * when that update cancels (as LAPACK dgesvj does [8]).
     */
    private double rotate(double[][] g, double[][] w, int m, int n, double[] j, double[] d, int[] rho, int p, int q,
                          boolean fixed) {
        double[] gp = g[p], gq = g[q];
        double app = d[p], aqq = d[q], apq = Columns.dot(gp, gq, m);
        if (!(app > 0 && aqq > 0)) {
            throw new NotFullRank("column " + (rho[app > 0 ? q : p] + 1) + " became zero (linearly dependent columns)");
        }
        if (apq == 0 || (!fixed && Math.abs(apq) <= tol * Math.sqrt(app) * Math.sqrt(aqq))) return Double.NaN;
        double t;
        if (j[p] == j[q]) {
            // tan(2 phi) = 2 apq / (aqq - app); the smaller root t = tan(phi), |phi| <= pi/4
            t = JacobiRotation.tangent(app, aqq, apq);
            double c = JacobiRotation.cosine(t), lo = JacobiRotation.cosineLow(t, c, false);
            // (2.4): g_p' = (g_p - t g_q) c, g_q' = (g_q + t g_p) c
            Columns.rotate(gp, gq, m, -t, t, c, lo);
            if (w != null) Columns.rotate(w[p], w[q], n, -t, t, c, lo);
        } else {
            t = hyperbolicTangent(gp, gq, m, rho[p], rho[q], app, aqq, apq);
            double ch = JacobiRotation.hyperbolicCosine(t), lo = JacobiRotation.cosineLow(t, ch, true);
            // (2.5): g_p' = (g_p + t g_q) cosh, g_q' = (g_q + t g_p) cosh
            Columns.rotate(gp, gq, m, t, t, ch, lo);
            if (w != null) Columns.rotate(w[p], w[q], n, t, t, ch, lo);
        }
        double tpq = t * apq, a2 = j[p] == j[q] ? app - tpq : app + tpq, b2 = aqq + tpq;
        d[p] = a2 >= 0.25 * app ? a2 : Columns.dot(gp, gp, m);
        d[q] = b2 >= 0.25 * aqq ? b2 : Columns.dot(gq, gq, m);
        return t;
    }

    /**
     * t = tanh(phi) with tanh(2 phi) = -2 apq / (app + aqq). The angle is real only while the 2 x 2
     * block of G'G is positive definite, |2 apq| < app + aqq; the distance to that limit,
     * app + aqq - 2|apq| = ||g_p - sign(apq) g_q||^2, cancels badly when small, so it is then
     * computed directly from the columns.
     */
    private double hyperbolicTangent(double[] gp, double[] gq, int m, int p, int q, double app, double aqq, double apq) {
        double sum = app + aqq, two = 2 * Math.abs(apq);
        double gap = sum - two;
        if (gap < sum / 16) {
            double sg = Math.signum(apq);
            gap = 0;
            for (int i = 0; i < m; i++) {
                double d = gp[i] - sg * gq[i];
                gap += d * d;
            }
        }
        if (!(gap > eps * eps * sum)) {
            throw new NotFullRank("columns " + (p + 1) + " and " + (q + 1) + " are numerically dependent: "
                    + "no real hyperbolic rotation exists for them (G'JG is not definite on that pair)");
        }
        return JacobiRotation.hyperbolicTangent(sum, apq, gap);
    }

    /** rho: positive-sign columns by decreasing norm, then negative-sign columns by increasing norm (d: squared norms). */
    static void sortOrder(final double[] d, int n, final double[] j, int[] rho) {
        Integer[] idx = new Integer[n];
        for (int c = 0; c < n; c++) idx[c] = c;
        java.util.Arrays.sort(idx, (x, y) -> {
            if (j[x] != j[y]) return j[x] > 0 ? -1 : 1;
            return j[x] > 0 ? Double.compare(d[y], d[x]) : Double.compare(d[x], d[y]);
        });
        for (int c = 0; c < n; c++) rho[c] = idx[c];
    }
}
