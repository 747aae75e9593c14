package io.github.gpujacobi.cuda.launch;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The copy threads run every piece of a copy exactly once, also for callers at the same time, and pass failures on. */
class CopyThreadsTest {
    /** Three threads besides the caller whatever the machine's cores, so that the pool runs on a CI machine too. */
    private final CopyThreads pool = new CopyThreads(3);

    @Test
    void halfTheCoresCopyAtMostEight() {
        assertEquals(0, CopyThreads.helpers(1));
        assertEquals(0, CopyThreads.helpers(2));
        assertEquals(1, CopyThreads.helpers(4));
        assertEquals(7, CopyThreads.helpers(16));
        assertEquals(7, CopyThreads.helpers(128));
    }

    @Test
    void everyPieceRunsOnceAndTheCallReturnsAfterAll() {
        for (int pieces : new int[]{0, 1, 2, 3, 17, 64, 1000}) {
            AtomicIntegerArray runs = new AtomicIntegerArray(Math.max(1, pieces));
            pool.run(pieces, p -> runs.incrementAndGet(p));
            for (int p = 0; p < pieces; p++) assertEquals(1, runs.get(p), pieces + " pieces: piece " + p);
        }
    }

    @Test
    void callersAtTheSameTimeEachGetTheirPiecesDone() throws Exception {
        final int callers = 4, rounds = 50, pieces = 40;
        final AtomicIntegerArray runs = new AtomicIntegerArray(callers * pieces);
        Thread[] t = new Thread[callers];
        for (int c = 0; c < callers; c++) {
            final int base = c * pieces;
            t[c] = new Thread(() -> {
                for (int r = 0; r < rounds; r++) pool.run(pieces, p -> runs.incrementAndGet(base + p));
            });
            t[c].start();
        }
        for (Thread x : t) x.join();
        for (int i = 0; i < runs.length(); i++) assertEquals(rounds, runs.get(i), "piece " + i);
    }

    @Test
    void aFailingPieceIsRethrownToTheCallerAndThePoolStillWorks() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> pool.run(32, p -> { if (p == 7) throw new IllegalStateException("piece 7"); }));
        assertEquals("piece 7", e.getMessage());
        AtomicIntegerArray runs = new AtomicIntegerArray(32);
        pool.run(32, p -> runs.incrementAndGet(p));
        for (int p = 0; p < 32; p++) assertEquals(1, runs.get(p));
    }

    @Test
    void theThreadsKeepNoReferenceToTheLastCopysArrays() throws Exception {
        java.lang.ref.WeakReference<double[]> ref = copiedAndDropped();
        for (int i = 0; i < 100 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertTrue(ref.get() == null, "a copy thread still holds the last copy's array");
    }

    /** An array the pool wrote, slowly enough that its threads took pieces; nothing here keeps it. */
    private java.lang.ref.WeakReference<double[]> copiedAndDropped() {
        double[] data = new double[1 << 16];
        pool.run(16, p -> {
            LockSupport.parkNanos(1_000_000);
            data[p] = p;
        });
        return new java.lang.ref.WeakReference<double[]>(data);
    }

    @Test
    void aStagedChunkCopyMovesEveryElementBothWays() {
        double[] a = new double[(3 << 20) / 8 + 5];
        for (int i = 0; i < a.length; i++) a[i] = i * 0.5 - 7;
        ByteBuffer pinned = ByteBuffer.allocateDirect(a.length * 8).order(ByteOrder.nativeOrder());
        HostStaging.parallelCopy(HostStaging.doubles(a), pinned, 0, a.length, true);
        double[] back = new double[a.length];
        HostStaging.parallelCopy(HostStaging.doubles(back), pinned, 0, a.length, false);
        assertArrayEquals(a, back);
        float[] f = new float[a.length];
        ByteBuffer half = ByteBuffer.allocateDirect(a.length * 4).order(ByteOrder.nativeOrder());
        HostStaging.parallelCopy(HostStaging.doublesAsFloats(a), half, 0, a.length, true); // single's way up
        HostStaging.parallelCopy(HostStaging.floats(f), half, 0, a.length, false);
        for (int i = 0; i < a.length; i++) assertEquals((float) a[i], f[i], "element " + i);
    }
}
