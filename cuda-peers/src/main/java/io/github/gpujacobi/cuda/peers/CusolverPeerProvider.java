package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.cuda.jna.CuBlas;
import io.github.gpujacobi.cuda.jna.CuSolver;
import io.github.gpujacobi.cuda.jna.CudaRuntime;
import io.github.gpujacobi.bench.BenchPeer;
import io.github.gpujacobi.bench.PeerProvider;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** cuSOLVER's rows for the benchmark when libcusolver and libcudart load (by unversioned name). */
public final class CusolverPeerProvider implements PeerProvider {
    private static String reason;
    private static CuSolver cs;
    private static CudaRuntime rt;
    private static Pointer handle;
    /** cuBLAS for the batched inverse row; null when it did not load (that row is then left out). */
    private static CuBlas blas;
    private static Pointer blasHandle;

    private static synchronized boolean load() {
        if (handle != null) return true;
        if (reason != null) return false;
        try {
            rt = CudaRuntime.load();
            cs = CuSolver.load();
            handle = PeerLoading.createHandle(cs);
            loadBlas();
            return true;
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            reason = PeerLoading.unavailable("cuSOLVER rows", e);
            return false;
        }
    }

    private static void loadBlas() {
        try {
            CuBlas b = CuBlas.load();
            PointerByReference h = new PointerByReference();
            if (b.cublasCreate_v2(h) == 0) {
                blas = b;
                blasHandle = h.getValue();
            }
        } catch (UnsatisfiedLinkError e) {
            blas = null; // the cuSOLVER rows stay
        }
    }

    public List<BenchPeer> peers(String op) {
        if (!load()) return Collections.emptyList();
        List<BenchPeer> out = new ArrayList<BenchPeer>();
        for (CusolverPeer.Kind k : CusolverPeer.Kind.values()) {
            CusolverPeer p = new CusolverPeer(k, cs, rt, handle);
            if (p.op().equals(op)) out.add(p);
        }
        if ("inv".equals(op) && blas != null) out.add(new CublasBatchedInversePeer(blas, rt, blasHandle));
        return out;
    }

    public String unavailableReason() { return reason; }

    public String label() { return "cusolver"; }
}
