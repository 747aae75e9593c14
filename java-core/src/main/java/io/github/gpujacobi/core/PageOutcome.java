package io.github.gpujacobi.core;

/**
 * What one solve of one page did, returned by every per-page solver as a value (no fields left
 * behind on the solver, no static timings): sweeps, rotations, convergence (for a direct method:
 * success), the device compute time (transfers excluded; 0 on the CPU), and the values the solver
 * produced when they do not come back in its work array (eigenvalues; singular values of a GPU
 * whose column-scaling kernel already normalised U), else null.
 */
public final class PageOutcome {
    public final int sweeps;
    public final long rotations;
    public final boolean converged;
    public final long computeNanos;
    public final double[] values;

    public PageOutcome(int sweeps, long rotations, boolean converged, long computeNanos, double[] values) {
        this.sweeps = sweeps;
        this.rotations = rotations;
        this.converged = converged;
        this.computeNanos = computeNanos;
        this.values = values;
    }

    /** A direct method's outcome: succeeded or not, in this much device time. */
    public static PageOutcome direct(boolean ok, long computeNanos) {
        return new PageOutcome(0, 0, ok, computeNanos, null);
    }
}
