package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
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
final class CudaPagesLu {
    /** The largest page order: beyond it one blocked Gauss-Jordan per page keeps the GPU busy on its own. */
    static final int MAX_N = 256;
    /** Bytes of one of the two page buffers a launch fills: bounds the device memory (512 pages of 256 in double). */
    static final long MAX_BYTES_PER_LAUNCH = 256L << 20;

    /** The report's note where this route ran (the method stays Gauss-Jordan's: the same pivots, the same rule). */
    static final String NOTE = "pages inverted together by cuBLAS's batched LU with partial pivoting (getrfBatched, getriBatched)";

    /** Kernel time of the last run, transfers excluded. */
    long computeNanos;

    /** Whether pages of order n go here: from {@link Tuning#invPagesLuFrom} to {@link #MAX_N}, several pages. */
    static boolean takes(Tuning t, int n, int pages) {
        return pages > 1 && n >= t.invPagesLuFrom && n <= MAX_N;
    }

    /** Pages per launch for order n in precision p. */
    static int chunk(int n, Precision p, int pages) {
        long perPage = Math.max(1L, (long) n * n * p.bytes());
        return (int) Math.max(1, Math.min(pages, MAX_BYTES_PER_LAUNCH / perPage));
    }

    /** Inverts every page of a into x (same shape and precision); per page whether the LU met no zero pivot. */
    boolean[] run(CudaDevice dev, DeviceBuffers buf, PageArray a, PageArray x) {
        final int n = a.rows(), pages = a.pages();
        final Precision p = a.precision();
        final boolean dbl = p == Precision.DOUBLE;
        final long pageBytes = (long) n * n * p.bytes();
        final int chunk = chunk(n, p, pages);
        CudaLibraries lib = CudaLibraries.get("the batched inversion of pages");
        DevicePointer lu = buf.get("luPages", chunk * pageBytes), inv = buf.get("luInverses", chunk * pageBytes);
        DevicePointer piv = buf.get("luPivots", 4L * n * chunk), info = buf.get("luInfo", 4L * chunk);
        DevicePointer infoInverse = buf.get("luInfoInverse", 4L * chunk); // getriBatched's: repeats getrfBatched's verdict
        DevicePointer luPtrs = pointers(buf, "luPagePtrs", lu, pageBytes, chunk);
        DevicePointer invPtrs = pointers(buf, "luInversePtrs", inv, pageBytes, chunk);
        boolean[] eliminated = new boolean[pages];
        int[] status = new int[chunk];
        for (int first = 0; first < pages; first += chunk) {
            int count = Math.min(chunk, pages - first);
            DeviceBuffers.uploadPages(lu, a, first, count);
            dev.synchronize();
            long t0 = System.nanoTime();
            CudaLibraries.status(dbl ? lib.blas.cublasDgetrfBatched(lib.blasHandle, n, luPtrs.jna(), n, piv.jna(), info.jna(), count)
                    : lib.blas.cublasSgetrfBatched(lib.blasHandle, n, luPtrs.jna(), n, piv.jna(), info.jna(), count), "getrfBatched");
            CudaLibraries.status(dbl ? lib.blas.cublasDgetriBatched(lib.blasHandle, n, luPtrs.jna(), n, piv.jna(), invPtrs.jna(), n,
                    infoInverse.jna(), count)
                    : lib.blas.cublasSgetriBatched(lib.blasHandle, n, luPtrs.jna(), n, piv.jna(), invPtrs.jna(), n, infoInverse.jna(),
                    count),
                    "getriBatched");
            dev.synchronize();
            computeNanos += System.nanoTime() - t0;
            downloadPages(inv, x, first, count);
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(status), info, 4L * count), "cuMemcpyDtoH getrfBatched info");
            for (int k = 0; k < count; k++) eliminated[first + k] = status[k] == 0;
        }
        return eliminated;
    }

    /** The device table of page addresses base, base + pageBytes, ... that the batched routines take, uploaded once per layout. */
    private static DevicePointer pointers(DeviceBuffers buf, String role, DevicePointer base, long pageBytes, int count) {
        final long b = com.sun.jna.Pointer.nativeValue(base.jna());
        return buf.constant(role, role + ":" + b + ":" + pageBytes + ":" + count, () -> {
            long[] addr = new long[count];
            for (int k = 0; k < count; k++) addr[k] = b + k * pageBytes;
            return BlockedTables.littleEndianWords(addr);
        });
    }

    /** Pages first .. first+count-1 of x, in x's precision, from src (the inverse of {@link DeviceBuffers#uploadPages}). */
    static void downloadPages(DevicePointer src, PageArray x, int first, int count) {
        long offset = (long) first * x.pageSize(), length = (long) count * x.pageSize();
        boolean dbl = x.precision() == Precision.DOUBLE;
        if (length * x.precision().bytes() >= HostStaging.FROM_BYTES) {
            HostStaging.download(src, dbl ? HostStaging.doubles(x.doubleData()) : HostStaging.floats(x.floatData()), offset, length);
        } else if (dbl) {
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(x.doubleData()).withByteOffset(offset * 8), src, length * 8),
                    "cuMemcpyDtoH pages");
        } else {
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(x.floatData()).withByteOffset(offset * 4), src, length * 4),
                    "cuMemcpyDtoH pages");
        }
    }
}
