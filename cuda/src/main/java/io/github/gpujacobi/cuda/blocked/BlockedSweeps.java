package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.CrossPairs;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * One run of the blocked one-sided Jacobi sweeps [11, 12, 18] on a {@link BlockedProblem}: X's columns in nb blocks
 * of width b ({@link BlockWidth}; n padded with zero columns to an even number of blocks), the block pairs of each
 * step by a {@link BlockSchedule}, each step's pairs at once by {@link BlockedPairs}, every block's own pairs once a
 * sweep by a diagonal step (the cross order, {@link CrossPairs}: b dependent steps a pair problem instead of 2b - 1),
 * and {@link BlockedCheck} in place of the sweep that would only confirm convergence. Results in the buffers
 * blockedU (m x n, unit columns), blockedV and blockedSigma.
 */
final class BlockedSweeps {

    private final GpuContext gpu;
    private final CudaLibraries lib;
    private final BlockedScalar el;

    int sweeps;
    long rotations;
    boolean converged;
    /** Hyperbolic sweeps only: a pair of opposite signs had no real angle (G not of full column rank). */
    boolean rankDeficient;

    private long gramNanos, innerNanos, applyNanos;

    BlockedSweeps(GpuContext gpu, BlockedScalar el) {
        this.gpu = gpu;
        this.lib = gpu.libraries("Method 'blocked'");
        this.el = el;
    }

