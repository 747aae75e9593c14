package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.bench.BenchFiles;
import io.github.gpujacobi.bench.BenchPlot;
import io.github.gpujacobi.bench.BenchRunner;
import io.github.gpujacobi.bench.BenchRow;
import io.github.gpujacobi.bench.Table1;

import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** {@code bench}: gpujacobi side by side with EJML and cuSOLVER on the same inputs, in one process. */
@CommandLine.Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        sortOptions = false,
        header = "time gpujacobi against EJML and cuSOLVER on the same inputs (ratios, CSV, plot)",
        customSynopsis = {
                "gpujacobi bench --op eig,svd,inv [--n 256,1024] [--dtype single,double,complex64,complex128] [--pages P] [--repeat R]",
                "                [--out results.csv|.json] [--plot results.png] [--with-transfers] [--spd]",
                "                [--impl REGEX] [--threads T] [--cpu-max-n N]",
                "gpujacobi bench --table1 [--n 8,16,...] [--out table1.csv]",
                "gpujacobi bench --plot-from results.csv --plot results.png   (re-plot a CSV)"},
        description = {
                "Generates seeded random inputs once (symmetric part for eig, diagonally shifted for inv) and runs",
                "every gpujacobi backend and method present (CPU; GPU TA/MA/SA/MCA ...), EJML on the CPU and",
                "cuSOLVER (syevd, syevj, gesvd, gesvdj, getrf+getrs) when the CUDA libraries load, and the native",
                "LAPACK on the CPU (syevd, gesdd, getrf+gecon+getri; OpenBLAS with --threads) when it is on the class",
                "path (gpujacobi-cpu-lapack: the command line's jar carries it). Each row is the",
                "median over --repeat runs after a warm-up (a gpujacobi run over 20 s is timed once); the CPU rows of",
                "one input (gpujacobi's, LAPACK's, EJML's) are warmed for 2 s each, then timed a run at a time in",
                "turn, so that the machine's drift falls on all alike. GPU rows exclude",
                "host-device copies unless --with-transfers. ratio = time / best peer's time (peers: EJML, LAPACK, cuSOLVER);",
                "accuracy columns are ||AV-VD||/||A|| or ||A-USV'||/||A|| (or ||AX-I||/(||A|| ||X||)) and ||Q'Q-I||",
                "(n <= 2048). --table1 reproduces Table I of Torun et al. [1]: single precision, 6 fixed sweeps, TA/MA/SA/MCA,",
                "the GPU default (parallel) and the CPU.", ""})
final class BenchCommand implements Command {
    @CommandLine.Option(names = "--op", paramLabel = "OP", split = ",", description = "eig, svd, inv (comma-separated)")
    List<String> ops = new ArrayList<String>();

    @CommandLine.Option(names = "--n", paramLabel = "N", split = ",", description = "sizes (default: 256,1024; --table1: 8..4096)")
    List<Integer> sizes = new ArrayList<Integer>();

    @CommandLine.Option(names = "--dtype", paramLabel = "T", split = ",", description = "single, double, complex64 (single complex), complex128 (double complex) (default: double)")
    List<String> dtypes = new ArrayList<String>();

    @CommandLine.Option(names = "--rows", paramLabel = "M",
            description = "svd inputs with M rows (tall or wide M x N) instead of square (default: square)")
    Integer svdRows;

    @CommandLine.Option(names = "--pages", paramLabel = "P", defaultValue = "1", description = "pages per input (default: ${DEFAULT-VALUE})")
    int pages;

    @CommandLine.Option(names = "--repeat", paramLabel = "R", defaultValue = "3", description = "timed runs per row (default: ${DEFAULT-VALUE})")
    int repeats;

    @CommandLine.Option(names = "--threads", paramLabel = "T", description = "CPU worker threads (default: one per core)")
    Integer threads;

    @CommandLine.Option(names = "--cpu-max-n", paramLabel = "N", defaultValue = "1024",
            description = "largest n run on the CPU (default: ${DEFAULT-VALUE})")
    int cpuMaxN;

    @CommandLine.Option(names = "--impl", paramLabel = "REGEX", description = "only implementations whose name matches")
    Pattern implFilter;

    @CommandLine.Option(names = "--with-transfers", description = "GPU times include host-device copies")
    boolean withTransfers;

    @CommandLine.Option(names = "--spd", description = "shift the eig inputs positive definite, Hermitian for complex dtypes (the Cholesky paths: blocked GPU eig, complex CPU auto)")
    boolean spd;

    @CommandLine.Option(names = "--out", paramLabel = "FILE", description = "write the rows as CSV, or JSON for a .json name")
    String outFile;

    @CommandLine.Option(names = "--plot", paramLabel = "PNG", description = "plot the rows")
    String plot;

    @CommandLine.Option(names = "--plot-from", paramLabel = "CSV", description = "re-plot a CSV written by --out")
    String plotFrom;

    @CommandLine.Option(names = "--table1", description = "Table I of Torun et al. [1] (docs/REFERENCES.md)")
    boolean table1;

