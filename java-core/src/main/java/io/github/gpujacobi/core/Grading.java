package io.github.gpujacobi.core;

/**
 * How strongly a page's rows are graded, and the row order that keeps a Householder QR row-wise backward stable on
 * it. Both backends route by it: a graded page is one whose small eigenvalues or singular values only a relatively
 * accurate route keeps [6, 8]. Two-sided Jacobi is relatively accurate on graded definite input only [6]; on graded
 * indefinite input the one-sided hyperbolic route after Bunch-Parlett is [4, 10]. Householder QR without row sorting
 * loses a row-graded page's small singular values; sorted rows make it row-wise backward stable (Cox and Higham,
 * dgejsv's row pivoting [8]).
 */
public final class Grading {
    /**
     * Row max-norms spanning more than this mark a page as graded. Below it the absolute error bound of the fast
     * routes, eps ||A||, is within this factor squared of the relatively accurate one, which keeps the accuracy
     * contract (docs/accuracy.md); random pages of order 8 or more stay far below it.
     */
    public static final double GRADED_SPAN = 10;

    private Grading() {}

    /**
     * Max-norms of the rows of the rows x cols column-major page w; {@code parts} numbers an entry (2: interleaved
     * complex, whose entries count by max(|re|, |im|)).
     */
    public static double[] rowMaxNorms(final double[] w, final int rows, final int cols, final int parts) {
        final int chunks = (long) rows * cols < (1 << 20) ? 1 : Math.min(cols, Runtime.getRuntime().availableProcessors());
        final double[][] part = new double[chunks][rows]; // each chunk of columns apart, then the maxima of the chunks
        PageLoop.forEach(chunks, chunks, c -> {
            double[] norm = part[c];
            for (int j = (int) ((long) cols * c / chunks), end = (int) ((long) cols * (c + 1) / chunks); j < end; j++) {
                int at = parts * j * rows;
                if (parts == 1) {
                    for (int i = 0; i < rows; i++) norm[i] = Math.max(norm[i], Math.abs(w[at + i]));
                } else {
                    for (int i = 0; i < rows; i++, at += 2) norm[i] = Math.max(norm[i], Math.max(Math.abs(w[at]), Math.abs(w[at + 1])));
                }
            }
        });
        for (int c = 1; c < chunks; c++) for (int i = 0; i < rows; i++) part[0][i] = Math.max(part[0][i], part[c][i]);
        return part[0];
    }

    /** Whether page k of the symmetric page array a is graded ({@link #graded}), read in place (no copy of the page). */
    public static boolean graded(io.github.gpujacobi.api.PageArray a, int k) {
        int n = a.rows();
        double[] norm = new double[n];
        long base = a.offset() + (long) k * n * n;
        double[] d = a.doubleData();
        float[] f = a.floatData();
        for (int j = 0; j < n; j++) {
            int at = (int) (base + (long) j * n);
            if (d != null) for (int i = 0; i < n; i++) norm[i] = Math.max(norm[i], Math.abs(d[at + i]));
            else for (int i = 0; i < n; i++) norm[i] = Math.max(norm[i], Math.abs(f[at + i]));
        }
        return graded(norm);
    }

    /**
     * Whether the eigenvalues can carry what a fast two-sided route loses on graded input: values of both signs whose
     * magnitudes span more than {@link #GRADED_SPAN} squared (below that, the absolute error eps ||A|| of the fast
     * route is within a factor 100 of each value).
     */
    public static boolean indefiniteAndSpread(double[] values) {
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (double x : values) {
            lo = Math.min(lo, Math.abs(x));
            hi = Math.max(hi, Math.abs(x));
        }
        return mixedSigns(values) && hi > GRADED_SPAN * GRADED_SPAN * lo;
    }

    /**
     * Whether the nonzero rows' max-norms span more than {@link #GRADED_SPAN}. Zero rows do not count: they carry no
     * small value to lose. NaN counts as not graded (the solvers reject it).
     */
    public static boolean graded(double[] w, int rows, int cols, int parts) {
        return graded(rowMaxNorms(w, rows, cols, parts));
    }

    /**
     * Whether the m x n page w is graded by rows or by columns ({@link #graded} of its row and of its column
     * max-norms): what only the QR-preconditioned SVD keeps (dgejsv [8]).
     */
    public static boolean rowsOrColumnsGraded(double[] w, int rows, int cols) {
        if (graded(w, rows, cols, 1)) return true;
        double[] norm = new double[cols];
        for (int j = 0; j < cols; j++) {
            double x = 0;
            for (int i = j * rows, end = i + rows; i < end; i++) x = Math.max(x, Math.abs(w[i]));
            norm[j] = x;
        }
        return graded(norm);
    }

    static boolean graded(double[] norm) {
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (double x : norm) {
            if (x > 0) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        return hi > GRADED_SPAN * lo;
    }

    /** Whether some values are positive and some negative: the page is indefinite. */
    public static boolean mixedSigns(double[] values) {
        boolean pos = false, neg = false;
        for (double x : values) {
            pos |= x > 0;
            neg |= x < 0;
        }
        return pos && neg;
    }

    /**
     * The row order by decreasing max-norm (ties: original order), as dgejsv's row pivoting sorts them; null when the
     * rows are not graded ({@link #graded}) or already in that order, so that ungraded pages cost no permutation.
     */
    public static int[] sortedRowsIfGraded(double[] w, int rows, int cols, int parts) {
        return sortedRowsIfGraded(rowMaxNorms(w, rows, cols, parts));
    }

    /** {@link #sortedRowsIfGraded(double[], int, int, int)} from the rows' max-norms (a device computed them). */
    public static int[] sortedRowsIfGraded(double[] norm) {
        if (!graded(norm)) return null;
        int rows = norm.length;
        boolean sorted = true;
        for (int i = 1; i < rows && sorted; i++) sorted = norm[i] <= norm[i - 1];
        return sorted ? null : rowsByDecreasingNorm(norm);
    }

    /** The row order by decreasing max-norm of every page, graded or not. */
    public static int[] rowsByDecreasingNorm(double[] w, int rows, int cols, int parts) {
        return rowsByDecreasingNorm(rowMaxNorms(w, rows, cols, parts));
    }

    private static int[] rowsByDecreasingNorm(final double[] norm) {
        int m = norm.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) order[i] = i;
        java.util.Arrays.sort(order, (x, y) -> Double.compare(norm[y], norm[x])); // stable
        int[] rows = new int[m];
        for (int i = 0; i < m; i++) rows[i] = order[i];
        return rows;
    }

    /** The page with its rows in the given order: row i of the result is row order[i] of w. */
    public static double[] permuteRows(double[] w, int rows, int cols, int parts, int[] order) {
        double[] out = new double[w.length];
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                System.arraycopy(w, parts * (order[i] + j * rows), out, parts * (i + j * rows), parts);
            }
        }
        return out;
    }

    /** Undoes {@link #permuteRows} in place over w's first cols columns: row order[i] of w gets row i of p. */
    public static void unpermuteRows(double[] p, double[] w, int rows, int cols, int parts, int[] order) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                System.arraycopy(p, parts * (i + j * rows), w, parts * (order[i] + j * rows), parts);
            }
        }
    }
}
