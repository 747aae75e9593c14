package io.github.gpujacobi.core;

import io.github.gpujacobi.api.HostScan;
import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;

/**
 * One pass over page k of an eig's input, where several used to read it in turn: the exactly symmetric page
 * w = (A + A')/2 in double that the solvers take (entry for entry what {@link PageAssembly#symmetrize} leaves of
 * {@link PageArray#pageAsDouble}), and on the way what the routes decide by: max|w| ({@link PageAssembly#maxAbs}),
 * the rows' max-norms ({@link Grading#graded}), whether an off-diagonal entry is nonzero
 * ({@link IndefiniteEig#diagonal}). Asked to check, it also makes {@link InputChecks}' tests of the page (finite
 * entries first, then symmetry within tolerance) from what it read, with their errors word for word, so that a backend
 * declaring {@link io.github.gpujacobi.api.Backend#checksInput} spares the API's own passes over the input.
 */
public final class SymmetricPage {
    /** The symmetrised page, n x n column-major. */
    public final double[] w;
    /** max |w_ij| over the page. */
    public final double maxAbs;
    private final double[] rowMax;
    private final boolean offDiagonal;
    /** The single-precision page w was read from, when it was exactly symmetric (w holds its entries widened). */
    private final float[] exactSingle;

    private SymmetricPage(double[] w, double maxAbs, double[] rowMax, boolean offDiagonal, float[] exactSingle) {
        this.w = w;
        this.maxAbs = maxAbs;
        this.rowMax = rowMax;
        this.offDiagonal = offDiagonal;
        this.exactSingle = exactSingle;
    }

    /**
     * The page's own single-precision entries, when the input is single and was exactly symmetric, so that w holds
     * them unchanged: a route computing in single takes them rather than rounding w back. The input's array itself
     * for its first page (to be read, never written), a copy for the others; null for double input, or when
     * symmetrising changed an entry.
     */
    public float[] exactSingle() {
        return exactSingle;
    }

    /** Whether w is graded: {@link Grading#graded(double[], int, int, int)} of w, from the pass's row max-norms. */
    public boolean graded() { return Grading.graded(rowMax); }

    /** Whether w is diagonal: {@link IndefiniteEig#diagonal(double[], int)} of w. */
    public boolean diagonal() { return !offDiagonal; }

    /** Tile of the pass: both sides' TILE x TILE entries stay in L1. */
    private static final int TILE = 32;

    /** Tasks of a large pass at most: each takes every TASKS-th row of tiles (the triangle's rows differ in length). */
    private static final int TASKS = 16;

    /**
     * Reads page k of the square array a (finite, unless check is set: the maxima of a page holding NaN are not
     * Math.max's).
     * @param check whether to make InputChecks' finite and symmetry tests (a one-page array: the finite error names
     *              the first NaN or Inf of the whole array, as InputChecks does)
     */
    public static SymmetricPage read(PageArray a, int k, SolverOptions o, boolean check) {
        final int n = a.rows(), rowsOfTiles = (n + TILE - 1) / TILE, tasks = Math.max(1, Math.min(TASKS, rowsOfTiles));
        final int base = a.offset() + k * n * n; // a window's pages start at its offset
        final double[] d = a.doubleData();
        final float[] f = a.floatData();
        // the page as it is (a copy of double input, not zeroed first), then symmetrised where it is not
        final double[] w = d != null ? java.util.Arrays.copyOfRange(d, base, base + n * n) : new double[n * n];
        final double[][] norm = new double[tasks][n];
        final double[] bad = new double[tasks], max = new double[tasks], asym = new double[tasks];
        final boolean[] off = new boolean[tasks];
        if (d == null) for (int i = 0; i < n * n; i++) w[i] = f[base + i];
        // comparisons rather than Math.max: NaN and Inf are found by the sum, and the input checks (here or the API's)
        // refuse them before anything reads the maxima
        HostScan.forTasks(tasks, (long) n * n, t -> {
            double[] rows = norm[t];
            double sum = 0, mx = 0, as = 0;
            boolean nonzero = false;
            for (int tile = t; tile < rowsOfTiles; tile += tasks) {
                int jb = tile * TILE, je = Math.min(n, jb + TILE);
                // tile by tile, so that a(j, i) comes from cache
                for (int ib = jb; ib < n; ib += TILE) {
                    int ie = Math.min(n, ib + TILE);
                    for (int j = jb; j < je; j++) {
                        double rowJ = rows[j];
                        int i = Math.max(ib, j);
                        if (i == j) { // the diagonal entry: its own mirror
                            double x = w[j + j * n], ax = Math.abs(x);
                            sum += x - x; // NaN once an entry is NaN or Inf
                            if (ax > mx) mx = ax;
                            if (ax > rowJ) rowJ = ax;
                            i++;
                        }
                        for (; i < ie; i++) {
                            int lo = i + j * n, up = j + i * n;
                            double x = w[lo], y = w[up];
                            sum += (x - x) + (y - y);
                            double ax = Math.abs(x), ay = Math.abs(y);
                            if (ax > mx) mx = ax;
                            if (ay > mx) mx = ay;
                            double m = ax;
                            if (x != y) { // exactly symmetric pairs stay as they are, as symmetrize leaves them
                                double dxy = Math.abs(x - y), s = PageAssembly.mean(x, y);
                                if (dxy > as) as = dxy;
                                w[lo] = s;
                                w[up] = s;
                                m = Math.abs(s);
                            }
                            if (m > rows[i]) rows[i] = m;
                            if (m > rowJ) rowJ = m;
                            nonzero |= m != 0;
                        }
                        rows[j] = rowJ;
                    }
                }
            }
            bad[t] = sum;
            max[t] = mx;
            asym[t] = as;
            off[t] = nonzero;
        });
        double sum = 0, mx = 0, as = 0, wm = 0;
        boolean nonzero = false;
        for (int t = 0; t < tasks; t++) {
            sum += bad[t];
            mx = Math.max(mx, max[t]);
            as = Math.max(as, asym[t]);
            nonzero |= off[t];
            if (t > 0) for (int i = 0; i < n; i++) norm[0][i] = Math.max(norm[0][i], norm[t][i]);
        }
        for (double r : norm[0]) wm = Math.max(wm, r); // every entry lies in some row
        if (check) {
            if (sum != 0 || sum != sum) InputChecks.requireFinite(a, o); // names the entry
            InputChecks.requireSymmetric(mx, as, a, k, o);
        }
        boolean asGiven = sum == 0 && as == 0; // finite, and no pair changed
        float[] single = f == null || !asGiven ? null : base == 0 ? f : java.util.Arrays.copyOfRange(f, base, base + n * n);
        return new SymmetricPage(w, wm, norm[0], nonzero, single);
    }
}
