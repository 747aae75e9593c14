package io.github.gpujacobi.cpu;

/**
 * Hermitian positive definite inversion of one complex page (interleaved re/im), as
 * {@link CholeskyInverse}: A = L L^H, inv(A) = inv(L)^H inv(L), the same positive-definiteness test
 * (a pivot not above half an ulp of its own diagonal entry fails, so graded matrices pass [6]).
 */
final class ComplexCholeskyInverse {
    private ComplexCholeskyInverse() {}

    /** Inverts a in place; false (a left unspecified) when A is not exactly Hermitian or not numerically positive definite. */
    static boolean invert(double[] a, int n) {
        for (int j = 0; j < n; j++) {
            if (a[2 * (j + j * n) + 1] != 0) return false;
            for (int i = 0; i < j; i++) {
                int ij = 2 * (i + j * n), ji = 2 * (j + i * n);
                if (a[ij] != a[ji] || a[ij + 1] != -a[ji + 1]) return false;
            }
        }
        double[] diag = new double[n];
        for (int j = 0; j < n; j++) diag[j] = a[2 * (j + j * n)];
        for (int j = 0; j < n; j++) { // left-looking: a(j:n, j) -= L(j:n, k) conj(L(j, k))
            int jn = 2 * j * n;
            for (int k = 0; k < j; k++) {
                int kn = 2 * k * n;
                double fr = a[kn + 2 * j], fi = -a[kn + 2 * j + 1];
                if (fr == 0 && fi == 0) continue;
                for (int i = 2 * j; i < 2 * n; i += 2) {
                    double lr = a[kn + i], li = a[kn + i + 1];
                    a[jn + i] -= lr * fr - li * fi;
                    a[jn + i + 1] -= lr * fi + li * fr;
                }
            }
            double d = a[jn + 2 * j];
            if (!(d > GaussJordanInverse.NEGLIGIBLE * diag[j])) return false;
            d = Math.sqrt(d);
            a[jn + 2 * j] = d;
            a[jn + 2 * j + 1] = 0;
            double r = 1 / d;
            for (int i = 2 * (j + 1); i < 2 * n; i++) a[jn + i] *= r;
        }
        double[] y = new double[2 * n * n]; // inv(L): column j solves L y = e_j
        for (int j = 0; j < n; j++) {
            int jn = 2 * j * n;
            y[jn + 2 * j] = 1;
            for (int k = j; k < n; k++) {
                double l = a[2 * (k + k * n)];
                double xr = y[jn + 2 * k] / l, xi = y[jn + 2 * k + 1] / l;
                y[jn + 2 * k] = xr;
                y[jn + 2 * k + 1] = xi;
                if (xr == 0 && xi == 0) continue;
                int kn = 2 * k * n;
                for (int i = 2 * (k + 1); i < 2 * n; i += 2) {
                    double lr = a[kn + i], li = a[kn + i + 1];
                    y[jn + i] -= lr * xr - li * xi;
                    y[jn + i + 1] -= lr * xi + li * xr;
                }
            }
        }
        for (int j = 0; j < n; j++) { // inv(A)(i, j) = inv(L)(:, i)^H inv(L)(:, j), rows from max(i, j)
            int jn = 2 * j * n;
            for (int i = j; i < n; i++) {
                int in = 2 * i * n;
                double sr = 0, si = 0;
                for (int k = 2 * i; k < 2 * n; k += 2) {
                    double ur = y[in + k], ui = -y[in + k + 1], vr = y[jn + k], vi = y[jn + k + 1];
                    sr += ur * vr - ui * vi;
                    si += ur * vi + ui * vr;
                }
                a[2 * (i + j * n)] = sr;
                a[2 * (i + j * n) + 1] = i == j ? 0 : si;
                a[2 * (j + i * n)] = sr;
                a[2 * (j + i * n) + 1] = i == j ? 0 : -si;
            }
        }
        return true;
    }
}
