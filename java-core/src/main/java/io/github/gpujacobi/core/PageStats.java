package io.github.gpujacobi.core;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;

import java.util.List;

/**
 * What an iterative solver did on each page of a 3-D array (sweeps, rotations, convergence) and the
 * device time summed over pages: the bookkeeping every backend's page loop shares, turned into the
 * result's {@link RunReport}. Pages are recorded from any thread (each page writes its own slots).
 */
public final class PageStats {
    public final int[] sweeps;
    public final long[] rotations;
    public final boolean[] converged;
    private long computeNanos;

    public PageStats(int pages) {
        sweeps = new int[pages];
        rotations = new long[pages];
        converged = new boolean[pages];
    }

    public void record(int page, int sweeps, long rotations, boolean converged) {
        this.sweeps[page] = sweeps;
        this.rotations[page] = rotations;
        this.converged[page] = converged;
    }

    /** Records a page solved on a device, with its compute time (transfers excluded). */
    public synchronized void record(int page, int sweeps, long rotations, boolean converged, long computeNanos) {
        record(page, sweeps, rotations, converged);
        this.computeNanos += computeNanos;
    }

    /** Records a page's outcome (its device time, if any, added to the total). */
    public void record(int page, PageOutcome r) {
        if (r.computeNanos != 0) record(page, r.sweeps, r.rotations, r.converged, r.computeNanos);
        else record(page, r.sweeps, r.rotations, r.converged);
    }

    public synchronized void addComputeNanos(long ns) { computeNanos += ns; }

    /** The compute time recorded so far. */
    public synchronized long computeNanos() { return computeNanos; }

    /** The report of a CPU run (no separate device time). */
    public RunReport report(String backend, String method, Precision precision, List<String> notes) {
        return new RunReport(backend, method, precision, sweeps, rotations, converged, 0, notes);
    }

    /** The report of a device run, with the summed compute time. */
    public synchronized RunReport deviceReport(String backend, String method, Precision precision, List<String> notes) {
        return report(backend, method, precision, notes).withComputeNanos(computeNanos);
    }
}
