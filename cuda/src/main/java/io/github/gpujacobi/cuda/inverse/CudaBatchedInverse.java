package io.github.gpujacobi.cuda.inverse;

import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.IntakeKernels;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Deferred;
import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * Gauss-Jordan inversion of every page of a page array in one launch (inv_batched.cu [15]): one
 * warp per page up to 32 x 32, else one block per page, the page in shared memory. Serves pages (and single matrices) up to
 * {@link #MAX_N}, where the blocked path would be launch-bound.
 */
public final class CudaBatchedInverse {
    /** The largest page order: 64 x 64 doubles (32 KB) fit the default shared memory of a block. */
    public static final int MAX_N = 64;

    /** Up to this order a page gets one warp (inv_warp), lane i row i. */
    static final int WARP_MAX_N = 32;
    /** Pages (warps) a block of inv_warp: 4 x 8.7 KB of shared memory at n = 32 in double. */
    static final int WARPS = 4;

    /** Kernel time of the last run, transfers excluded. */
    public long computeNanos;

    /** About four elements a thread, whole warps, at least n (one row each), at most 256. */
    static int threads(int n) {
        return Math.max(32, Math.min(256, ((n * n / 4) + 31) / 32 * 32));
    }

    public static boolean fits(int n) {
        return n >= 1 && n <= MAX_N;
    }

    /** Per page ||A||_1 and ||inv(A)||_1 as the kernels found them (0 for the inverse of a page that broke down). */
    double[] norms;

    /**
     * Whether {@link #run} with options serves a call: 'auto' and 'gaussjordan' on pages of 2 ... {@link #MAX_N}
     * (several pages, or one with 'gaussjordan'), the input checked on the device.
     */
    public static boolean takes(PageArray a, SolverOptions o) {
        int n = a.rows();
        return fits(n) && n >= 2 && (Methods.AUTO.equals(o.method()) && a.pages() > 1 || Methods.GAUSS_JORDAN.equals(o.method()));
    }

    /**
     * Inverts every page of a into x (same shape; may still be being allocated: waited for where the inverses come
     * down); per page whether the elimination met no zero pivot. With options o
     * (null: the caller checked the input) the device checks the pages for NaN and Inf first, with InputChecks' error.
     */
    public boolean[] run(GpuContext gpu, PageArray a, Deferred<PageArray> x, SolverOptions o) {
        int n = a.rows(), pages = a.pages();
        Precision p = a.precision();
        long e = p.bytes(), bytes = (long) a.length() * e;
        DevicePointer data = gpu.buffer(Workspace.INV_PAGES, bytes), norms = gpu.buffer(Workspace.INV_NORMS, 16L * pages),
                sing = gpu.buffer(Workspace.INV_SINGULAR, 4L * pages);
        DeviceBuffers.uploadPages(data, a, 0, pages);
        if (o != null) {
            DevicePointer checks = gpu.buffer(Workspace.PAGE_CHECKS, 5L * 8 * pages);
            IntakeKernels.pages(gpu, p, data, n, pages, 1.0, checks);
            double[] st = DeviceBuffers.download(checks, 5 * pages, Precision.DOUBLE);
            for (int k = 0; k < pages; k++) if (st[5 * k + 2] != 0) InputChecks.requireFinite(a, o); // names the entry
        }
        gpu.synchronize();
        long t0 = System.nanoTime();
        if (n <= WARP_MAX_N) InverseKernels.invWarp(gpu, p, data, n, pages, norms, sing);
        else InverseKernels.invBatched(gpu, p, pages, data, n, norms, sing);
        gpu.synchronize();
        computeNanos = System.nanoTime() - t0;
        DeviceBuffers.downloadPagesAsIs(data, x.get(), 0, pages);
        this.norms = DeviceBuffers.download(norms, 2 * pages, Precision.DOUBLE);
        int[] s = new int[pages];
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(s), sing, 4L * pages), "cuMemcpyDtoH singular");
        boolean[] eliminated = new boolean[pages];
        for (int k = 0; k < pages; k++) eliminated[k] = s[k] == 0;
        return eliminated;
    }
}
