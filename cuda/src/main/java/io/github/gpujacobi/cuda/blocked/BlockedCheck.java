package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.Tuning;
import io.github.gpujacobi.cuda.launch.Workspace;
import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * The blocked sweeps' convergence check with its cleanup rounds ({@link BlockedSweeps}). The test on all pairs of
 * columns, |x_p'x_q| <= tol ||x_p|| ||x_q|| [6], costs one GEMM for X'X, where a sweep costs all its GEMMs: near the
 * end a sweep rotates a handful of pairs, and the sweep that only confirms convergence is not run. When few pairs
 * fail, they are rotated alone (each by its own rotation, disjoint ones at once) and checked again, instead of a
 * sweep; the hyperbolic sweeps too, each pair by the transformation its columns' signs call for [4]. A round re-checks
 * only the rotated columns ({@link #updateGram}); disjoint pairs only, so a column failing with several others takes
 * as many rounds.
 */
public final class BlockedCheck {

    private final GpuContext gpu;
    private final CudaLibraries lib;
    private final BlockedScalar el;
    /** Failing pairs the cleanup rounds take on ({@link #listFor}). */
    private final int listCap;
    private final int rounds;

    /** Pairs rotated by the cleanup rounds so far. */
    long rotations;
    /** A hyperbolic pair of the cleanup rounds had no real angle (G not of full column rank). */
    boolean rankDeficient;

    BlockedCheck(GpuContext gpu, BlockedScalar el, int cols) {
        this.gpu = gpu;
        this.lib = gpu.libraries("Method 'blocked'");
        this.el = el;
        this.listCap = listFor(gpu.tuning, cols);
        this.rounds = gpu.tuning.cleanupRounds;
    }

    /**
     * Failing pairs the cleanup rounds take on for cols columns: {@link Tuning#checkListMin}, or cols / 2 where that is
     * more. A round's update GEMM is cols x (twice the pairs it rotates), so rounds cost in proportion to the pairs they
     * fix.
     */
    public static int listFor(Tuning t, int cols) {
        return Math.max(t.checkListMin, cols / 2);
    }

    /**
     * The test on all pairs of the columns in w ({@link #failingPairs}) with up to {@link Tuning#cleanupRounds} cleanup
     * rounds ({@link #rotateFailing}, colSigns: the hyperbolic sweeps' signs of w's physical columns); whether every
     * pair passes. Stops at a pair without a real angle ({@link #rankDeficient}). sweeps: for the profile's line.
     */
    boolean passes(DevicePointer w, int ld, int m, int cols, double tol, DevicePointer colSigns, int sweeps) {
        long failing = failingPairs(w, ld, m, cols, tol, true);
        for (int round = 0; ; round++) {
            if (Profiling.ON) System.err.printf(java.util.Locale.ROOT, "blocked check %d after sweep %d: %d pairs fail%s%n",
                    round, sweeps, failing, failing > listCap ? listedColumns(cols) : "");
            if (failing == 0) return true;
            if (failing > listCap || round == rounds) return false;
            int pairs = rotateFailing(w, ld, cols, (int) failing, colSigns);
            rotations += pairs;
            if (rankDeficient) return false;
            updateGram(w, ld, m, cols, 2 * pairs);
            failing = failingPairs(w, ld, m, cols, tol, false);
        }
    }

    /**
     * For the profile, where the check fails many pairs: how the listed ones (the first listCap found, in no
     * particular order) spread over the columns. A few columns failing against all the others would show as few columns
     * in many listed pairs.
     */
    private String listedColumns(int cols) {
        int[] listed = new int[2 * listCap];
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(listed), gpu.buffer(Workspace.BLOCKED_CHECK_LIST, 8L * listCap),
                8L * listCap), "cuMemcpyDtoH check list");
        int[] seen = new int[cols];
        for (int c : listed) seen[c]++;
        int distinct = 0, often = 0;
        for (int k : seen) {
            distinct += k > 0 ? 1 : 0;
            often += k >= 8 ? 1 : 0;
        }
        return String.format(java.util.Locale.ROOT, " (the %d listed: %d columns, %d of them in 8 or more)", listCap,
                distinct, often);
    }

    /**
     * The pairs (p, q) of the columns in w (m rows of leading dimension ld, cols columns) that fail the relative test:
     * one GEMM for X'X and svd_blocked.cu's blocked_check. A sweep from there would rotate exactly these pairs' columns
     * first (up to the GEMMs' rounding). Without gemm, the test alone on X'X as {@link #updateGram} left it.
     */
    private long failingPairs(DevicePointer w, int ld, int m, int cols, double tol, boolean gemm) {
        DevicePointer c = gpu.buffer(Workspace.BLOCKED_CHECK, (long) el.bytes * cols * cols), count = gpu.buffer(Workspace.BLOCKED_CHECK_COUNT, 8);
        DevicePointer list = gpu.buffer(Workspace.BLOCKED_CHECK_LIST, 8L * listCap);
        CudaDevice.check(JCudaDriver.cuMemsetD8(count, (byte) 0, 8), "cuMemsetD8");
        if (gemm) el.gemm(lib, el.adjoint, 0, cols, cols, m, el.one, w.jna(), ld, w.jna(), ld, el.zero, c.jna(), cols, "gemm check");
        BlockedKernels.check(gpu, el, c, cols, tol, count, list, listCap);
        long[] out = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(out), count, 8), "cuMemcpyDtoH check");
        return out[0];
    }

    /**
     * Rotates the failing pairs of the last {@link #failingPairs} (count of them listed, at most listCap), as many as
     * are disjoint (taken in list order), each by its own one-sided rotation from the check's Gram entries
     * (svd_blocked.cu's blocked_rotate_pairs), in place in w. Returns the rotations.
     */
    private int rotateFailing(DevicePointer w, int ld, int cols, int count, DevicePointer colSigns) {
        int[] listed = new int[2 * count];
        DevicePointer list = gpu.buffer(Workspace.BLOCKED_CHECK_LIST, 8L * listCap);
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(listed), list, 8L * count), "cuMemcpyDtoH check list");
        int[] chosen = DisjointPairs.greedy(listed, cols);
        int pairs = chosen.length / 2;
        DevicePointer up = gpu.buffer(Workspace.BLOCKED_CHECK_PAIRS, 8L * listCap);
        DeviceBuffers.upload(up, chosen);
        DevicePointer deficient = gpu.buffer(Workspace.BLOCKED_DEFICIENT, 4);
        if (colSigns != null) CudaDevice.check(JCudaDriver.cuMemsetD8(deficient, (byte) 0, 4), "cuMemsetD8");
        BlockedKernels.rotatePairs(gpu, el, w, ld, gpu.buffer(Workspace.BLOCKED_CHECK, (long) el.bytes * cols * cols), cols, up,
                pairs, colSigns, deficient);
        if (colSigns != null) { // a hyperbolic pair without a real angle: G is not of full column rank
            int[] flag = {0};
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(flag), deficient, 4), "cuMemcpyDtoH deficient");
            if (flag[0] != 0) rankDeficient = true;
        }
        return pairs;
    }

    /**
     * X'X after {@link #rotateFailing} rotated the first count columns listed in buffer blockedCheckPairs: their
     * columns of X'X recomputed (svd_blocked.cu's blocked_gather_cols, one GEMM of cols x count, blocked_scatter_gram),
     * so a cleanup round costs a fraction of a full check.
     */
    private void updateGram(DevicePointer w, int ld, int m, int cols, int count) {
        if (count == 0) return;
        DevicePointer idx = gpu.buffer(Workspace.BLOCKED_CHECK_PAIRS, 8L * listCap), c = gpu.buffer(Workspace.BLOCKED_CHECK, (long) el.bytes * cols * cols);
        DevicePointer x = gpu.buffer(Workspace.BLOCKED_CHECK_X, (long) el.bytes * m * count), p = gpu.buffer(Workspace.BLOCKED_CHECK_P, (long) el.bytes * cols * count);
        BlockedKernels.gatherCols(gpu, el, w, ld, m, idx, count, x);
        el.gemm(lib, el.adjoint, 0, cols, count, m, el.one, w.jna(), ld, x.jna(), m, el.zero, p.jna(), cols, "gemm check columns");
        BlockedKernels.scatterGram(gpu, el, p, cols, idx, count, c);
    }
}
