package io.github.gpujacobi.cuda.inverse;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.Deferred;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Tuning;
import io.github.gpujacobi.cuda.launch.Workspace;
import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * Inverts every page of a page array whose pages are too large for the shared-memory Gauss-Jordan kernels
 * ({@link CudaBatchedInverse}) but small enough that one library call per page would be launch-bound: cuBLAS's
 * batched LU with partial pivoting (getrfBatched, in place) and its inverse from the factors (getriBatched, into a
 * second buffer), all pages of a chunk in two calls [17]. Partial pivoting picks the pivots Gauss-Jordan picks, so
 * the singular rule is the other GPU routes': a page whose U has an exactly zero pivot (getrfBatched's info > 0) is
 * singular; a NaN page comes back non-finite and is judged singular by the shared policy, which also computes every
 * page's RCOND from the explicit inverse (core/InverseCheck), as it does for the Gauss-Jordan routes.
 */
public final class CudaPagesLu {
    /** The largest page order: beyond it one blocked Gauss-Jordan per page keeps the GPU busy on its own. */
    public static final int MAX_N = 256;
    /** Bytes of one of the two page buffers a launch fills: bounds the device memory (512 pages of 256 in double). */
    public static final long MAX_BYTES_PER_LAUNCH = 256L << 20;

    /** The report's note where this route ran (the method stays Gauss-Jordan's: the same pivots, the same rule). */
    public static final String NOTE = "pages inverted together by cuBLAS's batched LU with partial pivoting (getrfBatched, getriBatched)";

    /** Kernel time of the last run, transfers excluded. */
    public long computeNanos;

    /** Whether pages of order n go here: from {@link Tuning#invPagesLuFrom} to {@link #MAX_N}, several pages. */
    public static boolean takes(Tuning t, int n, int pages) {
        return pages > 1 && n >= t.invPagesLuFrom && n <= MAX_N;
    }

    /** Pages per launch for order n in precision p. */
    public static int chunk(int n, Precision p, int pages) {
        long perPage = Math.max(1L, (long) n * n * p.bytes());
        return (int) Math.max(1, Math.min(pages, MAX_BYTES_PER_LAUNCH / perPage));
    }

    /**
     * Inverts every page of a into x (same shape and precision; may still be being allocated: waited for where the
     * first inverses come down); per page whether the LU met no zero pivot.
     */
    public boolean[] run(GpuContext gpu, PageArray a, Deferred<PageArray> pending) {
        final int n = a.rows(), pages = a.pages();
        final Precision p = a.precision();
        final boolean dbl = p == Precision.DOUBLE;
        final long pageBytes = (long) n * n * p.bytes();
        final int chunk = chunk(n, p, pages);
        CudaLibraries lib = gpu.libraries("the batched inversion of pages");
        DevicePointer lu = gpu.buffer(Workspace.LU_PAGES, chunk * pageBytes), inv = gpu.buffer(Workspace.LU_INVERSES, chunk * pageBytes);
        DevicePointer piv = gpu.buffer(Workspace.LU_PIVOTS, 4L * n * chunk), info = gpu.buffer(Workspace.LU_INFO, 4L * chunk);
        DevicePointer infoInverse = gpu.buffer(Workspace.LU_INFO_INVERSE, 4L * chunk); // getriBatched's: repeats getrfBatched's verdict
        DevicePointer luPtrs = pointers(gpu, Workspace.LU_PAGE_PTRS, lu, pageBytes, chunk);
        DevicePointer invPtrs = pointers(gpu, Workspace.LU_INVERSE_PTRS, inv, pageBytes, chunk);
        boolean[] eliminated = new boolean[pages];
        int[] status = new int[chunk];
        PageArray x = null;
        for (int first = 0; first < pages; first += chunk) {
            int count = Math.min(chunk, pages - first);
            DeviceBuffers.uploadPages(lu, a, first, count);
            gpu.synchronize();
            long t0 = System.nanoTime();
            CudaLibraries.status(dbl ? lib.blas.cublasDgetrfBatched(lib.blasHandle, n, luPtrs.jna(), n, piv.jna(), info.jna(), count)
                    : lib.blas.cublasSgetrfBatched(lib.blasHandle, n, luPtrs.jna(), n, piv.jna(), info.jna(), count), "getrfBatched");
            CudaLibraries.status(dbl ? lib.blas.cublasDgetriBatched(lib.blasHandle, n, luPtrs.jna(), n, piv.jna(), invPtrs.jna(), n,
                    infoInverse.jna(), count)
                    : lib.blas.cublasSgetriBatched(lib.blasHandle, n, luPtrs.jna(), n, piv.jna(), invPtrs.jna(), n, infoInverse.jna(),
                    count),
                    "getriBatched");
            gpu.synchronize();
            computeNanos += System.nanoTime() - t0;
            if (x == null) x = pending.get();
            DeviceBuffers.downloadPagesAsIs(inv, x, first, count);
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(status), info, 4L * count), "cuMemcpyDtoH getrfBatched info");
            for (int k = 0; k < count; k++) eliminated[first + k] = status[k] == 0;
        }
        return eliminated;
    }

    /** The device table of page addresses base, base + pageBytes, ... that the batched routines take, uploaded once per layout. */
    private static DevicePointer pointers(GpuContext gpu, Workspace role, DevicePointer base, long pageBytes, int count) {
        final long b = com.sun.jna.Pointer.nativeValue(base.jna());
        return gpu.constant(role, role + ":" + b + ":" + pageBytes + ":" + count, () -> {
            long[] addr = new long[count];
            for (int k = 0; k < count; k++) addr[k] = b + k * pageBytes;
            return DeviceBuffers.littleEndianWords(addr);
        });
    }
}
