package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.KernelArgs;
import jcuda.driver.CUdeviceptr;

/**
 * The launches of svd_blocked.cu's kernels, one typed method each with the kernel's parameters by name and in its
 * order; the element type picks the double or double complex build. Grid and block sizes are the kernels' own.
 */
final class BlockedKernels {
    /** Threads of the block-per-pair and block-per-column kernels (rotate_pairs, unpack). */
    static final int BLOCK = 256;

    private BlockedKernels() {}

    /** X (and V below it) from g into the sweeps' layout: blocks of b columns in slot order, leading dimension ld. */
    static void pack(GpuContext gpu, BlockedScalar el, long total, CUdeviceptr g, int ldg, CUdeviceptr w, CUdeviceptr slot,
                     int m, int n, int cols, int b, int ld, int packMode, CUdeviceptr v0) {
        gpu.launchOver(el.pack().kernelName(), total, KernelArgs.of(g, ldg, w, slot, m, n, cols, b, ld, packMode, v0));
    }

    /** U (unit columns), V and sigma out of the final layout (one block a column). */
    static void unpack(GpuContext gpu, BlockedScalar el, CUdeviceptr w, CUdeviceptr u, CUdeviceptr v, CUdeviceptr sigma,
                       CUdeviceptr slot, int m, int n, int b, int ld, boolean wantV) {
        gpu.launch(el.unpack().kernelName(), n, BLOCK, KernelArgs.of(w, u, v, sigma, slot, m, n, b, ld, wantV));
    }

    /** [W; 0] of the n x n w in the m x n c, for ormqr. */
    static void embed(GpuContext gpu, BlockedScalar el, CUdeviceptr w, CUdeviceptr c, int m, int n) {
        gpu.launchOver(el.embed().kernelName(), (long) m * n, KernelArgs.of(w, c, m, n));
    }

    /** One sweep of blocked_pair on each pair's Gram matrix (see BlockedPairs.solve). */
    static void pair(GpuContext gpu, BlockedScalar el, int q2, int pairs, int threads, int sharedBytes, CUdeviceptr gram,
                     CUdeviceptr q, CUdeviceptr rawR, CUdeviceptr innerPairs, int innerSteps, double tol, CUdeviceptr rotOut,
                     CUdeviceptr cs, boolean cross, CUdeviceptr pairSigns, boolean swap) {
        gpu.launchShared(el.pair(q2).kernelName(), pairs, threads, sharedBytes,
                KernelArgs.of(gram, q, rawR, innerPairs, innerSteps, tol, rotOut, cs, cross, pairSigns, swap));
    }

    /** The relative test on the cols x cols Gram matrix c: failing pairs counted and listed (up to listCap). */
    static void check(GpuContext gpu, BlockedScalar el, CUdeviceptr c, int cols, double tol, CUdeviceptr count,
                      CUdeviceptr list, int listCap) {
        gpu.launchOver(el.check().kernelName(), (long) cols * cols, KernelArgs.of(c, cols, tol, count, list, listCap));
    }

    /** One rotation for each listed disjoint pair of w's columns, from the Gram entries in c (a block a pair). */
    static void rotatePairs(GpuContext gpu, BlockedScalar el, CUdeviceptr w, int ld, CUdeviceptr c, int cols,
                            CUdeviceptr pairList, int pairs, CUdeviceptr colSigns, CUdeviceptr deficient) {
        gpu.launch(el.rotatePairs().kernelName(), pairs, BLOCK,
                KernelArgs.of(w, ld, c, cols, pairList, pairs, colSigns, deficient));
    }

    /** The count columns of w named in idx into x (m x count). */
    static void gatherCols(GpuContext gpu, BlockedScalar el, CUdeviceptr w, int ld, int m, CUdeviceptr idx, int count,
                           CUdeviceptr x) {
        gpu.launchOver(el.gatherCols().kernelName(), (long) m * count, KernelArgs.of(w, ld, m, idx, count, x));
    }

    /** The columns p (cols x count) of the new Gram matrix into c, at the columns and rows named in idx. */
    static void scatterGram(GpuContext gpu, BlockedScalar el, CUdeviceptr p, int cols, CUdeviceptr idx, int count,
                            CUdeviceptr c) {
        gpu.launchOver(el.scatterGram().kernelName(), (long) cols * count, KernelArgs.of(p, cols, idx, count, c));
    }

    /** Inner step st's sub-problems (2 pairs, of q2 / 2 columns) out of the pairs' Gram matrices. */
    static void splitGather(GpuContext gpu, BlockedScalar el, long total, CUdeviceptr gram, CUdeviceptr sub, int q2,
                            int st, int pairs, CUdeviceptr pairSigns, CUdeviceptr subSigns) {
        gpu.launchOver(el.splitGather().kernelName(), total, KernelArgs.of(gram, sub, q2, st, pairs, pairSigns, subSigns));
    }

    /** The sub-problems' transformations into the pair's q2 x q2 D of inner step st. */
    static void splitEmbed(GpuContext gpu, BlockedScalar el, long total, CUdeviceptr qsub, CUdeviceptr d, int q2, int st,
                           int pairs, boolean swap) {
        gpu.launchOver(el.splitEmbed().kernelName(), total, KernelArgs.of(qsub, d, q2, st, pairs, swap));
    }

    /** The pairs' Gram matrices from the blocks' (dg) and the cross blocks' (xg). */
    static void splitAssemble(GpuContext gpu, BlockedScalar el, CUdeviceptr dg, CUdeviceptr xg, CUdeviceptr gram, int q2,
                              int pairs) {
        gpu.launchOver(el.splitAssemble().kernelName(), (long) pairs * q2 * q2, KernelArgs.of(dg, xg, gram, q2, pairs));
    }
}
