package io.github.gpujacobi.cuda.launch;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;

/**
 * Large host-device copies through page-locked (pinned) staging buffers: a copy from pageable Java memory goes
 * through the driver's own small bounce buffer at a fraction of the link's speed, while DMA from pinned memory runs
 * at the link's. Each transfer is cut into chunks through two pinned halves: the host copies chunk c (on the cores,
 * {@link CopyThreads}) while the link carries chunk c - 1. The buffers are portable (every context may use them),
 * kept between calls and bounded: {@link #HALF_BYTES} twice per transfer running at once (one per GPU in use), freed
 * by {@link #release} (Jacobi.release(), gpu_info('release')).
 */
final class HostStaging {
    private HostStaging() {}

    /** One half of a staging buffer: 8 MiB, so a buffer pins 16 MiB. */
    static final int HALF_BYTES = 8 << 20;

    /** Below this a copy goes straight from the Java array (pinning and chunking cost more than they save). */
    static final long FROM_BYTES = 4L << 20;

    private static final class Buffer {
        final Pointer[] host = {new Pointer(), new Pointer()};
        final ByteBuffer[] view = new ByteBuffer[2];

        Buffer() {
            for (int h = 0; h < 2; h++) {
                CudaDevice.check(JCudaDriver.cuMemHostAlloc(host[h], HALF_BYTES, JCudaDriver.CU_MEMHOSTALLOC_PORTABLE),
                        "cuMemHostAlloc staging (" + (HALF_BYTES >> 20) + " MiB)");
                view[h] = host[h].getByteBuffer(0, HALF_BYTES).order(ByteOrder.nativeOrder());
            }
        }

        void free() {
            for (Pointer p : host) JCudaDriver.cuMemFreeHost(p);
        }
    }

    private static final ArrayDeque<Buffer> idle = new ArrayDeque<Buffer>();

    private static synchronized Buffer acquire() {
        Buffer b = idle.poll();
        return b != null ? b : new Buffer();
    }

    private static synchronized void giveBack(Buffer b) {
        idle.push(b);
    }

    /** Frees the idle staging buffers; returns the bytes freed. */
    static synchronized long release() {
        long freed = 0;
        for (Buffer b; (b = idle.poll()) != null; ) {
            b.free();
            freed += 2L * HALF_BYTES;
        }
        return freed;
    }

    /** Where chunk data moves between a Java array and a pinned half (elements of {@code bytes} bytes each). */
    interface Side {
        int bytes();

        /** Copies elements [from, from + count) of the Java array into view (position 0 = element from), or back. */
        void copy(ByteBuffer view, long from, int count, boolean toPinned);
    }

    /** elements of src (from first) to dst on the device, through staging. */
    static void upload(CUdeviceptr dst, Side src, long first, long elements) {
        transfer(dst, src, first, elements, true, null);
    }

    /** elements from src on the device into the Java array behind dst (from first), through staging. */
    static void download(CUdeviceptr src, Side dst, long first, long elements) {
        transfer(src, dst, first, elements, false, null);
    }

    /**
     * As {@link #download(CUdeviceptr, Side, long, long)} with the DMA on stream (null: the legacy default stream): on a
     * non-blocking stream it runs beside the kernels queued on the default stream instead of after them.
     */
    static void download(CUdeviceptr src, Side dst, long first, long elements, CUstream stream) {
        transfer(src, dst, first, elements, false, stream);
    }

