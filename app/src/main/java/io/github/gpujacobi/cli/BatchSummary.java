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

    /**
     * @param reported whether each file's lines were printed as it finished ({@link #reportFile}; the local batch), so
     *                 only the table and the totals remain
     */
    static int print(List<BatchFileJob> jobs, List<String> problems, BatchOptions opt, double seconds,
                     PrintStream out, PrintStream err, boolean reported) {
        int done = 0, skipped = 0, failed = 0, badFiles = 0, current = 0, converted = 0, unconverged = 0, results = 0;
        Set<String> backends = new LinkedHashSet<String>();
        if (!reported) for (String p : problems) err.println("error: " + p);
        for (BatchFileJob j : jobs) {
            if (!reported) reportFile(j, opt, out, err);
            if (j.notAnInput != null) {
                results++;
                continue;
            }
            if (j.upToDate) {
                current++;
                // what the kept result did not do still counts: a re-run does not turn its failures into success
                for (String v : j.keptNotDone.values()) {
                    if (v.startsWith("failed: ")) failed++;
                    else skipped++;
                }
                unconverged += j.keptNotConverged; // and so does what it did not do right
                continue;
            }
            if (j.fileError != null) badFiles++;
            else done += j.count("done"); // only what a committed result holds: a failed file wrote nothing
            skipped += j.count("skipped");
            failed += j.count("failed");
            if (j.fileError == null) {
                converted += j.converted;
                unconverged += j.notConverged;
            }
            backends.addAll(j.backends);
        }
        out.println();
        out.printf(Locale.ROOT, "%-40s %6s %8s %7s%n", "file", "done", "skipped", "failed");
        for (BatchFileJob j : jobs) {
            String name = j.input.toString();
            if (name.length() > 40) name = "..." + name.substring(name.length() - 37);
            if (j.notAnInput != null) out.printf(Locale.ROOT, "%-40s %s%n", name, "a result, skipped");
            else if (j.upToDate) out.printf(Locale.ROOT, "%-40s %s%n", name, "up to date" + kept(j));
            else if (j.fileError != null) out.printf(Locale.ROOT, "%-40s %s%n", name, "FILE FAILED");
            else out.printf(Locale.ROOT, "%-40s %6d %8d %7d%n", name, j.count("done"), j.count("skipped"), j.count("failed"));
        }
        out.printf(Locale.ROOT, "%d files (%d up to date, %d failed%s); variables: %d done%s%s, %d skipped, %d failed; "
                        + "op %s, backend %s, %.2f s%n", jobs.size(), current, badFiles,
                results > 0 ? ", " + results + " gpujacobi results skipped" : "", done,
                converted > 0 ? " (" + converted + " integer/logical converted to double)" : "",
                unconverged > 0 ? " (" + unconverged + " NOT converged: sweep limit reached; raise --max-sweeps)" : "", skipped, failed,
                opt.op.label(), backends.isEmpty() ? "-" : String.join(",", backends), seconds);
        boolean anyFailed = failed > 0 || badFiles > 0 || !problems.isEmpty();
        if (unconverged > 0) {
            err.println("warning: " + unconverged + " result" + (unconverged > 1 ? "s" : "") + " NOT converged (written, "
                    + "marked converged = false in the gpujacobi record); raise --max-sweeps"
                    + (anyFailed ? "" : "; exit status " + Command.NOT_CONVERGED));
        }
        return anyFailed ? Command.PARTIAL : unconverged > 0 ? Command.NOT_CONVERGED : Command.OK;
    }

    /** What a kept result did not do (right), for its up-to-date line: "", or e.g. " (1 not done, 2 not converged)". */
    private static String kept(BatchFileJob j) {
        List<String> parts = new java.util.ArrayList<String>();
        if (!j.keptNotDone.isEmpty()) parts.add(j.keptNotDone.size() + " not done");
        if (j.keptNotConverged > 0) parts.add(j.keptNotConverged + " not converged");
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    /** What happened to one file, as soon as it is known: its variables, or why it failed, or that it is up to date. */
    static void reportFile(BatchFileJob j, BatchOptions opt, PrintStream out, PrintStream err) {
        if (j.notAnInput != null) {
            if (!opt.quiet) out.println("skipped: " + j.input + ": " + j.notAnInput);
            return;
        }
        if (j.upToDate) {
            if (!opt.quiet) {
                out.println(j.input + ": up to date (" + j.output + ")" + (j.keptNotConverged > 0 ? ", " + j.keptNotConverged
                        + " NOT converged (kept from the earlier run)" : "") + "; --force recomputes");
            }
            for (Map.Entry<String, String> e : j.keptNotDone.entrySet()) {
                String d = j.input + ": " + e.getKey() + ": " + e.getValue().replaceFirst("^(failed|skipped): ", "")
                        + " (kept from the earlier run; --force recomputes)";
                if (e.getValue().startsWith("failed: ")) err.println("failed:  " + d);
                else if (!opt.quiet) out.println("skipped: " + d);
            }
            return;
        }
        if (j.fileError != null) err.println("error: " + j.fileError);
        int lost = 0;
        for (BatchFileJob.VariableLine l : j.lines) {
            // every line names its file (several files' lines were alike); solver messages name it already
            String d = l.detail.startsWith(j.input + ": ") ? l.detail : j.input + ": " + l.detail;
            if (l.status.equals("failed")) err.println("failed:  " + d);
            else if (l.status.equals("done") && j.fileError != null) lost++;
            else if (!opt.quiet) out.println(l.status.equals("done") ? "done:    " + j.input.getFileName() + ":" + l.name + " " + l.detail
                    : "skipped: " + d);
        }
        if (lost > 0) {
            err.println("error: " + j.input + ": " + lost + " variable" + (lost > 1 ? "s" : "") + " computed but not written "
                    + "(no result file)");
        }
    }
}
