package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.Device;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.mat.MatFileException;
import io.github.gpujacobi.mat.MatInput;
import io.github.gpujacobi.mat.MatVariable;
import io.github.gpujacobi.mat.ResultRecord;
import io.github.gpujacobi.mat.TempFiles;

import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** {@code batch}: decomposes every numeric variable of .mat files into result .mat files. */
@CommandLine.Command(name = "batch", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        sortOptions = false,
        headerHeading = "", header = "decompose every matrix in .mat files and write the results to .mat files",
        description = {
                "For each numeric 2-D or 3-D variable X (real or complex; complex: Hermitian for eig, real for",
                "hsvd) the result holds",
                "  eig: X_V (eigenvectors), X_D (eigenvalues, ascending column; n x 1 x p for pages)",
                "  svd: X_U, X_S (singular values, descending column), X_V (X = X_U*diag(X_S)*X_V')",
                "  inv: X_inv",
                "  hsvd: X_U, X_S, X_V, X_Jsorted (J = diag(signs) from the variable X_J, else J)",
                "and a struct gpujacobi with the operation, version, backend, the methods that ran, the options",
                "and, per variable, sweeps, converged, residual and time. Other variables are skipped with a",
                "reason.", ""},
        footer = {"",
                "Inputs are never modified, and no file is overwritten that is not a gpujacobi result (its",
                "gpujacobi record tells). Two inputs for one result name (p/x.mat and q/x.mat; x.mat and X.MAT)",
                "are a usage error. Each result is written to a temporary file and renamed when complete, so an",
                "interrupted batch resumes where it stopped when run again. A result is up to date when it records",
                "the same input (path, size, SHA-256 of its bytes) and options; --force recomputes, retries",
                "variables that failed (their reasons are kept in gpujacobi.not_done) and replaces a damaged",
                "result. A result path that is a symbolic link is never written (docs/batch.md).",
                "exit status: 0 all done, 1 some variables or files failed, 2 usage error, 3 all written but some",
                "results did not converge (converged = false in the record; raise --max-sweeps)",
                "",
                "example: gpujacobi batch --op eig examples/data -o out/"})
final class BatchCommand implements Command {
    @CommandLine.Mixin
    BatchOptions opt = new BatchOptions();

    /** The methods of each operation, from {@link Methods}, so the help never falls behind the solvers. */
    public void describe(CommandLine.Model.CommandSpec spec) {
        List<String> lines = new ArrayList<String>();
        lines.add("");
        lines.add("methods (--method), per operation; auto picks the accurate default:");
        for (Operation op : Operation.values()) {
            lines.add(String.format(Locale.ROOT, "  %-5s %s", op.label(), String.join(", ", Methods.names(op))));
        }
        lines.addAll(Arrays.asList(spec.usageMessage().footer()));
        spec.usageMessage().footer(lines.toArray(new String[0]));
    }