    private static void transfer(CUdeviceptr device, Side side, long first, long elements, boolean up, CUstream stream) {
        int size = side.bytes(), perChunk = chunkElements(elements, size);
        long started = Profiling.ON ? System.nanoTime() : 0, copying = 0;
        Buffer b = acquire();
        CUevent[] done = {new CUevent(), new CUevent()};
        boolean[] pending = new boolean[2];
        try {
            for (CUevent e : done) CudaDevice.check(JCudaDriver.cuEventCreate(e, CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
            long chunks = (elements + perChunk - 1) / perChunk;
            for (long c = 0; c < chunks + (up ? 0 : 1); c++) {
                if (up) { // host copy of chunk c into its half (once the link is done with that half), then its DMA
                    int h = (int) (c & 1);
                    if (pending[h]) CudaDevice.check(JCudaDriver.cuEventSynchronize(done[h]), "cuEventSynchronize");
                    long at = c * perChunk;
                    int count = (int) Math.min(perChunk, elements - at);
                    long c0 = Profiling.ON ? System.nanoTime() : 0;
                    parallelCopy(side, b.view[h], first + at, count, true);
                    if (Profiling.ON) copying += System.nanoTime() - c0;
                    CudaDevice.check(JCudaDriver.cuMemcpyHtoDAsync(device.withByteOffset(at * size), b.host[h], (long) count * size,
                            stream), "cuMemcpyHtoDAsync");
                    CudaDevice.check(JCudaDriver.cuEventRecord(done[h], stream), "cuEventRecord");
                    pending[h] = true;
                } else { // DMA of chunk c into its half, then the host copy of chunk c - 1 out of the other
                    if (c < chunks) {
                        int h = (int) (c & 1);
                        long at = c * perChunk;
                        int count = (int) Math.min(perChunk, elements - at);
                        CudaDevice.check(JCudaDriver.cuMemcpyDtoHAsync(b.host[h], device.withByteOffset(at * size),
                                (long) count * size, stream), "cuMemcpyDtoHAsync");
                        CudaDevice.check(JCudaDriver.cuEventRecord(done[h], stream), "cuEventRecord");
                        pending[h] = true;
                        if (c == 0) CopyThreads.SHARED.wake(); // awake by the time the first chunk is down
                    }
                    if (c > 0) {
                        int h = (int) ((c - 1) & 1);
                        CudaDevice.check(JCudaDriver.cuEventSynchronize(done[h]), "cuEventSynchronize");
                        pending[h] = false;
                        long at = (c - 1) * perChunk;
                        long c0 = Profiling.ON ? System.nanoTime() : 0;
                        parallelCopy(side, b.view[h], first + at, (int) Math.min(perChunk, elements - at), false);
                        if (Profiling.ON) copying += System.nanoTime() - c0;
                    }
                }
            }
            for (int h = 0; h < 2; h++) if (pending[h]) CudaDevice.check(JCudaDriver.cuEventSynchronize(done[h]), "cuEventSynchronize");
            giveBack(b);
            if (Profiling.ON) {
                System.err.printf(java.util.Locale.ROOT, "staged %s %.1f MB in %d chunks: %.3f ms, host copies %.3f ms%n",
                        up ? "upload" : "download", elements * size / 1e6, (elements + perChunk - 1) / perChunk,
                        (System.nanoTime() - started) / 1e6, copying / 1e6);
            }
        } catch (RuntimeException e) { // a copy may still be in flight into or out of b: it is not handed out again
            JCudaDriver.cuCtxSynchronize();
            b.free();
            throw e;
        } finally {
            for (CUevent e : done) JCudaDriver.cuEventDestroy(e);
        }
    }

    /**
     * Elements per chunk: a quarter of the transfer, from 1 MiB up to a half. The pipeline's time is about the chunks'
     * copies plus one chunk's DMA (the host copy and the link run at similar rates), so four chunks or more hide most
     * of the link even for a transfer of a few MiB, while a chunk stays long against its fixed costs (an async copy,
     * an event, waking the copy threads).
     */
    static int chunkElements(long elements, int size) {
        long quarter = Math.max((1L << 20) / size, (elements + 3) / 4);
        return (int) Math.min(HALF_BYTES / size, quarter);
    }

    /** Pieces of a chunk's host copy, 128 KiB each up to 64: taken in turn by the caller and the copy threads. */
    static int pieces(int count, int size) {
        return Math.max(1, Math.min(64, (int) ((long) count * size / (128 << 10))));
    }

    /** A chunk's host copy in {@link #pieces} on the copy threads. */
    static void parallelCopy(final Side side, final ByteBuffer view, final long from, final int count, final boolean toPinned) {
        final int pieces = pieces(count, side.bytes());
        CopyThreads.SHARED.run(pieces, p -> {
            int lo = (int) ((long) count * p / pieces), hi = (int) ((long) count * (p + 1) / pieces);
            ByteBuffer v = view.duplicate().order(ByteOrder.nativeOrder());
            v.position(lo * side.bytes());
            side.copy(v.slice().order(ByteOrder.nativeOrder()), from + lo, hi - lo, toPinned);
        });
    }

    /** A double[] moved as doubles. */
    static Side doubles(final double[] a) {
        return new Side() {
            public int bytes() { return 8; }

            public void copy(ByteBuffer view, long from, int count, boolean toPinned) {
                if (toPinned) view.asDoubleBuffer().put(a, (int) from, count);
                else view.asDoubleBuffer().get(a, (int) from, count);
            }
        };
    }

    /** A float[] moved as floats. */
    static Side floats(final float[] a) {
        return new Side() {
            public int bytes() { return 4; }

            public void copy(ByteBuffer view, long from, int count, boolean toPinned) {
                if (toPinned) view.asFloatBuffer().put(a, (int) from, count);
                else view.asFloatBuffer().get(a, (int) from, count);
            }
        };
    }

    /** A float[] moved as doubles (the double device buffers of the single routes), converted both ways. */
    static Side floatsAsDoubles(final float[] a) {
        return new Side() {
            public int bytes() { return 8; }

            public void copy(ByteBuffer view, long from, int count, boolean toPinned) {
                java.nio.DoubleBuffer d = view.asDoubleBuffer();
                if (toPinned) for (int i = 0; i < count; i++) d.put(i, a[(int) from + i]);
                else for (int i = 0; i < count; i++) a[(int) from + i] = (float) d.get(i);
            }
        };
    }

    /** A double[] moved as floats (the single-precision device's element type), converted on the way up. */
    static Side doublesAsFloats(final double[] a) {
        return new Side() {
            public int bytes() { return 4; }

            public void copy(ByteBuffer view, long from, int count, boolean toPinned) {
                java.nio.FloatBuffer f = view.asFloatBuffer();
                if (toPinned) for (int i = 0; i < count; i++) f.put(i, (float) a[(int) from + i]);
                else for (int i = 0; i < count; i++) a[(int) from + i] = f.get(i);
            }
        };
    }
}
