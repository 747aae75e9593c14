package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** Runs every implementation on the same seeded inputs and computes each row's ratio to the best peer. */
public final class BenchRunner {
    public List<String> ops = new ArrayList<String>();
    public List<Integer> sizes = new ArrayList<Integer>();
    public List<Precision> dtypes = new ArrayList<Precision>();
    public int pages = 1;
    public int repeats = 3;
    public boolean withTransfers;
    /** eig inputs made positive definite (the blocked GPU eig's Cholesky path) instead of indefinite. */
    public boolean spd;
    /** Rows of the svd inputs (0: square); eig and inv stay square. */
    public int svdRows;
    public Pattern implFilter;
    /** Largest order at which the (slow, single-threaded) CPU rows still run. */
    public int cpuMaxN = 1024;
    public SolverOptions base = SolverOptions.defaults();

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
                        if (implFilter != null && !implFilter.matcher(peer.name()).find()) continue;
                        if (!peer.applies(input)) continue;
                        boolean cpuRow = peer.name().contains("cpu/") || peer.name().startsWith("ejml");
                        String why = peer.unsupported(input);
                        if (why == null && cpuRow && n > cpuMaxN) why = "not run: CPU rows stop at n=" + cpuMaxN;
                        BenchRow row;
                        if (why != null) {
                            row = new BenchRow(op, p.matlabClass(), n, pages, peer.name(), peer.isGpujacobi(), Double.NaN,
                                    Double.NaN, Double.NaN, why);
                        } else {
                            try {
                                Measurement m = peer.measure(input, repeats, withTransfers);
                                row = new BenchRow(op, p.matlabClass(), n, pages, peer.name(), peer.isGpujacobi(),
                                        m.medianMs, m.residual, m.orthogonality, m.note);
                            } catch (JacobiException | OutOfMemoryError | UnsupportedOperationException e) {
                                row = new BenchRow(op, p.matlabClass(), n, pages, peer.name(), peer.isGpujacobi(),
                                        Double.NaN, Double.NaN, Double.NaN, "failed: " + e.getMessage());
                            }
                        }
                        row = row.withRows(mm);
                        rows.add(row);
                        progress.println(String.format(Locale.ROOT, "# %-4s %-6s n=%-5d%s pages=%-4d %-32s %s", op,
                                p.matlabClass(), n, mm != n ? " m=" + mm : "", pages, peer.name(), Double.isNaN(row.ms) ? row.note
                                        : String.format(Locale.ROOT, "%.3f ms", row.ms)));
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
