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

    /**
     * Labelled phase times of one piece of work, each ending at a synchronisation; printed in one line. A mark only
     * synchronises and notes the time (formatting waits for {@link #print}), so that the marks cost little beside the
     * phases they time.
     */
    public static final class Phases {
        private final GpuContext gpu;
        private final String what;
        private final java.util.List<String> labels = new java.util.ArrayList<String>();
        private final java.util.List<Long> ends = new java.util.ArrayList<Long>();
        private final long start;

        public Phases(GpuContext gpu, String what) {
            this.gpu = gpu;
            this.what = what;
            this.start = gpu == null ? System.nanoTime() : sync(gpu);
        }

        /** Ends the phase called label here. */
        public void mark(String label) {
            ends.add(gpu == null ? System.nanoTime() : sync(gpu));
            labels.add(label);
        }

        public void print() {
            StringBuilder line = new StringBuilder(what).append(':');
            long last = start;
            for (int i = 0; i < labels.size(); i++) {
                line.append(String.format(java.util.Locale.ROOT, " %s %.3f", labels.get(i), (ends.get(i) - last) / 1e6));
                last = ends.get(i);
            }
            System.err.println(line.append(String.format(java.util.Locale.ROOT, "; %.3f ms in all", (last - start) / 1e6)));
        }
    }
}
