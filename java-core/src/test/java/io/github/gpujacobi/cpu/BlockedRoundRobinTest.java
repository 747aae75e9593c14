package io.github.gpujacobi.cpu;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The CPU's blocked sweep order visits every column pair exactly once per sweep, whatever the block width
 * (dividing n or not, wider than n, 1) and the thread count, and never a pair twice within one step.
 */
class BlockedRoundRobinTest {
    @Test
    void everyPairOncePerSweep() {
        for (int n : new int[]{1, 2, 3, 7, 33, 127, 128, 130, 257}) {
            for (int b : new int[]{1, 2, 5, 16, 33, 200}) {
                for (int threads : new int[]{1, 3}) {
                    BlockedRoundRobin order = new BlockedRoundRobin(n, b, threads);
                    AtomicIntegerArray seen = new AtomicIntegerArray(n * n);
                    long rotated = order.sweep((c, p, q) -> {
                        seen.incrementAndGet(p + q * n);
                        return (p + q) % 2 == 0; // "rotates" some pairs: the count returned must be theirs
                    });
                    long expectRotated = 0;
                    for (int q = 0; q < n; q++) {
                        for (int p = 0; p < n; p++) {
                            int want = p < q ? 1 : 0;
                            assertEquals(want, seen.get(p + q * n), "n " + n + " b " + b + " threads " + threads + ": pair " + p + "," + q);
                            if (p < q && (p + q) % 2 == 0) expectRotated++;
                        }
                    }
                    assertEquals(expectRotated, rotated, "n " + n + " b " + b);
                }
            }
        }
    }
}
