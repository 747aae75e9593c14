package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Pointer;
import io.github.gpujacobi.bench.ComplexBenchPeer;
import io.github.gpujacobi.bench.ComplexPeerProvider;
import io.github.gpujacobi.cuda.jna.CuSolver;
import io.github.gpujacobi.cuda.jna.CudaRuntime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** cuSOLVER's complex rows for the benchmark when libcusolver and libcudart load (their own handle). */
public final class CusolverComplexPeerProvider implements ComplexPeerProvider {
    private static String reason;
    private static CuSolver cs;
    private static CudaRuntime rt;
    private static Pointer handle;

    private static synchronized boolean load() {
        if (handle != null) return true;
        if (reason != null) return false;
        try {
            rt = CudaRuntime.load();
            cs = CuSolver.load();
            handle = PeerLoading.createHandle(cs);
            return true;
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            reason = PeerLoading.unavailable("cuSOLVER complex rows", e);
            return false;
        }
    }

    public List<ComplexBenchPeer> peers(String op) {
        if (!load()) return Collections.emptyList();
        List<ComplexBenchPeer> out = new ArrayList<ComplexBenchPeer>();
        for (CusolverComplexPeer.Kind k : CusolverComplexPeer.Kind.values()) {
            CusolverComplexPeer p = new CusolverComplexPeer(k, cs, rt, handle);
            if (p.op().equals(op)) out.add(p);
        }
        return out;
    }

    public String unavailableReason() { return reason; }
}