    public int run(PrintStream out, PrintStream err) {
        final BatchOptions opt = this.opt.finish();
        BatchFiles.selectGpu(opt.solver.deviceIndex());
        requireDevice(opt);
        long t0 = System.nanoTime();
        List<Path> files = new ArrayList<Path>();
        List<String> problems = new ArrayList<String>();
        Set<Path> inFolders = new HashSet<Path>(); // found by listing a folder, not named
        for (Path in : opt.inputs) {
            int before = files.size();
            discover(in, files, problems);
            if (Files.isDirectory(in)) for (Path f : files.subList(before, files.size())) inFolders.add(key(f));
        }
        files = distinct(files);
        boolean singleTarget = opt.output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".mat")
                && !Files.isDirectory(opt.output);
        if (singleTarget && opt.inputs.size() == 1 && files.size() > 1) {
            throw new UsageException("-o " + opt.output + " is a .mat file, but the input holds " + files.size()
                    + " files; give a folder");
        }
        if (!singleTarget && Files.exists(opt.output) && !Files.isDirectory(opt.output)) {
            throw new UsageException("-o " + opt.output + " is an existing file, not a folder; give a folder (or, for a "
                    + "single input, a .mat file)");
        }
        if (singleTarget && opt.inputs.size() > 1) {
            throw new UsageException("-o " + opt.output + " is a .mat file, but there are several inputs; give a folder");
        }
        List<BatchFileJob> jobs = new ArrayList<BatchFileJob>();
        for (Path f : files) {
            Path target = singleTarget ? opt.output : opt.output.resolve(stem(f) + "_" + opt.op.label() + ".mat");
            if (sameFile(f, target)) {
                throw new UsageException("-o " + opt.output + " names the input " + f + " itself; inputs are never "
                        + "overwritten: give another file or a folder");
            }
            jobs.add(new BatchFileJob(f, target));
        }
        requireDistinctTargets(jobs);
        // never read this run's own earlier results as inputs (output folder inside an input folder); a
        // user's file that merely has a result's name is an input like any other (and is never overwritten)
        Set<Path> outputs = new HashSet<Path>();
        for (BatchFileJob j : jobs) outputs.add(key(j.output));
        List<BatchFileJob> todo = new ArrayList<BatchFileJob>();
        // nor any other gpujacobi result found in an input folder (an -o equal to the input folder, runs of other ops:
        // their results were decomposed again, a_eig_svd_inv.mat, and failed as "A_D must be square"); one named
        // as an input is decomposed like any file
        for (BatchFileJob j : jobs) {
            boolean folder = inFolders.contains(key(j.input));
            ResultRecord r = outputs.contains(key(j.input)) || folder ? ResultRecord.of(j.input) : null;
            boolean result = r != null && r.kind() == ResultRecord.Kind.RESULT;
            if (result && outputs.contains(key(j.input))) continue; // this run's own result: silently left out
            if (result) j.notAnInput = "a gpujacobi result, not decomposed again (name the file to decompose it)";
            todo.add(j);
        }

