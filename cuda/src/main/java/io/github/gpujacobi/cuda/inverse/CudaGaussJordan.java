package io.github.gpujacobi.cuda.inverse;

import io.github.gpujacobi.cuda.launch.CommonKernels;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.Scalar;
import io.github.gpujacobi.cuda.launch.SideStream;
import io.github.gpujacobi.cuda.launch.Tuning;
import io.github.gpujacobi.cuda.launch.TypedLapack;
import io.github.gpujacobi.cuda.launch.Workspace;
import com.sun.jna.Memory;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.PageOutcome;
import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * Blocked Gauss-Jordan inversion of one page in place on the GPU [14] (the method of [5],
 * blocked). For each block of b columns k..e-1, with A partitioned at k and e:
 * <ol>
 * <li>the panel A(k:n, k:e) is factorised with partial pivoting (cuSOLVER getrf: P [A11; A21] =
 *     [L11; L21] U, the same pivots Gauss-Jordan's column-by-column search picks), and its row
 *     interchanges are applied to every other column ({@code gj_swap_rows});</li>
 * <li>Linv = inv(L11) and T = inv(U) Linv = inv(A11) (two b x b trsm); the eliminator's block
 *     column P = [-A01 T; 0; -L21 Linv] (two n x b x b gemm into a buffer);</li>
 * <li>W := the block rows A(k:e, :), with the identity in the panel's columns, and the panel's
 *     columns := [0; I; 0]; then A += P W updates every row outside the block, every column at
 *     once (the panel's columns become P), and A(k:e, :) := T W the block rows (cuBLAS gemm,
 *     2 n^2 b flops: where the 2 n^3 go). T W is a product of its own, not W + (T - I) W, so a
 *     block of tiny pivots keeps its relative accuracy (diag(1e-300, ..., 1e300) inverts exactly).</li>
 * </ol>
 * The next panel's columns are updated first and its getrf runs on a second stream while the rest
 * of the update proceeds (look-ahead). The row interchanges are undone at the end as one column gather; ||A||_1 and ||inv(A)||_1 come
 * from the device for RCOND. A zero pivot (getrf info > 0) marks the page singular. Complex pages
 * run the same steps with the C/Z routines ({@link TypedLapack}) and the kernels' complex builds.
 */
public final class CudaGaussJordan {
    private CudaGaussJordan() {}

    /** With {@link Profiling#ON} every phase is synchronised, timed and printed at the end of a page. */
    static final String[] PHASES = {"setup", "getrf", "swap", "trsm", "update", "gather"};
    private static final long[] PHASE_NANOS = new long[PHASES.length];
    private static long mark;

    private static void phase(GpuContext gpu, int which) {
        if (!Profiling.ON) return;
        gpu.synchronize();
        long now = System.nanoTime();
        if (which >= 0) PHASE_NANOS[which] += now - mark;
        mark = now;
    }

    /**
     * The block width b: 256 from {@link Tuning#gjWideFrom} on (fewer panels and library calls, and the gemm of inner
     * dimension 256 runs near its peak), else 64.
     */
    public static int blockSize(Tuning t, int n) {
        return Math.max(1, Math.min(n, n >= t.gjWideFrom ? 256 : 64));
    }

    /** The phases' times of the page just inverted, to stderr, then zeroed. */
    private static void printPhases(int n, int b) {
        StringBuilder line = new StringBuilder("gauss-jordan n=" + n + " b=" + b + ":");
        for (int k = 0; k < PHASES.length; k++) {
            line.append(String.format(java.util.Locale.ROOT, " %s %.2f ms", PHASES[k], PHASE_NANOS[k] / 1e6));
            PHASE_NANOS[k] = 0;
        }
        System.err.println(line);
    }

    /**
     * Inverts w (n x n) in place (with the row interchanges undone); the outcome fails on an exactly
     * zero pivot (RCOND and the singular rule are the shared policy's, core/InversionPolicy).
     */
    public static PageOutcome invert(GpuContext gpu, double[] w, int n, Precision p) {
        return invert(gpu, w, n, Scalar.of(p, false));
    }

    /** The same for element type s: a complex page is interleaved (2 n^2 numbers in w), with the C/Z routines. */
    public static PageOutcome invert(GpuContext gpu, double[] w, int n, Scalar s) {
        DeviceBuffers.upload(input(gpu, n, s), w, s.precision);
        PageOutcome r = invertOnDevice(gpu, n, s);
        DevicePointer x = output(gpu, n, s);
        if (s.precision == Precision.DOUBLE) DeviceBuffers.downloadInto(x, w, n * n * s.parts()); // straight into the page
        else System.arraycopy(DeviceBuffers.download(x, n * n * s.parts(), s.precision), 0, w, 0, n * n * s.parts());
        return r;
    }

    /** The device buffer the page goes into for {@link #invertOnDevice} (destroyed by it). */
    static DevicePointer input(GpuContext gpu, int n, Scalar s) {
        return gpu.buffer(Workspace.A, (long) n * n * s.bytes());
    }

    /** Where {@link #invertOnDevice} leaves the inverse. */
    static DevicePointer output(GpuContext gpu, int n, Scalar s) {
        return gpu.buffer(Workspace.X, (long) n * n * s.bytes());
    }

    /** Inverts the page in {@link #input} into {@link #output}; whether the elimination met no zero pivot, and its time. */
    static PageOutcome invertOnDevice(GpuContext gpu, int n, Scalar s) {
        TypedLapack lib = gpu.libraries("Gauss-Jordan inversion").typed(s);
        Precision p = s.precision;
        long e = s.bytes();
        int b = blockSize(gpu.tuning, n), panels = (n + b - 1) / b;
        DevicePointer a = input(gpu, n, s), x = output(gpu, n, s);
        DevicePointer wb = gpu.buffer(Workspace.GJ_W, (long) b * n * e), t = gpu.buffer(Workspace.GJ_T, (long) b * b * e);
        DevicePointer linv = gpu.buffer(Workspace.GJ_LINV, (long) b * b * e), pb = gpu.buffer(Workspace.GJ_P, (long) n * b * e);
        DevicePointer ipiv = gpu.buffer(Workspace.PIV, 4L * n), q = gpu.buffer(Workspace.GJ_PERM, 4L * n);
        DevicePointer info = gpu.buffer(Workspace.GJ_INFO, 4L * panels);
        DeviceBuffers.zero(info, 4L * panels);
        DevicePointer work = gpu.buffer(Workspace.GJ_WORK, Math.max(1, lib.getrfBufferSize(n, b, a.jna(), n)) * e);
        Memory one = lib.scalar(1), minusOne = lib.scalar(-1), zero = lib.scalar(0);
        com.sun.jna.Pointer aj = a.jna();
        gpu.synchronize();
        long t0 = System.nanoTime();
        phase(gpu, -1);
        // look-ahead: panel k+1 is factorised on the context's side stream while the default stream finishes
        // step k's update of the other columns (the panel factorisation is latency-bound)
        SideStream ps = n >= gpu.tuning.gjLookaheadFrom && n > b ? gpu.sideStream() : null;
        CudaLibraries libs = gpu.libraries("Gauss-Jordan inversion");
        if (ps != null) CudaLibraries.status(libs.solver.cusolverDnSetStream(libs.solverHandle, ps.jna()), "cusolverDnSetStream");
        try {
            factorPanel(lib, a, n, 0, Math.min(b, n), work, ipiv, info, 0, ps);
            for (int k = 0, panel = 0; k < n; k += b, panel++) {
                int bb = Math.min(b, n - k), end = k + bb;
                com.sun.jna.Pointer a11 = aj.share(((long) k * n + k) * e);
                if (ps != null) ps.defaultAwaitsMark();
                phase(gpu, 1);
                if (n > bb) {
                    InverseKernels.swapRows(gpu, s, a, n, k, end, ipiv.at(4L * k));
                }
                phase(gpu, 2);
                // Linv = inv(L11), T = inv(U) Linv = inv(A11) (b x b triangular solves)
                CommonKernels.identity(gpu, s, linv, bb);
                trsm(lib, 0, 0, 1, bb, bb, one, a11, n, linv.jna(), bb);
                CudaDevice.check(JCudaDriver.cuMemcpyDtoDAsync(t, linv, (long) bb * bb * e, null), "cuMemcpyDtoDAsync");
                trsm(lib, 0, 1, 0, bb, bb, one, a11, n, t.jna(), bb);
                phase(gpu, 3);
                // the eliminator's block column P: -A01 T above, -L21 Linv below (zero block rows, by the kernel)
                com.sun.jna.Pointer panelCols = aj.share((long) k * n * e);
                if (k > 0) gemm(lib, k, bb, bb, minusOne, panelCols, n, t.jna(), bb, zero, pb.jna(), n);
                if (end < n) gemm(lib, n - end, bb, bb, minusOne, aj.share(((long) k * n + end) * e), n, linv.jna(), bb,
                        zero, pb.jna().share((long) end * e), n);
                InverseKernels.blockRows(gpu, s, a, n, k, bb, wb, pb);
                int nextEnd = Math.min(n, end + b);
                if (ps != null) {
                    update(lib, aj, n, k, bb, pb, wb, t, end, nextEnd, e, one, zero); // the next panel's columns first
                    phase(gpu, 4);
                    if (end < n) factorPanel(lib, a, n, end, nextEnd - end, work, ipiv, info, panel + 1, ps);
                    phase(gpu, 1);
                    update(lib, aj, n, k, bb, pb, wb, t, 0, end, e, one, zero);
                    update(lib, aj, n, k, bb, pb, wb, t, nextEnd, n, e, one, zero);
                    phase(gpu, 4);
                } else {
                    update(lib, aj, n, k, bb, pb, wb, t, 0, n, e, one, zero); // every column in one product
                    phase(gpu, 4);
                    if (end < n) factorPanel(lib, a, n, end, nextEnd - end, work, ipiv, info, panel + 1, null);
                    phase(gpu, 1);
                }
            }
        } finally {
            if (ps != null) CudaLibraries.status(libs.solver.cusolverDnSetStream(libs.solverHandle, null), "cusolverDnSetStream");
        }
        int[] piv = new int[n];
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(piv), ipiv, 4L * n), "cuMemcpyDtoH pivots");
        DeviceBuffers.upload(q, columnOrder(piv, n, b));
        CommonKernels.gatherColumns(gpu, s, a, x, n, q);
        phase(gpu, 5);
        gpu.synchronize();
        long nanos = System.nanoTime() - t0;
        if (Profiling.ON) printPhases(n, b);
        int[] st = new int[panels];
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4L * panels), "cuMemcpyDtoH devInfo");
        boolean eliminated = true;
        for (int status : st) eliminated &= status == 0;
        return PageOutcome.direct(eliminated, nanos);
    }

    /**
     * The composed column permutation: the result's column j is column q[j] of the eliminated
     * matrix (the row interchanges k <-> piv[k] undone in reverse order as column interchanges).
     * piv holds each panel's getrf pivots, 1-based relative to the panel's first row.
     */
    static int[] columnOrder(int[] piv, int n, int b) {
        int[] q = new int[n];
        for (int j = 0; j < n; j++) q[j] = j;
        for (int k = n - 1; k >= 0; k--) {
            int r = (k / b) * b + piv[k] - 1;
            int s = q[k];
            q[k] = q[r];
            q[r] = s;
        }
        return q;
    }

    /** getrf of the panel A(k:n, k:k+bb) (on the side stream when there is one, after the default stream's work so far). */
    private static void factorPanel(TypedLapack lib, DevicePointer a, int n, int k, int bb, DevicePointer work,
                                    DevicePointer ipiv, DevicePointer info, int panel, SideStream ps) {
        if (ps != null) ps.awaitDefault();
        com.sun.jna.Pointer a11 = a.jna().share(((long) k * n + k) * lib.type.bytes());
        lib.getrf(n - k, bb, a11, n, work.jna(), ipiv.jna().share(4L * k), info.jna().share(4L * panel));
        if (ps != null) ps.mark();
    }

    /** Columns [c0, c1): A(:, c) += P W(:, c) (rows outside the block; P's block rows are zero), then A(k:k+bb, c) := T W(:, c). */
    private static void update(TypedLapack lib, com.sun.jna.Pointer aj, int n, int k, int bb, DevicePointer pb,
                               DevicePointer wb, DevicePointer t, int c0, int c1, long e, Memory one, Memory zero) {
        if (c1 <= c0) return;
        com.sun.jna.Pointer w = wb.jna().share((long) c0 * bb * e);
        gemm(lib, n, c1 - c0, bb, one, pb.jna(), n, w, bb, one, aj.share((long) c0 * n * e), n);
        gemm(lib, bb, c1 - c0, bb, one, t.jna(), bb, w, bb, zero, aj.share(((long) c0 * n + k) * e), n);
    }

    private static void trsm(TypedLapack lib, int side, int uplo, int diag, int m, int n, Memory alpha,
                             com.sun.jna.Pointer a, int lda, com.sun.jna.Pointer b, int ldb) {
        lib.trsm(side, uplo, 0, diag, m, n, alpha, a, lda, b, ldb);
    }

    /** C := alpha A B + beta C (no transposes). */
    private static void gemm(TypedLapack lib, int m, int n, int k, Memory alpha, com.sun.jna.Pointer a, int lda,
                             com.sun.jna.Pointer b, int ldb, Memory beta, com.sun.jna.Pointer c, int ldc) {
        lib.gemm(0, 0, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }
}
