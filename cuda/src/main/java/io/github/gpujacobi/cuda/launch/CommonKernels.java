package io.github.gpujacobi.cuda.launch;

import jcuda.driver.CUdeviceptr;

/**
 * The launches of kernels that more than one room uses, one typed method each with the kernel's parameters by name and
 * in its order: the identity (eig_jacobi.cu), the column gather (gauss_jordan.cu) and the recovery test's fault
 * (kernels.cu).
 */
public final class CommonKernels {
    private CommonKernels() {}

    /** v := I (n x n, element type s), a grid-stride loop over at most 4096 blocks. */
    public static void identity(GpuContext gpu, Scalar s, CUdeviceptr v, int n) {
        gpu.launch(Kernel.IDENTITY.name(s), (int) Math.min(4096, ((long) n * n + 255) / 256), 256, KernelArgs.of(v, n));
    }

    /** x(:, j) := a(:, q[j]) for the n x n a (element type s), a thread an element. */
    public static void gatherColumns(GpuContext gpu, Scalar s, CUdeviceptr a, CUdeviceptr x, int n, CUdeviceptr q) {
        gpu.launch(Kernel.GJ_GATHER_COLUMNS.name(s), (int) (((long) n * n + 255) / 256), 256, KernelArgs.of(a, x, n, q));
    }

    /** A store through a null pointer: leaves the context with a sticky error (the recovery test's hook only). */
    public static void fault(GpuContext gpu) {
        gpu.launch(Kernel.TEST_FAULT.kernelName(), 1, 32, KernelArgs.of((CUdeviceptr) null));
    }
}
