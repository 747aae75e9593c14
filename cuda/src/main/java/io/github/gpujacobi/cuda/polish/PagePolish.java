package io.github.gpujacobi.cuda.polish;

import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Workspace;
import com.sun.jna.Memory;

/**
 * One Newton-Schulz step on every page's V after the block-Jacobi page kernels (blocked_pages.cu),
 * V := V (3I - V'V) / 2 by two batched GEMMs (W: a copy of V, T = W'W; V := -1/2 W T + 3/2 V). Block
 * Jacobi applies about twice the pointwise kernels' rotations to each column (the pairs inside a
 * block meet again at every step): V came out 1.3e-12 from orthogonal at 256 x 256 (pointwise
 * 7.9e-13), 1.3e-14 after this step The same step on the svd pages' m x n U once its columns are unit (CudaBatchedSvd).
 */
public final class PagePolish {
    private PagePolish() {}

    private static final Memory ONE = CudaLibraries.scalar(1, true), ZERO = CudaLibraries.scalar(0, true),
            MINUS_HALF = CudaLibraries.scalar(-0.5, true), THREE_HALVES = CudaLibraries.scalar(1.5, true);

    /** Polishes count n x n double pages at v (queued on the default stream, after the kernel). */
    public static void run(GpuContext gpu, DevicePointer v, int n, int count) {
        run(gpu, v, n, n, count);
    }

    /** Polishes count m x n (m >= n) double pages with unit columns at v. */
    public static void run(GpuContext gpu, DevicePointer v, int m, int n, int count) {
        if (count == 0 || n == 0) return;
        CudaLibraries lib = gpu.libraries("Block Jacobi pages");
        long mn = (long) m * n, nn = (long) n * n;
        DevicePointer w = gpu.buffer(Workspace.PAGE_POLISH_W, 8 * mn * count), t = gpu.buffer(Workspace.PAGE_POLISH_T, 8 * nn * count);
        CudaDevice.check(jcuda.driver.JCudaDriver.cuMemcpyDtoD(w, v, 8 * mn * count), "cuMemcpyDtoD");
        CudaLibraries.status(lib.blas.cublasDgemmStridedBatched(lib.blasHandle, 1, 0, n, n, m, ONE, w.jna(), m, mn,
                w.jna(), m, mn, ZERO, t.jna(), n, nn, count), "gemmStridedBatched V'V");
        CudaLibraries.status(lib.blas.cublasDgemmStridedBatched(lib.blasHandle, 0, 0, m, n, n, MINUS_HALF, w.jna(), m, mn,
                t.jna(), n, nn, THREE_HALVES, v.jna(), m, mn, count), "gemmStridedBatched polish");
    }
}
