package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.cuda.jna.CuSolver;

/** What the cuSOLVER peer providers, real and complex, share when they load: the handle and the "not available" line. */
final class PeerLoading {
    private PeerLoading() {}

    static Pointer createHandle(CuSolver cs) {
        PointerByReference h = new PointerByReference();
        int st = cs.cusolverDnCreate(h);
        if (st != 0) throw new IllegalStateException("cusolverDnCreate returned " + st);
        return h.getValue();
    }

    /** "ROWS: not available (the first line of the error message)". */
    static String unavailable(String rows, Throwable e) {
        String msg = String.valueOf(e.getMessage());
        int nl = msg.indexOf('\n');
        return rows + ": not available (" + (nl > 0 ? msg.substring(0, nl) : msg) + ")";
    }
}
