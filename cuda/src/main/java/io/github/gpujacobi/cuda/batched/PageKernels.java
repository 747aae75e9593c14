package io.github.gpujacobi.cuda.batched;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Kernel;
import io.github.gpujacobi.cuda.launch.KernelArgs;
import jcuda.driver.CUdeviceptr;

/**
 * The launches of the page kernels (eig_batched.cu, svd_batched.cu, blocked_pages.cu), one typed method each with the
 * kernel's parameters by name and in its order. A plan ({@link PagePlan}, {@link BlockedPagePlan}) supplies the
 * layout parameters, grid, block and shared memory; every kernel solves count pages, each page's sweeps (negative:
 * not converged) and rotations into sweeps and rotations, eigenvalues and V in double.
 */
final class PageKernels {
    private PageKernels() {}

    /** Block Jacobi inside each n x n page of a (element type p), with the block schedule pairs (blocked_pages.cu). */
    static void eigBlocked(GpuContext gpu, Precision p, BlockedPagePlan bp, int count, CUdeviceptr a, CUdeviceptr d,
                           CUdeviceptr v, CUdeviceptr pairs, int n, double tol, int maxSweeps, CUdeviceptr sweeps,
                           CUdeviceptr rotations, boolean wantV) {
        gpu.launchShared(bp.eigKernel(p), bp.grid(count), BlockedPagePlan.THREADS, bp.sharedBytes(),
                KernelArgs.of(a, d, v, pairs, n, bp.nb, bp.half(), bp.steps(), tol, maxSweeps, sweeps, rotations, wantV,
                        bp.threadsPerPage(), count, bp.pageBytes));
    }

    /** A warp a page of order n <= cls (8, 16 or 32), the page in registers (eig_batched.cu's eig_warp). */
    static void eigWarp(GpuContext gpu, Precision p, int cls, int count, CUdeviceptr a, CUdeviceptr d, CUdeviceptr v, int n,
                        double tol, int maxSweeps, int fixedSweeps, CUdeviceptr sweeps, CUdeviceptr rotations,
                        boolean wantV) {
        int perBlock = PagePlan.eigWarpPagesPerBlock(cls);
        gpu.launch(Kernel.pageWarp(true, cls).name(p), (count + perBlock - 1) / perBlock, 32 * PagePlan.WARP_PAGES_PER_BLOCK,
                KernelArgs.of(a, d, v, n, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV, count));
    }

    /** A group of threads a page as plan lays them out, with the pairs of a parallel ordering (eig_batched). */
    static void eigGroup(GpuContext gpu, Precision p, PagePlan plan, int count, CUdeviceptr a, CUdeviceptr d, CUdeviceptr v,
                         CUdeviceptr pairs, int n, int half, int steps, double tol, int maxSweeps, int fixedSweeps,
                         CUdeviceptr sweeps, CUdeviceptr rotations, boolean wantV) {
        gpu.launchShared(Kernel.EIG_BATCHED.name(p), plan.grid(count), plan.blockThreads(), plan.sharedBytes(),
                KernelArgs.of(a, d, v, pairs, n, half, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV,
                        plan.threadsPerPage, plan.pagesPerBlock, count, plan.sharedA, plan.sharedV, plan.pageBytes));
    }

    /** Block Jacobi inside each m x n double page of u (m >= n), with the block schedule pairs (blocked_pages.cu). */
    static void svdBlocked(GpuContext gpu, BlockedPagePlan bp, int count, CUdeviceptr u, CUdeviceptr v, CUdeviceptr pairs,
                           int m, int n, double tol, int maxSweeps, CUdeviceptr sweeps, CUdeviceptr rotations,
                           boolean wantV) {
        gpu.launchShared(Kernel.SVD_BLOCKED_PAGES.kernelName(), bp.grid(count), BlockedPagePlan.THREADS, bp.sharedBytes(),
                KernelArgs.of(u, v, pairs, m, n, bp.nb, bp.half(), bp.steps(), tol, maxSweeps, sweeps, rotations, wantV,
                        bp.threadsPerPage(), count, bp.pageBytes));
    }

    /** A warp a double page of m <= cls (8, 16 or 32) rows, the page in registers, with each step's partners (svd_warp). */
    static void svdWarp(GpuContext gpu, int cls, int count, CUdeviceptr u, CUdeviceptr v, CUdeviceptr partners, int m,
                        int n, int steps, double tol, int maxSweeps, int fixedSweeps, CUdeviceptr sweeps,
                        CUdeviceptr rotations, boolean wantV) {
        int perBlock = PagePlan.WARP_PAGES_PER_BLOCK;
        gpu.launch(Kernel.pageWarp(false, cls).kernelName(), (count + perBlock - 1) / perBlock, 32 * perBlock,
                KernelArgs.of(u, v, partners, m, n, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV, count));
    }

    /** A group of threads a double page as plan lays them out, with the pairs of a parallel ordering (svd_batched_d). */
    static void svdGroup(GpuContext gpu, PagePlan plan, int count, CUdeviceptr u, CUdeviceptr v, CUdeviceptr pairs, int m,
                         int n, int half, int steps, double tol, int maxSweeps, int fixedSweeps, CUdeviceptr sweeps,
                         CUdeviceptr rotations, boolean wantV) {
        gpu.launchShared(Kernel.SVD_BATCHED.kernelName(), plan.grid(count), plan.blockThreads(), plan.sharedBytes(),
                KernelArgs.of(u, v, pairs, m, n, half, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV,
                        plan.threadsPerPage, plan.pagesPerBlock, count, plan.lanes, plan.sharedA, plan.sharedV,
                        plan.pageBytes));
    }

    /** The columns (all pages') of u (m rows each) to unit length, their norms into sigma: a warp a column. */
    static void svdNormalize(GpuContext gpu, CUdeviceptr u, CUdeviceptr sigma, int m, int columns) {
        gpu.launch(Kernel.SVD_PAGES_NORMALIZE.kernelName(), (columns + 7) / 8, 256, KernelArgs.of(u, sigma, m, columns));
    }
}
