package io.github.gpujacobi.cuda.pointwise;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Kernel;
import io.github.gpujacobi.cuda.launch.KernelArgs;
import io.github.gpujacobi.cuda.launch.Scalar;
import jcuda.driver.CUdeviceptr;

/**
 * The launches of the one-kernel-a-sweep solvers' kernels (eig_jacobi.cu, classical_jacobi.cu, svd_jacobi.cu,
 * bunch_parlett.cu), one typed method each with the kernel's parameters by name and in its order; the element type
 * picks the build, and a tolerance goes in the kernel's real type (float for single and single complex). The
 * cooperative kernels take the grid their caller sized against the device's resident blocks.
 */
final class PointwiseKernels {
    /** Threads a block of classical, svd_sweep, svd_scale and bunch_parlett (their __launch_bounds__(256)). */
    static final int BLOCK = 256;

    private PointwiseKernels() {}

    /** The real diagonal of the n x n a (of a Hermitian a its real part) into d, a thread an entry. */
    static void diag(GpuContext gpu, Scalar s, CUdeviceptr a, CUdeviceptr d, int n) {
        gpu.launch(Kernel.DIAG.name(s), (n + 255) / 256, 256, KernelArgs.of(a, d, n));
    }

    /**
     * One sweep of the two-sided Jacobi [1] (kernel: one of Kernel.eigSweep's, build s), a block a pair: rotations
     * counted into counter; fixedSweeps: rotate whatever the tolerance.
     */
    static void eigSweep(GpuContext gpu, Kernel kernel, Scalar s, int grid, int block, CUdeviceptr a, CUdeviceptr x,
                         CUdeviceptr v, CUdeviceptr pairs, CUdeviceptr rowPair, int n, int half, int steps, double tol,
                         boolean fixedSweeps, CUdeviceptr cs, CUdeviceptr counter, boolean wantV) {
        gpu.launchCooperative(kernel.name(s), grid, block, KernelArgs.of(a, x, v, pairs, rowPair, n, half, steps,
                KernelArgs.real(tol, s.precision), fixedSweeps, cs, counter, wantV));
    }

    /**
     * One run of the classical max-pivot Jacobi [3] of up to budget rotations, with the partial maxima partW, partK,
     * partA of the grid's blocks; the rotations done into counter.
     */
    static void classical(GpuContext gpu, Precision p, int grid, CUdeviceptr a, CUdeviceptr v, CUdeviceptr d, int n,
                          long budget, double tol, CUdeviceptr partW, CUdeviceptr partK, CUdeviceptr partA,
                          CUdeviceptr counter, boolean wantV) {
        gpu.launchCooperative(Kernel.CLASSICAL.name(p), grid, BLOCK, KernelArgs.of(a, v, d, n, budget,
                KernelArgs.real(tol, p), partW, partK, partA, counter, wantV));
    }

    /**
     * One sweep of the one-sided Jacobi on the m x n u (build s), with the signs of the hyperbolic routes (null: the
     * ordinary SVD): rotations and a rank-deficiency flag into counter.
     */
    static void svdSweep(GpuContext gpu, Scalar s, int grid, CUdeviceptr u, CUdeviceptr v, CUdeviceptr pairs, int m, int n,
                         int half, int steps, double tol, boolean fixedSweeps, CUdeviceptr counter, boolean wantV,
                         CUdeviceptr signs) {
        gpu.launchCooperative(Kernel.SVD_SWEEP.name(s), grid, BLOCK, KernelArgs.of(u, v, pairs, m, n, half, steps,
                KernelArgs.real(tol, s.precision), fixedSweeps, counter, wantV, signs));
    }

    /** sigma_j := ||u_j|| and u_j to a unit column (zero columns stay zero) for the n columns of the m x n u. */
    static void svdScale(GpuContext gpu, Precision p, CUdeviceptr u, CUdeviceptr sigma, int m, int n) {
        gpu.launch(Kernel.SVD_SCALE.name(p), n, BLOCK, KernelArgs.of(u, sigma, m));
    }

    /**
     * The Bunch-Parlett factorisation M = G J G' of the n x n a (complete pivoting with parameter alpha, one cooperative
     * launch): G, J's signs, the permutation, the pivots' column scratch lcol, the blocks' partial pivots and the state.
     */
    static void bunchParlett(GpuContext gpu, BlockedScalar el, int grid, CUdeviceptr a, int n, CUdeviceptr g, CUdeviceptr j,
                             CUdeviceptr perm, CUdeviceptr lcol, CUdeviceptr partial, CUdeviceptr state, double alpha) {
        gpu.launchCooperative(el.bunchParlett().kernelName(), grid, BLOCK,
                KernelArgs.of(a, n, g, j, perm, lcol, partial, state, alpha));
    }
}
