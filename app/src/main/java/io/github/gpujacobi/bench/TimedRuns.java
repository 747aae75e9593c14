package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.RunReport;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The timing protocol of the gpujacobi rows, real and complex: one warm-up run (for the whole call and the CPU, three
 * or more: {@link #warmAgain}), then {@code repeats}
 * timed runs, each after {@link Measurement#settled} and timed by the solver's own compute time unless transfers are
 * asked for. A run of
 * many seconds gains nothing from a warm-up (module load and JIT are milliseconds): it is measured
 * once, which keeps n = 8192 within one device command.
 */
public final class TimedRuns<R> {
    static final double LONG_RUN_MS = 20000;
    /** The fewest untimed runs before a wall-clock measurement (--with-transfers, the CPU); one for device time. */
    public static final int WHOLE_CALL_WARMUPS = 3;
    /**
     * Untimed wall-clock runs go on until they total this long: the JIT compiles a call's loops over its first runs,
     * on threads that share the cores, so a row timed after three runs of a short call still paid for compilation
     * (and the row after it, running the same code, did not).
     */
    static final double WARM_MS = 2000;
    static final int MAX_WARMUPS = 30;

    /** Whether a wall-clock row makes another untimed run after {@code done} of them, of totalMs, the last lastMs. */
    public static boolean warmAgain(int done, double totalMs, double lastMs) {
        if (lastMs > LONG_RUN_MS / WHOLE_CALL_WARMUPS) return false;
        return done < WHOLE_CALL_WARMUPS || (totalMs < WARM_MS && done < MAX_WARMUPS);
    }

    /** The untimed runs of a peer's row: one when device time is timed, else as {@link #warmAgain} rules. */
    public static void warmUp(Runnable call, boolean wall) {
        double total = 0, last = 0;
        for (int done = 0; done == 0 || (wall && warmAgain(done, total, last)); done++) {
            long t0 = System.nanoTime();
            call.run();
            last = (System.nanoTime() - t0) * 1e-6;
            total += last;
        }
    }

    /** The times of the counted runs (one when {@link #once}). */
    final double[] ms;
    /** The result of the last run (what the accuracy is computed from). */
    final R last;
    final RunReport lastReport;
    /** True when the warm-up ran past {@link #LONG_RUN_MS} and is the only measurement. */
    final boolean once;
    /** With transfers: the device times the solver reported for the same runs (NaN where it reported none). */
    final double[] deviceMs;

    private TimedRuns(double[] ms, double[] deviceMs, R last, RunReport lastReport, boolean once) {
        this.ms = ms;
        this.deviceMs = deviceMs;
        this.last = last;
        this.lastReport = lastReport;
        this.once = once;
    }

    static <R> TimedRuns<R> of(Supplier<R> run, Function<R, RunReport> report, int repeats, boolean withTransfers) {
        long w0 = System.nanoTime();
        R last = run.get();
        double warmMs = millis(report.apply(last), System.nanoTime() - w0, withTransfers);
        // Java code is compiled by the JIT over several calls, not one: rows timed on the wall clock (the whole call,
        // the CPU) get more warm-ups, short runs only, as the CPU peers' rows do (Measurement.warmed)
        boolean wall = withTransfers || report.apply(last).computeNanos() < 0;
        double warmTotal = warmMs;
        for (int w = 1; wall && warmAgain(w, warmTotal, warmMs); w++) {
            w0 = System.nanoTime();
            last = run.get();
            warmMs = millis(report.apply(last), System.nanoTime() - w0, withTransfers);
            warmTotal += warmMs;
        }
        boolean once = warmMs > LONG_RUN_MS;
        double[] ms = new double[once ? 1 : repeats], dev = new double[ms.length];
        if (once) {
            ms[0] = warmMs;
            dev[0] = deviceMillis(report.apply(last), withTransfers);
        }
        for (int r = 0; r < ms.length && !once; r++) {
            Measurement.settled();
            long t0 = System.nanoTime();
            last = run.get();
            ms[r] = millis(report.apply(last), System.nanoTime() - t0, withTransfers);
            dev[r] = deviceMillis(report.apply(last), withTransfers);
        }
        return new TimedRuns<R>(ms, dev, last, report.apply(last), once);
    }

    /** The row's note with the single-run remark added when {@link #once}. */
    String note(String note) {
        return once ? (note.isEmpty() ? "" : note + ", ") + "one run (over 20 s, no warm-up)" : note;
    }

    Measurement measurement(double[] accuracy, String note) {
        return new Measurement(Measurement.median(ms), accuracy[0], accuracy[1], note(note), Measurement.median(deviceMs));
    }

    /** The device time of a whole-call run (NaN without transfers, or where the backend reports none: the CPU). */
    private static double deviceMillis(RunReport rep, boolean withTransfers) {
        return withTransfers && rep.computeNanos() >= 0 ? rep.computeNanos() * 1e-6 : Double.NaN;
    }

    private static double millis(RunReport rep, long wallNanos, boolean withTransfers) {
        return (!withTransfers && rep.computeNanos() >= 0 ? rep.computeNanos() : wallNanos) * 1e-6;
    }
}
