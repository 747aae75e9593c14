package io.github.gpujacobi.bridge;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.core.ComplexResiduals;
import io.github.gpujacobi.core.Residuals;

/**
 * How far from diagonal an unconverged Jacobi result stopped, for the toolbox's
 * {@code gpujacobi:notConverged} warning. Computed from the result only when a run did not converge,
 * so converged calls pay nothing.
 */
final class OffDiagonal {
    private OffDiagonal() {}

    /** Two-sided eig: ||A V - V D|| / ||A||, which is ||off(V'AV)|| / ||A|| for orthogonal V; worst page. */
    static double eig(PageArray a, PageArray values, PageArray vectors) {
        double worst = 0;
        for (int k = 0; k < a.pages(); k++) worst = Math.max(worst, Residuals.eig(a, vectors, values, k));
        return worst;
    }

    /**
     * One-sided (ordinary or hyperbolic) SVD: the largest cosine |w_i'w_j| / (||w_i|| ||w_j||) between
     * columns of W = A V, the quantity the one-sided stopping rule compares with Tol; worst page.
     */
    static double oneSided(PageArray a, PageArray v) {
        int m = a.rows(), n = a.cols();
        double worst = 0;
        for (int k = 0; k < a.pages(); k++) {
            double[] am = a.pageAsDouble(k), vm = v.pageAsDouble(k);
            double[] w = new double[m * n];
            for (int j = 0; j < n; j++)
                for (int l = 0; l < n; l++) {
                    double x = vm[l + j * n];
                    if (x != 0) for (int i = 0; i < m; i++) w[i + j * m] += am[i + l * m] * x;
                }
            double[] norm = new double[n];
            for (int j = 0; j < n; j++) norm[j] = Math.sqrt(dot(w, j, j, m));
            for (int j = 0; j < n; j++)
                for (int i = 0; i < j; i++)
                    if (norm[i] > 0 && norm[j] > 0) worst = Math.max(worst, Math.abs(dot(w, i, j, m)) / (norm[i] * norm[j]));
        }
        return worst;
    }

    /** {@link #eig} of a complex Hermitian A (unitary V). */
    static double eig(ComplexPageArray a, PageArray values, ComplexPageArray vectors) {
        double worst = 0;
        for (int k = 0; k < a.pages(); k++) worst = Math.max(worst, ComplexResiduals.eig(a, vectors, values, k, true));
        return worst;
    }

    /**
     * {@link #oneSided} of a complex A: the largest |w_i^H w_j| / (||w_i|| ||w_j||) of W = A V; worst page.
     * Only the first min(m, n) columns: those of a wide A's null space are rounding noise.
     */
    static double oneSided(ComplexPageArray a, ComplexPageArray v) {
        int m = a.rows(), n = a.cols(), c = Math.min(v.cols(), Math.min(m, n));
        double worst = 0;
        for (int k = 0; k < a.pages(); k++) {
            double[] am = a.pageAsDouble(k), vm = v.pageAsDouble(k); // interleaved re, im
            double[] w = new double[2 * m * c];
            for (int j = 0; j < c; j++)
                for (int l = 0; l < n; l++) {
                    double xr = vm[2 * (l + j * n)], xi = vm[2 * (l + j * n) + 1];
                    if (xr == 0 && xi == 0) continue;
                    for (int i = 0; i < m; i++) {
                        double ar = am[2 * (i + l * m)], ai = am[2 * (i + l * m) + 1];
                        w[2 * (i + j * m)] += ar * xr - ai * xi;
                        w[2 * (i + j * m) + 1] += ar * xi + ai * xr;
                    }
                }
            double[] norm = new double[c];
            for (int j = 0; j < c; j++) norm[j] = Math.sqrt(dot(w, j, j, 2 * m)); // interleaved: column j spans 2m doubles
            for (int j = 0; j < c; j++)
                for (int i = 0; i < j; i++) {
                    if (norm[i] == 0 || norm[j] == 0) continue;
                    double re = 0, im = 0; // w_i^H w_j
                    for (int l = 0; l < m; l++) {
                        double pr = w[2 * (l + i * m)], pi = w[2 * (l + i * m) + 1];
                        double qr = w[2 * (l + j * m)], qi = w[2 * (l + j * m) + 1];
                        re += pr * qr + pi * qi;
                        im += pr * qi - pi * qr;
                    }
                    worst = Math.max(worst, Math.hypot(re, im) / (norm[i] * norm[j]));
                }
        }
        return worst;
    }

    private static double dot(double[] w, int i, int j, int m) {
        double s = 0;
        for (int l = 0; l < m; l++) s += w[l + i * m] * w[l + j * m];
        return s;
    }
}
