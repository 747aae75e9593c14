package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Runs every implementation on the same seeded inputs and computes each row's ratio to the best peer. */
public final class BenchRunner extends BenchSettings {
    public List<BenchRow> run(PrintStream progress) {
        List<BenchRow> rows = new ArrayList<BenchRow>();
        for (String op : ops) {
            List<String> missing = new ArrayList<String>();
            List<BenchPeer> peers = Peers.forOp(op, base, missing);
            for (String m : missing) progress.println("# " + m);
            for (Precision p : dtypes) {
                for (int n : sizes) {
                    int mm = svdRows > 0 && op.equals("svd") ? svdRows : n;
                    PageArray input = BenchInputs.make(spd && op.equals("eig") ? "spd" : op, mm, n, pages, p, 20261122L);
                    for (BenchPeer peer : peers) {
                        if (!selected(peer.name())) continue;
                        if (!peer.applies(input)) continue;
                        rows.add(PeerRow.measure(op, p.matlabClass(), n, pages, peer.name(), peer.isGpujacobi(),
                                peer.unsupported(input), cpuMaxN, () -> peer.measure(input, repeats, withTransfers), progress,
                                6, mm != n ? " m=" + mm : "").withRows(mm));
                    }
                }
            }
        }
        ratios(rows);
        return rows;
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
