package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Workspace;
import jcuda.driver.CUdeviceptr;

/**
 * Step (2) of the blocked sweeps ({@link CudaBlockedSvd}) for pair problems wider than one pair kernel holds (complex
 * b >= 64: a 128 x 128 complex problem does not fit in shared memory), by [11]'s hierarchical blocking. Each block of
 * the pair is cut in two, and two inner steps each solve two sub-problems of 2b / 2 columns (a half-block of either
 * block: svd_blocked.cu's split_quarter) with the pair kernel of width b in the cross order, so every pair across the
 * two blocks is met once, as in the one-kernel cross order; a sub-problem still too wide is split the same way. Between the inner steps the Gram matrices are transformed,
 * G := D1' G D1, and the pair's transformation is Q = D1 D2 (batched GEMMs). Each Di is polished by its own kernel
 * (J-weighted for the hyperbolic sweeps), so Q is orthogonal (J-orthogonal) to the rounding.
 * <p>
 * Why: wider blocks halve the update GEMMs' traffic a sweep, and at b = 32 the memory-bound complex updates take most
 * of a sweep.
 */
final class CudaSplitPairs {
    private CudaSplitPairs() {}

    /**
     * Rotation counters a pair problem of q2 columns takes: 1 for one pair kernel, else 4 for each of its sub-problems
     * (2 inner steps of 2).
     */
    static int counters(BlockedScalar el, int q2) {
        return q2 <= 2 * el.maxWidth() ? 1 : 4 * counters(el, q2 / 2);
    }

    /**
     * Solves the pairs (of q2 = 2b columns, at most half of them) whose Gram matrices are in gram (overwritten) into
     * q (q2 x q2 each, times the halves' exchange P when swap); sub-problems wider than one pair kernel are split again.
     * leafPairs: CrossPairs.flat(el.maxWidth()), the pair kernel's cross order. rotOut: counters(el, q2) half counters,
     * inner step i's at i counters(el, q2) half / 2 (negative: a hyperbolic pair without a real angle). pairSigns: the
     * pairs' column signs (hyperbolic), or null.
     */
    static void solve(GpuContext gpu, BlockedScalar el, int q2, int pairs, int half,
                      DevicePointer gram, DevicePointer q, CUdeviceptr leafPairs, double tol, CUdeviceptr rotOut,
                      CUdeviceptr pairSigns, boolean swap) {
        final int w = q2 / 2, subs = 2 * pairs, subHalf = 2 * half, subCounters = counters(el, w);
        final CudaLibraries lib = gpu.libraries("Method 'blocked'");
        final long qq = (long) q2 * q2, subBytes = (long) el.bytes * w * w * subHalf, fullBytes = el.bytes * qq * half;
        DevicePointer sub = gpu.buffer(Workspace.SPLIT_SUB, q2, subBytes), qsub = gpu.buffer(Workspace.SPLIT_Q, q2, subBytes);
        DevicePointer d1 = gpu.buffer(Workspace.SPLIT_D1, q2, fullBytes), d2 = gpu.buffer(Workspace.SPLIT_D2, q2, fullBytes), t = gpu.buffer(Workspace.SPLIT_T, q2, fullBytes);
        DevicePointer subSigns = pairSigns == null ? null : gpu.buffer(Workspace.SPLIT_SIGNS, q2, 4L * w * subHalf);
        for (int st = 0; st < 2; st++) {
            long total = (long) subs * w * w;
            BlockedKernels.splitGather(gpu, el, total, gram, sub, q2, st, pairs, pairSigns, subSigns);
            CUdeviceptr rotAt = rotOut.withByteOffset(8L * st * subCounters * subHalf);
            if (subCounters > 1) {
                solve(gpu, el, w, subs, subHalf, sub, qsub, leafPairs, tol, rotAt, subSigns, false);
            } else {
                DevicePointer raw = gpu.buffer(Workspace.SPLIT_R, q2, subBytes);
                DevicePointer cs = gpu.buffer(Workspace.SPLIT_CS, q2, (long) el.bytes * BlockedPairs.scratch(w) * subHalf);
                BlockedPairs.solve(gpu, el, w, subs, sub, qsub, raw, leafPairs, true, w / 2, tol, rotAt, cs,
                        subSigns, false);
            }
            DevicePointer d = st == 0 ? d1 : d2;
            total = (long) pairs * qq;
            BlockedKernels.splitEmbed(gpu, el, total, qsub, d, q2, st, pairs, st == 1 && swap);
            if (st == 0) { // the second inner step's Gram matrices: G := D1' (G D1)
                el.gemmStridedBatched(lib, 0, 0, q2, q2, q2, el.one, gram.jna(), q2, qq, d1.jna(), q2, qq, el.zero,
                        t.jna(), q2, qq, pairs, "gemmStridedBatched split G D1");
                el.gemmStridedBatched(lib, el.adjoint, 0, q2, q2, q2, el.one, d1.jna(), q2, qq, t.jna(), q2, qq, el.zero,
                        gram.jna(), q2, qq, pairs, "gemmStridedBatched split D1' G D1");
            }
        }
        el.gemmStridedBatched(lib, 0, 0, q2, q2, q2, el.one, d1.jna(), q2, qq, d2.jna(), q2, qq, el.zero, q.jna(), q2, qq,
                pairs, "gemmStridedBatched split D1 D2");
    }

    /**
     * Step (1) for split pairs (contiguous in w, leading dimension ld, m rows; 2b = q2 columns each): the Gram matrices
     * of the blocks (one strided batched GEMM over all 2 pairs blocks) and of each pair's cross block Gi' Gj (one over the
     * pairs), assembled into gram (svd_blocked.cu's blocked_split_assemble): three quarters of one GEMM's flops for the
     * whole Hermitian 2b x 2b matrix, and its b x b outputs run as fast as the 2b x 2b ones.
     */
    static void gram(GpuContext gpu, BlockedScalar el, DevicePointer w, int ld, int m,
                     int q2, int pairs, int half, DevicePointer gram) {
        final CudaLibraries lib = gpu.libraries("Method 'blocked'");
        final int b = q2 / 2;
        final long bb = (long) b * b, block = (long) b * ld;
        DevicePointer dg = gpu.buffer(Workspace.SPLIT_GRAM_DIAG, el.bytes * bb * 2 * half), xg = gpu.buffer(Workspace.SPLIT_GRAM_CROSS, el.bytes * bb * half);
        el.gemmStridedBatched(lib, el.adjoint, 0, b, b, m, el.one, w.jna(), ld, block, w.jna(), ld, block, el.zero, dg.jna(), b,
                bb, 2 * pairs, "gemmStridedBatched split Gram blocks");
        el.gemmStridedBatched(lib, el.adjoint, 0, b, b, m, el.one, w.jna(), ld, 2 * block, w.at(el.bytes * block).jna(), ld,
                2 * block, el.zero, xg.jna(), b, bb, pairs, "gemmStridedBatched split Gram cross");
        BlockedKernels.splitAssemble(gpu, el, dg, xg, gram, q2, pairs);
    }
}
