package io.github.gpujacobi.core;



/**
 * The Newton-Schulz polish of a factor that should have orthonormal (unitary) columns [21]: X := X (3I - X^H X) / 2,
 * computed as X + X F with F = (I - X^H X) / 2, so that only the small correction X F is rounded as a product. The
 * one-sided routes return normalised columns (of G W, A V, R' W) that are orthogonal only to their stopping
 * tolerance, pair by pair (||X^H X - I||_F about n^1.5 eps in all), and accumulated rotations drift by about
 * sqrt(rotations) eps; with E = X^H X - I a step leaves -3/4 E^2 + 1/4 E^3, so one step in double takes either to its
 * rounding level, about sqrt(n) eps of double (the GPU's blocked routes polish their vectors the same way). Each step
 * measures ||E||_F first, which certifies the result: the caller reports a factor that this does not bring within
 * the contract's bound as not converged. Real columns or interleaved complex ones; columns of X across threads.
 */
public final class NewtonSchulz {
    private NewtonSchulz() {}

    /** Steps at most: from ||E||_F < 1 the error squares each step, so three reach double's rounding from 0.1. */
    public static final int MAX_STEPS = 3;

    private static final double EPS = Math.ulp(1.0);

    /**
     * Polishes the flat column-major factor q (rows x cols; interleaved complex when {@code complex}) in place, the
     * columns with have[j] only (null: all); the others are left for a completion to fill.
     * @return a bound on ||X^H X - I||_F of the polished columns (see {@link #polish(double[][], int, boolean, double, int)})
     */
    public static double polish(double[] q, int rows, int cols, boolean[] have, boolean complex, double target, int threads) {
        Lapack lapack = complex || have != null ? null : Lapack.get();
        if (lapack != null && (long) cols * cols * rows >= NATIVE_WORK) { // in place: no copies of the columns
            return polishNative(lapack, q, rows, cols, target, Math.sqrt(cols) * EPS, null, 0, null);
        }
        int len = complex ? 2 * rows : rows, k = 0;
        for (int j = 0; j < cols; j++) if (have == null || have[j]) k++;
        double[][] x = new double[k][];
        int c = 0;
        for (int j = 0; j < cols; j++) {
            if (have != null && !have[j]) continue;
            x[c] = new double[len];
            System.arraycopy(q, j * len, x[c++], 0, len);
        }
        double bound = polish(x, rows, complex, target, threads);
        c = 0;
        for (int j = 0; j < cols; j++) if (have == null || have[j]) System.arraycopy(x[c++], 0, q, j * len, len);
        return bound;
    }

    /**
     * As {@link #polish(double[], int, int, boolean[], boolean, double, int)} of real q (all columns), and qx := Q X of
     * the polished Q for X cols x xCols (a residual's probes): on a native BLAS the product comes with the first Gram
     * matrix, from its one copy of Q, and is formed again only when a step changed Q.
     */
    public static double polish(double[] q, int rows, int cols, double target, int threads, double[] x, int xCols,
                                double[] qx) {
        Lapack lapack = Lapack.get();
        if (lapack != null && (long) cols * cols * rows >= NATIVE_WORK) {
            return polishNative(lapack, q, rows, cols, target, Math.sqrt(cols) * EPS, x, xCols, qx);
        }
        double bound = polish(q, rows, cols, null, false, target, threads);
        java.util.Arrays.fill(qx, 0, rows * xCols, 0);
        Residuals.multiplyProbes(q, null, 0, rows, cols, x, xCols, qx);
        return bound;
    }

    /**
     * Polishes the columns x (each rows long, or 2 rows interleaved when {@code complex}) until ||X^H X - I||_F is
     * below target / 2 as measured, or predicted from the last measurement (3/4 e^2 + 1/4 e^3 plus the step's own
     * rounding), at most {@link #MAX_STEPS} steps; none when X is that close already (the Gram matrix costs a third
     * of a step). A factor with ||E||_F >= 1 is left as it is: the iteration need not converge from there.
     * @return the bound reached (measured or predicted; >= 1 when X was too far from orthonormal to polish)
     */
    public static double polish(double[][] x, int rows, boolean complex, double target, int threads) {
        int n = x.length;
        if (n == 0) return 0;
        double rounding = Math.sqrt(n) * EPS;
        Lapack lapack = complex ? null : Lapack.get();
        if (lapack != null && (long) n * n * rows >= NATIVE_WORK) return polishNative(lapack, x, rows, target, rounding);
        double[][] f = new double[n][complex ? 2 * n : n];
        for (int step = 0; ; step++) {
            double e = gram(x, rows, complex, f, threads);
            if (e <= target / 2) return e;
            if (!(e < 1) || step == MAX_STEPS) return e; // measured: what the factor is
            correct(x, rows, complex, f, threads);
            double predicted = 0.75 * e * e + 0.25 * e * e * e + rounding;
            if (predicted <= target / 2) return predicted;
        }
    }

