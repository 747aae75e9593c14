package io.github.gpujacobi.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What ran: backend, method, sweeps, rotations, convergence and time, over all pages of one call. */
public final class RunReport {
    private final String backend;
    private final String method;
    private final Precision precision;
    private final int[] sweeps;
    private final long[] rotations;
    private final boolean[] converged;
    private final long nanos;
    private final List<String> notes;
    private long computeNanos = -1;

    /**
     * @param sweeps    per page, sweeps run
     * @param rotations per page, rotations applied (not skipped)
     * @param converged per page, whether the convergence test passed (fixed-sweep runs: false)
     */
    public RunReport(String backend, String method, Precision precision, int[] sweeps, long[] rotations,
                     boolean[] converged, long nanos, List<String> notes) {
        this.backend = backend;
        this.method = method;
        this.precision = precision;
        this.sweeps = sweeps.clone();
        this.rotations = rotations.clone();
        this.converged = converged.clone();
        this.nanos = nanos;
        this.notes = Collections.unmodifiableList(new ArrayList<String>(notes));
    }

    /** A report for a direct (non-iterative) method such as inversion. */
    public static RunReport direct(String backend, String method, Precision precision, int pages, long nanos,
                                   List<String> notes) {
        boolean[] ok = new boolean[pages];
        java.util.Arrays.fill(ok, true);
        return new RunReport(backend, method, precision, new int[pages], new long[pages], ok, nanos, notes);
    }

    public String backend() { return backend; }

    public String method() { return method; }

    public Precision precision() { return precision; }

    public int pages() { return sweeps.length; }

    /** Most sweeps any page needed. */
    public int sweeps() {
        int m = 0;
        for (int s : sweeps) m = Math.max(m, s);
        return m;
    }

    public int sweeps(int page) { return sweeps[page]; }

    public long rotations() {
        long r = 0;
        for (long x : rotations) r += x;
        return r;
    }

    public long rotations(int page) { return rotations[page]; }

    /** True when every page converged. */
    public boolean converged() {
        for (boolean c : converged) if (!c) return false;
        return true;
    }

    public boolean converged(int page) { return converged[page]; }

    public long nanos() { return nanos; }

    public double seconds() { return nanos * 1e-9; }

    /** Remarks such as a GPU-to-CPU fallback and its reason. */
    public List<String> notes() { return notes; }

    /** Same report with another note and time (used by the dispatcher). */
    public RunReport withNote(String note) {
        List<String> n = new ArrayList<String>(notes);
        n.add(note);
        RunReport r = new RunReport(backend, method, precision, sweeps, rotations, converged, nanos, n);
        r.computeNanos = computeNanos;
        return r;
    }

    public RunReport withNanos(long ns) {
        RunReport r = new RunReport(backend, method, precision, sweeps, rotations, converged, ns, notes);
        r.computeNanos = computeNanos;
        return r;
    }

    /** Same report naming another method (a backend that learns per page which path ran, e.g. "mixed"). */
    public RunReport withMethod(String m) {
        RunReport r = new RunReport(backend, m, precision, sweeps, rotations, converged, nanos, notes);
        r.computeNanos = computeNanos;
        return r;
    }

    /** Same report with the device time measured without host-device transfers (GPU backends). */
    public RunReport withComputeNanos(long ns) {
        RunReport r = new RunReport(backend, method, precision, sweeps, rotations, converged, nanos, notes);
        r.computeNanos = ns;
        return r;
    }

    /** Time spent computing on the device without transfers, or -1 when the backend does not know. */
    public long computeNanos() { return computeNanos; }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(backend).append('/').append(method).append(' ').append(precision.matlabClass())
                .append(": ").append(pages()).append(pages() == 1 ? " page" : " pages")
                .append(", sweeps ").append(sweeps()).append(", rotations ").append(rotations())
                .append(converged() ? ", converged" : ", NOT converged")
                .append(String.format(java.util.Locale.ROOT, ", %.3f s", seconds()));
        for (String note : notes) sb.append("; ").append(note);
        return sb.toString();
    }
}
