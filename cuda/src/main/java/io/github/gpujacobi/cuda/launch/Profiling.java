package io.github.gpujacobi.cuda.launch;

/**
 * The one profiling switch of the GPU routes, -Dgpujacobi.cuda.profile=true: the blocked sweeps, the preconditioners,
 * the indefinite eig, Gauss-Jordan and the multi-GPU driver synchronise after each phase and print its time to stderr.
 * The synchronisations slow the whole a little, so the reported total is not the unprofiled time.
 */
public final class Profiling {
    public static final String PROPERTY = "gpujacobi.cuda.profile";
    public static final boolean ON = enabled(System.getProperty(PROPERTY));

    private Profiling() {}

    /** Whether a value of {@link #PROPERTY} turns profiling on: "true" in any case, as Boolean.getBoolean reads it. */
    public static boolean enabled(String value) {
        return Boolean.parseBoolean(value);
    }

    /** Waits for the device and returns the time: a phase boundary. */
    public static long sync(GpuContext gpu) {
        gpu.synchronize();
        return System.nanoTime();
    }

    /** Labelled phase times of one piece of work, each ending at a synchronisation; printed in one line. */
    public static final class Phases {
        private final GpuContext gpu;
        private final StringBuilder line;
        private final long start;
        private long last;

        public Phases(GpuContext gpu, String what) {
            this.gpu = gpu;
            this.line = new StringBuilder(what).append(':');
            this.start = this.last = gpu == null ? System.nanoTime() : sync(gpu);
        }

        /** Ends the phase called label here. */
        public void mark(String label) {
            long t = gpu == null ? System.nanoTime() : sync(gpu);
            line.append(String.format(java.util.Locale.ROOT, " %s %.3f", label, (t - last) / 1e6));
            last = t;
        }

        public void print() {
            System.err.println(line.append(String.format(java.util.Locale.ROOT, "; %.3f ms in all", (last - start) / 1e6)));
        }
    }
}
