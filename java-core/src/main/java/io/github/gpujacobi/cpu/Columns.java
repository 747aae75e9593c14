package io.github.gpujacobi.cpu;

/**
 * A page held as one Java array per column, and the two loops of one-sided Jacobi on such columns.
 * HotSpot (C2, Java 8 to 17) vectorises a loop over x[i], y[i] of two arrays, but not one over
 * u[i + p m], u[i + q m] of the same array (it cannot rule out that the two ranges overlap), so
 * the flat column-major page is split into columns for the sweeps (rotations and dot products about
 * 2.5x faster per element).
 */
final class Columns {
    private Columns() {}

    /** The n columns of a rows x n column-major array, copied. */
    static double[][] split(double[] a, int rows, int n) {
        double[][] c = new double[n][];
        for (int j = 0; j < n; j++) {
            c[j] = new double[rows];
            System.arraycopy(a, j * rows, c[j], 0, rows);
        }
        return c;
    }

    /** The columns back into the rows x n column-major array a. */
    static void join(double[][] c, double[] a, int rows) {
        for (int j = 0; j < c.length; j++) System.arraycopy(c[j], 0, a, j * rows, rows);
    }

    /** n x n identity as columns. */
    static double[][] identity(int n) {
        double[][] c = new double[n][n];
        for (int j = 0; j < n; j++) c[j][j] = 1;
        return c;
    }

    /** x . y over the first m entries. */
    static double dot(double[] x, double[] y, int m) {
        return dot(x, y, 0, m);
    }

    /** x . y over entries [from, to); eight partial sums, so the adds need not wait on each other. */
    static double dot(double[] x, double[] y, int from, int to) {
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        int i = from;
        for (; i + 7 < to; i += 8) {
            s0 += x[i] * y[i];
            s1 += x[i + 1] * y[i + 1];
            s2 += x[i + 2] * y[i + 2];
            s3 += x[i + 3] * y[i + 3];
            s4 += x[i + 4] * y[i + 4];
            s5 += x[i + 5] * y[i + 5];
            s6 += x[i + 6] * y[i + 6];
            s7 += x[i + 7] * y[i + 7];
        }
        for (; i < to; i++) s0 += x[i] * y[i];
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }

    /**
     * x' = (x + tp y) c, y' = (y + tq x) c on the first rows entries of two columns: a one-sided rotation (tp = -t,
     * tq = t: x' = c x - s y, y' = s x + c y, the convention of JacobiRotation) or hyperbolic one (tp = tq = tanh), the
     * scale c + lo applied in two parts ({@link io.github.gpujacobi.core.JacobiRotation#cosineLow}: c alone scales
     * both columns coherently by 1 + O(eps)).
     */
    static void rotate(double[] x, double[] y, int rows, double tp, double tq, double c, double lo) {
        for (int i = 0; i < rows; i++) {
            double a = x[i], b = y[i], u = tp * b + a, v = tq * a + b;
            x[i] = u * c + u * lo;
            y[i] = v * c + v * lo;
        }
    }
}