    public int run(PrintStream out, PrintStream err) {
        BenchRunner runner = new BenchRunner();
        for (String op : ops) {
            if (!op.matches("eig|svd|inv")) throw new UsageException("--op takes eig, svd, inv; got " + op);
            runner.ops.add(op);
        }
        for (int n : sizes) positive(n, "--n");
        io.github.gpujacobi.bench.ComplexBenchRunner complex = new io.github.gpujacobi.bench.ComplexBenchRunner();
        for (String s : dtypes) {
            Precision c = io.github.gpujacobi.bench.ComplexBenchRunner.parse(s);
            if (c != null) {
                complex.dtypes.add(c);
                continue;
            }
            try {
                runner.dtypes.add(Precision.fromName(s));
            } catch (RuntimeException e) {
                throw new UsageException("--dtype takes single, double, complex64, complex128; got " + s);
            }
        }
        runner.pages = positive(pages, "--pages");
        runner.repeats = positive(repeats, "--repeat");
        if (threads != null) runner.base = runner.base.withThreads(positive(threads, "--threads"));
        runner.cpuMaxN = positive(cpuMaxN, "--cpu-max-n");
        runner.implFilter = implFilter;
        runner.withTransfers = withTransfers;
        runner.spd = spd;
        if (svdRows != null) {
            if (svdRows <= 0) throw new UsageException("--rows must be positive; got " + svdRows);
            if (!runner.ops.contains("svd")) throw new UsageException("--rows shapes the svd inputs, but --op has no svd");
            runner.svdRows = svdRows;
        }
        // where the results go, before the runs (a missing folder failed after the whole benchmark)
        writableTarget(outFile, "--out");
        writableTarget(plot, "--plot");
        List<BenchRow> rows;
        if (plotFrom != null) {
            if (plot == null) throw new UsageException("--plot-from needs --plot file.png");
            try {
                BenchPlot.write(BenchFiles.readCsv(plotFrom), plot);
            } catch (IOException e) {
                err.println("bench: cannot plot " + plotFrom + ": " + io.github.gpujacobi.mat.IoErrors.describe(e));
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
            if (runner.dtypes.isEmpty() && complex.dtypes.isEmpty()) runner.dtypes.add(Precision.DOUBLE);
            rows = runner.dtypes.isEmpty() ? new ArrayList<BenchRow>() : runner.run(err);
            if (!complex.dtypes.isEmpty()) { // the same options, on complex input
                complex.sameOptionsAs(runner);
                rows.addAll(complex.run(err));
            }
        }
        printTable(rows, out);
        try {
            if (outFile != null) BenchFiles.write(rows, outFile);
            if (plot != null) BenchPlot.write(rows, plot);
        } catch (IOException e) {
            err.println("bench: cannot write results: " + io.github.gpujacobi.mat.IoErrors.describe(e));
            return PARTIAL;
        }
        return OK;
    }

    /** A file to be written: its folder must exist (null: not asked for). */
    private static void writableTarget(String file, String option) {
        if (file == null) return;
        java.nio.file.Path parent = java.nio.file.Paths.get(file).toAbsolutePath().getParent();
        if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
            throw new UsageException(option + " " + file + ": the folder " + parent + " does not exist");
        }
    }

    static void printTable(List<BenchRow> rows, PrintStream out) {
        boolean whole = false; // whole-call rows: the device time, the host's overhead and the bytes moved beside
        for (BenchRow r : rows) whole |= !Double.isNaN(r.mbMoved);
        String cols = whole ? " %10s %10s %9s" : "%s%s%s";
        out.printf(Locale.ROOT, "%-12s %-10s %6s %5s  %-32s %12s" + cols + " %9s %10s %10s  %s%n", "op", "dtype", "n", "pages",
                "implementation", "ms", whole ? "device ms" : "", whole ? "host ms" : "", whole ? "MB moved" : "",
                "ratio", "residual", "orth", "note");
        for (BenchRow r : rows) {
            out.printf(Locale.ROOT, "%-12s %-10s %6d %5d  %-32s %12s" + cols + " %9s %10s %10s  %s%n", r.op, r.dtype, r.n,
                    r.pages, r.impl, fmt("%.3f", r.ms), whole ? fmt("%.3f", r.deviceMs) : "", whole ? fmt("%.3f", r.hostMs()) : "",
                    whole ? fmt("%.1f", r.mbMoved) : "", fmt("%.2fx", r.ratio), fmt("%.1e", r.residual),
                    fmt("%.1e", r.orthogonality), r.note);
        }
    }

    private static String fmt(String f, double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, f, x);
    }

    private static int positive(int v, String opt) {
        if (v <= 0) throw new UsageException(opt + " takes positive integers, got " + v);
        return v;
    }

    private static int[] toInts(List<Integer> l) {
        int[] a = new int[l.size()];
        for (int i = 0; i < a.length; i++) a[i] = l.get(i);
        return a;
    }
}
