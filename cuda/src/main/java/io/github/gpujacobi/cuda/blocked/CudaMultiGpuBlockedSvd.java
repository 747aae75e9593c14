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
import com.sun.jna.ptr.IntByReference;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.DeviceBlockSchedule;
import io.github.gpujacobi.core.IndefiniteEig;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

import java.util.List;
import java.util.Locale;

/**
 * The blocked one-sided Jacobi SVD of one matrix with its column blocks spread over several GPUs,
 * after Novakovic's multi-GPU hierarchically blocked Jacobi [11]. The block pairs of a step are the
 * chess tournament's over the blocks, as on one GPU ({@link CudaBlockedSvd}); core's
 * {@link DeviceBlockSchedule} gives each device a fixed share of the pairs and says, after each step,
 * which block goes where. Each device runs the single-GPU step on its pairs with the same pieces
 * (Gram matrices by one strided batched GEMM, svd_blocked.cu's blocked_pair kernel, the update by one
 * batched GEMM), writing a block that stays on the device straight to its next slot and a block that
 * leaves to a staging slot, from which cuMemcpyPeerAsync sends it to the other device; every device
 * is synchronised at the end of a step. One host thread issues the work of all devices in turn (the
 * launches are asynchronous, so the devices overlap). No QR preconditioning (one GPU runs it first):
 * the sweeps act on A itself; V is accumulated below G as on one GPU. Always in double.
 */
public final class CudaMultiGpuBlockedSvd {
    public int sweeps;
    public long rotations;
    public boolean converged;
    /** Sweeps (and potrf for eig), transfers from and to the host excluded. */
    public long computeNanos;
    private long computePhaseNanos, copyPhaseNanos, peerCopies, peerBytes;
    private String layout = "";

    /** Column blocks (even, padded) for n columns: the same blocking as one GPU. */
    public static int blocks(Tuning t, int n) {
        int b = BlockWidth.of(t, n, false, BlockedScalar.REAL), blocks = (n + b - 1) / b;
        return Math.max(2, blocks + (blocks & 1));
    }

    /** The SVD of the m x n page w (m >= n): on return w holds A V (the driver takes its column norms), vw V. */
    public void svd(List<GpuContext> devs, double[] w, double[] vw, int m, int n, double tol, int maxSweeps, int fixedSweeps) {
        long t0 = System.nanoTime();
        sweep(devs, w, vw, m, n, tol, maxSweeps, fixedSweeps);
        computeNanos = System.nanoTime() - t0 - hostNanos;
    }

    /**
     * Eigenpairs of a symmetric positive definite n x n page: A = R'R (cuSOLVER potrf on the first
     * GPU), then the sweeps on R: R W = U S gives A = W S^2 W'. Returns the eigenvalues (unsorted), the
     * vectors in v (if not null); null when potrf fails (not positive definite), {@link #computeNanos} then the failed
     * attempt's time.
     */
    public double[] eig(List<GpuContext> devs, double[] a, double[] v, int n, double tol, int maxSweeps, int fixedSweeps) {
        computeNanos = 0;
        if (IndefiniteEig.nonPositiveDiagonal(a, n, 1)) return null; // potrf would fail
        GpuContext d0 = devs.get(0);
        d0.makeCurrent();
        CudaLibraries lib = d0.libraries("Method 'blocked'");
        DevicePointer g = d0.buffer(Workspace.MG_CHOL, (long) n * n * 8), info = d0.buffer(Workspace.INFO, 4);
        DeviceBuffers.upload(g, a, Precision.DOUBLE);
        IntByReference lw = new IntByReference();
        CudaLibraries.status(lib.solver.cusolverDnDpotrf_bufferSize(lib.solverHandle, 1, n, g.jna(), n, lw), "potrf_bufferSize");
        int lwork = Math.max(1, lw.getValue());
        DevicePointer work = d0.buffer(Workspace.CHOL_WORK, lwork * 8L);
        d0.synchronize();
        long t0 = System.nanoTime();
        CudaLibraries.status(lib.solver.cusolverDnDpotrf(lib.solverHandle, 1, n, g.jna(), n, work.jna(), lwork, info.jna()), "potrf");
        int[] st = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        if (st[0] != 0) { // not positive definite: the attempt's time counts in the caller's one-GPU route
            computeNanos = System.nanoTime() - t0;
            return null;
        }
        long potrf = System.nanoTime() - t0;
        double[] r = DeviceBuffers.download(g, n * n, Precision.DOUBLE);
        for (int j = 0; j < n; j++) for (int i = j + 1; i < n; i++) r[i + j * n] = 0; // potrf leaves A's lower part
        d0.trim();
        long t1 = System.nanoTime();
        sweep(devs, r, v, n, n, tol, maxSweeps, fixedSweeps);
        computeNanos = potrf + System.nanoTime() - t1 - hostNanos;
        double[] d = new double[n];
        for (int c = 0; c < n; c++) {
            double ss = 0;
            for (int i = 0; i < n; i++) ss += r[i + c * n] * r[i + c * n];
            d[c] = ss;
        }
        return d;
    }

