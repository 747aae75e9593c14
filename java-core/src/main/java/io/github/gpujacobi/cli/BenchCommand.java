package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.bench.BenchPlot;
import io.github.gpujacobi.bench.BenchRunner;
import io.github.gpujacobi.bench.BenchRow;
import io.github.gpujacobi.bench.BenchRowAccess;
import io.github.gpujacobi.bench.Table1;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** {@code bench}: gpujacobi side by side with EJML and cuSOLVER on the same inputs, in one process. */
final class BenchCommand implements Command {
    public String name() { return "bench"; }

    public String summary() { return "time gpujacobi against EJML and cuSOLVER on the same inputs (ratios, CSV, plot)"; }

    public String help() {
        return "usage: gpujacobi bench --op eig,svd,inv --n 256,1024 --dtype single,double [--pages P] [--repeat R]\n"
                + "                     [--out results.csv|.json] [--plot results.png] [--with-transfers] [--spd]\n"
                + "                     [--impl REGEX] [--threads T] [--cpu-max-n N]\n"
                + "       gpujacobi bench --table1 [--n 8,16,...] [--out table1.csv]\n"
                + "       gpujacobi bench --plot-from results.csv --plot results.png   (re-plot a CSV)\n\n"
                + "Generates seeded random inputs once (symmetric part for eig, diagonally shifted for inv) and runs\n"
                + "every gpujacobi backend and method present (CPU; GPU TA/MA/SA/MCA ...), EJML on the CPU and\n"
                + "cuSOLVER (syevd, syevj, gesvd, gesvdj, getrf+getrs) when the CUDA libraries load. Each row is the\n"
                + "median over --repeat runs after a warm-up (a gpujacobi run over 20 s is timed once); GPU rows exclude host-device copies unless\n"
                + "--with-transfers. --spd shifts the eig inputs positive definite. ratio = time / best peer's time (peers: EJML, cuSOLVER); accuracy columns are\n"
                + "||AV-VD||/||A|| or ||A-USV'||/||A|| (or ||AX-I||/(||A|| ||X||)) and ||Q'Q-I|| (n <= 2048).\n"
                + "--table1 reproduces seed 000's Table I: single precision, 6 fixed sweeps, TA/MA/SA/MCA, the GPU default (parallel) and the CPU.";
    }

    public int run(List<String> args, PrintStream out, PrintStream err) {
        BenchRunner runner = new BenchRunner();
        String outFile = null, plot = null, plotFrom = null;
        boolean table1 = false;
        List<Integer> sizes = new ArrayList<Integer>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--table1": table1 = true; continue;
                case "--with-transfers": runner.withTransfers = true; continue;
                case "--spd": runner.spd = true; continue;
                default: break;
            }
            if (i + 1 >= args.size()) throw new UsageException(a + " needs a value");
            String v = args.get(++i);
            switch (a) {
                case "--op":
                    for (String op : v.split(",")) {
                        if (!op.matches("eig|svd|inv")) throw new UsageException("--op takes eig, svd, inv; got " + op);
                        runner.ops.add(op);
                    }
                    break;
                case "--n": for (String s : v.split(",")) sizes.add(positive(s, a)); break;
                case "--dtype":
                    for (String s : v.split(",")) {
                        try {
                            runner.dtypes.add(Precision.fromName(s));
                        } catch (RuntimeException e) {
                            throw new UsageException("--dtype takes single, double; got " + s);
                        }
                    }
                    break;
                case "--pages": runner.pages = positive(v, a); break;
                case "--repeat": runner.repeats = positive(v, a); break;
                case "--threads": runner.base = runner.base.withThreads(positive(v, a)); break;
                case "--cpu-max-n": runner.cpuMaxN = positive(v, a); break;
                case "--impl": runner.implFilter = Pattern.compile(v); break;
                case "--out": outFile = v; break;
                case "--plot": plot = v; break;
                case "--plot-from": plotFrom = v; break;
                default: throw new UsageException("unknown option " + a);
            }
        }
        List<BenchRow> rows;
        if (plotFrom != null) {
            if (plot == null) throw new UsageException("--plot-from needs --plot file.png");
            try {
                BenchPlot.write(BenchPlot.readCsv(plotFrom), plot);
            } catch (IOException e) {
                err.println("bench: cannot plot: " + e.getMessage());
                return PARTIAL;
            }
            return OK;
        }
        if (table1) {
            int[] ns = sizes.isEmpty() ? new int[]{8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096} : toInts(sizes);
            rows = Table1.run(ns, runner.repeats, runner.cpuMaxN, err);
        } else {
            if (runner.ops.isEmpty()) throw new UsageException("--op is required");
            runner.sizes.addAll(sizes.isEmpty() ? java.util.Arrays.asList(256, 1024) : sizes);
            if (runner.dtypes.isEmpty()) runner.dtypes.add(Precision.DOUBLE);
            rows = runner.run(err);
        }
        printTable(rows, out);
        try {
            if (outFile != null) write(rows, outFile);
            if (plot != null) BenchPlot.write(rows, plot);
        } catch (IOException e) {
            err.println("bench: cannot write results: " + e.getMessage());
            return PARTIAL;
        }
        return OK;
    }

    static void printTable(List<BenchRow> rows, PrintStream out) {
        out.printf(Locale.ROOT, "%-12s %-6s %6s %5s  %-32s %12s %9s %10s %10s  %s%n", "op", "dtype", "n", "pages",
                "implementation", "ms", "ratio", "residual", "orth", "note");
        for (BenchRow r : rows) {
            out.printf(Locale.ROOT, "%-12s %-6s %6d %5d  %-32s %12s %9s %10s %10s  %s%n", r.op, r.dtype, r.n, r.pages,
                    r.impl, fmt("%.3f", r.ms), fmt("%.2fx", r.ratio), fmt("%.1e", r.residual),
                    fmt("%.1e", r.orthogonality), r.note);
        }
    }

    private static String fmt(String f, double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, f, x);
    }

    private static void write(List<BenchRow> rows, String file) throws IOException {
        StringBuilder sb = new StringBuilder();
        if (file.endsWith(".json")) {
            sb.append("[\n");
            for (int i = 0; i < rows.size(); i++) sb.append("  ").append(rowJson(rows.get(i))).append(i + 1 < rows.size() ? ",\n" : "\n");
            sb.append("]\n");
        } else {
            sb.append(BenchRowAccess.header()).append('\n');
            for (BenchRow r : rows) sb.append(BenchRowAccess.csv(r)).append('\n');
        }
        Files.write(Paths.get(file), sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String rowJson(BenchRow r) { return BenchRowAccess.json(r); }

    private static int positive(String s, String opt) {
        try {
            int v = Integer.parseInt(s.trim());
            if (v <= 0) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException(opt + " takes positive integers, got '" + s + "'");
        }
    }

    private static int[] toInts(List<Integer> l) {
        int[] a = new int[l.size()];
        for (int i = 0; i < a.length; i++) a[i] = l.get(i);
        return a;
    }
}
