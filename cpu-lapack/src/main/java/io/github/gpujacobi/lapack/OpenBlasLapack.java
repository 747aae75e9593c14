package io.github.gpujacobi.lapack;

import io.github.gpujacobi.core.Lapack;
import io.github.gpujacobi.core.PageAssembly;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.openblas.global.openblas;

import static org.bytedeco.openblas.global.openblas.CblasColMajor;
import static org.bytedeco.openblas.global.openblas.CblasNoTrans;
import static org.bytedeco.openblas.global.openblas.CblasTrans;
import static org.bytedeco.openblas.global.openblas.CblasUpper;
import static org.bytedeco.openblas.global.openblas.LAPACK_COL_MAJOR;

/**
 * {@link Lapack} on OpenBLAS through JavaCPP's presets (the CBLAS and LAPACKE interfaces). Every call runs on
 * {@link NativeThread}: OpenBLAS's threaded getrf keeps its job table on the calling thread's stack, more than the
 * 1 MB a Java thread gets by default (it crashed the JVM from the main thread at n = 1024). The arrays go through
 * {@link NativeArrays}' warm native buffers, one explicit copy each way, rather than JNI's own copies.
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
            DoublePointer pa = NativeArrays.in(0, a, m * k), pb = NativeArrays.in(1, b, k * n);
            DoublePointer pc = beta == 0 ? NativeArrays.doubles(2, (long) m * n) : NativeArrays.in(2, c, m * n);
            openblas.cblas_dgemm(CblasColMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans,
                    m, n, k, alpha, pa, Math.max(1, lda), pb, Math.max(1, ldb), beta, pc, Math.max(1, m));
            pc.get(c, 0, m * n);
            NativeArrays.trim();
            return null;
        });
    }

    public void sgemm(boolean transA, boolean transB, int m, int n, int k, float alpha, float[] a, float[] b,
                      float beta, float[] c) {
        final int lda = transA ? k : m, ldb = transB ? n : k;
        NativeThread.call(() -> {
            FloatPointer pa = NativeArrays.in(0, a, m * k), pb = NativeArrays.in(1, b, k * n);
            FloatPointer pc = beta == 0 ? NativeArrays.floats(2, (long) m * n) : NativeArrays.in(2, c, m * n);
            openblas.cblas_sgemm(CblasColMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans,
                    m, n, k, alpha, pa, Math.max(1, lda), pb, Math.max(1, ldb), beta, pc, Math.max(1, m));
            pc.get(c, 0, m * n);
            NativeArrays.trim();
            return null;
        });
    }

    public void gram(int n, int k, double[] a, double[] c) {
        gramUpper(n, k, a, c);
        PageAssembly.mirror(c, n, true);
    }

    public void gramUpper(int n, int k, double[] a, double[] c) {
        NativeThread.call(() -> {
            DoublePointer pa = NativeArrays.in(0, a, k * n), pc = NativeArrays.doubles(1, (long) n * n);
            openblas.cblas_dsyrk(CblasColMajor, CblasUpper, CblasTrans, n, k, 1, pa, Math.max(1, k), 0, pc, Math.max(1, n));
            pc.get(c, 0, n * n);
            NativeArrays.trim();
            return null;
        });
    }

    public void gramUpper(int n, int k, double[] a, double[] c, int cols, double[] x, double[] ax) {
        NativeThread.call(() -> {
            DoublePointer pa = NativeArrays.in(0, a, k * n), pc = NativeArrays.doubles(1, (long) n * n);
            DoublePointer px = NativeArrays.in(2, x, n * cols), pax = NativeArrays.doubles(3, (long) k * cols);
            openblas.cblas_dsyrk(CblasColMajor, CblasUpper, CblasTrans, n, k, 1, pa, Math.max(1, k), 0, pc, Math.max(1, n));
            openblas.cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, k, cols, n, 1, pa, Math.max(1, k), px,
                    Math.max(1, n), 0, pax, Math.max(1, k));
            pc.get(c, 0, n * n);
            pax.get(ax, 0, k * cols);
            NativeArrays.trim();
            return null;
        });
    }

    public int dsyevd(int n, double[] a, double[] w) {
        return NativeThread.call(() -> {
            DoublePointer pa = NativeArrays.in(0, a, n * n), pw = NativeArrays.doubles(1, n);
            int info = openblas.LAPACKE_dsyevd(LAPACK_COL_MAJOR, V, L, n, pa, Math.max(1, n), pw);
            pa.get(a, 0, n * n);
            pw.get(w, 0, n);
            NativeArrays.trim();
            return info;
        });
    }

    public int ssyevd(int n, float[] a, float[] w) {
        return NativeThread.call(() -> {
            FloatPointer pa = NativeArrays.in(0, a, n * n), pw = NativeArrays.floats(1, n);
            int info = openblas.LAPACKE_ssyevd(LAPACK_COL_MAJOR, V, L, n, pa, Math.max(1, n), pw);
            pa.get(a, 0, n * n);
            pw.get(w, 0, n);
            NativeArrays.trim();
            return info;
        });
    }

    public int dsyevdCongruence(int n, double[] a, double[] q, double[] b) {
        return NativeThread.call(() -> {
            long nn = (long) n * n;
            int ld = Math.max(1, n);
            DoublePointer pa = NativeArrays.in(0, a, n * n), pq = NativeArrays.doubles(1, nn), pc = NativeArrays.doubles(2, nn);
            Pointer.memcpy(pq, pa, nn * Double.BYTES);
            int info = openblas.LAPACKE_dsyevd(LAPACK_COL_MAJOR, V, L, n, pq, ld, NativeArrays.doubles(3, n));
            if (info == 0) {
                openblas.cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, pa, ld, pq, ld, 0, pc, ld);
                // A is not read again: B's lower triangle goes over it
                LowerProduct.run(n, (m, cols, qAt, cAt, bAt) -> openblas.cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans,
                        m, cols, n, 1, pq.getPointer(qAt), ld, pc.getPointer(cAt), ld, 0, pa.getPointer(bAt), ld));
                pq.get(q, 0, n * n);
                pa.get(b, 0, n * n);
            }
            NativeArrays.trim();
            return info;
        });
    }

    public int ssyevdCongruence(int n, float[] a, float[] q, float[] b) {
        return NativeThread.call(() -> {
            long nn = (long) n * n;
            int ld = Math.max(1, n);
            FloatPointer pa = NativeArrays.in(0, a, n * n), pq = NativeArrays.floats(1, nn), pc = NativeArrays.floats(2, nn);
            Pointer.memcpy(pq, pa, nn * Float.BYTES);
            int info = openblas.LAPACKE_ssyevd(LAPACK_COL_MAJOR, V, L, n, pq, ld, NativeArrays.floats(3, n));
            if (info == 0) {
                openblas.cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, pa, ld, pq, ld, 0, pc, ld);
                LowerProduct.run(n, (m, cols, qAt, cAt, bAt) -> openblas.cblas_sgemm(CblasColMajor, CblasTrans, CblasNoTrans,
                        m, cols, n, 1, pq.getPointer(qAt), ld, pc.getPointer(cAt), ld, 0, pa.getPointer(bAt), ld));
                pq.get(q, 0, n * n);
                pa.get(b, 0, n * n);
            }
            NativeArrays.trim();
            return info;
        });
    }

    public int dgeqp3(int m, int n, double[] a, int[] jpvt, double[] tau) {
        return NativeThread.call(() -> {
            int r = Math.min(m, n);
            DoublePointer pa = NativeArrays.in(0, a, m * n), pt = NativeArrays.doubles(1, r);
            IntPointer pj = NativeArrays.in(0, jpvt, n);
            int info = openblas.LAPACKE_dgeqp3(LAPACK_COL_MAJOR, m, n, pa, Math.max(1, m), pj, pt);
            pa.get(a, 0, m * n);
            pj.get(jpvt, 0, n);
            pt.get(tau, 0, r);
            NativeArrays.trim();
            return info;
        });
    }

    public int dormqr(int m, int n, int k, double[] a, double[] tau, double[] c) {
        return NativeThread.call(() -> {
            DoublePointer pa = NativeArrays.in(0, a, m * k), pt = NativeArrays.in(1, tau, k), pc = NativeArrays.in(2, c, m * n);
            int info = openblas.LAPACKE_dormqr(LAPACK_COL_MAJOR, LEFT, NO, m, n, k, pa, Math.max(1, m), pt, pc, Math.max(1, m));
            pc.get(c, 0, m * n);
            NativeArrays.trim();
            return info;
        });
    }

    public int dgetrf(int n, double[] a, int[] ipiv) {
        return NativeThread.call(() -> {
            DoublePointer pa = NativeArrays.in(0, a, n * n);
            IntPointer pi = NativeArrays.ints(0, n);
            int info = openblas.LAPACKE_dgetrf(LAPACK_COL_MAJOR, n, n, pa, Math.max(1, n), pi);
            pa.get(a, 0, n * n);
            pi.get(ipiv, 0, n);
            NativeArrays.trim();
            return info;
        });
    }

    public int dgetri(int n, double[] a, int[] ipiv) {
        return NativeThread.call(() -> {
            DoublePointer pa = NativeArrays.in(0, a, n * n);
            IntPointer pi = NativeArrays.in(0, ipiv, n);
            int info = openblas.LAPACKE_dgetri(LAPACK_COL_MAJOR, n, pa, Math.max(1, n), pi);
            pa.get(a, 0, n * n);
            NativeArrays.trim();
            return info;
        });
    }

    public int sgetrf(int n, float[] a, int[] ipiv) {
        return NativeThread.call(() -> {
            FloatPointer pa = NativeArrays.in(0, a, n * n);
            IntPointer pi = NativeArrays.ints(0, n);
            int info = openblas.LAPACKE_sgetrf(LAPACK_COL_MAJOR, n, n, pa, Math.max(1, n), pi);
            pa.get(a, 0, n * n);
            pi.get(ipiv, 0, n);
            NativeArrays.trim();
            return info;
        });
    }

    public int sgetri(int n, float[] a, int[] ipiv) {
        return NativeThread.call(() -> {
            FloatPointer pa = NativeArrays.in(0, a, n * n);
            IntPointer pi = NativeArrays.in(0, ipiv, n);
            int info = openblas.LAPACKE_sgetri(LAPACK_COL_MAJOR, n, pa, Math.max(1, n), pi);
            pa.get(a, 0, n * n);
            NativeArrays.trim();
            return info;
        });
    }

    @Override
    public int dgetrfGetri(int n, double[] a, int[] ipiv, java.util.function.Predicate<double[]> pivots) {
        return NativeThread.call(() -> {
            DoublePointer pa = NativeArrays.in(0, a, n * n);
            IntPointer pi = NativeArrays.ints(0, n);
            int ld = Math.max(1, n);
            int info = Lapack.inverseAfterLu(n, openblas.LAPACKE_dgetrf(LAPACK_COL_MAJOR, n, n, pa, ld, pi),
                    k -> pa.get((long) k * (n + 1)), pivots, () -> openblas.LAPACKE_dgetri(LAPACK_COL_MAJOR, n, pa, ld, pi));
            pa.get(a, 0, n * n);
            pi.get(ipiv, 0, n);
            NativeArrays.trim();
            return info;
        });
    }

    @Override
    public int sgetrfGetri(int n, float[] a, int[] ipiv, java.util.function.Predicate<double[]> pivots) {
        return NativeThread.call(() -> {
            FloatPointer pa = NativeArrays.in(0, a, n * n);
            IntPointer pi = NativeArrays.ints(0, n);
            int ld = Math.max(1, n);
            int info = Lapack.inverseAfterLu(n, openblas.LAPACKE_sgetrf(LAPACK_COL_MAJOR, n, n, pa, ld, pi),
                    k -> pa.get((long) k * (n + 1)), pivots, () -> openblas.LAPACKE_sgetri(LAPACK_COL_MAJOR, n, pa, ld, pi));
            pa.get(a, 0, n * n);
            pi.get(ipiv, 0, n);
            NativeArrays.trim();
            return info;
        });
    }

    public double dgecon(int n, double[] lu, double anorm) {
        return NativeThread.call(() -> {
            DoublePointer pa = NativeArrays.in(0, lu, n * n), pr = NativeArrays.doubles(1, 1);
            int info = openblas.LAPACKE_dgecon(LAPACK_COL_MAJOR, ONE, n, pa, Math.max(1, n), anorm, pr);
            double rcond = pr.get(0);
            NativeArrays.trim();
            return info == 0 ? rcond : Double.NaN;
        });
    }

    public double sgecon(int n, float[] lu, float anorm) {
        return NativeThread.call(() -> {
            FloatPointer pa = NativeArrays.in(0, lu, n * n), pr = NativeArrays.floats(1, 1);
            int info = openblas.LAPACKE_sgecon(LAPACK_COL_MAJOR, ONE, n, pa, Math.max(1, n), anorm, pr);
            double rcond = pr.get(0);
            NativeArrays.trim();
            return info == 0 ? rcond : Double.NaN;
        });
    }

    public int dgesdd(int m, int n, double[] a, double[] s, double[] u, double[] vt) {
        final boolean vectors = u != null && vt != null;
        return NativeThread.call(() -> {
            int r = Math.min(m, n);
            DoublePointer pa = NativeArrays.in(0, a, m * n), ps = NativeArrays.doubles(1, r);
            DoublePointer pu = NativeArrays.doubles(2, vectors ? (long) m * m : 1), pv = NativeArrays.doubles(3, vectors ? (long) n * n : 1);
            int info = openblas.LAPACKE_dgesdd(LAPACK_COL_MAJOR, vectors ? ALL : NO, m, n, pa, Math.max(1, m), ps, pu,
                    Math.max(1, m), pv, Math.max(1, n));
            pa.get(a, 0, m * n);
            ps.get(s, 0, r);
            if (vectors) {
                pu.get(u, 0, m * m);
                pv.get(vt, 0, n * n);
            }
            NativeArrays.trim();
            return info;
        });
    }

    public int sgesdd(int m, int n, float[] a, float[] s, float[] u, float[] vt) {
        final boolean vectors = u != null && vt != null;
        return NativeThread.call(() -> {
            int r = Math.min(m, n);
            FloatPointer pa = NativeArrays.in(0, a, m * n), ps = NativeArrays.floats(1, r);
            FloatPointer pu = NativeArrays.floats(2, vectors ? (long) m * m : 1), pv = NativeArrays.floats(3, vectors ? (long) n * n : 1);
            int info = openblas.LAPACKE_sgesdd(LAPACK_COL_MAJOR, vectors ? ALL : NO, m, n, pa, Math.max(1, m), ps, pu,
                    Math.max(1, m), pv, Math.max(1, n));
            pa.get(a, 0, m * n);
            ps.get(s, 0, r);
            if (vectors) {
                pu.get(u, 0, m * m);
                pv.get(vt, 0, n * n);
            }
            NativeArrays.trim();
            return info;
        });
    }
}
