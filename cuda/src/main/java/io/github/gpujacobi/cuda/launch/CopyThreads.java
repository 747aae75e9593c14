package io.github.gpujacobi.cuda.launch;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * The threads that make {@link HostStaging}'s host copies: one copy of a chunk is split into pieces that the caller
 * and these threads take in turn. A pool of our own rather than the common fork-join pool, because a chunk's copy
 * is short (a few MiB, tenths of a millisecond): the fork-join pool wakes its workers one by one and parks them
 * again between chunks, which costs as much as the copy. Here the caller wakes every thread at once, and a thread
 * that finished a piece keeps polling for a short while before it parks, so that the next chunk of the same
 * transfer finds it awake. Parked threads cost nothing; they are daemons, started on the first copy.
 * One copy at a time: a second caller meanwhile (a transfer for another GPU) copies on the fork-join pool.
 */
final class CopyThreads {
    /** The pool HostStaging copies on. */
    static final CopyThreads SHARED = new CopyThreads(helpers(Runtime.getRuntime().availableProcessors()));

    private final int helpers;

    CopyThreads(int helpers) {
        this.helpers = helpers;
    }

    /** How long a thread keeps polling after its last piece: longer than the link takes for a chunk. */
    static final long POLL_NANOS = 100_000;

    /**
     * Threads besides the caller: half the cores, up to 8 copying in all. A few cores' copies reach the memory's
     * bandwidth, and the other cores stay free for what runs beside a transfer (the result's allocation, the JIT, the
     * driver): a polling thread that takes a core they need is a thread the caller then waits for.
     */
    static int helpers(int cores) {
        return Math.max(0, Math.min(8, cores / 2) - 1);
    }

    /** A copy in pieces: the next piece to take, and the pieces finished. */
    private static final class Job {
        /** Which job this is: a thread remembers the number of the last it helped, not the job (which holds the arrays). */
        final long number;
        final IntConsumer body;
        final int pieces;
        final AtomicInteger next = new AtomicInteger(), finished = new AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<Throwable>();

        Job(long number, IntConsumer body, int pieces) {
            this.number = number;
            this.body = body;
            this.pieces = pieces;
        }

        /** Takes pieces until none is left. */
        void help() {
            for (int p; (p = next.getAndIncrement()) < pieces; ) {
                try {
                    body.accept(p);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                } finally {
                    finished.incrementAndGet();
                }
            }
        }
    }

    private volatile Job current;
    private Thread[] threads;
    private boolean busy;
    private long jobs;

    /** Runs body(p) for p in [0, pieces) on the caller and the copy threads; returns when every piece is done. */
    void run(int pieces, IntConsumer body) {
        if (pieces < 2 || helpers == 0) {
            for (int p = 0; p < pieces; p++) body.accept(p);
            return;
        }
        if (!claim()) { // another transfer is copying: this one on the common pool
            java.util.stream.IntStream.range(0, pieces).parallel().forEach(body);
            return;
        }
        try {
            Job job = new Job(++jobs, body, pieces);
            current = job;
            for (Thread t : threads) LockSupport.unpark(t);
            job.help();
            while (job.finished.get() < pieces) {
                // a piece taken by a thread is a few microseconds' copy: wait for it here
            }
            Throwable t = job.failure.get();
            if (t instanceof RuntimeException) throw (RuntimeException) t;
            if (t instanceof Error) throw (Error) t;
            if (t != null) throw new IllegalStateException(t);
        } finally {
            current = null;
            unclaim();
        }
    }

    /** Wakes the copy threads (if started) ahead of a copy that will follow shortly: they poll for it a while. */
    void wake() {
        Thread[] t;
        synchronized (this) {
            t = threads;
        }
        if (t != null) for (Thread x : t) LockSupport.unpark(x);
    }

    private synchronized boolean claim() {
        if (busy) return false;
        if (threads == null) threads = start();
        busy = true;
        return true;
    }

    private synchronized void unclaim() {
        busy = false;
    }

    /** The threads, as many as the system lets us start (none: the caller copies alone). */
    private Thread[] start() {
        java.util.List<Thread> started = new java.util.ArrayList<Thread>();
        for (int i = 0; i < helpers; i++) {
            try {
                Thread t = new Thread(this::serve, "gpujacobi-copy-" + (i + 1));
                t.setDaemon(true);
                t.start();
                started.add(t);
            } catch (Throwable e) { // out of native threads: fewer helpers, not a failed copy
                break;
            }
        }
        return started.toArray(new Thread[0]);
    }

    /** A copy thread: helps each job it sees, polls a while after it, then parks until the next job wakes it. */
    private void serve() {
        long done = 0, idleSince = System.nanoTime();
        while (true) {
            long was = done;
            done = helpNew(done);
            if (done != was) {
                idleSince = System.nanoTime();
            } else if (System.nanoTime() - idleSince > POLL_NANOS) {
                LockSupport.park(this); // run() unparks after it publishes a job: no wake-up is lost
                Thread.interrupted(); // an interrupt would make every park return at once
                idleSince = System.nanoTime();
            }
        }
    }

    /**
     * Helps the current job unless it is the one numbered done; returns the number of the last job helped. The job is
     * held only here, so that a parked thread keeps no reference to a copy's arrays.
     */
    private long helpNew(long done) {
        Job job = current;
        if (job == null || job.number == done) return done;
        job.help();
        return job.number;
    }
}
