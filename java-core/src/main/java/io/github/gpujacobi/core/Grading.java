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
    public static double[] rowMaxNorms(double[] w, int rows, int cols, int parts) {
        double[] norm = new double[rows];
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int at = parts * (i + j * rows);
                for (int p = 0; p < parts; p++) norm[i] = Math.max(norm[i], Math.abs(w[at + p]));
            }
        }
        return norm;
    }

    /**
     * Whether the nonzero rows' max-norms span more than {@link #GRADED_SPAN}. Zero rows do not count: they carry no
     * small value to lose. NaN counts as not graded (the solvers reject it).
     */
    public static boolean graded(double[] w, int rows, int cols, int parts) {
        return graded(rowMaxNorms(w, rows, cols, parts));
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
        final double[] norm = rowMaxNorms(w, rows, cols, parts);
        if (!graded(norm)) return null;
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
