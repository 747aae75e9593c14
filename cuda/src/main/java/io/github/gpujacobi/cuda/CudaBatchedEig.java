package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.PageAssembly;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * Every page of a symmetric 3-D array (n = 1 ... 256) in one launch of eig_batched.cu: up to n = 32
 * one warp per page with the page in registers (eig_warp), above that a group of threads per page laid
 * out by {@link PagePlan} (the whole block from 128; the page in shared memory while it fits), the
 * whole parallel-ordering Jacobi solve inside the warp or group. The pages go up as they lie in the array (MATLAB's column-major n x n x p), without a
 * host copy; the kernel symmetrizes while loading. Eigenvalues and V come back in double for both
 * precisions (the rotations are accumulated in double).
 */
final class CudaBatchedEig {
    /** Pages per launch: bounds the device buffers (V of 512 pages of 256 x 256 is 256 MB). */
    static final long MAX_BYTES_PER_LAUNCH = 256L << 20;

    long computeNanos;

    /**
     * From this order on (and up to 256) pages take eig_blocked_pages, block Jacobi inside the page:
     * the pointwise kernel streams the whole page through global memory at each of its n - 1 steps per
     * sweep once A no longer fits shared memory. -Dgpujacobi.cuda.pageBlockedFrom for tuning runs.
     */
    static final int BLOCKED_FROM = Integer.getInteger("gpujacobi.cuda.pageBlockedFrom", 128);
    /** eig_blocked_pages' block: 8 warps (its pair solves keep a 32 x 32 page in registers: 255 per thread). */
    static final int BLOCKED_THREADS = 256;
    /** eig_blocked_pages' column block width (its B). */
    static final int BLOCKED_WIDTH = 16;

    /** Whether pages of order n run blocked: from BLOCKED_FROM, not for fixed sweep counts (the seeds' pointwise sweeps). */
    static boolean blocked(int n, int fixedSweeps) {
        return n >= Math.max(2 * BLOCKED_WIDTH + 1, BLOCKED_FROM) && n <= PagePlan.MAX_N && fixedSweeps <= 0;
    }

    /** Twin of eig_blocked_pages' shared memory: Q [half][32][32], per warp a 32 x 33 tile and (c, s) [2][16], flags, counter. */
    static int blockedSharedBytes(int half) {
        int warps = BLOCKED_THREADS / 32, ts = 2 * BLOCKED_WIDTH;
        return 8 * (half * ts * ts + warps * ts * (ts + 1) + warps * 2 * BLOCKED_WIDTH) + 4 * (half + 1);
    }

    static boolean fits(int n) {
        return PagePlan.eigTakes(n);
    }

    /** Pages per launch for order n. */
    static int chunk(int n, int pages) {
        long perPage = Math.max(1L, (long) n * n * 8);
        return (int) Math.max(1, Math.min(pages, Math.min(16384, MAX_BYTES_PER_LAUNCH / perPage)));
    }

    /** Solves all pages of a; fills values/vectors (sorted as eig returns them) and the per-page report arrays. */
    void run(CudaDevice dev, DeviceBuffers buf, PageArray a, double tol, int maxSweeps, int fixedSweeps,
             PageArray values, PageArray vectors, int[] sweeps, long[] rotations, boolean[] converged) {
        final int n = a.rows(), pages = a.pages(), nn = n * n;
        final Precision p = a.precision();
        final boolean wantV = vectors != null;
        final ChessTournament ct = new ChessTournament(n);
        final int half = ct.pairsPerStep(), steps = ct.steps();
        final PagePlan plan = PagePlan.eig(n, p, wantV, dev.maxSharedPerBlock);
        final int warp = PagePlan.warpClass(n);
        final int chunk = chunk(n, pages);
        CUdeviceptr ad = buf.get("A", (long) chunk * nn * p.bytes());
        CUdeviceptr dd = buf.get("D", (long) chunk * n * 8);
        DevicePointer vd = buf.get("V", wantV ? (long) chunk * nn * 8 : 8);
        CUdeviceptr sw = buf.get("pageSweeps", 4L * chunk), rot = buf.get("pageRotations", 8L * chunk);
        CUdeviceptr pairs = buf.constant("pairs", "chess:" + n, ct::flat);
        String kernel = Kernel.EIG_BATCHED.name(p);
        final boolean blocked = blocked(n, fixedSweeps);
        final int nb = (n + BLOCKED_WIDTH - 1) / BLOCKED_WIDTH;
        final ChessTournament bt = blocked ? new ChessTournament(nb) : null;
        final CUdeviceptr blockPairs = blocked ? buf.constant("blockPairs", "chess:" + nb, bt::flat) : null;
        final int blockedShared = blocked ? blockedSharedBytes(bt.pairsPerStep()) : 0;
        final double[] d = new double[chunk * n], vout = wantV ? new double[chunk * nn] : null; // reused by every launch
        for (int first = 0; first < pages; first += chunk) {
            int count = Math.min(chunk, pages - first);
            DeviceBuffers.uploadPages(ad, a, first, count);
            dev.synchronize();
            long t0 = System.nanoTime();
            if (blocked) {
                dev.launchShared(Kernel.EIG_BLOCKED_PAGES.name(p), count, BLOCKED_THREADS, blockedShared, Pointer.to(
                        Pointer.to(ad), Pointer.to(dd), Pointer.to(vd), Pointer.to(blockPairs), Pointer.to(new int[]{n}),
                        Pointer.to(new int[]{nb}), Pointer.to(new int[]{bt.pairsPerStep()}), Pointer.to(new int[]{bt.steps()}),
                        Pointer.to(new double[]{tol}), Pointer.to(new int[]{maxSweeps}), Pointer.to(sw), Pointer.to(rot),
                        Pointer.to(new int[]{wantV ? 1 : 0})));
                if (wantV) PagePolish.run(buf, vd, n, count);
            } else if (warp > 0) {
                dev.launchShared(Kernel.pageWarp(true, warp).name(p), (count + PagePlan.WARP_PAGES_PER_BLOCK - 1)
                        / PagePlan.WARP_PAGES_PER_BLOCK, 32 * PagePlan.WARP_PAGES_PER_BLOCK, 0, Pointer.to(Pointer.to(ad),
                        Pointer.to(dd), Pointer.to(vd), Pointer.to(new int[]{n}), Pointer.to(new double[]{fixedSweeps > 0 ? 0 : tol}),
                        Pointer.to(new int[]{maxSweeps}), Pointer.to(new int[]{fixedSweeps}), Pointer.to(sw), Pointer.to(rot),
                        Pointer.to(new int[]{wantV ? 1 : 0}), Pointer.to(new int[]{count})));
            } else dev.launchShared(kernel, plan.grid(count), plan.blockThreads(), plan.sharedBytes(), Pointer.to(Pointer.to(ad),
                    Pointer.to(dd), Pointer.to(vd), Pointer.to(pairs), Pointer.to(new int[]{n}), Pointer.to(new int[]{half}),
                    Pointer.to(new int[]{steps}), Pointer.to(new double[]{fixedSweeps > 0 ? 0 : tol}),
                    Pointer.to(new int[]{maxSweeps}), Pointer.to(new int[]{fixedSweeps}), Pointer.to(sw), Pointer.to(rot),
                    Pointer.to(new int[]{wantV ? 1 : 0}), Pointer.to(new int[]{plan.threadsPerPage}),
                    Pointer.to(new int[]{plan.pagesPerBlock}), Pointer.to(new int[]{count}),
                    Pointer.to(new int[]{plan.sharedA ? 1 : 0}), Pointer.to(new int[]{plan.sharedV ? 1 : 0}),
                    Pointer.to(new int[]{plan.pageBytes})));
            dev.synchronize();
            computeNanos += System.nanoTime() - t0;
            DeviceBuffers.downloadInto(dd, d, count * n);
            if (wantV) DeviceBuffers.downloadInto(vd, vout, count * nn);
            int[] s = new int[count];
            long[] r = new long[count];
            DeviceBuffers.readPageCounters(sw, rot, s, r);
            for (int k = 0; k < count; k++) {
                PageAssembly.eig(d, k * n, vout, k * nn, n, values, vectors, first + k);
                sweeps[first + k] = Math.abs(s[k]);
                rotations[first + k] = r[k];
                converged[first + k] = s[k] > 0 || n <= 1;
            }
        }
    }
}
