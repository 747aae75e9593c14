package io.github.gpujacobi.cpu;

/** SPD inversion (seed 004's second method): A = L L', inv(A) = inv(L)' inv(L). One page, in place. */
final class CholeskyInverse {
    private CholeskyInverse() {}

    /** Returns false (a left unspecified) when A is not numerically positive definite. */
    static boolean invert(double[] a, int n) {
        for (int j = 0; j < n; j++) { // the Cholesky path is for exactly symmetric input only
            for (int i = 0; i < j; i++) if (a[i + j * n] != a[j + i * n]) return false;
        }
        for (int j = 0; j < n; j++) { // L in the lower triangle
            double d = a[j + j * n];
            for (int k = 0; k < j; k++) d -= a[j + k * n] * a[j + k * n];
            if (!(d > 0)) return false;
            d = Math.sqrt(d);
            a[j + j * n] = d;
            for (int i = j + 1; i < n; i++) {
                double s = a[i + j * n];
                for (int k = 0; k < j; k++) s -= a[i + k * n] * a[j + k * n];
                a[i + j * n] = s / d;
            }
        }
        for (int j = 0; j < n; j++) { // inv(L) in place, column by column
            a[j + j * n] = 1 / a[j + j * n];
            for (int i = j + 1; i < n; i++) {
                double s = 0;
                for (int k = j; k < i; k++) s -= a[i + k * n] * a[k + j * n];
                a[i + j * n] = s / a[i + i * n];
            }
        }
        double[] x = new double[n * n]; // inv(A) = inv(L)' inv(L)
        for (int j = 0; j < n; j++) {
            for (int i = j; i < n; i++) {
                double s = 0;
                for (int k = i; k < n; k++) s += a[k + i * n] * a[k + j * n];
                x[i + j * n] = s;
                x[j + i * n] = s;
            }
        }
        System.arraycopy(x, 0, a, 0, n * n);
        return true;
    }
}
