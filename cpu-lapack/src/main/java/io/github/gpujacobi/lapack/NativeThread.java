package io.github.gpujacobi.lapack;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The one thread every native call runs on: a daemon with a 64 MB stack (reserved, not committed), since OpenBLAS's
 * threaded LAPACK routines put work tables on the caller's stack. Calls from several Java threads queue here; OpenBLAS
 * runs its own threads inside each call.
 */
final class NativeThread {
    private NativeThread() {}

    private static final long STACK_BYTES = 64L << 20;

    private static volatile Thread thread;

    private static final ExecutorService EXEC = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(null, r, "gpujacobi-lapack", STACK_BYTES);
        t.setDaemon(true);
        thread = t;
        return t;
    });

    static <T> T call(Callable<T> body) {
        try {
            if (Thread.currentThread() == thread) return body.call();
            Future<T> f = EXEC.submit(body);
            boolean interrupted = false;
            while (true) {
                try {
                    T r = f.get();
                    if (interrupted) Thread.currentThread().interrupt();
                    return r;
                } catch (InterruptedException e) { // the native call cannot be stopped: wait for it, keep the flag
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException) throw (RuntimeException) c;
            if (c instanceof Error) throw (Error) c;
            throw new IllegalStateException(c);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
