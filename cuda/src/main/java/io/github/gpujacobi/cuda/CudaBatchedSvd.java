package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageStats;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * Every page of a 3-D array of small matrices in one launch of svd_batched.cu: one block per page,
 * the page in shared memory, the whole one-sided Jacobi solve inside the block (wide pages are
 * transposed on the host, as in the page loop). Replaces one cooperative launch per sweep per page.
 */
final class CudaBatchedSvd {
    static final int BLOCK = 256;

    /** Shared memory of one block: the page (mm x nn, mm >= nn) and V when wanted. */
    static long sharedBytes(int mm, int nn, Precision p, boolean wantV) {
        return ((long) mm * nn + (wantV ? (long) nn * nn : 0)) * p.bytes();
    }

    static boolean fits(CudaDevice dev, int m, int n, Precision p, boolean wantV) {
        int mm = Math.max(m, n), nn = Math.min(m, n);
        return nn >= 1 && sharedBytes(mm, nn, p, wantV) <= dev.maxSharedPerBlock;
    }

    /** Solves all pages of a into s, u, v (as svd returns them) and records each page in stats. */
    void run(CudaDevice dev, DeviceBuffers buf, PageArray a, double tol, int maxSweeps, int fixedSweeps,
             PageArray s, PageArray u, PageArray v, PageStats stats) {
        final int m = a.rows(), n = a.cols(), pages = a.pages();
        final boolean tall = m >= n, wantV = u != null;
        final int mm = tall ? m : n, nn = tall ? n : m, size = mm * nn;
        final Precision p = a.precision();
        final ChessTournament ct = new ChessTournament(nn);
        final int chunk = Math.min(pages, CudaBatchedEig.MAX_PAGES_PER_LAUNCH);
        long e = p.bytes();
        CUdeviceptr ud = buf.get("U", (long) chunk * size * e), vd = buf.get("V", (long) chunk * nn * nn * e);
        CUdeviceptr sw = buf.get("pageSweeps", 4L * chunk), rot = buf.get("pageRotations", 8L * chunk);
        CUdeviceptr pairs = buf.constant("pairs", "chess:" + nn, ct::flat);
        String kernel = Kernel.SVD_BATCHED.name(p);
        for (int first = 0; first < pages; first += chunk) {
            int count = Math.min(chunk, pages - first);
            double[] host = new double[count * size];
            for (int k = 0; k < count; k++) {
                double[] page = a.pageAsDouble(first + k);
                System.arraycopy(tall ? page : PageAssembly.transpose(page, m, n), 0, host, k * size, size);
            }
            DeviceBuffers.upload(ud, host, p);
            dev.synchronize();
            long t0 = System.nanoTime();
            dev.launchShared(kernel, count, BLOCK, (int) sharedBytes(mm, nn, p, wantV), Pointer.to(Pointer.to(ud),
                    Pointer.to(vd), Pointer.to(pairs), Pointer.to(new int[]{mm}), Pointer.to(new int[]{nn}),
                    Pointer.to(new int[]{ct.pairsPerStep()}), Pointer.to(new int[]{ct.steps()}),
                    DeviceBuffers.scalar(tol, p), Pointer.to(new int[]{maxSweeps}), Pointer.to(new int[]{fixedSweeps}),
                    Pointer.to(sw), Pointer.to(rot), Pointer.to(new int[]{wantV ? 1 : 0})));
            dev.synchronize();
            stats.addComputeNanos(System.nanoTime() - t0);
            double[] out = DeviceBuffers.download(ud, count * size, p);
            double[] vout = wantV ? DeviceBuffers.download(vd, count * nn * nn, p) : null;
            int[] sweeps = new int[count];
            long[] rotations = new long[count];
            DeviceBuffers.readPageCounters(sw, rot, sweeps, rotations);
            for (int k = 0; k < count; k++) {
                double[] w = new double[size];
                System.arraycopy(out, k * size, w, 0, size);
                double[] vw = null;
                if (wantV) {
                    vw = new double[nn * nn];
                    System.arraycopy(vout, k * nn * nn, vw, 0, nn * nn);
                }
                PageAssembly.svd(w, vw, mm, nn, tall, s, u, v, first + k);
                stats.record(first + k, Math.abs(sweeps[k]), rotations[k], sweeps[k] > 0 || nn <= 1);
            }
        }
    }
}
