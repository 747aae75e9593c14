package io.github.gpujacobi.testing;

import java.util.Locale;

/**
 * Figures a test measures beside what it asserts (errors against a reference, LAPACK's for comparison, sweeps):
 * printed only with -Dgpujacobi.test.verbose=true, so that a test run's output holds only what went wrong.
 */
public final class TestLog {
    private TestLog() {}

    private static final boolean VERBOSE = Boolean.getBoolean("gpujacobi.test.verbose");

    public static void printf(String format, Object... args) {
        if (VERBOSE) System.out.printf(Locale.ROOT, format, args);
    }
}
