package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.Lapack;

/**
 * Gauss-Jordan's inverse by the native LAPACK: the same exact row scaling and singularity rule as
 * {@link GaussJordanInverse} (a pivot exactly zero or below half an ulp of its column's scale), then dgetrf and
 * dgetri; single-precision input by sgetrf and sgetri, with single's half ulp (as MATLAB's inv of a single matrix).
 * LU with partial pivoting chooses the pivots Gauss-Jordan does, so U's diagonal is what the rule judges. The
 * caller's RCOND (from the explicit inverse, {@code InverseCheck}) stays as it is.
 */
final class LapackInverse {
    private LapackInverse() {}

    /** Single's half ulp, the rule's threshold in float. */
    private static final double NEGLIGIBLE_SINGLE = 0x1p-24;

    /** Inverts a (n x n column-major) in place; false when a pivot is zero or negligible (singular). */
    static boolean invert(Lapack lapack, double[] a, int n, boolean single) {
        int[] rowExp = new int[n];
        double[] colScale = new double[n];
        if (!GaussJordanInverse.equilibrateRows(a, n, rowExp, colScale)) return false;
        int[] ipiv = new int[n];
        double negligible = single ? NEGLIGIBLE_SINGLE : GaussJordanInverse.NEGLIGIBLE;
        if (single) {
            float[] f = new float[n * n];
            for (int i = 0; i < f.length; i++) f[i] = (float) a[i];
            if (lapack.sgetrf(n, f, ipiv) != 0 || !pivotsHold(f, null, n, colScale, negligible)) return false;
            if (lapack.sgetri(n, f, ipiv) != 0) return false;
            for (int i = 0; i < f.length; i++) a[i] = f[i];
        } else {
            if (lapack.dgetrf(n, a, ipiv) != 0 || !pivotsHold(null, a, n, colScale, negligible)) return false;
            if (lapack.dgetri(n, a, ipiv) != 0) return false;
        }
        GaussJordanInverse.unscale(a, n, rowExp);
        return true;
    }

    private static boolean pivotsHold(float[] f, double[] d, int n, double[] colScale, double negligible) {
        for (int k = 0; k < n; k++) {
            double u = Math.abs(f != null ? f[k + k * n] : d[k + k * n]);
            if (u == 0 || u < negligible * colScale[k]) return false;
        }
        return true;
    }
}
