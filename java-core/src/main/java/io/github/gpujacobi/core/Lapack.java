package io.github.gpujacobi.core;

import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * An optional native BLAS/LAPACK for the CPU backend (the module gpujacobi-cpu-lapack provides one through
 * {@link ServiceLoader}; the command line's jar carries it, the MATLAB/Octave toolbox jar does not). With it the CPU
 * routes take LAPACK-class preconditioners and GEMM-rich updates before their Jacobi sweeps; without it they run in
 * pure Java, as they always did. Every matrix is column-major with the leading dimension its row count; the int
 * results are LAPACK's INFO.
 */
public interface Lapack {
    /** Names the library ("OpenBLAS 0.3.31 through JavaCPP"), for reports and bench rows. */
    String describe();

    /** The library's own threads for the calls that follow (a process-wide setting of the library). */
    void threads(int threads);

    /** c := alpha op(a) op(b) + beta c, op(x) = x' when its flag is set; op(a) is m x k, op(b) k x n. */
    void dgemm(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, double[] b, double beta,
               double[] c);

    /** As {@link #dgemm} in single precision. */
    void sgemm(boolean transA, boolean transB, int m, int n, int k, float alpha, float[] a, float[] b, float beta,
               float[] c);

    /** c := a'a (n x n, both triangles filled), a k x n: the Gram matrix at half a GEMM's flops (dsyrk). */
    void gram(int n, int k, double[] a, double[] c);

    /**
     * As {@link #gram}, the strict lower triangle of c left undefined: for a caller that reads one side (and mirrors it
     * only when it needs both). This default fills both.
     */
    default void gramUpper(int n, int k, double[] a, double[] c) {
        gram(n, k, a, c);
    }

    /**
     * As {@link #gramUpper}, and ax := a x (k x cols) for x n x cols: both products of one factor, which a library
     * forms from one copy of a. This default makes the two calls.
     */
    default void gramUpper(int n, int k, double[] a, double[] c, int cols, double[] x, double[] ax) {
        gramUpper(n, k, a, c);
        dgemm(false, false, k, cols, n, 1, a, x, 0, ax);
    }

    /** Eigenvalues ascending into w, orthonormal eigenvectors over a (n x n symmetric, lower triangle read). */
    int dsyevd(int n, double[] a, double[] w);

    /** As {@link #dsyevd} in single precision. */
    int ssyevd(int n, float[] a, float[] w);

    /**
     * The CPU eig's preconditioner in one call: dsyevd's eigenvectors Q of a (n x n symmetric, both triangles read)
     * into q, then the lower triangle of B = Q'AQ into b, its strict upper triangle left undefined (the product is
     * symmetric only to rounding: the caller mirrors the half it keeps). a's first n x n entries are read (it may be
     * longer) and not written unless b is a, which is read first; INFO is
     * dsyevd's, and q and b are left untouched when it is nonzero. A library overrides this to keep A, Q and the
     * intermediate AQ on its own memory between the three calls and to skip B's upper half; this default composes
     * {@link #dsyevd} and {@link #dgemm}.
     */
    default int dsyevdCongruence(int n, double[] a, double[] q, double[] b) {
        double[] qq = java.util.Arrays.copyOf(a, n * n);
        int info = dsyevd(n, qq, new double[n]);
        if (info != 0) return info;
        double[] c = new double[n * n];
        dgemm(false, false, n, n, n, 1, a, qq, 0, c);
        dgemm(true, false, n, n, n, 1, qq, c, 0, b);
        System.arraycopy(qq, 0, q, 0, n * n);
        return 0;
    }

    /** As {@link #dsyevdCongruence} in single precision (ssyevd, sgemm). */
    default int ssyevdCongruence(int n, float[] a, float[] q, float[] b) {
        float[] qq = java.util.Arrays.copyOf(a, n * n);
        int info = ssyevd(n, qq, new float[n]);
        if (info != 0) return info;
        float[] c = new float[n * n];
        sgemm(false, false, n, n, n, 1, a, qq, 0, c);
        sgemm(true, false, n, n, n, 1, qq, c, 0, b);
        System.arraycopy(qq, 0, q, 0, n * n);
        return 0;
    }

    /** Householder QR with column pivoting of m x n a: R and the reflectors into a, jpvt 1-based, tau min(m, n). */
    int dgeqp3(int m, int n, double[] a, int[] jpvt, double[] tau);

    /** c (m x n) := Q c, Q the product of the k reflectors of {@link #dgeqp3} held in a (m x k) and tau. */
    int dormqr(int m, int n, int k, double[] a, double[] tau, double[] c);

    /** LU with partial pivoting of n x n a, pivots 1-based. */
    int dgetrf(int n, double[] a, int[] ipiv);

    /** The inverse from {@link #dgetrf}'s factors, in place. */
    int dgetri(int n, double[] a, int[] ipiv);

    /** As {@link #dgetrf} and {@link #dgetri} in single precision. */
    int sgetrf(int n, float[] a, int[] ipiv);

    int sgetri(int n, float[] a, int[] ipiv);

    /**
     * {@link #dgetrf}, then, when pivots accepts U's diagonal (n entries), {@link #dgetri}: the inverse in a. The
     * first failing call's info, {@link #PIVOTS_REFUSED} when pivots refused (a then holds nothing usable), else 0. A
     * native binding keeps a on its own memory between the two calls.
     */
    default int dgetrfGetri(int n, double[] a, int[] ipiv, java.util.function.Predicate<double[]> pivots) {
        return inverseAfterLu(n, dgetrf(n, a, ipiv), k -> a[k + k * n], pivots, () -> dgetri(n, a, ipiv));
    }

    /** As {@link #dgetrfGetri} in single precision (the diagonal passed widened). */
    default int sgetrfGetri(int n, float[] a, int[] ipiv, java.util.function.Predicate<double[]> pivots) {
        return inverseAfterLu(n, sgetrf(n, a, ipiv), k -> a[k + k * n], pivots, () -> sgetri(n, a, ipiv));
    }

    /**
     * {@link #dgetrfGetri}'s rule after getrf returned info, for either precision and binding: getri (its info) when
     * getrf succeeded and pivots accepts U's diagonal (entry k read by diagonal), else getrf's info or
     * {@link #PIVOTS_REFUSED}.
     */
    static int inverseAfterLu(int n, int info, java.util.function.IntToDoubleFunction diagonal,
                              java.util.function.Predicate<double[]> pivots, java.util.function.IntSupplier getri) {
        if (info != 0) return info;
        double[] u = new double[n];
        for (int k = 0; k < n; k++) u[k] = diagonal.applyAsDouble(k);
        return pivots.test(u) ? getri.getAsInt() : PIVOTS_REFUSED;
    }

    /** {@link #dgetrfGetri}'s answer when its pivots test refused U's diagonal. */
    int PIVOTS_REFUSED = Integer.MIN_VALUE;

    /** The 1-norm RCOND estimate of the factors of {@link #dgetrf} (anorm: ||A||_1); the estimate, or NaN on failure. */
    double dgecon(int n, double[] lu, double anorm);

    /** As {@link #dgecon} in single precision. */
    double sgecon(int n, float[] lu, float anorm);

    /** The singular values (and U, V' when both non-null, m x m and n x n) of m x n a by divide and conquer. */
    int dgesdd(int m, int n, double[] a, double[] s, double[] u, double[] vt);

    int sgesdd(int m, int n, float[] a, float[] s, float[] u, float[] vt);

    /**
     * The library found on the class path, loaded once; null when there is none, when its natives do not load on this
     * platform, or with -Dgpujacobi.cpu.lapack=false.
     */
    static Lapack get() {
        return Found.INSTANCE;
    }

    /** Why {@link #get} is null ("" when a library loaded). */
    static String absence() {
        return Found.why;
    }

    /** The lookup, once per class loader (the holder idiom: nothing is loaded before a route asks). */
    final class Found {
        private Found() {}

        static String why = "";
        static final Lapack INSTANCE = load();

        private static Lapack load() {
            if ("false".equals(System.getProperty("gpujacobi.cpu.lapack"))) {
                why = "switched off (-Dgpujacobi.cpu.lapack=false)";
                return null;
            }
            try {
                Iterator<Lapack> it = ServiceLoader.load(Lapack.class, Lapack.class.getClassLoader()).iterator();
                if (!it.hasNext()) {
                    why = "no native LAPACK on the class path (gpujacobi-cpu-lapack)";
                    return null;
                }
                Lapack l = it.next();
                l.describe(); // loads the natives now, so that a platform without them falls back here
                return l;
            } catch (Throwable e) { // a missing native library is a LinkageError: the pure-Java routes run instead
                why = "native LAPACK did not load: " + e;
                return null;
            }
        }
    }
}
