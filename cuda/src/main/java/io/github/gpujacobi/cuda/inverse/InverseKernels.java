package io.github.gpujacobi.cuda.inverse;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Kernel;
import io.github.gpujacobi.cuda.launch.KernelArgs;
import io.github.gpujacobi.cuda.launch.Scalar;
import jcuda.driver.CUdeviceptr;

/**
 * The launches of the inversion kernels (gauss_jordan.cu's steps, inv_batched.cu's page kernels), one typed method each
 * with the kernel's parameters by name and in its order; the element type picks the build. The identity and the
 * column gather are launch/CommonKernels'.
 */
final class InverseKernels {
    private InverseKernels() {}

    /**
     * The panel's row interchanges (getrf's ipiv, 1-based relative to row k) on the columns of the n x n a outside
     * [k, e): a thread a column.
     */
    static void swapRows(GpuContext gpu, Scalar s, CUdeviceptr a, int n, int k, int e, CUdeviceptr ipiv) {
        gpu.launch(Kernel.GJ_SWAP_ROWS.name(s), (n - (e - k) + 255) / 256, 256, KernelArgs.of(a, n, k, e, ipiv));
    }

    /** W := A(k:k+b, :) with I in the panel's columns, the panel's columns := [0; I; 0], P's block rows := 0. */
    static void blockRows(GpuContext gpu, Scalar s, CUdeviceptr a, int n, int k, int b, CUdeviceptr w, CUdeviceptr p) {
        gpu.launch(Kernel.GJ_BLOCK_ROWS.name(s), (int) (((long) b * n + 255) / 256), 256, KernelArgs.of(a, n, k, b, w, p));
    }

    /**
     * Inverts count n x n pages in place (n <= 32), a warp a page and CudaBatchedInverse.WARPS pages a block, each page
     * and two n-vectors in shared memory: the pages' ||A||_1 and ||inv(A)||_1 into norms, a zero pivot's flag into
     * singular.
     */
    static void invWarp(GpuContext gpu, Precision p, CUdeviceptr pages, int n, int count, CUdeviceptr norms,
                        CUdeviceptr singular) {
        int warps = CudaBatchedInverse.WARPS, shared = (int) (warps * ((long) n * n + 2L * n) * p.bytes());
        gpu.launchShared(Kernel.INV_WARP.name(p), (count + warps - 1) / warps, 32 * warps, shared,
                KernelArgs.of(pages, n, count, norms, singular));
    }

    /** The same with a block a page (count pages), the page, three n-vectors and n ints in shared memory. */
    static void invBatched(GpuContext gpu, Precision p, int count, CUdeviceptr pages, int n, CUdeviceptr norms,
                           CUdeviceptr singular) {
        long e = p.bytes();
        int shared = (int) ((long) n * n * e + 3L * n * e + 4L * n);
        gpu.launchShared(Kernel.INV_BATCHED.name(p), count, CudaBatchedInverse.threads(n), shared,
                KernelArgs.of(pages, n, norms, singular));
    }
}
