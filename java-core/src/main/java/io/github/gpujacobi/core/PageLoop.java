package io.github.gpujacobi.core;

import io.github.gpujacobi.api.JacobiException;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
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

    private static ExecutorService pool;
    private static int poolSize;

    /** A shared daemon pool of the given size (re-created when the size changes). */
    public static synchronized ExecutorService pool(int threads) {
        if (pool == null || poolSize != threads) {
            if (pool != null) pool.shutdown();
            pool = Executors.newFixedThreadPool(threads, DAEMONS);
            poolSize = threads;
        }
        return pool;
    }

    /** Calls body(k) for k in [0, count) using up to {@code threads} threads; rethrows the first failure. */
    public static void forEach(int count, int threads, final IntConsumer body) {
        int t = Math.max(1, Math.min(threads, count));
        if (t == 1 || Thread.currentThread().getName().startsWith("gpujacobi-")) {
            for (int k = 0; k < count; k++) body.accept(k);
            return;
        }
        final AtomicInteger next = new AtomicInteger();
        final int total = count;
        List<Future<?>> futures = new ArrayList<Future<?>>();
        ExecutorService ex = pool(threads);
        for (int w = 0; w < t; w++) {
            futures.add(ex.submit(new Runnable() {
                public void run() {
                    for (int k = next.getAndIncrement(); k < total; k = next.getAndIncrement()) body.accept(k);
                }
            }));
        }
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new JacobiException(io.github.gpujacobi.api.ErrorKind.INTERNAL, "interrupted", e);
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof RuntimeException) throw (RuntimeException) c;
                if (c instanceof Error) throw (Error) c;
                throw new JacobiException(io.github.gpujacobi.api.ErrorKind.INTERNAL, c.toString(), c);
            }
        }
    }
}
