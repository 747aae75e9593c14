package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.ComplexPageArray;

/**
 * One implementation the benchmark times on complex input (bench --dtype complex64/complex128): a
 * gpujacobi backend and method, or a peer library's complex routine (cuSOLVER's zheevd etc. from the
 * cuda module, through {@link ComplexPeerProvider}).
 */
public interface ComplexBenchPeer {
    /** Row label, e.g. "gpujacobi cuda/mca" or "cusolver zheevd". */
    String name();

    /** False for the peers that gpujacobi is compared against. */
    boolean isGpujacobi();

    /** eig, svd or inv. */
    String op();

    /** Null when it can run this input, else why not. */
    String unsupported(ComplexPageArray input);

    /** Runs once untimed, then {@code repeats} times: the median time and the accuracy of the last run. */
    Measurement measure(ComplexPageArray input, int repeats, boolean withTransfers);
}
