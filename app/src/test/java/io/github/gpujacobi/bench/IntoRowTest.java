package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The "into" rows: named apart, and as accurate as the ordinary rows (their result arrays reused across runs). */
class IntoRowTest {
    @Test
    void intoRowsAreAsAccurateAsTheOrdinaryOnes() {
        for (String op : new String[]{"eig", "svd", "inv"}) {
            Operation o = op.equals("eig") ? Operation.EIG : op.equals("svd") ? Operation.SVD : Operation.INV;
            for (int[] s : new int[][]{{12, 12, 3}, {9, 6, 1}}) {
                if (!op.equals("svd") && s[0] != s[1]) continue;
                PageArray a = BenchInputs.make(op, s[0], s[1], s[2], Precision.DOUBLE, 20261122L);
                JacobiPeer plain = new JacobiPeer(Backends.get().cpu(), o, "auto", SolverOptions.defaults());
                JacobiPeer into = new JacobiPeer(Backends.get().cpu(), o, "auto", SolverOptions.defaults(), true);
                assertEquals(plain.name() + " into", into.name());
                Measurement m = into.measure(a, 3, true), ref = plain.measure(a, 1, true);
                assertTrue(m.residual <= 1e-13 && m.residual <= 10 * ref.residual + 1e-15, op + " residual " + m.residual);
                if (!op.equals("inv")) assertTrue(m.orthogonality <= 1e-13, op + " orthogonality " + m.orthogonality);
            }
        }
    }

    @Test
    void onlyWithTransfersAndOnlyForAGpu() {
        List<String> missing = new ArrayList<String>();
        for (BenchPeer p : Peers.forOp("eig", SolverOptions.defaults(), missing, true)) {
            assertTrue(!p.name().endsWith(" into") || p.name().startsWith("gpujacobi cuda"), p.name());
        }
        for (BenchPeer p : Peers.forOp("inv", SolverOptions.defaults(), missing)) assertTrue(!p.name().endsWith(" into"), p.name());
    }
}
