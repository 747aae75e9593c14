package io.github.gpujacobi.bench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InterleavedTest {
    /** A row that records its runs in a shared log and reports how many timed runs it was given. */
    private static Interleaved.Timed row(String name, List<String> log, boolean fails) {
        return new Interleaved.Timed() {
            public void run() {
                log.add(name);
                if (fails && log.stream().filter(name::equals).count() > 1) throw new IllegalStateException(name + " broke");
            }

            public Measurement measurement(double[] ms) {
                return new Measurement(ms.length, Double.NaN, Double.NaN, name);
            }
        };
    }

    @Test
    void rowsAreTimedInRotatingTurnsAfterTheirOwnWarmUps() {
        List<String> log = new ArrayList<String>();
        List<Interleaved.Timed> rows = Arrays.asList(row("a", log, false), row("b", log, false), row("c", log, false));
        List<Supplier<Measurement>> m = Interleaved.measure(rows, 4);
        for (Supplier<Measurement> s : m) assertEquals(4.0, s.get().medianMs, "timed runs given to " + s.get().note);
        // the warm-ups: each row alone, at least the minimum, a before b before c
        int warm = log.size() - 12;
        assertTrue(warm >= 3 * TimedRuns.WHOLE_CALL_WARMUPS, "warm-up runs " + warm);
        List<String> warmUps = new ArrayList<String>(log.subList(0, warm));
        List<String> grouped = new ArrayList<String>(warmUps);
        grouped.sort(null);
        assertEquals(grouped, warmUps, "each row's warm-ups run together, before the timed turns");
        List<String> timed = log.subList(warm, log.size());
        assertEquals(Arrays.asList("a", "b", "c", "b", "c", "a", "c", "a", "b", "a", "b", "c"), timed);
    }

    @Test
    void aRowThatFailsCostsOnlyItself() {
        List<String> log = new ArrayList<String>();
        List<Supplier<Measurement>> m = Interleaved.measure(Arrays.asList(row("ok", log, false), row("bad", log, true)), 3);
        assertEquals(3.0, m.get(0).get().medianMs);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> m.get(1).get());
        assertEquals("bad broke", e.getMessage());
    }
}
