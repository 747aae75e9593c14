package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.Precision;
import jcuda.driver.CUdeviceptr;

/**
 * The launches of svd_intake.cu's kernels (an SVD's host passes on the device: the input's line norms and finiteness,
 * its scaling, the row grading, the sorted results), one typed method each with the kernel's parameters by name and in
 * its order.
 */
public final class SvdIntakeKernels {
    /** svd_lines: a thread a line; small blocks, so that the few lines of one large page still spread over the SMs. */
    private static final int LINE_BLOCK = 32;
    /** svd_row_norms: columns a block (blockIdx.y), rows a block (a thread each). */
    private static final int ROW_COLS = 64, ROW_BLOCK = 256;

    private SvdIntakeKernels() {}

    /**
     * For every line (column when tall, else row) of count m x n pages a (element type p): its scale exponent into e
     * and scaled sum of squares into ssq (pages x lines each, core/SafeNorms' two halves), the non-finite entries
     * added to the counter bad.
     */
    public static void lines(GpuContext gpu, Precision p, CUdeviceptr a, int m, int n, int count, boolean tall,
                             CUdeviceptr e, CUdeviceptr ssq, CUdeviceptr bad) {
        long total = (long) count * (tall ? n : m);
        int grid = (int) Math.max(1, Math.min(1 << 20, (total + LINE_BLOCK - 1) / LINE_BLOCK));
        gpu.launch(Kernel.SVD_LINES.name(p), grid, LINE_BLOCK, KernelArgs.of(a, m, n, count, tall, e, ssq, bad));
    }

    /**
     * count pages of size entries in (element type p) into the double out, page k times 2^e[k] and rounded to p (e[k] =
     * Integer.MIN_VALUE: zeros).
     */
    public static void scalePages(GpuContext gpu, Precision p, CUdeviceptr in, CUdeviceptr out, long size, int count,
                                  CUdeviceptr e) {
        gpu.launchOver(Kernel.SVD_SCALE_PAGES.name(p), size * count, KernelArgs.of(in, out, size, count, e));
    }

    /** The max-norms of the m rows of the m x n double page a into norm (m counters, zeroed by the caller). */
    public static void rowNorms(GpuContext gpu, CUdeviceptr a, int m, int n, CUdeviceptr norm) {
        int rowBlocks = (m + ROW_BLOCK - 1) / ROW_BLOCK, colBlocks = Math.max(1, (n + ROW_COLS - 1) / ROW_COLS);
        String kernel = Kernel.SVD_ROW_NORMS.kernelName();
        CudaDevice.check(jcuda.driver.JCudaDriver.cuLaunchKernel(gpu.device().function(kernel), rowBlocks, colBlocks, 1,
                ROW_BLOCK, 1, 1, 0, null, KernelArgs.of(a, m, n, ROW_COLS, norm), null), "launch " + kernel);
    }

    /** dst(i, j) := src(order[i], j) for the m x n double src. */
    public static void gatherRows(GpuContext gpu, CUdeviceptr src, CUdeviceptr dst, int m, int n, CUdeviceptr order) {
        gpu.launchOver(Kernel.SVD_GATHER_ROWS.kernelName(), (long) m * n, KernelArgs.of(src, dst, m, n, order));
    }

    /**
     * dst(rows[i], j) := src(i, cols[j]) for the m x n double src (null cols or rows: in order), the non-finite entries
     * added to the counter bad.
     */
    public static void gather(GpuContext gpu, CUdeviceptr src, CUdeviceptr dst, int m, int n, CUdeviceptr cols,
                              CUdeviceptr rows, CUdeviceptr bad) {
        gpu.launchOver(Kernel.SVD_GATHER.kernelName(), (long) m * n, KernelArgs.of(src, dst, m, n, cols, rows, bad));
    }

    /**
     * Each of count pages' nn singular values s descending into sOut, with U's (mm x nn) and V's (nn x nn) columns
     * when wantV (uOut, vOut may then be null); host[k] := whether page k has a value that is not positive; the
     * non-finite entries of U and V added to the counter bad. A block a page, an int of shared memory a value.
     */
    public static void sortPages(GpuContext gpu, CUdeviceptr s, CUdeviceptr u, CUdeviceptr v, CUdeviceptr sOut,
                                 CUdeviceptr uOut, CUdeviceptr vOut, int mm, int nn, int count, boolean wantV,
                                 CUdeviceptr host, CUdeviceptr bad) {
        gpu.launchShared(Kernel.SORT_SVD_PAGES.kernelName(), count, 128, 4 * nn,
                KernelArgs.of(s, u, v, sOut, uOut, vOut, mm, nn, count, wantV, host, bad));
    }
}
