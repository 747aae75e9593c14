package io.github.gpujacobi.cuda;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a route that counted its outputs' non-finite entries on the device found, for the call's entry point on the
 * same thread ({@link CudaBackend#checksOutput}): clear, or a host pass is needed (api/OutputChecks, which names the
 * entry). A route that says nothing leaves the host pass to be made. A finding belongs to the thread that made it,
 * so concurrent calls and the device threads of a split call cannot see each other's: a split call gathers its
 * shares' findings ({@link Shares}) and hands the caller's thread their conjunction.
 */
final class DeviceOutputs {
    private static final ThreadLocal<Boolean> CLEAR = new ThreadLocal<Boolean>();

    private DeviceOutputs() {}

    /** At a call's start: nothing found yet. */
    static void reset() { CLEAR.set(Boolean.FALSE); }

    /** The route's finding: every output entry finite (true), or not known to be. */
    static void found(boolean clear) { CLEAR.set(clear); }

    /** Whether the route found every output entry finite. */
    static boolean clear() { return Boolean.TRUE.equals(CLEAR.get()); }

    /** The findings of a split call's shares, each made on its device's thread. */
    static final class Shares {
        private final AtomicBoolean clear = new AtomicBoolean(true);
        private final AtomicBoolean any = new AtomicBoolean();

        /** On a share's thread, after its route ran there (from {@link #reset}): takes that thread's finding. */
        void add() {
            any.set(true);
            if (!DeviceOutputs.clear()) clear.set(false);
        }

        /** On the caller's thread once every share is in: clear only when each share's route found its outputs clear. */
        void publish() {
            found(any.get() && clear.get());
        }
    }
}
