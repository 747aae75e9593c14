package io.github.gpujacobi.api;

import java.util.Locale;

/** Validation shared by every entry point; messages start with "caller: variable". */
public final class InputChecks {
    private InputChecks() {}

    public static void requireSquare(PageArray a, SolverOptions o) {
        if (a.rows() != a.cols()) {
            throw new JacobiException(ErrorKind.NOT_SQUARE,
                    o.where() + " must be square (each page n x n), but it is " + a.describe());
        }
    }

    public static void requireFinite(PageArray a, SolverOptions o) {
        if (HostScan.allFinite(a)) return; // the one pass; the loop below only finds the entry to name
        int n = a.length();
        for (int i = 0; i < n; i++) {
            double v = a.get(i);
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                int ps = Math.max(1, a.pageSize());
                int k = i / ps, r = i % ps;
                throw new JacobiException(ErrorKind.NON_FINITE, String.format(Locale.ROOT,
                        "%s contains %s at (%d,%d%s); remove NaN and Inf values first", o.where(),
                        Double.isNaN(v) ? "NaN" : "Inf", r % a.rows() + 1, r / a.rows() + 1,
                        a.pages() > 1 ? "," + (k + 1) : ""));
            }
        }
    }

    /**
     * Every page must be symmetric within {@link SolverOptions#SYMMETRY_TOLERANCE_EPS} eps of its
     * largest element; the solvers then use the average of A and A'.
     */
    public static void requireSymmetric(final PageArray a, SolverOptions o) {
        final int n = a.rows(), rowsOfTiles = (n + TILE - 1) / TILE, pages = a.pages();
        // max|A| and max|A - A'| per row of tiles of every page, the rows of tiles on all cores
        final double[] max = new double[pages * rowsOfTiles], asym = new double[pages * rowsOfTiles];
        HostScan.forTasks(pages * rowsOfTiles, a.length(), t -> {
            int k = t / rowsOfTiles, jb = (t % rowsOfTiles) * TILE, je = Math.min(n, jb + TILE);
            long base = (long) k * n * n;
            double mx = 0, as = 0;
            // tile by tile, so that a(j, i) comes from cache (a row-by-row pass misses on every element at large n)
            for (int ib = jb; ib < n; ib += TILE) {
                int ie = Math.min(n, ib + TILE);
                for (int j = jb; j < je; j++) {
                    for (int i = Math.max(ib, j); i < ie; i++) {
                        double x = a.get((int) (base + i + (long) j * n)), y = a.get((int) (base + j + (long) i * n));
                        mx = Math.max(mx, Math.max(Math.abs(x), Math.abs(y)));
                        as = Math.max(as, Math.abs(x - y));
                    }
                }
            }
            max[t] = mx;
            asym[t] = as;
        });
        for (int k = 0; k < pages; k++) {
            double mx = 0, as = 0;
            for (int t = k * rowsOfTiles; t < (k + 1) * rowsOfTiles; t++) {
                mx = Math.max(mx, max[t]);
                as = Math.max(as, asym[t]);
            }
            requireSymmetric(mx, as, a, k, o);
        }
    }

    /**
     * The symmetry test of page k from its max|A| and max|A - A'| (a device that scanned the page computes them):
     * within {@link SolverOptions#SYMMETRY_TOLERANCE_EPS} eps of the largest element, else the error every backend
     * gives.
     */
    public static void requireSymmetric(double max, double asym, PageArray a, int k, SolverOptions o) {
        double limit = SolverOptions.SYMMETRY_TOLERANCE_EPS * a.precision().eps();
        double rel = max == 0 ? 0 : asym / max;
        if (rel > limit) {
            throw new JacobiException(ErrorKind.NOT_SYMMETRIC, String.format(Locale.ROOT,
                    "%s must be symmetric%s: max|A-A'|/max|A| = %.3g exceeds the tolerance %.3g (%.0f*eps(%s)); "
                            + "use (A+A')/2 if the asymmetry is rounding error",
                    o.where(), a.pages() > 1 ? " (page " + (k + 1) + ")" : "", rel, limit,
                    SolverOptions.SYMMETRY_TOLERANCE_EPS, a.precision().matlabClass()));
        }
    }

    /** Tile of the symmetry tests: both sides' TILE x TILE entries stay in L1. */
    private static final int TILE = 32;

    public static void requireSquare(ComplexPageArray a, SolverOptions o) {
        if (a.rows() != a.cols()) {
            throw new JacobiException(ErrorKind.NOT_SQUARE,
                    o.where() + " must be square (each page n x n), but it is " + a.describe());
        }
    }

    public static void requireFinite(ComplexPageArray a, SolverOptions o) {
        if (a.doubleData() != null ? HostScan.allFinite(a.doubleData()) : HostScan.allFinite(a.floatData())) return;
        for (int i = 0; i < a.length(); i++) {
            double re = a.re(i), im = a.im(i);
            if (re - re != 0 || im - im != 0) {
                int ps = Math.max(1, a.pageSize());
                int k = i / ps, r = i % ps;
                boolean nan = Double.isNaN(re) || Double.isNaN(im);
                throw new JacobiException(ErrorKind.NON_FINITE, String.format(Locale.ROOT,
                        "%s contains %s in the %s part at (%d,%d%s); remove NaN and Inf values first", o.where(),
                        nan ? "NaN" : "Inf", re - re != 0 ? "real" : "imaginary", r % a.rows() + 1, r / a.rows() + 1,
                        a.pages() > 1 ? "," + (k + 1) : ""));
            }
        }
    }

    /**
     * Every page must be Hermitian within {@link SolverOptions#SYMMETRY_TOLERANCE_EPS} eps of its
     * largest modulus (the diagonal's imaginary parts included); the solvers then use (A + A^H)/2.
     */
    public static void requireHermitian(ComplexPageArray a, SolverOptions o) {
        int n = a.rows();
        double limit = SolverOptions.SYMMETRY_TOLERANCE_EPS * a.precision().eps();
        for (int k = 0; k < a.pages(); k++) {
            double max = 0, asym = 0;
            for (int jb = 0; jb < n; jb += TILE) {
                for (int ib = 0; ib <= jb; ib += TILE) {
                    int je = Math.min(n, jb + TILE), ie = Math.min(n, ib + TILE);
                    for (int j = jb; j < je; j++) {
                        for (int i = ib; i < ie && i <= j; i++) {
                            double re = a.re(i, j, k), im = a.im(i, j, k);
                            max = Math.max(max, Math.max(Math.abs(re), Math.abs(im)));
                            double dr = re - a.re(j, i, k), di = im + a.im(j, i, k); // A - A^H
                            double big = Math.max(Math.abs(dr), Math.abs(di)); // hypot only where squares leave the range
                            asym = Math.max(asym, big > 1e-150 && big < 1e150 ? Math.sqrt(dr * dr + di * di) : Math.hypot(dr, di));
                        }
                    }
                }
            }
            double rel = max == 0 ? 0 : asym / max;
            if (rel > limit) {
                throw new JacobiException(ErrorKind.NOT_SYMMETRIC, String.format(Locale.ROOT,
                        "%s must be Hermitian%s: max|A-A'|/max|A| = %.3g exceeds the tolerance %.3g (%.0f*eps(%s)); "
                                + "use (A+A')/2 if the difference is rounding error",
                        o.where(), a.pages() > 1 ? " (page " + (k + 1) + ")" : "", rel, limit,
                        SolverOptions.SYMMETRY_TOLERANCE_EPS, a.precision().matlabClass()));
            }
        }
    }
}