    public void run(BlockedProblem pr) {
        final long entered = System.nanoTime();
        final int m = pr.m, n = pr.n, fixedSweeps = pr.fixedSweeps;
        final double tol = pr.tol;
        final int[] signs = pr.signs;
        final boolean wantV = pr.wantV;
        final int b = BlockWidth.of(gpu.tuning, n, signs != null, el);
        final int es = el.bytes;
        int blocks = (n + b - 1) / b;
        final int nb = Math.max(2, blocks + (blocks & 1));
        final int cols = nb * b, ld = m + (wantV ? cols : 0), half = nb / 2, q2 = 2 * b;
        final BlockedCheck check = new BlockedCheck(gpu, el, cols);
        final BlockSchedule sch = BlockSchedule.of(nb);
        final int steps = sch.steps(), period = sch.period();
        long wBytes = (long) ld * cols * es;
        DevicePointer w0 = gpu.buffer(Workspace.BLOCKED_W0, wBytes), w1 = gpu.buffer(Workspace.BLOCKED_W1, wBytes);
        long qBytes = (long) q2 * q2 * half * es;
        DevicePointer gram = gpu.buffer(Workspace.BLOCKED_GRAM, qBytes), q = gpu.buffer(Workspace.BLOCKED_Q, qBytes);
        // blocked_pair's raw accumulated rotations and its per-step (c, s1, s2)
        DevicePointer rawR = gpu.buffer(Workspace.BLOCKED_R, qBytes), cs = gpu.buffer(Workspace.BLOCKED_CS, (long) es * BlockedPairs.scratch(q2) * half);
        // pair problems wider than one pair kernel (complex b >= 64) are solved split, with counters for their sub-problems
        final boolean split = q2 > 2 * el.maxWidth();
        final int counters = CudaSplitPairs.counters(el, q2) * half;
        DevicePointer rot = gpu.buffer(Workspace.BLOCKED_ROT, 8L * steps * counters);
        // the blocks' positions at the start of an even and of an odd sweep (the same for the chess tournament; the
        // odd-even ordering reverses them every sweep)
        String order = sch.swaps() ? "oddeven:" : "chess:";
        CUdeviceptr slotEven = gpu.constant(Workspace.BLOCKED_SLOT, order + nb, () -> sch.positions(0));
        CUdeviceptr slotOdd = gpu.constant(Workspace.BLOCKED_SLOT_ODD, order + "odd:" + nb, () -> sch.positions(steps));
        // the sweeps' own tables (the update GEMM's pointer arrays, the pairs' signs) are made before the first sweep:
        // a preconditioned page that passes the check before it needs none
        DevicePointer ptrs = null, pairSigns = null;
        // the pair problems: from b = 2 only the pairs across the two blocks, each block's own pairs then solved once
        // per sweep by the diagonal step; b = 1 a full sweep (chess tournament of 2b)
        final boolean cross = b >= 2;
        if (split && !cross) throw new IllegalStateException("split pair problems need the cross order (b = " + b + ")");
        CUdeviceptr leafPairs = split ? gpu.constant(Workspace.BLOCKED_SPLIT_CROSS, "cross:" + el.maxWidth(), () -> CrossPairs.flat(el.maxWidth()))
                : null;
        CUdeviceptr innerPairs = cross ? gpu.constant(Workspace.BLOCKED_CROSS, "cross:" + b, () -> CrossPairs.flat(b))
                : gpu.constant(Workspace.BLOCKED_PAIRS, "chess:" + q2, () -> new ChessTournament(q2).flat());
        final int innerSteps = cross ? b : q2 - 1;
        // the diagonal step: every block's own problem by pair kernels of width dw (b, or the widest kernel), then for
        // each doubling up to b the pairs across the two halves of each dw-wide group, solved split
        final int dw = Math.min(b, 2 * el.maxWidth());
        CUdeviceptr diagPairs = cross ? gpu.constant(Workspace.BLOCKED_DIAG_PAIRS, "chess:" + dw, () -> new ChessTournament(dw).flat()) : null;
        int diagCounters = 0;
        for (int w = dw; w <= b; w *= 2) diagCounters += CudaSplitPairs.counters(el, w) * (cols / w);
        DevicePointer rotDiag = cross ? gpu.buffer(Workspace.BLOCKED_ROT_DIAG, 8L * diagCounters) : null;
        long[] diagRot = new long[cross ? diagCounters : 0];

        long total = (long) ld * cols;
        BlockedKernels.pack(gpu, el, total, pr.g, pr.ldg, w0, slotEven, m, n, cols, b, ld, pr.start.packMode, pr.v0);

        DevicePointer diagSigns = null;
        if (signs != null) {
            // each physical column's sign in the layouts at the start of an even and of an odd sweep: the diagonal
            // step's and the cleanup rounds'
            diagSigns = gpu.buffer(Workspace.BLOCKED_DIAG_SIGNS, 4L * 2 * nb * b);
            int[] both = new int[2 * nb * b];
            System.arraycopy(BlockedTables.blockSignatures(sch.positions(0), signs, n, b), 0, both, 0, nb * b);
            System.arraycopy(BlockedTables.blockSignatures(sch.positions(steps), signs, n, b), 0, both, nb * b, nb * b);
            DeviceBuffers.upload(diagSigns, both);
        }
        CudaDevice.check(JCudaDriver.cuMemsetD8(rot, (byte) 0, 8L * steps * counters), "cuMemsetD8"); // steps of fewer pairs
        int limit = fixedSweeps > 0 ? fixedSweeps : pr.maxSweeps;
        converged = n <= 1;
        long t = 0;
        long[] stepRot = new long[steps * counters];
        gramNanos = innerNanos = applyNanos = 0;
        long start = System.nanoTime();
        sweeps = 0;
        // a preconditioned X P may pass the test before any sweep: the check, not a sweep, first
        if (pr.preconditioned && fixedSweeps == 0 && n > 1) {
            converged = checked(check, w0, ld, m, cols, tol, diagSigns);
        }
        for (; sweeps < limit && !(converged && fixedSweeps == 0) && !rankDeficient; ) {
            if (sweeps == 0) {
                if (!sch.swaps()) ptrs = BlockedTables.pointerArrays(gpu, sch, w0, w1, q, b, ld, q2, es);
                if (signs != null) {
                    pairSigns = gpu.buffer(Workspace.BLOCKED_PAIR_SIGNS, 4L * period * half * q2);
                    DeviceBuffers.upload(pairSigns, BlockedTables.pairSignatures(sch, signs, n, b));
                }
            }
            sweeps++;
            if (cross) { // every block's own b x b problem, in place of the slot layout: cur -> the other buffer
                long p0 = Profiling.ON ? Profiling.sync(gpu) : 0;
                CUdeviceptr colSigns = signs == null ? null : diagSigns.withByteOffset(4L * nb * b * layout(sweeps - 1, steps, period));
                long p1 = 0, p2 = 0, counterAt = 0;
                // width dw: each group's whole problem; wider: the halves of each w-wide group against each other, split
                for (int w = dw; w <= b; w *= 2, t++) {
                    DevicePointer cur = (t & 1) == 0 ? w0 : w1, next = (t & 1) == 0 ? w1 : w0;
                    int groups = cols / w;
                    BlockedPairs.gram(lib, el, cur, ld, m, w, groups, gram);
                    if (Profiling.ON && w == dw) p1 = Profiling.sync(gpu);
                    CUdeviceptr rotAt = rotDiag.withByteOffset(8L * counterAt);
                    if (w == dw) BlockedPairs.solve(gpu, el, w, groups, gram, q, rawR, diagPairs, false, w - 1, tol, rotAt, cs, colSigns, false);
                    else CudaSplitPairs.solve(gpu, el, w, groups, groups, gram, q, leafPairs, tol, rotAt, colSigns, false);
                    counterAt += (long) CudaSplitPairs.counters(el, w) * groups;
                    if (Profiling.ON && w == dw) p2 = Profiling.sync(gpu);
                    el.gemmStridedBatched(lib, 0, 0, ld, w, w, el.one, cur.jna(), ld, (long) w * ld, q.jna(), w, (long) w * w,
                            el.zero, next.jna(), ld, (long) w * ld, groups, "gemmStridedBatched diagonal");
                }
                if (Profiling.ON) {
                    long p3 = Profiling.sync(gpu);
                    gramNanos += p1 - p0;
                    innerNanos += p2 - p1;
                    applyNanos += p3 - p2;
                }
            }
            for (int s = 0; s < steps; s++, t++) {
                int par = (int) (t & 1), os = (int) (((long) (sweeps - 1) * steps + s) % period), pairs = sch.pairs(os);
                DevicePointer cur = par == 0 ? w0 : w1, next = par == 0 ? w1 : w0;
                long colBytes = (long) es * ld * b, off = sch.offset(os) * colBytes;
                if (sch.swaps() && 2 * pairs < nb) waiting(cur, next, colBytes, nb, sch.offset(os), pairs);
                if (pairs == 0) continue;
                DevicePointer curPairs = cur.at(off), nextPairs = next.at(off);
                long p0 = Profiling.ON ? Profiling.sync(gpu) : 0;
                if (split) CudaSplitPairs.gram(gpu, el, curPairs, ld, m, q2, pairs, half, gram);
                else BlockedPairs.gram(lib, el, curPairs, ld, m, q2, pairs, gram);
                long p1 = Profiling.ON ? Profiling.sync(gpu) : 0;
                CUdeviceptr rotAt = rot.withByteOffset(8L * s * counters);
                CUdeviceptr stepSigns = signs == null ? null : pairSigns.withByteOffset(4L * os * half * q2);
                if (split) CudaSplitPairs.solve(gpu, el, q2, pairs, half, gram, q, leafPairs, tol, rotAt, stepSigns, sch.swaps());
                else BlockedPairs.solve(gpu, el, q2, pairs, gram, q, rawR, innerPairs, cross, innerSteps, tol, rotAt, cs, stepSigns,
                        sch.swaps());
                long p2 = Profiling.ON ? Profiling.sync(gpu) : 0;
                if (sch.swaps()) { // [Gi Gj] Q P into the same columns of the other buffer: the blocks exchange positions
                    el.gemmStridedBatched(lib, 0, 0, ld, q2, q2, el.one, curPairs.jna(), ld, (long) q2 * ld, q.jna(), q2,
                            (long) q2 * q2, el.zero, nextPairs.jna(), ld, (long) q2 * ld, pairs, "gemmStridedBatched update");
                } else {
                    BlockedPairs.apply(lib, el, ptrs, 8L * ((long) (par * period + os) * 3 * nb), ld, b, q2, nb);
                }
                if (Profiling.ON) {
                    long p3 = Profiling.sync(gpu);
                    gramNanos += p1 - p0;
                    innerNanos += p2 - p1;
                    applyNanos += p3 - p2;
                }
            }
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(stepRot), rot, 8L * stepRot.length), "cuMemcpyDtoH rotations");
            long r = 0;
            if (cross) {
                CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(diagRot), rotDiag, 8L * diagRot.length), "cuMemcpyDtoH rotations");
                for (long x : diagRot) {
                    if (x < 0) rankDeficient = true; // blocked_pair's flag: a hyperbolic pair without a real angle
                    r += x & Long.MAX_VALUE;
                }
            }
            for (long x : stepRot) {
                if (x < 0) rankDeficient = true; // blocked_pair's flag: a hyperbolic pair without a real angle
                r += x & Long.MAX_VALUE;
            }
            rotations += r;
            converged = r == 0;
            if (rankDeficient) break;
            if (Profiling.ON) {
                int still = 0; // pair problems (split: sub-problems) that rotated nothing: their updates only move data
                for (long x : stepRot) if (x == 0) still++;
                System.err.printf(java.util.Locale.ROOT, "blocked sweep %d: %d pair rotations, %d of %d pair problems unrotated%n",
                        sweeps, r, still, stepRot.length);
            }
            // the check once a sweep rotated few pairs per column, and after a preconditioned start's first sweep
            if (!converged && fixedSweeps == 0 && (r <= (long) gpu.tuning.checkFrom * n || pr.preconditioned && sweeps == 1)
                    && sweeps < limit) {
                converged = checked(check, (t & 1) == 0 ? w0 : w1, ld, m, cols, tol,
                        diagSigns == null ? null : diagSigns.at(4L * nb * b * layout(sweeps, steps, period)));
                if (rankDeficient) break; // as after a sweep: no further sweep
            }
        }
        if (fixedSweeps > 0) converged = false;
        DevicePointer fin = (t & 1) == 0 ? w0 : w1;
        DevicePointer vOut = gpu.buffer(Workspace.BLOCKED_V, wantV ? (long) n * n * es : es), sig = gpu.buffer(Workspace.BLOCKED_SIGMA, 8L * n);
        DevicePointer uOut = gpu.buffer(Workspace.BLOCKED_U, (long) m * n * es);
        if (n > 0) {
            BlockedKernels.unpack(gpu, el, fin, uOut, vOut, sig, layout(sweeps, steps, period) == 0 ? slotEven : slotOdd, m, n,
                    b, ld, wantV);
        }
        gpu.synchronize();
        if (Profiling.ON) printProfile(sch, m, n, b, ld, q2, start, entered);
    }

    /** The check with its cleanup rounds; their rotations and a pair without a real angle count as the sweeps'. */
    private boolean checked(BlockedCheck check, DevicePointer w, int ld, int m, int cols, double tol, DevicePointer colSigns) {
        long before = check.rotations;
        boolean passed = check.passes(w, ld, m, cols, tol, colSigns, sweeps);
        rotations += check.rotations - before;
        rankDeficient |= check.rankDeficient;
        return passed;
    }

    private void printProfile(BlockSchedule sch, int m, int n, int b, int ld, int q2, long start, long entered) {
        double ms = (System.nanoTime() - start) / 1e6;
        long pairSteps = 0; // pairs a sweep (odd-even: one fewer on odd steps)
        for (int s = 0; s < sch.steps(); s++) pairSteps += sch.pairs(s);
        double flops = (el.complex() ? 4.0 : 1.0) * sweeps * pairSteps * (2.0 * m * q2 * q2 + 2.0 * ld * q2 * q2);
        System.err.printf(java.util.Locale.ROOT,
                "blocked m=%d n=%d b=%d: %d sweeps, %.1f ms (%.2f ms/sweep), gram %.1f ms, pair solves %.1f ms,"
                        + " apply %.1f ms; GEMM %.2f TFLOP/s, %.2f TFLOP/s overall; set-up before it %.2f ms%n",
                m, n, b, sweeps, ms, ms / Math.max(1, sweeps), gramNanos / 1e6, innerNanos / 1e6,
                applyNanos / 1e6, flops / ((gramNanos + applyNanos) * 1e3), flops / (ms * 1e9), (start - entered) / 1e6);
    }

    /** Which of the two layouts a sweep starts from (0: the first's) after `sweeps` sweeps of a schedule. */
    private static int layout(int sweeps, int steps, int period) {
        return (int) ((long) sweeps * steps % period / steps);
    }

    /**
     * A swapping schedule's step of fewer pairs than nb / 2: the waiting blocks (before the first pair and after the
     * last) copied to the other buffer, where the next step expects every block.
     */
    private static void waiting(DevicePointer cur, DevicePointer next, long colBytes, int nb, int offset, int pairs) {
        if (offset > 0) CudaDevice.check(JCudaDriver.cuMemcpyDtoDAsync(next, cur, offset * colBytes, null), "cuMemcpyDtoD");
        long end = offset + 2L * pairs;
        if (end < nb) CudaDevice.check(JCudaDriver.cuMemcpyDtoDAsync(next.withByteOffset(end * colBytes),
                cur.withByteOffset(end * colBytes), (nb - end) * colBytes, null), "cuMemcpyDtoD");
    }
}
