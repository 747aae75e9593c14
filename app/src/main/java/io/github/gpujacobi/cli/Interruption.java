package io.github.gpujacobi.cli;

import io.github.gpujacobi.mat.TempFiles;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SIGINT or SIGTERM during a batch: the partial files of this run are removed and the user is told which files were
 * finished (their results are complete) and that running the same command again resumes, since a Ctrl-C lost the
 * end-of-run report and left a partial file behind.
 */
final class Interruption extends Thread {
    private final List<BatchFileJob> jobs;
    private final PrintStream err;
    private final Set<BatchFileJob> finished = ConcurrentHashMap.newKeySet();
    private volatile boolean over;

    private Interruption(List<BatchFileJob> jobs, PrintStream err) {
        super("gpujacobi batch interrupted");
        this.jobs = jobs;
        this.err = err;
    }

    static Interruption install(List<BatchFileJob> jobs, PrintStream err) {
        Interruption i = new Interruption(jobs, err);
        try {
            Runtime.getRuntime().addShutdownHook(i);
        } catch (IllegalStateException e) {
            // already shutting down
        }
        return i;
    }

    /** A file's job ended (its result written, or the file failed). */
    void finished(BatchFileJob j) { finished.add(j); }

    /** The run ended normally: no message at exit. */
    void remove() {
        over = true;
        try {
            Runtime.getRuntime().removeShutdownHook(this);
        } catch (IllegalStateException e) {
            // shutting down: run() sees over
        }
    }

    @Override
    public void run() {
        if (over) return;
        List<String> written = new ArrayList<String>();
        int current = 0, failed = 0, open = 0;
        for (BatchFileJob j : jobs) {
            if (j.notAnInput != null) continue;
            if (j.upToDate) current++;
            else if (j.fileError != null) failed++; // refused before it started, or failed as a whole
            else if (!finished.contains(j)) open++;
            else written.add(j.output.toString());
        }
        List<String> removed = new ArrayList<String>();
        for (java.nio.file.Path p : TempFiles.removeOwn()) removed.add(p.getFileName().toString());
        StringBuilder m = new StringBuilder("gpujacobi batch: interrupted. ");
        m.append(written.size()).append(" result").append(written.size() == 1 ? "" : "s").append(" finished");
        m.append(written.isEmpty() ? "" : " (" + String.join(", ", written) + ")");
        if (current > 0) m.append(", ").append(current).append(" up to date");
        if (failed > 0) m.append(", ").append(failed).append(" failed");
        m.append("; ").append(open).append(" not finished");
        if (!removed.isEmpty()) m.append(", their partial files removed (").append(String.join(", ", removed)).append(")");
        m.append(". Run the same command again to finish the rest.");
        err.println(m);
        err.flush();
    }
}