    /** Host time inside sweep() (packing, unpacking, transfers), taken out of computeNanos. */
    private long hostNanos;

    /** One logical device's share: its buffers, pointer arrays and rotation counters. */
    private static final class Share {
        GpuContext gpu;
        CudaDevice dev;
        CudaLibraries lib;
        CUcontext ctx;
        int pairs;
        DevicePointer[] work = new DevicePointer[2];
        DevicePointer stage, gram, q, rawR, cs, rot, ptrs;
        CUdeviceptr innerPairs;
        long[] stepRot;
    }

    /** The sweeps on the m x n matrix g (m >= n): on return g holds G W and vw (if not null) W. */
    private void sweep(List<GpuContext> devs, double[] g, double[] vw, int m, int n, double tol, int maxSweeps,
                       int fixedSweeps) {
        final boolean wantV = vw != null;
        final Tuning tuning = devs.get(0).tuning;
        final int b = BlockWidth.of(tuning, n, false, BlockedScalar.REAL), nb = blocks(tuning, n), q2 = 2 * b;
        final int cols = nb * b, ld = m + (wantV ? cols : 0), count = devs.size();
        final DeviceBlockSchedule sch = new DeviceBlockSchedule(nb, count);
        final ChessTournament ct = sch.tournament();
        final int steps = sch.steps();
        final long colBytes = 8L * ld * b;
        long host = 0, h0 = System.nanoTime();
        Share[] sh = new Share[count];
        for (int d = 0; d < count; d++) {
            Share s = sh[d] = new Share();
            s.gpu = devs.get(d);
            s.dev = s.gpu.device();
            s.ctx = s.dev.context();
            s.lib = s.gpu.libraries("Method 'blocked' on GPU " + s.dev.index);
            s.pairs = sch.pairs(d);
            s.work[0] = s.gpu.buffer(Workspace.MG_W0, 2 * s.pairs * colBytes);
            s.work[1] = s.gpu.buffer(Workspace.MG_W1, 2 * s.pairs * colBytes);
            s.stage = s.gpu.buffer(Workspace.MG_STAGE, 2 * s.pairs * colBytes);
            s.gram = s.gpu.buffer(Workspace.MG_GRAM, 8L * q2 * q2 * s.pairs);
            s.q = s.gpu.buffer(Workspace.MG_Q, 8L * q2 * q2 * s.pairs);
            s.rawR = s.gpu.buffer(Workspace.MG_R, 8L * q2 * q2 * s.pairs);
            s.cs = s.gpu.buffer(Workspace.MG_CS, 8L * BlockedPairs.scratch(q2) * s.pairs);
            s.rot = s.gpu.buffer(Workspace.MG_ROT, 8L * steps * s.pairs);
            s.ptrs = s.gpu.buffer(Workspace.MG_PTRS, 8L * 2 * steps * 3 * 2 * s.pairs);
            s.innerPairs = s.gpu.constant(Workspace.BLOCKED_PAIRS, "chess:" + q2, () -> new ChessTournament(q2).flat());
            s.stepRot = new long[steps * s.pairs];
        }
        String access = enablePeers(sh);
        for (int d = 0; d < count; d++) {
            sh[d].dev.makeCurrent();
            long[] ptr = pointerArrays(sch, sh, d, b, q2, colBytes);
            CudaDevice.check(JCudaDriver.cuMemcpyHtoD(sh[d].ptrs, Pointer.to(ptr), 8L * ptr.length), "cuMemcpyHtoD pointers");
        }
        // block x: columns x b .. x b + b - 1 of [G; I] (zero beyond n), to its slot for step 0
        double[] blk = new double[ld * b];
        for (int x = 0; x < nb; x++) {
            java.util.Arrays.fill(blk, 0);
            for (int j = 0; j < b; j++) {
                int c = x * b + j;
                if (c >= n) continue;
                System.arraycopy(g, c * m, blk, j * ld, m);
                if (wantV) blk[j * ld + m + c] = 1;
            }
            Share s = sh[sch.device(0, x)];
            s.dev.makeCurrent();
            CudaDevice.check(JCudaDriver.cuMemcpyHtoD(s.work[0].withByteOffset(sch.slot(0, x) * colBytes), Pointer.to(blk),
                    colBytes), "cuMemcpyHtoD block");
        }
        for (Share s : sh) {
            s.dev.makeCurrent();
            s.dev.synchronize();
        }
        host += System.nanoTime() - h0;

        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        converged = false;
        rotations = 0;
        long t = 0;
        for (sweeps = 0; sweeps < limit && !(converged && fixedSweeps == 0); ) {
            sweeps++;
            for (int s = 0; s < steps; s++, t++) {
                int par = (int) (t & 1);
                long p0 = System.nanoTime();
                for (Share d : sh) {
                    d.dev.makeCurrent();
                    BlockedPairs.gram(d.lib, BlockedScalar.REAL, d.work[par], ld, m, q2, d.pairs, d.gram);
                    BlockedPairs.solve(d.gpu, BlockedScalar.REAL, q2, d.pairs, d.gram, d.q, d.rawR, d.innerPairs, false, q2 - 1, tol,
                            d.rot.withByteOffset(8L * s * d.pairs), d.cs, null, false);
                    BlockedPairs.apply(d.lib, BlockedScalar.REAL, d.ptrs, 8L * ((long) (par * steps + s) * 3 * 2 * d.pairs), ld, b, q2,
                            2 * d.pairs);
                }
                long p1 = Profiling.ON ? syncAll(sh) : p0;
                for (DeviceBlockSchedule.Move mv : sch.moves(s)) {
                    if (!mv.peer()) continue;
                    Share from = sh[mv.fromDevice], to = sh[mv.toDevice];
                    from.dev.makeCurrent();
                    CudaDevice.check(JCudaDriver.cuMemcpyPeerAsync(to.work[1 - par].withByteOffset(mv.toSlot * colBytes), to.ctx,
                            from.stage.withByteOffset(mv.fromSlot * colBytes), from.ctx, colBytes, null), "cuMemcpyPeerAsync");
                    peerCopies++;
                    peerBytes += colBytes;
                }
                long p2 = syncAll(sh);
                if (Profiling.ON) {
                    computePhaseNanos += p1 - p0;
                    copyPhaseNanos += p2 - p1;
                }
            }
            long r = 0;
            for (Share d : sh) {
                d.dev.makeCurrent();
                CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(d.stepRot), d.rot, 8L * d.stepRot.length),
                        "cuMemcpyDtoH rotations");
                for (long x : d.stepRot) r += x;
            }
            rotations += r;
            converged = r == 0;
        }
        if (fixedSweeps > 0) converged = false;
        // after the last step's moves every block sits in its step-0 slot of buffer t & 1
        h0 = System.nanoTime();
        int fin = (int) (t & 1);
        for (int x = 0; x < nb; x++) {
            Share s = sh[sch.device(0, x)];
            s.dev.makeCurrent();
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(blk), s.work[fin].withByteOffset(sch.slot(0, x) * colBytes),
                    colBytes), "cuMemcpyDtoH block");
            for (int j = 0; j < b; j++) {
                int c = x * b + j;
                if (c >= n) continue;
                System.arraycopy(blk, j * ld, g, c * m, m);
                if (wantV) System.arraycopy(blk, j * ld + m, vw, c * n, n);
            }
        }
        for (Share s : sh) {
            s.dev.makeCurrent();
            s.gpu.trim();
        }
        sh[0].dev.makeCurrent();
        hostNanos = host + System.nanoTime() - h0;
        StringBuilder split = new StringBuilder();
        for (int d = 0; d < count; d++) split.append(d > 0 ? "/" : "").append(sch.pairs(d));
        layout = String.format(Locale.ROOT, "one matrix across %d GPUs (%s): %d blocks of %d columns, block pairs per step %s;"
                        + " %d peer copies (%.1f MB), peer access %s", count, names(sh), nb, b, split, peerCopies,
                peerBytes / 1e6, access);
        if (Profiling.ON) {
            layout += String.format(Locale.ROOT, "; step phases: compute %.1f ms, copies %.1f ms", computePhaseNanos / 1e6,
                    copyPhaseNanos / 1e6);
            System.err.printf(Locale.ROOT, "multigpu m=%d n=%d: %d sweeps; %s%n", m, n, sweeps, layout);
        }
    }

    /** Direct peer access between different GPUs where the driver allows it; copies between contexts on one GPU need none. */
    private static String enablePeers(Share[] sh) {
        boolean direct = false, staged = false, sameGpu = false;
        for (Share a : sh) {
            for (Share b : sh) {
                if (a == b) continue;
                if (a.dev.index == b.dev.index) {
                    sameGpu = true;
                } else if (a.dev.canAccessPeer(b.dev)) {
                    a.dev.enablePeerAccess(b.dev);
                    direct = true;
                } else {
                    staged = true;
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        if (direct) sb.append("direct (P2P)");
        if (staged) sb.append(sb.length() > 0 ? ", " : "").append("through the host (no P2P between some GPUs)");
        if (sameGpu) sb.append(sb.length() > 0 ? ", " : "").append("within one GPU (separate contexts)");
        for (Share s : sh) {
            if (s.dev.sharesPrimary) {
                sb.append("; GPU ").append(s.dev.index).append(" logical devices share its primary context (cuCtxCreate failed)");
                break;
            }
        }
        return sb.toString();
    }

    /**
     * Device d's pointer arrays of the update GEMM, for each buffer parity and step (as on one GPU):
     * output j of local pair k, [Gi Gj; Vi Vj] Q_k(:, jb..jb+b), goes to the block's next slot when
     * it stays on d, else to staging slot j for the peer copy.
     */
    private static long[] pointerArrays(DeviceBlockSchedule sch, Share[] sh, int d, int b, int q2, long colBytes) {
        Share me = sh[d];
        ChessTournament ct = sch.tournament();
        int steps = sch.steps(), nbd = 2 * me.pairs;
        long[] out = new long[2 * steps * 3 * nbd];
        long qAddr = address(me.q), stage = address(me.stage);
        for (int par = 0; par < 2; par++) {
            long cur = address(me.work[par]), next = address(me.work[1 - par]);
            for (int s = 0; s < steps; s++) {
                int base = (par * steps + s) * 3 * nbd;
                List<DeviceBlockSchedule.Move> moves = sch.moves(s);
                for (int j = 0; j < me.pairs; j++) {
                    int k = sch.firstPair(d) + j;
                    for (int hh = 0; hh < 2; hh++) {
                        int slot = 2 * j + hh, x = hh == 0 ? ct.p(s, k) : ct.q(s, k);
                        DeviceBlockSchedule.Move mv = moves.get(x);
                        if (mv.fromDevice != d || mv.fromSlot != slot) throw new IllegalStateException("schedule mismatch " + mv);
                        out[base + slot] = cur + 2L * j * colBytes;
                        out[base + nbd + slot] = qAddr + 8L * ((long) j * q2 * q2 + (long) hh * b * q2);
                        out[base + 2 * nbd + slot] = mv.peer() ? stage + slot * colBytes : next + mv.toSlot * colBytes;
                    }
                }
            }
        }
        return out;
    }

    private static long syncAll(Share[] sh) {
        for (Share s : sh) {
            s.dev.makeCurrent();
            s.dev.synchronize();
        }
        return System.nanoTime();
    }

    private static String names(Share[] sh) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sh.length; i++) sb.append(i > 0 ? ", " : "").append("GPU ").append(sh[i].dev.index);
        return sb.toString();
    }

    /** What ran, for the report. */
    public String describe() { return layout; }

    private static long address(DevicePointer p) {
        return com.sun.jna.Pointer.nativeValue(p.jna());
    }
}
