package io.github.gpujacobi.core;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The shared loop: every index once whatever the threads, failures rethrown after all shares stop, nesting sequential. */
class PageLoopTest {
    @Test
    void everyIndexOnce() {
        for (int threads : new int[]{1, 2, 3, 8}) for (int count : new int[]{0, 1, 2, 7, 1000}) {
            AtomicIntegerArray seen = new AtomicIntegerArray(Math.max(1, count));
            PageLoop.forEach(count, threads, k -> seen.incrementAndGet(k));
            for (int k = 0; k < count; k++) assertEquals(1, seen.get(k), threads + " threads, " + count + ": " + k);
        }
    }

    @Test
    void failureRethrownAfterTheOtherSharesStop() {
        final IllegalStateException boom = new IllegalStateException("page 3");
        for (int threads : new int[]{2, 4}) {
            AtomicInteger running = new AtomicInteger();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> PageLoop.forEach(64, threads, k -> {
                running.incrementAndGet();
                try {
                    if (k == 3) throw boom;
                    Thread.sleep(2);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                } finally {
                    running.decrementAndGet();
                }
            }));
            assertSame(boom, e);
            assertEquals(0, running.get(), "a share still running after forEach returned");
        }
    }

    @Test
    void nestedLoopsRunInsideTheirShare() {
        AtomicInteger total = new AtomicInteger();
        PageLoop.forEach(8, 4, k -> PageLoop.forEach(100, 4, j -> total.incrementAndGet()));
        assertEquals(800, total.get());
    }
}
