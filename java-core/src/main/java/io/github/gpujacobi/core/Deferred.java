package io.github.gpujacobi.core;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A value made on another thread while the caller goes on (the result arrays of a device call are zeroed by the JVM
 * and faulted in by the OS while the input goes up and the kernels run); {@link #get} waits for it. Whatever the work
 * throws surfaces from {@link #get} on the calling thread as itself, not wrapped, so that callers catching
 * OutOfMemoryError (the heap advice) see what they would have seen had the work run there.
 */
public final class Deferred<T> {
    /** Idle threads end after a minute; daemon, so that a pending value never keeps the JVM alive. */
    private static final ExecutorService POOL = Executors.newCachedThreadPool(new ThreadFactory() {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "gpujacobi-deferred-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    });

    private final Future<T> future;
    private final T value;

    private Deferred(Future<T> future, T value) {
        this.future = future;
        this.value = value;
    }

    /** The work started on a background thread (on this one when no thread can be had). */
    public static <T> Deferred<T> start(final Supplier<T> work) {
        final Future<T> f;
        try {
            f = POOL.submit(new Callable<T>() {
                @Override
                public T call() {
                    return work.get();
                }
            });
        } catch (RejectedExecutionException e) {
            return done(work.get());
        } catch (OutOfMemoryError e) { // no native thread left: the work itself may still fit
            return done(work.get());
        }
        return new Deferred<T>(f, null);
    }

    /** A value already made. */
    public static <T> Deferred<T> done(T value) {
        return new Deferred<T>(null, value);
    }

    /**
     * The value, once made (any number of threads may ask). An interrupt while waiting does not abandon the value the
     * caller needs: the wait goes on and the thread's interrupt status is set again before returning.
     */
    public T get() {
        if (future == null) return value;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return future.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw rethrown(e.getCause());
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** Whether the value is made (or the work failed): {@link #get} then returns at once. */
    public boolean isDone() {
        return future == null || future.isDone();
    }

    /** A Supplier throws only unchecked throwables: those are rethrown as they are. */
    private static RuntimeException rethrown(Throwable cause) {
        if (cause instanceof RuntimeException) throw (RuntimeException) cause;
        if (cause instanceof Error) throw (Error) cause;
        throw new IllegalStateException("deferred work failed", cause);
    }
}
