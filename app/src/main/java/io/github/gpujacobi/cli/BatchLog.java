package io.github.gpujacobi.cli;

import java.io.PrintStream;

/**
 * The local batch's lines, printed and flushed as each file finishes rather than all at the end: in a pipeline
 * (stdout redirected) the log was empty while results were being written, and a Ctrl-C lost every "done" line. The
 * progress display is cleared around them.
 */
final class BatchLog {
    private final BatchOptions opt;
    private final PrintStream out, err;
    private final ProgressBar progress;

    BatchLog(BatchOptions opt, PrintStream out, PrintStream err, ProgressBar progress) {
        this.opt = opt;
        this.out = out;
        this.err = err;
        this.progress = progress;
    }

    /** A problem found before any work (an input that does not exist, say). */
    void problem(final String p) {
        progress.above(new Runnable() {
            public void run() {
                err.println("error: " + p);
                err.flush();
            }
        });
    }

    /** One file's lines, once it is finished, up to date, or failed. */
    void file(final BatchFileJob j) {
        progress.above(new Runnable() {
            public void run() {
                BatchSummary.reportFile(j, opt, out, err);
                out.flush();
                err.flush();
            }
        });
    }
}
