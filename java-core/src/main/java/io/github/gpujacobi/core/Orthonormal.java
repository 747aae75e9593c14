package io.github.gpujacobi.core;

/** Completes a set of orthonormal columns to an orthonormal basis (full U, zero singular values). */
public final class Orthonormal {
    private Orthonormal() {}

    /**
     * @param q    m x cols column-major; columns with have[j] are orthonormal already
     * @param have which columns are set; the others are filled with unit vectors orthogonal to all
     */
    public static void complete(double[] q, int m, int cols, boolean[] have) {
        for (int j = 0; j < cols; j++) {
            if (have[j]) continue;
            // the unit vector e_i farthest from the current span: its residual is at least sqrt((m-k)/m)
            int best = 0;
            double bestRes = -1;
            for (int i = 0; i < m; i++) {
                double r = 1;
                for (int c = 0; c < cols; c++) if (have[c]) r -= q[i + c * m] * q[i + c * m];
                if (r > bestRes) { bestRes = r; best = i; }
            }
            java.util.Arrays.fill(q, j * m, (j + 1) * m, 0);
            q[best + j * m] = 1;
            for (int pass = 0; pass < 2; pass++) { // twice is enough (Kahan-Parlett)
                for (int c = 0; c < cols; c++) {
                    if (c == j || !have[c]) continue;
                    double dot = 0;
                    for (int i = 0; i < m; i++) dot += q[i + c * m] * q[i + j * m];
                    for (int i = 0; i < m; i++) q[i + j * m] -= dot * q[i + c * m];
                }
            }
            double nrm = 0;
            for (int i = 0; i < m; i++) nrm += q[i + j * m] * q[i + j * m];
            nrm = Math.sqrt(nrm);
            for (int i = 0; i < m; i++) q[i + j * m] /= nrm;
            have[j] = true;
        }
    }
}
