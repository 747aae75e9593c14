package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Runs every implementation on the same seeded inputs and computes each row's ratio to the best peer. */
public final class BenchRunner extends BenchSettings {
    public List<BenchRow> run(PrintStream progress) {
        List<BenchRow> rows = new ArrayList<BenchRow>();
        for (String op : ops) {
            List<String> missing = new ArrayList<String>();
            List<BenchPeer> peers = Peers.forOp(op, base, missing, withTransfers);
            for (String m : missing) progress.println("# " + m);
            for (Precision p : dtypes) {
                for (int n : sizes) {
                    int mm = svdRows > 0 && op.equals("svd") ? svdRows : n;
                    PageArray input = BenchInputs.make(spd && op.equals("eig") ? "spd" : op, mm, n, pages, p, 20261122L);
                    List<BenchPeer> group = new ArrayList<BenchPeer>();
                    for (BenchPeer peer : peers) if (selected(peer.name()) && peer.applies(input)) group.add(peer);
                    Map<BenchPeer, Supplier<Measurement>> inTurn = interleaved(group, input, n);
                    for (BenchPeer peer : group) {
                        Supplier<Measurement> measured = inTurn.containsKey(peer) ? inTurn.get(peer)
                                : () -> peer.measure(input, repeats, withTransfers);
                        BenchRow row = PeerRow.measure(op, p.matlabClass(), n, pages, peer.name(), peer.isGpujacobi(),
                                peer.unsupported(input), cpuMaxN, measured, progress, 6, mm != n ? " m=" + mm : "");
                        if (withTransfers && !Double.isNaN(row.ms)) row.mbMoved = bytesMoved(op, input) / 1e6;
                        rows.add(row.withRows(mm));
                    }
                }
            }
        }
        ratios(rows);
        return rows;
    }

    /** The group's rows that run and can be timed in turn ({@link Interleaved}), measured so. */
    private Map<BenchPeer, Supplier<Measurement>> interleaved(List<BenchPeer> group, PageArray input, int n) {
        List<BenchPeer> peers = new ArrayList<BenchPeer>();
        List<Interleaved.Timed> handles = new ArrayList<Interleaved.Timed>();
        for (BenchPeer peer : group) {
            if (PeerRow.reason(peer.name(), peer.unsupported(input), cpuMaxN, n) != null) continue;
            Interleaved.Timed t = peer.timed(input, withTransfers);
            if (t == null) continue;
            peers.add(peer);
            handles.add(t);
        }
        Map<BenchPeer, Supplier<Measurement>> out = new HashMap<BenchPeer, Supplier<Measurement>>();
        if (handles.isEmpty()) return out;
        List<Supplier<Measurement>> m = Interleaved.measure(handles, repeats);
        for (int i = 0; i < peers.size(); i++) out.put(peers.get(i), m.get(i));
        return out;
    }

    /**
     * What a whole call moves between the host and a device: the input, and the outputs bench asks for (eig: values and
     * vectors; svd: full U, S, V; inv: the inverse), in the input's precision.
     */
    static long bytesMoved(String op, PageArray a) {
        long m = a.rows(), n = a.cols(), k = Math.min(m, n), pages = a.pages(), in = m * n;
        long out = op.equals("eig") ? n * n + n : op.equals("svd") ? m * m + k + n * n : m * n;
        return (in + out) * pages * a.precision().bytes();
    }

    static void ratios(List<BenchRow> rows) {
        Map<String, Double> best = new HashMap<String, Double>();
        for (BenchRow r : rows) {
            if (r.gpujacobi || Double.isNaN(r.ms)) continue;
            Double b = best.get(r.group());
            if (b == null || r.ms < b) best.put(r.group(), r.ms);
        }
        for (BenchRow r : rows) {
            Double b = best.get(r.group());
            if (b != null && !Double.isNaN(r.ms)) r.ratio = r.ms / b;
        }
    }
}
