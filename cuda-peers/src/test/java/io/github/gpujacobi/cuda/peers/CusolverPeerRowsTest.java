package io.github.gpujacobi.cuda.peers;

import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.bench.BenchPeer;
import io.github.gpujacobi.bench.Peers;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cuSOLVER provider is found through ServiceLoader; without the CUDA libraries its rows say "not available". */
class CusolverPeerRowsTest {
    @Test
    void cusolverRowsArePresentOrSayNotAvailable() {
        for (String op : new String[]{"eig", "svd", "inv"}) {
            List<String> missing = new ArrayList<String>();
            List<BenchPeer> peers = Peers.forOp(op, SolverOptions.defaults(), missing);
            List<BenchPeer> cusolver = new ArrayList<BenchPeer>();
            for (BenchPeer p : peers) if (p.name().startsWith("cusolver")) cusolver.add(p);
            assertFalse(cusolver.isEmpty(), op + ": no cusolver row at all");
            boolean loaded = new CusolverPeerProvider().unavailableReason() == null;
            if (!loaded) {
                // other providers (the CPU's native LAPACK) may name their absence too: the cuSOLVER line says it
                assertTrue(missing.stream().anyMatch(m -> m.startsWith("cuSOLVER") && m.contains("not available")), missing.toString());
                for (BenchPeer p : cusolver) assertTrue(p.unsupported(null).contains("not available"), p.name());
            }
        }
    }
}
