package io.github.gpujacobi.cuda;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The device's finding on a call's outputs belongs to the thread that made it: concurrent calls and the device threads
 * of a split call do not overwrite each other's, and a split call's caller sees its shares' findings together.
 */
class DeviceOutputsTest {
    /** Runs each body on a thread of its own, all at once, and waits for them. */
    private static void together(Runnable... bodies) throws InterruptedException {
        final CountDownLatch start = new CountDownLatch(1);
        Thread[] t = new Thread[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            final Runnable b = bodies[i];
            t[i] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                b.run();
            });
            t[i].start();
        }
        start.countDown();
        for (Thread x : t) x.join();
    }

    @Test
    void concurrentCallsKeepTheirOwnFinding() throws InterruptedException {
        final AtomicBoolean sawClear = new AtomicBoolean(true), sawDirty = new AtomicBoolean(false);
        final CountDownLatch bothFound = new CountDownLatch(2);
        Runnable clear = () -> {
            DeviceOutputs.reset();
            DeviceOutputs.found(true);
            bothFound.countDown();
            await(bothFound);
            sawClear.set(DeviceOutputs.clear());
        };
        Runnable dirty = () -> {
            DeviceOutputs.reset();
            DeviceOutputs.found(false);
            bothFound.countDown();
            await(bothFound);
            sawDirty.set(DeviceOutputs.clear());
        };
        together(clear, dirty);
        assertTrue(sawClear.get(), "the other call's finding did not reach this one");
        assertFalse(sawDirty.get());
    }

    @Test
    void aSplitCallsCallerSeesItsSharesFindingsTogether() throws InterruptedException {
        for (boolean second : new boolean[]{true, false}) {
            final DeviceOutputs.Shares shares = new DeviceOutputs.Shares();
            final boolean s = second;
            together(() -> {
                DeviceOutputs.reset();
                DeviceOutputs.found(true);
                shares.add();
            }, () -> {
                DeviceOutputs.reset();
                DeviceOutputs.found(s);
                shares.add();
            });
            DeviceOutputs.reset(); // the caller's thread: what its shares found, not what it had
            shares.publish();
            assertTrue(DeviceOutputs.clear() == second, "second share clear: " + second);
        }
        DeviceOutputs.found(true);
        new DeviceOutputs.Shares().publish();
        assertFalse(DeviceOutputs.clear(), "no share solved (every device failed): nothing is known clear");
    }

    @Test
    void aShareThatSaidNothingIsNotClear() throws InterruptedException {
        final DeviceOutputs.Shares shares = new DeviceOutputs.Shares();
        together(() -> {
            DeviceOutputs.reset();
            DeviceOutputs.found(true);
            shares.add();
        }, () -> {
            DeviceOutputs.reset(); // a route that counts nothing on the device
            shares.add();
        });
        shares.publish();
        assertFalse(DeviceOutputs.clear());
    }

    private static void await(CountDownLatch l) {
        try {
            l.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
