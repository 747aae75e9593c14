package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.Precision;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * The launches of intake.cu's kernels (the input's checks on the device, the eigenvalue sort of page arrays), one typed
 * method each with the kernel's parameters by name and in its order. Grid and block sizes are the kernels' own.
 */
public final class IntakeKernels {
    /** intake_symmetric's tile (TILE x TILE entries, TILE x ROWS threads a block: INTAKE_TILE, INTAKE_ROWS). */
    private static final int TILE = 32, ROWS = 8;

    private IntakeKernels() {}

    /**
     * The n x n double page a checked and made exactly symmetric in place; out (5 counters, zeroed by the caller) gets
     * max |a_ij|, max |a_ij - a_ji|, max off-diagonal |a_ij|, the non-finite entries and the diagonal entries that are not positive.
     */
    static void symmetric(GpuContext gpu, CUdeviceptr a, int n, CUdeviceptr out) {
        int tiles = (n + TILE - 1) / TILE;
        String kernel = Kernel.INTAKE_SYMMETRIC.kernelName();
        CudaDevice.check(JCudaDriver.cuLaunchKernel(gpu.device().function(kernel), tiles, tiles, 1, TILE, ROWS, 1, 0,
                null, KernelArgs.of(a, n, out), null), "launch " + kernel);
    }

    /** a := 2^e a for count doubles. */
    static void scale(GpuContext gpu, CUdeviceptr a, long count, int e) {
        gpu.launchOver(Kernel.INTAKE_SCALE.kernelName(), count, KernelArgs.of(a, count, e));
    }

    /**
     * The general checks of the n x n page a (element type p), a block a column: into out (4 counters, zeroed by the
     * caller) the non-finite entries, the asymmetric ones (when symmetry), the 1-norm and its scaled fallback.
     */
    public static void general(GpuContext gpu, Precision p, CUdeviceptr a, int n, boolean symmetry, CUdeviceptr out) {
        gpu.launch(Kernel.INTAKE_GENERAL.name(p), n, 256, KernelArgs.of(a, n, symmetry, out));
    }

    /**
     * The checks of count n x n pages a (element type p), a block a page: 5 doubles a page into stats (max |a_ij|,
     * max |a_ij - a_ji|, non-finite entries, whether the rows' norms span more than span, 0).
     */
    public static void pages(GpuContext gpu, Precision p, CUdeviceptr a, int n, int count, double span, CUdeviceptr stats) {
        gpu.launch(Kernel.INTAKE_PAGES.name(p), count, 128, KernelArgs.of(a, n, count, span, stats));
    }

    /**
     * Each of count pages' n eigenvalues d ascending into dOut, with their vectors (v into vOut, when wantV; vOut may
     * then be null): a block a page, an int of shared memory an eigenvalue. The non-finite values and vector entries
     * written are added to the counter bad.
     */
    public static void sortEigPages(GpuContext gpu, CUdeviceptr d, CUdeviceptr v, CUdeviceptr dOut, CUdeviceptr vOut, int n,
                                    int count, boolean wantV, CUdeviceptr bad) {
        gpu.launchShared(Kernel.SORT_EIG_PAGES.kernelName(), count, 128, 4 * n,
                KernelArgs.of(d, v, dOut, vOut, n, count, wantV, bad));
    }
}
