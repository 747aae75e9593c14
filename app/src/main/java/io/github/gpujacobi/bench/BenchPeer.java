package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.PageArray;

/**
 * One implementation the benchmark times: a gpujacobi backend and method, or a peer library
 * (EJML here; cuSOLVER from the cuda module, found through ServiceLoader via {@link PeerProvider}).
 */
public interface BenchPeer {
    /** Row label, e.g. "gpujacobi cuda/mca" or "cusolver syevd". */
    String name();

    /** False for the peers that gpujacobi is compared against. */
    boolean isGpujacobi();

    /** eig, svd or inv. */
    String op();

    /** Null when it can run this input, else why not ("not available: ..."). */
    String unsupported(PageArray input);

    /** False leaves this input's row out (a batched peer on a single matrix, say), rather than "not run". */
    default boolean applies(PageArray input) { return true; }

    /**
     * Runs once untimed (warm-up), then {@code repeats} times; returns the median and the accuracy
     * of the last run.
     */
    Measurement measure(PageArray input, int repeats, boolean withTransfers);

    /**
     * A wall-clock row that can be timed a run at a time between the other rows of its group ({@link Interleaved}):
     * the CPU's rows; null for a row that times itself ({@link #measure}). Called only where {@link #unsupported} is
     * null.
     */
    default Interleaved.Timed timed(PageArray input, boolean withTransfers) { return null; }
}
