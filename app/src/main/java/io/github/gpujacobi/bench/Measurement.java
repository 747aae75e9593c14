package io.github.gpujacobi.bench;

/** The median time of a peer on one input and the accuracy of its result (NaN when not computed). */
public final class Measurement {
    public final double medianMs;
    public final double residual;
    public final double orthogonality;
    public final String note;
    /** With transfers: the median device time of the same runs, as the solver reported it (NaN where none is). */
    public final double deviceMs;

    public Measurement(double medianMs, double residual, double orthogonality, String note) {
        this(medianMs, residual, orthogonality, note, Double.NaN);
    }

    public Measurement(double medianMs, double residual, double orthogonality, String note, double deviceMs) {
        this.medianMs = medianMs;
        this.residual = residual;
        this.orthogonality = orthogonality;
        this.note = note == null ? "" : note;
        this.deviceMs = deviceMs;
    }

    /** This measurement with a remark added to its note. */
    Measurement withNote(String remark) {
        return new Measurement(medianMs, residual, orthogonality, note.isEmpty() ? remark : note + ", " + remark, deviceMs);
    }

    /** The wall times in ms of {@code repeats} runs of run (after whatever warm-up the caller did), each {@link #settled}. */
    public static double[] time(int repeats, Runnable run) {
        double[] ms = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            settled();
            long t0 = System.nanoTime();
            run.run();
            ms[r] = (System.nanoTime() - t0) * 1e-6;
        }
        return ms;
    }

    /**
     * The first run of a CPU peer (its result, for the accuracy columns), then untimed ones as gpujacobi's wall-clock
     * rows are warmed ({@link TimedRuns#warmAgain}).
     */
    static <T> T warmed(java.util.function.Supplier<T> run) {
        java.util.List<T> first = new java.util.ArrayList<T>(1);
        TimedRuns.warmUp(() -> {
            T r = run.get();
            if (first.isEmpty()) first.add(r);
        }, true);
        return first.get(0);
    }

    /**
     * Collects the garbage of the runs before (untimed) so that every row's timed run starts from the same heap, as
     * JMH's -gc option: otherwise a run of large pages pays for its predecessors' garbage, by an amount that varies
     * with what ran before it in the process.
     */
    static void settled() {
        System.gc();
    }

    public static double median(double[] ms) {
        double[] s = ms.clone();
        java.util.Arrays.sort(s);
        int n = s.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }
}
