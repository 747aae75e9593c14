package io.github.gpujacobi.cli;

import java.io.PrintStream;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The end-of-run report: one line per variable, a table per file, totals, and the exit status. */
final class BatchSummary {
    private BatchSummary() {}

    static int print(List<BatchFileJob> jobs, List<String> problems, BatchOptions opt, double seconds,
                     PrintStream out, PrintStream err) {
        int done = 0, skipped = 0, failed = 0, badFiles = 0, current = 0, converted = 0, unconverged = 0, results = 0;
        Set<String> backends = new LinkedHashSet<String>();
        for (String p : problems) err.println("error: " + p);
        for (BatchFileJob j : jobs) {
            if (j.notAnInput != null) {
                results++;
                if (!opt.quiet) out.println("skipped: " + j.input + ": " + j.notAnInput);
                continue;
            }
            if (j.upToDate) {
                current++;
                if (!opt.quiet) out.println(j.input + ": up to date (" + j.output + "); --force recomputes");
                // what the kept result did not do still counts: a re-run does not turn its failures into success
                for (Map.Entry<String, String> e : j.keptNotDone.entrySet()) {
                    boolean f = e.getValue().startsWith("failed: ");
                    String d = j.input + ": " + e.getKey() + ": " + e.getValue().replaceFirst("^(failed|skipped): ", "")
                            + " (kept from the earlier run; --force recomputes)";
                    if (f) {
                        failed++;
                        err.println("failed:  " + d);
                    } else {
                        skipped++;
                        if (!opt.quiet) out.println("skipped: " + d);
                    }
                }
                continue;
            }
            if (j.fileError != null) {
                badFiles++;
                err.println("error: " + j.fileError);
            }
            for (BatchFileJob.VariableLine l : j.lines) {
                // every line names its file (several files' lines were alike); solver messages name it already
                String d = l.detail.startsWith(j.input + ": ") ? l.detail : j.input + ": " + l.detail;
                if (l.status.equals("failed")) err.println("failed:  " + d);
                else if (!opt.quiet) out.println(l.status.equals("done") ? "done:    " + j.input.getFileName() + ":" + l.name + " " + l.detail
                        : "skipped: " + d);
            }
            done += j.count("done");
            skipped += j.count("skipped");
            failed += j.count("failed");
            converted += j.converted;
            unconverged += j.notConverged;
            backends.addAll(j.backends);
        }
        out.println();
        out.printf(Locale.ROOT, "%-40s %6s %8s %7s%n", "file", "done", "skipped", "failed");
        for (BatchFileJob j : jobs) {
            String name = j.input.toString();
            if (name.length() > 40) name = "..." + name.substring(name.length() - 37);
            if (j.notAnInput != null) out.printf(Locale.ROOT, "%-40s %s%n", name, "a result, skipped");
            else if (j.upToDate) out.printf(Locale.ROOT, "%-40s %s%n", name, "up to date" + (j.keptNotDone.isEmpty() ? ""
                    : " (" + j.keptNotDone.size() + " not done)"));
            else if (j.fileError != null) out.printf(Locale.ROOT, "%-40s %s%n", name, "FILE FAILED");
            else out.printf(Locale.ROOT, "%-40s %6d %8d %7d%n", name, j.count("done"), j.count("skipped"), j.count("failed"));
        }
        out.printf(Locale.ROOT, "%d files (%d up to date, %d failed%s); variables: %d done%s%s, %d skipped, %d failed; "
                        + "op %s, backend %s, %.2f s%n", jobs.size(), current, badFiles,
                results > 0 ? ", " + results + " gpujacobi results skipped" : "", done,
                converted > 0 ? " (" + converted + " integer/logical converted to double)" : "",
                unconverged > 0 ? " (" + unconverged + " NOT converged: sweep limit reached; raise --max-sweeps)" : "", skipped, failed,
                opt.op.label(), backends.isEmpty() ? "-" : String.join(",", backends), seconds);
        if (unconverged > 0) {
            err.println("warning: " + unconverged + " result" + (unconverged > 1 ? "s" : "") + " NOT converged (written, "
                    + "marked converged = false in the gpujacobi record); raise --max-sweeps");
        }
        return failed > 0 || badFiles > 0 || !problems.isEmpty() ? Command.PARTIAL : Command.OK;
    }
}
