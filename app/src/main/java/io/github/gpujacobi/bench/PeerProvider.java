package io.github.gpujacobi.bench;

import java.util.List;

/** Contributes benchmark peers from another module (META-INF/services/io.github.gpujacobi.bench.PeerProvider). */
public interface PeerProvider {
    /** The peers for op; an empty list (with nothing thrown) when the library is missing. */
    List<BenchPeer> peers(String op);

    /** Why this provider has no peers here (library missing), or null. */
    String unavailableReason();

    /** Row label for this provider's peers when they are not available (e.g. "cusolver"). */
    default String label() { return getClass().getSimpleName(); }
}
