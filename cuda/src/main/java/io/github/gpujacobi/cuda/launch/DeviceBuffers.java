package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Device allocations reused across calls and pages: one buffer per role, grown when a larger
 * problem arrives, so a page loop allocates once. Between calls the backend keeps at most a cap
 * ({@link #trim}) and gives everything back on request ({@link #release}). Transfers convert the
 * host's double working arrays to the device's element type.
 */
public final class DeviceBuffers {
    private static final class Buffer {
        final DevicePointer ptr = new DevicePointer();
        long bytes;
        /** What constant content the buffer holds (see {@link #constant}), or null. */
        Object content;
    }

    private final Map<String, Buffer> buffers = new HashMap<String, Buffer>();

    DevicePointer get(Workspace role, long bytes) {
        return get(role.toString(), bytes);
    }

    /** The buffer of a workspace that has one a level ({@link Workspace#at}). */
    DevicePointer get(Workspace role, int level, long bytes) {
        return get(role.at(level), bytes);
    }

    private DevicePointer get(String role, long bytes) {
        Buffer b = buffers.get(role);
        if (b == null) {
            b = new Buffer();
            buffers.put(role, b);
        }
        if (b.bytes < bytes) {
            b.content = null;
            if (b.bytes > 0) CudaDevice.check(JCudaDriver.cuMemFree(b.ptr), "cuMemFree");
            b.bytes = 0;
            CudaDevice.check(JCudaDriver.cuMemAlloc(b.ptr, Math.max(bytes, 8)), "cuMemAlloc " + role + " (" + bytes + " bytes)");
            b.bytes = Math.max(bytes, 8);
        }
        return b.ptr;
    }

    /**
     * A buffer holding constant ints (a pairing schedule, the update GEMM's pointers) identified by key: uploaded
     * only when the key changes, so the pages of one call and repeated calls of one size upload it once.
     */
    DevicePointer constant(Workspace workspace, Object key, Supplier<int[]> content) {
        String role = workspace.toString();
        Buffer known = buffers.get(role);
        if (known != null && key.equals(known.content)) return known.ptr;
        int[] data = content.get();
        DevicePointer ptr = get(role, 4L * Math.max(2, data.length));
        if (data.length > 0) upload(ptr, data);
        buffers.get(role).content = key;
        return ptr;
    }

    /** Frees everything (after an out-of-memory error, or on request); returns the bytes freed. */
    public long release() {
        long freed = bytes();
        for (Buffer b : buffers.values()) {
            if (b.bytes > 0) JCudaDriver.cuMemFree(b.ptr);
        }
        buffers.clear();
        return freed;
    }

    /** Forgets every buffer without freeing it (its context is gone or broken: {@link GpuContext#discard}). */
    void forget() {
        buffers.clear();
    }

    /** Device memory held now. */
    long bytes() {
        long total = 0;
        for (Buffer b : buffers.values()) total += b.bytes;
        return total;
    }

    /** After a call: frees everything when more than cap bytes are held, so one large problem does not pin its memory. */
    public void trim(long cap) {
        if (bytes() > cap) release();
    }

    public static void upload(CUdeviceptr dst, double[] src, Precision p) {
        if ((long) src.length * p.bytes() >= HostStaging.FROM_BYTES) {
            HostStaging.upload(dst, p == Precision.DOUBLE ? HostStaging.doubles(src) : HostStaging.doublesAsFloats(src), 0, src.length);
        } else if (p == Precision.DOUBLE) {
            CudaDevice.check(JCudaDriver.cuMemcpyHtoD(dst, Pointer.to(src), (long) src.length * 8), "cuMemcpyHtoD");
        } else {
            float[] f = new float[src.length];
            for (int i = 0; i < f.length; i++) f[i] = (float) src[i];
            CudaDevice.check(JCudaDriver.cuMemcpyHtoD(dst, Pointer.to(f), (long) f.length * 4), "cuMemcpyHtoD");
        }
    }

    /**
     * Pages first .. first+count-1 of a as they lie in its array (column-major, page after page), in
     * a's own precision, straight from the array: no host copy.
     */
    public static void uploadPages(CUdeviceptr dst, PageArray a, int first, int count) {
        long offset = a.offset() + (long) first * a.pageSize(), length = (long) count * a.pageSize();
        if (length * a.precision().bytes() >= HostStaging.FROM_BYTES) {
            HostStaging.upload(dst, a.precision() == Precision.DOUBLE ? HostStaging.doubles(a.doubleData())
                    : HostStaging.floats(a.floatData()), offset, length);
        } else if (a.precision() == Precision.DOUBLE) {
            CudaDevice.check(JCudaDriver.cuMemcpyHtoD(dst, Pointer.to(a.doubleData()).withByteOffset(offset * 8), length * 8),
                    "cuMemcpyHtoD pages");
        } else {
            CudaDevice.check(JCudaDriver.cuMemcpyHtoD(dst, Pointer.to(a.floatData()).withByteOffset(offset * 4), length * 4),
                    "cuMemcpyHtoD pages");
        }
    }

    /** Page k of a (any precision) into dst as doubles, straight from the caller's array (single converted on the way). */
    public static void uploadPageAsDouble(CUdeviceptr dst, PageArray a, int k) {
        long first = a.offset() + (long) k * a.pageSize(), count = a.pageSize();
        if (8 * count < HostStaging.FROM_BYTES) upload(dst, a.pageAsDouble(k), Precision.DOUBLE);
        else if (a.precision() == Precision.DOUBLE) HostStaging.upload(dst, HostStaging.doubles(a.doubleData()), first, count);
        else HostStaging.upload(dst, HostStaging.floatsAsDoubles(a.floatData()), first, count);
    }

    public static void upload(CUdeviceptr dst, int[] src) {
        CudaDevice.check(JCudaDriver.cuMemcpyHtoD(dst, Pointer.to(src), (long) src.length * 4), "cuMemcpyHtoD");
    }

    public static int[] downloadInts(CUdeviceptr src, int count) {
        int[] out = new int[count];
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(out), src, 4L * count), "cuMemcpyDtoH");
        return out;
    }

    public static double[] download(CUdeviceptr src, int count, Precision p) {
        double[] out = new double[count];
        if (p == Precision.DOUBLE) {
            downloadInto(src, out, count);
        } else if (4L * count >= HostStaging.FROM_BYTES) {
            HostStaging.download(src, HostStaging.doublesAsFloats(out), 0, count);
        } else {
            float[] f = new float[count];
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(f), src, (long) count * 4), "cuMemcpyDtoH");
            for (int i = 0; i < count; i++) out[i] = f[i];
        }
        return out;
    }

    /** The first count doubles of a double device buffer into dst (a caller's array: no host copy after). */
    public static void downloadInto(CUdeviceptr src, double[] dst, int count) {
        if (8L * count >= HostStaging.FROM_BYTES) HostStaging.download(src, HostStaging.doubles(dst), 0, count);
        else CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(dst), src, (long) count * 8), "cuMemcpyDtoH");
    }

    /** A page's doubles in a device buffer into page k of dst (a result: double or single), with no host copy between. */
    public static void downloadPage(CUdeviceptr src, PageArray dst, int k) {
        downloadPages(src, dst, k, 1);
    }

    /** As {@link #downloadPage} for pages first .. first + pages - 1, lying one after the other in src. */
    public static void downloadPages(CUdeviceptr src, PageArray dst, int firstPage, int pages) {
        if (dst.precision() == Precision.DOUBLE) { // the device's precision: straight, or staged, into the caller's array
            downloadPagesAsIs(src, dst, firstPage, pages);
            return;
        }
        long count = (long) pages * dst.pageSize(), first = (long) firstPage * dst.pageSize();
        if (8 * count < HostStaging.FROM_BYTES) {
            double[] part = new double[(int) count];
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(part), src, 8 * count), "cuMemcpyDtoH pages");
            dst.write((int) first, part, 0, (int) count); // write() places it in a window's own pages
        } else {
            HostStaging.download(src, HostStaging.floatsAsDoubles(dst.floatData()), dst.offset() + first, count);
        }
    }

    /** Pages first .. first + count - 1 of dst from src, in dst's own precision (the reverse of {@link #uploadPages}). */
    public static void downloadPagesAsIs(CUdeviceptr src, PageArray dst, int first, int count) {
        long offset = dst.offset() + (long) first * dst.pageSize(), length = (long) count * dst.pageSize();
        if (length * dst.precision().bytes() >= HostStaging.FROM_BYTES) {
            HostStaging.download(src, dst.precision() == Precision.DOUBLE ? HostStaging.doubles(dst.doubleData())
                    : HostStaging.floats(dst.floatData()), offset, length);
        } else if (dst.precision() == Precision.DOUBLE) {
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(dst.doubleData()).withByteOffset(offset * 8), src, length * 8),
                    "cuMemcpyDtoH pages");
        } else {
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(dst.floatData()).withByteOffset(offset * 4), src, length * 4),
                    "cuMemcpyDtoH pages");
        }
    }

    /**
     * As {@link #downloadPages} with every copy staged and on stream: on a non-blocking stream ({@link SideStream}) the
     * pages come down while the default stream's kernels go on (a plain copy would wait for them).
     */
    public static void downloadPagesOn(CUstream stream, CUdeviceptr src, PageArray dst, int firstPage, int pages) {
        long offset = dst.offset() + (long) firstPage * dst.pageSize(), length = (long) pages * dst.pageSize();
        HostStaging.download(src, dst.precision() == Precision.DOUBLE ? HostStaging.doubles(dst.doubleData())
                : HostStaging.floatsAsDoubles(dst.floatData()), offset, length, stream);
    }

    /** Device addresses as the int words of a constant workspace (little-endian: low word first), for pointer tables. */
    public static int[] littleEndianWords(long[] p) {
        int[] words = new int[2 * p.length];
        for (int i = 0; i < p.length; i++) {
            words[2 * i] = (int) p[i];
            words[2 * i + 1] = (int) (p[i] >>> 32);
        }
        return words;
    }

    public static long readCounter(CUdeviceptr src) {
        long[] v = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(v), src, 8), "cuMemcpyDtoH counter");
        return v[0];
    }

    public static long[] readCounters(CUdeviceptr src, int count) {
        long[] v = new long[count];
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(v), src, 8L * count), "cuMemcpyDtoH counters");
        return v;
    }

    /** The batched kernels' per-page results: signed sweep counts (negative: not converged) and rotations. */
    public static void readPageCounters(CUdeviceptr sweepsSrc, CUdeviceptr rotationsSrc, int[] sweeps, long[] rotations) {
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(sweeps), sweepsSrc, 4L * sweeps.length), "cuMemcpyDtoH sweeps");
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(rotations), rotationsSrc, 8L * rotations.length),
                "cuMemcpyDtoH rotations");
    }

    public static void zero(CUdeviceptr dst, long bytes) {
        CudaDevice.check(JCudaDriver.cuMemsetD8(dst, (byte) 0, bytes), "cuMemsetD8");
    }
}
