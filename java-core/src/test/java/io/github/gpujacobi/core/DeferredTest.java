package io.github.gpujacobi.core;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The device routes' result arrays are allocated on another thread (Deferred, PageOutputs): the value arrives, what
 * the work throws surfaces on the caller unchanged (the heap advice catches OutOfMemoryError by type), many callers
 * may wait at once, and an interrupt does not lose the value.
 */
class DeferredTest {
    @Test
    void deliversTheValueMadeOnAnotherThread() {
        Thread caller = Thread.currentThread();
        AtomicReference<Thread> worker = new AtomicReference<Thread>();
        Deferred<String> d = Deferred.start(() -> {
            worker.set(Thread.currentThread());
            return "made";
        });
        assertEquals("made", d.get());
        assertNotEquals(caller, worker.get());
        assertTrue(worker.get().isDaemon(), "a pending allocation must not keep the JVM alive");
        assertEquals("made", d.get(), "asked again");
    }

    @Test
    void isDoneTellsWhetherGetWouldWait() throws Exception {
        assertTrue(Deferred.done("x").isDone());
        CountDownLatch release = new CountDownLatch(1);
        Deferred<String> d = Deferred.start(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "made";
        });
        assertTrue(!d.isDone(), "done before its work ran");
        release.countDown();
        assertEquals("made", d.get());
        assertTrue(d.isDone());
        Deferred<String> failed = Deferred.start(() -> {
            throw new IllegalStateException("no");
        });
        assertThrows(IllegalStateException.class, failed::get);
        assertTrue(failed.isDone(), "a failed work is done: get() throws at once");
    }

    @Test
    void anErrorInTheBackgroundSurfacesUnchanged() {
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
        Deferred<double[]> d = Deferred.start(() -> {
            throw oom;
        });
        assertSame(oom, assertThrows(OutOfMemoryError.class, d::get));
        assertSame(oom, assertThrows(OutOfMemoryError.class, d::get), "every get() sees it");
    }

    @Test
    void anExceptionInTheBackgroundSurfacesUnchanged() {
        IllegalArgumentException e = new IllegalArgumentException("negative size");
        Deferred<double[]> d = Deferred.start(() -> {
            throw e;
        });
        assertSame(e, assertThrows(IllegalArgumentException.class, d::get));
    }

    @Test
    void manyThreadsWaitForOneValue() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        double[] made = new double[8];
        Deferred<double[]> d = Deferred.start(() -> {
            awaitQuietly(release);
            return made;
        });
        ExecutorService callers = Executors.newFixedThreadPool(16);
        try {
            List<Future<double[]>> got = new ArrayList<Future<double[]>>();
            for (int i = 0; i < 64; i++) got.add(callers.submit((Callable<double[]>) d::get));
            release.countDown();
            for (Future<double[]> f : got) assertSame(made, f.get(10, TimeUnit.SECONDS));
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void manyThreadsStartTheirOwn() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> got = new ArrayList<Future<Integer>>();
            for (int i = 0; i < 200; i++) {
                final int k = i;
                got.add(callers.submit(() -> Deferred.start(() -> k * k).get()));
            }
            for (int i = 0; i < got.size(); i++) assertEquals(i * i, (int) got.get(i).get(10, TimeUnit.SECONDS));
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void anInterruptWhileWaitingKeepsTheValueAndTheFlag() throws Exception {
        CountDownLatch started = new CountDownLatch(1), release = new CountDownLatch(1);
        Deferred<String> d = Deferred.start(() -> {
            started.countDown();
            awaitQuietly(release);
            return "late";
        });
        AtomicReference<String> value = new AtomicReference<String>();
        AtomicBoolean flag = new AtomicBoolean();
        Thread waiter = new Thread(() -> {
            value.set(d.get());
            flag.set(Thread.currentThread().isInterrupted());
        });
        waiter.start();
        started.await();
        waiter.interrupt();
        Thread.sleep(50);
        release.countDown();
        waiter.join(10_000);
        assertEquals("late", value.get());
        assertTrue(flag.get(), "the interrupt status is set again");
    }

    @Test
    void doneNeedsNoThread() {
        assertEquals("here", Deferred.done("here").get());
        assertNull(Deferred.done(null).get());
    }

    @Test
    void pageOutputsHaveTheShapesOfTheEagerOnes() {
        PageArray a = PageArray.zeros(Precision.DOUBLE, 64, 64, 200); // vectors 6.5 MB: deferred
        PageOutputs.Eig e = PageOutputs.eigLater(a, true).get();
        assertShape(e.values, 64, 1, 200);
        assertShape(e.vectors, 64, 64, 200);
        assertArrayEquals(new double[64 * 64], e.vectors.pageAsDouble(199));
        assertNull(PageOutputs.eigLater(a, false).get().vectors);
        PageArray wide = PageArray.zeros(Precision.SINGLE, 30, 50, 1000), tall = PageArray.zeros(Precision.DOUBLE, 50, 30, 1000);
        for (PageArray x : new PageArray[]{wide, tall}) {
            for (boolean econ : new boolean[]{false, true}) {
                PageOutputs.Svd now = PageOutputs.Svd.of(x, true, econ), later = PageOutputs.svdLater(x, true, econ).all();
                assertShape(later.s, now.s.rows(), now.s.cols(), x.pages());
                assertShape(later.u, now.u.rows(), now.u.cols(), x.pages());
                assertShape(later.v, now.v.rows(), now.v.cols(), x.pages());
                assertEquals(PageOutputs.uCols(x.rows(), x.cols(), econ), later.u.cols());
                assertEquals(x.precision(), later.u.precision());
            }
        }
        PageOutputs.PendingSvd none = PageOutputs.svdLater(wide, false, true);
        assertNull(none.u());
        assertNull(none.v());
        assertShape(none.s(), 30, 1, 1000);
        PageOutputs.PendingSvd big = PageOutputs.svdLater(PageArray.zeros(Precision.DOUBLE, 64, 64, 300), true, false);
        assertShape(big.v(), 64, 64, 300); // V (deferred, after U) first: it still comes
        assertShape(big.u(), 64, 64, 300);
        assertSame(big.u(), big.all().u);
        assertShape(PageOutputs.zerosLater(Precision.SINGLE, 64, 64, 1000).get(), 64, 64, 1000);
    }

    @Test
    void aBatchSolverWritesIntoTheArraysTheDriverReturns() {
        PageArray a = PageArray.zeros(Precision.DOUBLE, 64, 64, 300);
        for (int k = 0; k < a.pages(); k++) {
            double[] p = new double[64 * 64];
            for (int i = 0; i < 64; i++) p[i * 65] = i + k;
            a.writePage(k, p);
        }
        PageDriver driver = new PageDriver("test", 1, false, new ArrayList<String>());
        SolverOptions o = SolverOptions.defaults();
        io.github.gpujacobi.api.EigResult r = driver.eigBatched(a, o, "batched", (out, stats) -> {
            PageOutputs.Eig got = out.get();
            for (int k = 0; k < a.pages(); k++) {
                double[] d = a.pageAsDouble(k), values = new double[64], v = new double[64 * 64];
                for (int i = 0; i < 64; i++) {
                    values[i] = d[i * 65];
                    v[i * 65] = 1;
                }
                got.values.writePage(k, values);
                got.vectors.writePage(k, v);
                stats.record(k, 0, 0, true);
            }
        });
        assertEquals(299 + 63, r.values().pageAsDouble(299)[63]);
        assertEquals(1, r.vectors().pageAsDouble(17)[5 * 65]);
    }

    private static void assertShape(PageArray x, int rows, int cols, int pages) {
        assertEquals(rows, x.rows());
        assertEquals(cols, x.cols());
        assertEquals(pages, x.pages());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
