package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.core.Deferred;

/**
 * A page array's call as a two-stage pipeline over chunks of its pages: a chunk's results are copied out on another
 * thread, on the context's copy stream ({@link GpuContext#copyStream}, non-blocking, so its copies run beside the next
 * chunk's kernels instead of after them), while the calling thread uploads and solves the next chunk. At most one
 * chunk's copies are pending: {@link #await} before the device buffers they read are written again, and at the end.
 */
public final class BackgroundDownloads {
    /**
     * A call is cut into up to this many chunks: the download of all but the last one is hidden, and each chunk
     * still fills the GPU with pages.
     */
    static final int CHUNKS = 4;
    /** Results a chunk holds at least: below it the hand-over and the extra launches cost more than they hide. */
    static final long MIN_CHUNK_BYTES = 8L << 20;

    private final GpuContext gpu;
    private Deferred<Void> pending;

    private BackgroundDownloads(GpuContext gpu) {
        this.gpu = gpu;
    }

    /**
     * Pages per chunk for a call over pages whose results take resultBytes a page, given the route's own limit (its
     * workspaces); the route pipelines its downloads ({@link #of}) when this cuts the call into more than one chunk.
     */
    public static int chunk(int limit, int pages, long resultBytes) {
        long total = (long) pages * resultBytes;
        int chunks = (int) Math.min(CHUNKS, total / MIN_CHUNK_BYTES);
        if (chunks < 2) return limit;
        return Math.max(1, Math.min(limit, (pages + chunks - 1) / chunks));
    }

    /** The pipeline of a call cut into chunks of chunk pages (null when there is one chunk: nothing to overlap). */
    public static BackgroundDownloads of(GpuContext gpu, int chunk, int pages) {
        return chunk < pages ? new BackgroundDownloads(gpu) : null;
    }

    /**
     * Runs copies (downloads through {@link DeviceBuffers}, which stage them all on this thread's stream) on another
     * thread once the previous chunk's are done. The device work they read must be finished (a synchronisation).
     */
    public void submit(final Runnable copies) {
        await();
        final SideStream stream = gpu.copyStream();
        pending = Deferred.start(() -> {
            gpu.makeCurrent();
            HostStaging.onStream(stream);
            try {
                copies.run();
            } finally {
                HostStaging.onStream(null);
            }
            return null;
        });
    }

    /** Waits for the pending copies; what they threw is thrown here. */
    public void await() {
        Deferred<Void> p = pending;
        pending = null;
        if (p != null) p.get();
    }

    /**
     * Waits for the pending copies after the call failed, so that none is still reading device buffers when the
     * failure frees them; the call's own failure is the one reported.
     */
    public void settle() {
        try {
            await();
        } catch (RuntimeException | Error ignored) {
            // the caller's exception is already on its way
        }
    }
}
