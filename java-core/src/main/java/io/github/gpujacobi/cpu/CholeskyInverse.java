package io.github.gpujacobi.cpu;

/**
 * SPD inversion ([5]'s second method): A = L L', inv(A) = inv(L)' inv(L). One page, in place.
 * Every inner loop runs down a column (contiguous) so that C2 vectorises it.
 */
final class CholeskyInverse {
    private CholeskyInverse() {}

    /**
     * Returns false (a left unspecified) when A is not numerically positive definite: a pivot d_j
     * not above half an ulp of a_jj, i.e. rounding noise relative to its own diagonal entry (a test
     * that ignores a symmetric diagonal scaling D A D, so graded SPD matrices such as
     * diag(1e-300, 1, 1e300) invert exactly [6]).
     */
    static boolean invert(double[] a, int n) {
        for (int j = 0; j < n; j++) { // the Cholesky path is for exactly symmetric input only
            for (int i = 0; i < j; i++) if (a[i + j * n] != a[j + i * n]) return false;
        }
        double[] diag = new double[n];
        for (int j = 0; j < n; j++) diag[j] = a[j + j * n];
        for (int j = 0; j < n; j++) { // left-looking: column j of L from the columns before it
            int jn = j * n;
            for (int k = 0; k < j; k++) {
                double f = a[j + k * n];
                if (f == 0) continue;
                int kn = k * n;
                for (int i = j; i < n; i++) a[i + jn] -= f * a[i + kn];
            }
            double d = a[j + jn];
            if (!(d > GaussJordanInverse.NEGLIGIBLE * diag[j])) return false;
            d = Math.sqrt(d);
            a[j + jn] = d;
            double r = 1 / d;
            for (int i = j + 1; i < n; i++) a[i + jn] *= r;
        }
        double[] y = new double[n * n]; // inv(L), column j solves L y = e_j by column axpys
        for (int j = 0; j < n; j++) {
            int jn = j * n;
            y[j + jn] = 1;
            for (int k = j; k < n; k++) {
                double x = y[k + jn] / a[k + k * n];
                y[k + jn] = x;
                if (x == 0) continue;
                int kn = k * n;
                for (int i = k + 1; i < n; i++) y[i + jn] -= x * a[i + kn];
            }
        }
        for (int j = 0; j < n; j++) { // inv(A)(i,j) = inv(L)(:,i) . inv(L)(:,j), rows from max(i,j)
            int jn = j * n;
            for (int i = j; i < n; i++) {
                int in = i * n;
                double s = 0;
                for (int k = i; k < n; k++) s += y[k + in] * y[k + jn];
                a[i + jn] = s;
                a[j + in] = s;
            }
        }
        return true;
    }
}
