package io.github.gpujacobi.bench;

import java.util.List;

/** Contributes complex benchmark peers from another module (META-INF/services/io.github.gpujacobi.bench.ComplexPeerProvider). */
public interface ComplexPeerProvider {
    /** The peers for op; empty (nothing thrown) when the library is missing. */
    List<ComplexBenchPeer> peers(String op);

    /** Why this provider has no peers here, or null. */
    String unavailableReason();
}