        List<MatInput> opened = new ArrayList<MatInput>();
        long units = 0;
        Map<String, String> options = opt.resultOptions();
        removeStaleTemporaries(jobs, err);
        for (BatchFileJob j : todo) {
            MatInput in = null;
            if (j.notAnInput != null) {
                opened.add(null);
                continue;
            }
            j.source = ResultRecord.source(j.input);
            in = ResultReuse.open(j, options, opt.force);
            if (in != null) {
                for (MatVariable v : in.variables()) {
                    int[] d = v.dims();
                    units += d.length > 2 ? d[2] : 1;
                }
            }
            opened.add(in);
        }
        requireKnownVars(opt, todo, opened);
        // the display only where someone watches it: a terminal (a pipeline's log got a line per redraw)
        boolean bar = !opt.quiet && System.console() != null;
        final ProgressBar progress = new ProgressBar(err, bar, units);
        final BatchLog log = new BatchLog(opt, out, err, progress);
        for (String p : problems) log.problem(p);
        ExecutorService pool = Executors.newFixedThreadPool(opt.jobs);
        final Interruption interruption = Interruption.install(todo, err);
        try {
            List<Future<?>> futures = new ArrayList<Future<?>>();
            for (int i = 0; i < todo.size(); i++) {
                final BatchFileJob j = todo.get(i);
                final MatInput in = opened.get(i);
                if (in == null) {
                    log.file(j); // up to date, refused or unreadable: known now
                    continue;
                }
                futures.add(pool.submit(() -> {
                    j.run(opt, in, progress);
                    interruption.finished(j);
                    log.file(j);
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (Exception e) {
                    String p = "internal error: " + e + " (please report)";
                    problems.add(p);
                    log.problem(p);
                }
            }
        } finally {
            pool.shutdown();
            interruption.remove();
            progress.finish();
        }
        return BatchSummary.print(todo, problems, opt, (System.nanoTime() - t0) * 1e-9, out, err, true);
    }

    /**
     * A --vars name that no input holds is a usage error before any work (a typo exited 0, having done nothing).
     * Files kept up to date are catalogued only when needed; a name found in some files but not others is skipped
     * in those with a reason, as before. Unreadable files cannot tell, so the check needs one readable file.
     */
    private static void requireKnownVars(BatchOptions opt, List<BatchFileJob> todo, List<MatInput> opened) {
        if (opt.vars == null) return;
        Set<String> unknown = new java.util.LinkedHashSet<String>(opt.vars);
        boolean catalogued = false;
        for (MatInput in : opened) {
            if (in == null) continue;
            catalogued = true;
            for (MatVariable v : in.variables()) unknown.remove(v.name());
        }
        for (int i = 0; i < todo.size() && !unknown.isEmpty(); i++) {
            BatchFileJob j = todo.get(i);
            if (opened.get(i) != null || !j.upToDate) continue;
            try {
                for (MatVariable v : MatInput.open(j.input).variables()) unknown.remove(v.name());
                catalogued = true;
            } catch (MatFileException e) {
                // reported with the file
            }
        }
        if (catalogued && !unknown.isEmpty()) {
            throw new UsageException("--vars " + String.join(", ", unknown) + ": " + (unknown.size() > 1 ? "no such variables"
                    : "no such variable") + " in " + (todo.size() > 1 ? "any input" : "the input") + "; check the spelling"
                    + " (names are case-sensitive)");
        }
    }

    /** The partial files a killed run left in the output folders (held by no process: another run's are kept). */
    private static void removeStaleTemporaries(List<BatchFileJob> jobs, PrintStream err) {
        Set<Path> dirs = new HashSet<Path>();
        for (BatchFileJob j : jobs) dirs.add(key(j.output).getParent());
        for (Path d : dirs) {
            if (d == null) continue;
            List<String> removed = TempFiles.removeStale(d);
            if (!removed.isEmpty()) {
                err.println("gpujacobi batch: removed " + removed.size() + " partial file" + (removed.size() == 1 ? "" : "s")
                        + " an interrupted run left in " + d + " (" + String.join(", ", removed) + ")");
            }
        }
    }

    /** --device gpu with no usable GPU is a usage error before any work, not a failure of every variable. */
    private static void requireDevice(BatchOptions opt) {
        if (opt.solver.device() == Device.GPU && Backends.get().gpu() == null) {
            throw new UsageException("--device gpu, but no usable GPU: " + Backends.get().whyNoGpu()
                    + "; use --device auto or cpu");
        }
    }

    /**
     * Two inputs that map to one result (p/x.mat and q/x.mat into one folder; x.mat and X.MAT, which
     * are one file on case-insensitive file systems) would silently replace each other: refused before any work.
     */
    private static void requireDistinctTargets(List<BatchFileJob> jobs) {
        Map<String, BatchFileJob> seen = new HashMap<String, BatchFileJob>();
        List<String> clashes = new ArrayList<String>();
        for (BatchFileJob j : jobs) {
            String k = key(j.output).toString().toLowerCase(Locale.ROOT);
            BatchFileJob first = seen.get(k);
            if (first == null) seen.put(k, j);
            else clashes.add(first.input + " and " + j.input + " would both be written to " + first.output
                    + (first.output.equals(j.output) ? "" : " / " + j.output));
        }
        if (!clashes.isEmpty()) {
            throw new UsageException(String.join("; ", clashes) + " (result names are compared ignoring case); "
                    + "convert them into separate folders or rename one");
        }
    }

    /** The inputs with duplicates (one file named twice, or through a folder and by name) removed. */
    private static List<Path> distinct(List<Path> files) {
        Set<Path> seen = new HashSet<Path>();
        List<Path> out = new ArrayList<Path>();
        for (Path f : files) if (seen.add(key(f))) out.add(f);
        return out;
    }

    private static Path key(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            Path abs = p.toAbsolutePath().normalize();
            try {
                return abs.getParent().toRealPath().resolve(abs.getFileName());
            } catch (IOException | NullPointerException e2) {
                return abs;
            }
        }
    }

    private static boolean sameFile(Path a, Path b) {
        if (key(a).equals(key(b))) return true;
        try {
            return Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static void discover(Path in, List<Path> files, List<String> problems) {
        if (Files.isDirectory(in)) {
            List<Path> found = new ArrayList<Path>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(in)) {
                for (Path p : ds) {
                    boolean mat = p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".mat"); // X.MAT too
                    if (mat && Files.isRegularFile(p)) found.add(p);
                }
            } catch (IOException e) {
                problems.add(in + ": cannot list folder: " + e.getMessage());
            }
            Collections.sort(found);
            if (found.isEmpty()) problems.add(in + ": folder holds no .mat files");
            files.addAll(found);
        } else if (Files.exists(in)) {
            files.add(in);
        } else {
            problems.add(in + ": no such file or folder");
        }
    }

    static String stem(Path f) {
        String n = f.getFileName().toString();
        return n.toLowerCase(Locale.ROOT).endsWith(".mat") ? n.substring(0, n.length() - 4) : n;
    }
}
