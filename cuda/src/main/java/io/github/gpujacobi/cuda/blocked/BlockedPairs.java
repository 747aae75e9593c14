package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.polish.PolarPolish;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The three operations of a blocked step on all its block pairs at once [11, 12]: (1) the pairs' Gram matrices,
 * (2) one sweep of svd_blocked.cu's blocked_pair on each, polished to an orthogonal Q, (3) the update of the pair's
 * columns by Q; shared by one GPU's sweeps ({@link BlockedSweeps}), the split pair problems ({@link CudaSplitPairs})
 * and the multi-GPU driver; and the pair kernel's launch configuration, twin of svd_blocked.cu's pair_config.
 */
final class BlockedPairs {
    private BlockedPairs() {}

    /** Step (1) for the pairs lying contiguously in w (leading dimension ld, m rows): gram_k = [Gi Gj]'[Gi Gj]. */
    static void gram(CudaLibraries lib, BlockedScalar el, DevicePointer w, int ld, int m, int q2, int pairs, DevicePointer gram) {
        el.gemmStridedBatched(lib, el.adjoint, 0, q2, q2, m, el.one, w.jna(), ld, (long) q2 * ld, w.jna(), ld, (long) q2 * ld,
                el.zero, gram.jna(), q2, (long) q2 * q2, pairs, "gemmStridedBatched");
    }

    /**
     * Step (2): one sweep of blocked_pair on every pair's Gram matrix (innerPairs: CrossPairs' order when cross,
     * which the kernel accumulates in registers), its pair rotation counts to rotOut, and the polish of the
     * accumulated rotations into q: in the kernel up to 2b = 64, else by two batched GEMMs (rawR and cs:
     * blocked_pair's scratch).
     */
    static void solve(GpuContext gpu, BlockedScalar el, int q2, int pairs, DevicePointer gram,
                      DevicePointer q, DevicePointer rawR, CUdeviceptr innerPairs, boolean cross, int innerSteps,
                      double tol, CUdeviceptr rotOut, DevicePointer cs, CUdeviceptr pairSigns, boolean swap) {
        BlockedKernels.pair(gpu, el, q2, pairs, threads(q2), sharedBytes(q2, el.bytes), gram, q, rawR, innerPairs, innerSteps,
                tol, rotOut, cs, cross, pairSigns, swap);
        if (polishedInKernel(q2)) return;
        CudaLibraries lib = gpu.libraries("Method 'blocked'");
        if (pairSigns == null) {
            PolarPolish.batched(lib, el, rawR, gram, q, q2, pairs);
        } else { // real only (q2 = 128 for the hyperbolic sweeps), J-weighted [23]: T = (R J)' (J R) = J R' J R from the
            // kernel's J R and R J in cs, then q := R (3I - T) / 2
            long stride = scratch(q2), qq = (long) q2 * q2;
            com.sun.jna.Pointer c = cs.jna();
            el.gemmStridedBatched(lib, 1, 0, q2, q2, q2, el.one, c.share(8 * qq), q2, stride, c, q2, stride, el.zero, gram.jna(),
                    q2, qq, pairs, "gemmStridedBatched (RJ)'(JR)");
            el.gemmStridedBatched(lib, 0, 0, q2, q2, q2, el.minusHalf, rawR.jna(), q2, qq, gram.jna(), q2, qq, el.threeHalves,
                    q.jna(), q2, qq, pairs, "gemmStridedBatched J polish");
        }
    }

    /**
     * Step (3): every block's output [Gi Gj; Vi Vj] Q_k into its next slot, one batched GEMM over the
     * count blocks whose A, B and C pointer arrays start at byte offset base of ptrs.
     */
    static void apply(CudaLibraries lib, BlockedScalar el, DevicePointer ptrs, long base, int ld, int b, int q2, int count) {
        com.sun.jna.Pointer arr = ptrs.jna();
        el.gemmBatched(lib, 0, 0, ld, b, q2, el.one, arr.share(base), ld, arr.share(base + 8L * count), q2, el.zero,
                arr.share(base + 16L * count), ld, count, "gemmBatched");
    }

    /**
     * Doubles of blocked_pair's per-pair scratch cs for pair width q2 (pair_config::CS_STRIDE): (c, s1, s2) of q2 / 2
     * rotations per step, q2 - 1 steps; where the caller polishes, room for J R and R J.
     */
    static long scratch(int q2) {
        return polishedInKernel(q2) ? (long) (q2 - 1) * 3 * (q2 / 2) : 2L * q2 * q2; // 2 q2^2 > the steps' 1.5 q2 (q2 - 1)
    }

    /**
     * Whether blocked_pair polishes its R itself: up to 2b = 64 two register-tiled products in shared memory cost less
     * than the two cuBLAS launches.
     */
    static boolean polishedInKernel(int q2) {
        return q2 <= 64;
    }

    /**
     * Threads of blocked_pair for pair width q2, as svd_blocked.cu instantiates it: fewer than one per 2 x 2 block of a
     * step pays from 2b = 64, where a step's rotations no longer fill the threads.
     */
    static int threads(int q2) {
        return q2 >= 128 ? 512 : q2 >= 64 ? 256 : Math.max(32, 8 * q2);
    }

    /**
     * Shared memory of blocked_pair for 2b = q2 and elements of elementBytes (BlockedScalar.bytes): A, padded, and
     * the polish's second matrix where it polishes.
     */
    static int sharedBytes(int q2, int elementBytes) {
        return q2 * (q2 + 1) * elementBytes * (polishedInKernel(q2) ? 2 : 1);
    }
}
