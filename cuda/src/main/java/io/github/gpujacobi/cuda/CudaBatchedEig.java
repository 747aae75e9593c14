package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.PageAssembly;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * Every page of a small symmetric 3-D array in one launch of eig_batched.cu: one block per page,
 * the page in shared memory, the whole parallel-ordering Jacobi solve inside the block. Replaces
 * the page loop of cooperative sweep launches, which is latency bound for small n (2.6 ms per
 * 64 x 64 page on an H100).
 */
final class CudaBatchedEig {
    static final int BLOCK = 256;
    /** Pages per launch: bounds the staging arrays on the host and the buffers on the device. */
    static final int MAX_PAGES_PER_LAUNCH = 16384;

    long computeNanos;

    /** Shared memory of one block: A, V when wanted, and the c, s of a step. */
    static long sharedBytes(int n, Precision p, boolean wantV) {
        int half = (n + (n & 1)) / 2;
        return ((long) n * n * (wantV ? 2 : 1) + 2L * half) * p.bytes();
    }

    /** Whether a page of order n fits one block's shared memory on this device. */
    static boolean fits(CudaDevice dev, int n, Precision p, boolean wantV) {
        return n >= 1 && sharedBytes(n, p, wantV) <= dev.maxSharedPerBlock;
    }

    /** Solves all pages of a; fills values/vectors (sorted as eig returns them) and the per-page report arrays. */
    void run(CudaDevice dev, DeviceBuffers buf, PageArray a, double tol, int maxSweeps, int fixedSweeps,
             PageArray values, PageArray vectors, int[] sweeps, long[] rotations, boolean[] converged) {
        final int n = a.rows(), pages = a.pages(), nn = n * n;
        final Precision p = a.precision();
        final boolean wantV = vectors != null;
        final ChessTournament ct = new ChessTournament(n);
        final int half = ct.pairsPerStep(), steps = ct.steps();
        final int chunk = Math.min(pages, MAX_PAGES_PER_LAUNCH);
        long e = p.bytes();
        CUdeviceptr ad = buf.get("A", (long) chunk * nn * e), vd = buf.get("V", (long) chunk * nn * e);
        CUdeviceptr sw = buf.get("pageSweeps", 4L * chunk), rot = buf.get("pageRotations", 8L * chunk);
        CUdeviceptr pairs = buf.constant("pairs", "chess:" + n, ct::flat);
        int shared = (int) sharedBytes(n, p, wantV);
        String kernel = Kernel.EIG_BATCHED.name(p);
        for (int first = 0; first < pages; first += chunk) {
            int count = Math.min(chunk, pages - first);
            double[] host = new double[count * nn];
            for (int k = 0; k < count; k++) {
                double[] w = a.pageAsDouble(first + k);
                PageAssembly.symmetrize(w, n);
                System.arraycopy(w, 0, host, k * nn, nn);
            }
            DeviceBuffers.upload(ad, host, p);
            dev.synchronize();
            long t0 = System.nanoTime();
            dev.launchShared(kernel, count, BLOCK, shared, Pointer.to(Pointer.to(ad), Pointer.to(vd), Pointer.to(pairs),
                    Pointer.to(new int[]{n}), Pointer.to(new int[]{half}), Pointer.to(new int[]{steps}),
                    DeviceBuffers.scalar(fixedSweeps > 0 ? 0 : tol, p), Pointer.to(new int[]{maxSweeps}),
                    Pointer.to(new int[]{fixedSweeps}), Pointer.to(sw), Pointer.to(rot), Pointer.to(new int[]{wantV ? 1 : 0})));
            dev.synchronize();
            computeNanos += System.nanoTime() - t0;
            double[] out = DeviceBuffers.download(ad, count * nn, p);
            double[] vout = wantV ? DeviceBuffers.download(vd, count * nn, p) : null;
            int[] s = new int[count];
            long[] r = new long[count];
            DeviceBuffers.readPageCounters(sw, rot, s, r);
            for (int k = 0; k < count; k++) {
                double[] d = new double[n];
                for (int i = 0; i < n; i++) d[i] = out[k * nn + i + i * n];
                double[] v = null;
                if (wantV) {
                    v = new double[nn];
                    System.arraycopy(vout, k * nn, v, 0, nn);
                }
                PageAssembly.eig(d, v, n, values, vectors, first + k);
                sweeps[first + k] = Math.abs(s[k]);
                rotations[first + k] = r[k];
                converged[first + k] = s[k] > 0 || n <= 1;
            }
        }
    }
}
