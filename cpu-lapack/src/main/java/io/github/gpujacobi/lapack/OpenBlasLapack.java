package io.github.gpujacobi.lapack;

import io.github.gpujacobi.core.Lapack;
import org.bytedeco.openblas.global.openblas;

import static org.bytedeco.openblas.global.openblas.CblasColMajor;
import static org.bytedeco.openblas.global.openblas.CblasNoTrans;
import static org.bytedeco.openblas.global.openblas.CblasTrans;
import static org.bytedeco.openblas.global.openblas.CblasUpper;
import static org.bytedeco.openblas.global.openblas.LAPACK_COL_MAJOR;

/**
 * {@link Lapack} on OpenBLAS through JavaCPP's presets (the LAPACKE interface on Java arrays). Every call runs on
 * {@link NativeThread}: OpenBLAS's threaded getrf keeps its job table on the calling thread's stack, more than the
 * 1 MB a Java thread gets by default (it crashed the JVM from the main thread at n = 1024).
 */
public final class OpenBlasLapack implements Lapack {
    private static final byte V = 'V', L = 'L', ONE = '1', LEFT = 'L', NO = 'N', ALL = 'A';

    public OpenBlasLapack() {}

    public String describe() {
        return NativeThread.call(() -> openblas.OPENBLAS_VERSION.trim() + " (JavaCPP presets, " + openblas.blas_get_num_threads() + " threads)");
    }

    public void threads(final int threads) {
        NativeThread.call(() -> {
            openblas.blas_set_num_threads(Math.max(1, threads));
            return null;
        });
    }

    public void dgemm(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, double[] b,
                      double beta, double[] c) {
        final int lda = transA ? k : m, ldb = transB ? n : k;
        NativeThread.call(() -> {
            openblas.cblas_dgemm(CblasColMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans,
                    m, n, k, alpha, a, Math.max(1, lda), b, Math.max(1, ldb), beta, c, Math.max(1, m));
            return null;
        });
    }

    public void sgemm(boolean transA, boolean transB, int m, int n, int k, float alpha, float[] a, float[] b,
                      float beta, float[] c) {
        final int lda = transA ? k : m, ldb = transB ? n : k;
        NativeThread.call(() -> {
            openblas.cblas_sgemm(CblasColMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans,
                    m, n, k, alpha, a, Math.max(1, lda), b, Math.max(1, ldb), beta, c, Math.max(1, m));
            return null;
        });
    }

    public void gram(int n, int k, double[] a, double[] c) {
        NativeThread.call(() -> {
            openblas.cblas_dsyrk(CblasColMajor, CblasUpper, CblasTrans, n, k, 1, a, Math.max(1, k), 0, c, Math.max(1, n));
            return null;
        });
        mirrorUpper(c, n);
    }

    /** The lower triangle from the upper, tile by tile so that the strided side stays in cache. */
    private static void mirrorUpper(double[] c, int n) {
        final int tile = 64;
        for (int jb = 0; jb < n; jb += tile) {
            for (int ib = jb; ib < n; ib += tile) {
                for (int j = jb, je = Math.min(n, jb + tile); j < je; j++) {
                    for (int i = Math.max(ib, j + 1), ie = Math.min(n, ib + tile); i < ie; i++) c[i + j * n] = c[j + i * n];
                }
            }
        }
    }

    public int dsyevd(int n, double[] a, double[] w) {
        return NativeThread.call(() -> openblas.LAPACKE_dsyevd(LAPACK_COL_MAJOR, V, L, n, a, Math.max(1, n), w));
    }

    public int ssyevd(int n, float[] a, float[] w) {
        return NativeThread.call(() -> openblas.LAPACKE_ssyevd(LAPACK_COL_MAJOR, V, L, n, a, Math.max(1, n), w));
    }

    public int dgeqp3(int m, int n, double[] a, int[] jpvt, double[] tau) {
        return NativeThread.call(() -> openblas.LAPACKE_dgeqp3(LAPACK_COL_MAJOR, m, n, a, Math.max(1, m), jpvt, tau));
    }

    public int dormqr(int m, int n, int k, double[] a, double[] tau, double[] c) {
        return NativeThread.call(() -> openblas.LAPACKE_dormqr(LAPACK_COL_MAJOR, LEFT, NO, m, n, k, a, Math.max(1, m),
                tau, c, Math.max(1, m)));
    }

    public int dgetrf(int n, double[] a, int[] ipiv) {
        return NativeThread.call(() -> openblas.LAPACKE_dgetrf(LAPACK_COL_MAJOR, n, n, a, Math.max(1, n), ipiv));
    }

    public int dgetri(int n, double[] a, int[] ipiv) {
        return NativeThread.call(() -> openblas.LAPACKE_dgetri(LAPACK_COL_MAJOR, n, a, Math.max(1, n), ipiv));
    }

    public int sgetrf(int n, float[] a, int[] ipiv) {
        return NativeThread.call(() -> openblas.LAPACKE_sgetrf(LAPACK_COL_MAJOR, n, n, a, Math.max(1, n), ipiv));
    }

    public int sgetri(int n, float[] a, int[] ipiv) {
        return NativeThread.call(() -> openblas.LAPACKE_sgetri(LAPACK_COL_MAJOR, n, a, Math.max(1, n), ipiv));
    }

    public double dgecon(int n, double[] lu, double anorm) {
        return NativeThread.call(() -> {
            double[] rcond = new double[1];
            int info = openblas.LAPACKE_dgecon(LAPACK_COL_MAJOR, ONE, n, lu, Math.max(1, n), anorm, rcond);
            return info == 0 ? rcond[0] : Double.NaN;
        });
    }

    public double sgecon(int n, float[] lu, float anorm) {
        return NativeThread.call(() -> {
            float[] rcond = new float[1];
            int info = openblas.LAPACKE_sgecon(LAPACK_COL_MAJOR, ONE, n, lu, Math.max(1, n), anorm, rcond);
            return info == 0 ? (double) rcond[0] : Double.NaN;
        });
    }

    public int dgesdd(int m, int n, double[] a, double[] s, double[] u, double[] vt) {
        final boolean vectors = u != null && vt != null;
        return NativeThread.call(() -> openblas.LAPACKE_dgesdd(LAPACK_COL_MAJOR, vectors ? ALL : NO, m, n, a,
                Math.max(1, m), s, vectors ? u : new double[1], Math.max(1, m), vectors ? vt : new double[1],
                Math.max(1, n)));
    }

    public int sgesdd(int m, int n, float[] a, float[] s, float[] u, float[] vt) {
        final boolean vectors = u != null && vt != null;
        return NativeThread.call(() -> openblas.LAPACKE_sgesdd(LAPACK_COL_MAJOR, vectors ? ALL : NO, m, n, a,
                Math.max(1, m), s, vectors ? u : new float[1], Math.max(1, m), vectors ? vt : new float[1],
                Math.max(1, n)));
    }
}
