package io.github.gpujacobi.bridge;

import io.github.gpujacobi.api.PageArray;
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

    private static double dot(double[] w, int i, int j, int m) {
        double s = 0;
        for (int l = 0; l < m; l++) s += w[l + i * m] * w[l + j * m];
        return s;
    }
}
