package io.github.gpujacobi.api;

import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Whole-array passes the host must make anyway (input checks), spread over the cores: a call's host time is part of
 * what a user waits for, and one thread reading a large array is several times slower than the memory allows.
 * Small arrays stay on the calling thread. Java 8's common fork-join pool (no thread of our own to manage).
 */
public final class HostScan {
    private HostScan() {}

    /** Entries below which a pass stays on the calling thread: a hand-off costs more than it saves. */
    static final long PARALLEL_FROM = 1L << 18;

    /** Runs body(t) for t in [0, tasks), in parallel when the pass reads at least {@link #PARALLEL_FROM} entries. */
    public static void forTasks(int tasks, long entries, IntConsumer body) {
        if (entries < PARALLEL_FROM || tasks < 2) {
            for (int t = 0; t < tasks; t++) body.accept(t);
        } else {
            IntStream.range(0, tasks).parallel().forEach(body);
        }
    }

    /** Entries per task of a flat pass: large enough that a hand-off is cheap against it. */
    public static final int CHUNK = 1 << 16;

    /** Whether every entry is finite (no NaN, no Inf). */
    public static boolean allFinite(final double[] d) {
        return allFinite(d, 0, d.length);
    }

    /** Whether every entry of d[from .. from+len) is finite. */
    static boolean allFinite(final double[] d, final int from, final int len) {
        final int chunks = (len + CHUNK - 1) / CHUNK;
        final boolean[] bad = new boolean[Math.max(1, chunks)];
        forTasks(chunks, len, c -> {
            // x - x is NaN for NaN and Inf: one test per chunk, no branch per entry; four sums, so that the additions'
            // latency does not chain every entry to the one before
            double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            int i = from + c * CHUNK;
            final int end = from + Math.min(len, c * CHUNK + CHUNK);
            for (; i + 3 < end; i += 4) {
                s0 += d[i] - d[i];
                s1 += d[i + 1] - d[i + 1];
                s2 += d[i + 2] - d[i + 2];
                s3 += d[i + 3] - d[i + 3];
            }
            for (; i < end; i++) s0 += d[i] - d[i];
            double s = (s0 + s1) + (s2 + s3);
            bad[c] = s != 0 || s != s;
        });
        for (boolean b : bad) if (b) return false;
        return true;
    }

    /** Whether every entry is finite (no NaN, no Inf). */
    public static boolean allFinite(final float[] f) {
        return allFinite(f, 0, f.length);
    }

    /** Whether every entry of f[from .. from+len) is finite. */
    static boolean allFinite(final float[] f, final int from, final int len) {
        final int chunks = (len + CHUNK - 1) / CHUNK;
        final boolean[] bad = new boolean[Math.max(1, chunks)];
        forTasks(chunks, len, c -> {
            float s0 = 0, s1 = 0, s2 = 0, s3 = 0; // as for double
            int i = from + c * CHUNK;
            final int end = from + Math.min(len, c * CHUNK + CHUNK);
            for (; i + 3 < end; i += 4) {
                s0 += f[i] - f[i];
                s1 += f[i + 1] - f[i + 1];
                s2 += f[i + 2] - f[i + 2];
                s3 += f[i + 3] - f[i + 3];
            }
            for (; i < end; i++) s0 += f[i] - f[i];
            float s = (s0 + s1) + (s2 + s3);
            bad[c] = s != 0 || s != s;
        });
        for (boolean b : bad) if (b) return false;
        return true;
    }

    /** Whether every entry of a is finite (of its pages only, when a is a window onto a larger array). */
    public static boolean allFinite(PageArray a) {
        return a.precision() == Precision.DOUBLE ? allFinite(a.doubleData(), a.offset(), a.length())
                : allFinite(a.floatData(), a.offset(), a.length());
    }
}
