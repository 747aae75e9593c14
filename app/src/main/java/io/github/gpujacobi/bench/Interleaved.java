package io.github.gpujacobi.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Times a group's wall-clock rows (the CPU: gpujacobi's and its peers', on one input) a run at a time in turn, the
 * order rotating each round, after each row's own warm-up: a drift of the machine's speed, or the JIT still compiling
 * code that rows share, then falls on every row alike instead of on whichever row ran first.
 */
final class Interleaved {
    private Interleaved() {}

    /** One row's handle ({@link BenchPeer#timed}): a whole call, and the row from its timed runs. */
    interface Timed {
        void run();

        /** The row from the times of the timed runs (ms), the accuracy from a run of its own. */
        Measurement measurement(double[] ms);
    }

    /**
     * The measurements of the handles, in their order; a handle that threw gives a supplier that throws the same
     * (the row then says why, as a row measured alone does).
     */
    static List<Supplier<Measurement>> measure(List<Timed> rows, int repeats) {
        int k = rows.size();
        double[][] ms = new double[k][];
        Throwable[] failed = new Throwable[k]; // a RuntimeException or an OutOfMemoryError, as PeerRow reports them
        for (int i = 0; i < k; i++) {
            try {
                double first = once(rows.get(i));
                if (first > TimedRuns.LONG_RUN_MS) {
                    ms[i] = new double[]{first}; // one run only, as TimedRuns measures such a row
                    continue;
                }
                double total = first, last = first;
                for (int w = 1; TimedRuns.warmAgain(w, total, last); w++) {
                    last = once(rows.get(i));
                    total += last;
                }
                ms[i] = new double[repeats];
            } catch (RuntimeException | OutOfMemoryError e) {
                failed[i] = e;
            }
        }
        for (int r = 0; r < repeats; r++) {
            for (int j = 0; j < k; j++) {
                int i = (j + r) % k;
                if (failed[i] != null || ms[i].length != repeats) continue;
                Measurement.settled();
                try {
                    ms[i][r] = once(rows.get(i));
                } catch (RuntimeException | OutOfMemoryError e) {
                    failed[i] = e;
                }
            }
        }
        List<Supplier<Measurement>> out = new ArrayList<Supplier<Measurement>>(k);
        for (int i = 0; i < k; i++) {
            final int ii = i;
            out.add(() -> {
                if (failed[ii] instanceof RuntimeException) throw (RuntimeException) failed[ii];
                if (failed[ii] != null) throw (OutOfMemoryError) failed[ii];
                Measurement m = rows.get(ii).measurement(ms[ii]);
                return ms[ii].length == 1 && repeats > 1 ? m.withNote("one run (over 20 s, no warm-up)") : m;
            });
        }
        return out;
    }

    /** One row measured alone by the same protocol (its warm-up, then its timed runs). */
    static Measurement alone(Timed row, int repeats) {
        return measure(java.util.Collections.singletonList(row), repeats).get(0).get();
    }

    private static double once(Timed t) {
        long t0 = System.nanoTime();
        t.run();
        return (System.nanoTime() - t0) * 1e-6;
    }
}