    /** Products from this many multiply-adds (order 128) go to the native BLAS when there is one ({@link Lapack}). */
    private static final long NATIVE_WORK = 128L * 128 * 128;

    /** {@link #polish(double[][], int, boolean, double, int)}'s steps with the two products by the native dgemm. */
    private static double polishNative(Lapack lapack, double[][] x, int rows, double target, double rounding) {
        int n = x.length;
        double[] xf = new double[rows * n];
        for (int j = 0; j < n; j++) System.arraycopy(x[j], 0, xf, j * rows, rows);
        double bound = polishNative(lapack, xf, rows, n, target, rounding, null, 0, null);
        for (int j = 0; j < n; j++) System.arraycopy(xf, j * rows, x[j], 0, rows);
        return bound;
    }

    /**
     * As above on the flat column-major xf (rows x n), in place; the correction's product array only when a step is
     * due. With probes (non-null px) also px := X probes of the polished X (probes n x cols).
     */
    private static double polishNative(Lapack lapack, double[] xf, int rows, int n, double target, double rounding,
                                       double[] probes, int cols, double[] px) {
        double[] f = new double[n * n], y = null;
        double bound;
        for (int step = 0; ; step++) {
            // one side measures E; F's other side only when a step is due
            if (step == 0 && px != null) lapack.gramUpper(n, rows, xf, f, cols, probes, px);
            else lapack.gramUpper(n, rows, xf, f);
            double s = 0;
            for (int j = 0; j < n; j++) {
                for (int i = 0; i <= j; i++) {
                    double e = f[i + j * n] - (i == j ? 1 : 0);
                    s += (i == j ? 1 : 2) * (e * e);
                    f[i + j * n] = -0.5 * e;
                }
            }
            double e = Math.sqrt(s);
            if (e <= target / 2 || !(e < 1) || step == MAX_STEPS) { bound = e; break; }
            PageAssembly.mirror(f, n, true);
            if (y == null) y = new double[rows * n];
            lapack.dgemm(false, false, rows, n, n, 1, xf, f, 0, y);
            for (int i = 0; i < rows * n; i++) xf[i] += y[i];
            double predicted = 0.75 * e * e + 0.25 * e * e * e + rounding;
            if (predicted <= target / 2) { bound = predicted; break; }
        }
        if (px != null && y != null) lapack.dgemm(false, false, rows, cols, n, 1, xf, probes, 0, px); // a step moved X
        return bound;
    }

    /** F = (I - X^H X) / 2 into f (f[j] column j; interleaved when complex); returns ||X^H X - I||_F. */
    private static double gram(final double[][] x, final int rows, final boolean complex, final double[][] f, int threads) {
        final int n = x.length, parts = complex ? 2 : 1;
        // X^H X column by column as a sum of the rows of X (columns of X^T) times X's entries: the product's kernel
        double[][] xt = new double[rows][parts * n];
        for (int j = 0; j < n; j++) {
            double[] xj = x[j];
            for (int r = 0; r < rows; r++) {
                xt[r][parts * j] = xj[parts * r];
                if (complex) xt[r][2 * j + 1] = -xj[2 * r + 1]; // conjugated: X^H
            }
        }
        for (double[] fj : f) java.util.Arrays.fill(fj, 0); // the product adds to it; it holds the last step's F
        Products.multiply(xt, x, f, parts * n, true, complex, workers(n, rows, threads));
        double s = 0;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i <= j; i++) {
                double re = f[j][parts * i] - (i == j ? 1 : 0), im = complex && i != j ? f[j][2 * i + 1] : 0;
                s += (i == j ? 1 : 2) * (re * re + im * im);
                if (complex) {
                    f[j][2 * i] = -0.5 * re;
                    f[j][2 * i + 1] = -0.5 * im;
                    f[i][2 * j] = -0.5 * re; // F is Hermitian
                    f[i][2 * j + 1] = 0.5 * im;
                } else {
                    f[j][i] = -0.5 * re;
                    f[i][j] = -0.5 * re;
                }
            }
        }
        return Math.sqrt(s);
    }

    /** X := X + X F, the product into fresh columns first (every column of X is read for each new one). */
    private static void correct(final double[][] x, final int rows, final boolean complex, final double[][] f, int threads) {
        final int n = x.length, len = complex ? 2 * rows : rows;
        final double[][] y = new double[n][len];
        Products.multiply(x, f, y, len, false, complex, workers(n, rows, threads));
        for (int j = 0; j < n; j++) {
            double[] xj = x[j], yj = y[j];
            for (int i = 0; i < len; i++) xj[i] += yj[i];
        }
    }

    /** Threads for products over n columns of rows entries: one below about 64 x 64, where a hand-off costs more. */
    private static int workers(int n, int rows, int threads) {
        return (long) n * n * rows < 64L * 64 * 64 ? 1 : Math.max(1, threads);
    }
}
