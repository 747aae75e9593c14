package io.github.gpujacobi.bench;

/** CSV and JSON forms of a row for the command line. */
public final class BenchRowAccess {
    private BenchRowAccess() {}

    public static String header() { return BenchRow.header(); }

    public static String csv(BenchRow r) { return r.csv(); }

    public static String json(BenchRow r) { return r.json(); }
}
