package io.github.gpujacobi.cuda;

/**
 * What a route that counted its outputs' non-finite entries on the device found, for the call's entry point on the
 * same thread ({@link CudaBackend#checksOutput}): clear, or a host pass is needed (api/OutputChecks, which names the
 * entry). A route that says nothing leaves the host pass to be made.
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
}
