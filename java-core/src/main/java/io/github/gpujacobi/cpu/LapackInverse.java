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
        java.util.function.Predicate<double[]> held = u -> pivotsHold(u, colScale, negligible);
        if (single) { // the factors and the inverse stay on the binding's memory between getrf and getri
            float[] f = new float[n * n];
            for (int i = 0; i < f.length; i++) f[i] = (float) a[i];
            if (lapack.sgetrfGetri(n, f, ipiv, held) != 0) return false;
            for (int i = 0; i < f.length; i++) a[i] = f[i];
        } else if (lapack.dgetrfGetri(n, a, ipiv, held) != 0) {
            return false;
        }
        GaussJordanInverse.unscale(a, n, rowExp);
        return true;
    }

    /** Whether U's diagonal u meets the rule: no pivot zero or below negligible times its column's scale. */
    private static boolean pivotsHold(double[] u, double[] colScale, double negligible) {
        for (int k = 0; k < u.length; k++) {
            double x = Math.abs(u[k]);
            if (x == 0 || x < negligible * colScale[k]) return false;
        }
        return true;
    }
}
