package io.github.gpujacobi.core;

import io.github.gpujacobi.api.JacobiException;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/** Runs a body for every page, spread over a fixed number of worker threads (shared by all backends). */
public final class PageLoop {
    private PageLoop() {}

    private static final ThreadFactory DAEMONS = new ThreadFactory() {
        private final AtomicInteger count = new AtomicInteger();

        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "gpujacobi-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    };

    private static ThreadPoolExecutor pool;

    /**
     * The shared daemon pool, grown to at least {@code threads} workers and never shrunk or shut
     * down: callers on other Java threads (MATLAB parallel workers) may be submitting to it at the
     * same time with other thread counts. Each caller submits at most its own thread count of tasks,
     * so a larger pool does not raise its parallelism.
     */
    public static synchronized ExecutorService pool(int threads) {
        int want = Math.max(1, threads);
        if (pool == null) {
            pool = new ThreadPoolExecutor(want, want, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<Runnable>(), DAEMONS);
        } else if (pool.getMaximumPoolSize() < want) {
            pool.setMaximumPoolSize(want); // raise the maximum first: core may not exceed it
            pool.setCorePoolSize(want);
        }
        return pool;
    }

    /** True on a thread while it runs a share of a {@link #forEach} (a worker's or the caller's): nested loops stay sequential. */
    private static final ThreadLocal<Boolean> INSIDE = new ThreadLocal<Boolean>();

    /** A piece [from, to) of a range. */
    public interface Range {
        void run(int from, int to);
    }

    /**
     * Runs body over [from, to) cut into contiguous pieces, on as many of {@code threads} threads as give each at
     * least {@code minPerThread} indices (a short range stays on the calling thread, where a hand-off would cost
     * more than it saves), four pieces per thread to even the load. For loops whose iterations are independent
     * (the columns of an elimination step), so the result does not depend on the split.
     */
    public static void forRange(final int from, int to, int threads, int minPerThread, final Range body) {
        final int len = to - from;
        int t = Math.max(1, Math.min(threads, len / Math.max(1, minPerThread)));
        if (t == 1) {
            if (len > 0) body.run(from, to);
            return;
        }
        final int pieces = Math.min(4 * t, len);
        forEach(pieces, t, c -> body.run(from + (int) ((long) len * c / pieces), from + (int) ((long) len * (c + 1) / pieces)));
    }

    /**
     * Calls body(k) for k in [0, count) using up to {@code threads} threads, the calling thread one of them (one
     * hand-off fewer per call: Gauss-Jordan calls this once per eliminated column); rethrows the first failure,
     * after every share has stopped. Inside a share (a worker, or the caller's own) loops run sequentially.
     */
    public static void forEach(int count, int threads, final IntConsumer body) {
        int t = Math.max(1, Math.min(threads, count));
        if (t == 1 || INSIDE.get() != null) {
            for (int k = 0; k < count; k++) body.accept(k);
            return;
        }
        final AtomicInteger next = new AtomicInteger();
        final int total = count;
        Runnable share = new Runnable() {
            public void run() {
                INSIDE.set(Boolean.TRUE);
                try {
                    for (int k = next.getAndIncrement(); k < total; k = next.getAndIncrement()) body.accept(k);
                } finally {
                    INSIDE.remove();
                }
            }
        };
        List<Future<?>> futures = new ArrayList<Future<?>>();
        ExecutorService ex = pool(threads);
        for (int w = 1; w < t; w++) futures.add(ex.submit(share));
        Throwable failure = null;
        try {
            share.run();
        } catch (RuntimeException | Error e) {
            failure = e;
            next.set(total); // the other shares take no new work
        }
        boolean interrupted = false;
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {
                if (failure == null) failure = e.getCause();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
            if (failure == null) throw new JacobiException(io.github.gpujacobi.api.ErrorKind.INTERNAL, "interrupted");
        }
        if (failure == null) return;
        if (failure instanceof RuntimeException) throw (RuntimeException) failure;
        if (failure instanceof Error) throw (Error) failure;
        throw new JacobiException(io.github.gpujacobi.api.ErrorKind.INTERNAL, failure.toString(), failure);
    }
}
