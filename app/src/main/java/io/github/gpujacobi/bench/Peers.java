package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Lapack;


import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Every implementation of an operation present in this process: gpujacobi's backends and methods, and the peers. */
public final class Peers {
    private Peers() {}

    public static List<BenchPeer> forOp(String op, SolverOptions base, List<String> missing) {
        return forOp(op, base, missing, false);
    }

    /**
     * @param into also the GPU's default route into the caller's arrays (Jacobi's *Into calls), for the whole call:
     *             the results' arrays made once, as the cuSOLVER rows' host memory is
     */
    public static List<BenchPeer> forOp(String op, SolverOptions base, List<String> missing, boolean into) {
        List<BenchPeer> out = new ArrayList<BenchPeer>();
        Operation operation = op.equals("eig") ? Operation.EIG : op.equals("svd") ? Operation.SVD : Operation.INV;
        for (Backend b : Backends.get().available()) {
            List<String> ms = methods(operation, b);
            for (String m : ms) {
                out.add(new JacobiPeer(b, operation, m, base));
                if (into && b.isGpu() && m.equals(ms.get(0))) out.add(new JacobiPeer(b, operation, m, base, true)); // the default
            }
        }
        out.add(new EjmlPeer(op));
        Lapack lapack = Lapack.get();
        if (lapack != null) {
            out.add(new LapackPeer(op, lapack, base.threadsOrCores()));
        } else {
            missing.add("lapack: " + Lapack.absence());
            out.add(new UnavailablePeer("lapack", op, "not available: " + Lapack.absence()));
        }
        for (PeerProvider p : ServiceLoader.load(PeerProvider.class, Peers.class.getClassLoader())) {
            try {
                List<BenchPeer> got = p.peers(op);
                if (got.isEmpty() && p.unavailableReason() != null) {
                    missing.add(p.unavailableReason());
                    out.add(new UnavailablePeer(p.label(), op, p.unavailableReason()));
                }
                out.addAll(got);
            } catch (RuntimeException | LinkageError e) {
                String why = "peer provider " + p.label() + ": not available: " + e;
                missing.add(why);
                out.add(new UnavailablePeer(p.label(), op, why));
            }
        }
        return out;
    }

    private static List<String> methods(Operation op, Backend b) {
        List<String> ms = new ArrayList<String>();
        if (op == Operation.EIG) {
            if (b.isGpu()) {
                // auto: what a default call runs (batched pages, MCA, blocked from its threshold; graded indefinite
                // pages on to the accurate route); parallel: the two-sided kernels alone
                if (b.supports(op, Methods.AUTO)) ms.add(Methods.AUTO);
                if (b.supports(op, Methods.PARALLEL)) ms.add(Methods.PARALLEL);
                for (String m : Methods.MEMORY_ACCESS) if (b.supports(op, m)) ms.add(m);
            } else {
                ms.add(Methods.AUTO); // what a default call runs: one-sided, preconditioned with a native LAPACK
                ms.add(Methods.PARALLEL);
            }
            // Bunch-Parlett + hyperbolic SVD [4]: the benchmark's symmetric inputs are indefinite.
            if (b.supports(op, Methods.HYPERBOLIC)) ms.add(Methods.HYPERBOLIC);
            if (b.isGpu() && b.supports(op, Methods.BLOCKED)) ms.add(Methods.BLOCKED);
        } else if (op == Operation.SVD) {
            if (b.isGpu() && b.supports(op, Methods.AUTO)) ms.add(Methods.AUTO); // what a default call runs
            ms.add(Methods.ONE_SIDED);
            if (b.isGpu() && b.supports(op, Methods.BLOCKED)) ms.add(Methods.BLOCKED);
        } else {
            ms.add(b.isGpu() ? Methods.GAUSS_JORDAN : Methods.AUTO);
            if (!b.isGpu()) ms.add(Methods.GAUSS_JORDAN);
        }
        return ms;
    }
}
