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
}
