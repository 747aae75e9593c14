package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.HyperbolicPreconditioner;
import io.github.gpujacobi.core.Lapack;

/**
 * {@link HyperbolicPreconditioner}'s operations on n x n column-major arrays with the native LAPACK: dsyevd (ssyevd for
 * single-precision input, whose tolerance it meets; the Newton-Schulz steps of the preconditioner take P on to
 * double's J-orthogonality) and dgemm; the diagonal scalings in Java.
 */
final class LapackOps implements HyperbolicPreconditioner.Ops<double[]> {
    private final Lapack lapack;
    private final int n;
    private final boolean single;

    LapackOps(Lapack lapack, int n, boolean single) {
        this.lapack = lapack;
        this.n = n;
        this.single = single;
    }

    public boolean eigh(double[] a, double[] w) {
        if (!single) return lapack.dsyevd(n, a, w) == 0;
        float[] f = new float[n * n], fw = new float[n];
        for (int i = 0; i < f.length; i++) f[i] = (float) a[i];
        if (lapack.ssyevd(n, f, fw) != 0) return false;
        for (int i = 0; i < f.length; i++) a[i] = f[i];
        for (int i = 0; i < n; i++) w[i] = fw[i];
        return true;
    }

    public void gemm(boolean adjoint, double[] a, double[] b, double alpha, double beta, double[] c) {
        lapack.dgemm(adjoint, false, n, n, n, alpha, a, b, beta, c);
    }

    public void scaleColumns(double[] a, double[] x, double[] out) {
        for (int j = 0; j < n; j++) for (int i = j * n; i < (j + 1) * n; i++) out[i] = a[i] * x[j];
    }

    public void scaleRows(double[] a, double[] x, double[] out) {
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) out[i + j * n] = a[i + j * n] * x[i];
    }

    public void subtractDiagonal(double[] a, double[] x) {
        for (int i = 0; i < n; i++) a[i + i * n] -= x[i];
    }

    public double maxAbs(double[] a) {
        double m = 0;
        for (double v : a) m = Math.max(m, Math.abs(v));
        return m;
    }
}
