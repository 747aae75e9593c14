package io.github.gpujacobi.cli;

import java.io.PrintStream;
import java.util.Locale;

/** A one-line progress bar on stderr, redrawn in place; silent when disabled. */
final class ProgressBar {
    private static final int WIDTH = 30;
    private final PrintStream err;
    private final boolean enabled;
    private final long total;
    private final long start = System.nanoTime();
    private long done;
    private long lastDraw;

    ProgressBar(PrintStream err, boolean enabled, long total) {
        this.err = err;
        this.enabled = enabled;
        this.total = Math.max(1, total);
    }

    /** Names the item now being worked on, so a long decomposition shows what it is busy with. */
    synchronized void working(String label) {
        if (enabled) draw(System.nanoTime(), label);
    }

    synchronized void advance(long units, String label) {
        done += units;
        long now = System.nanoTime();
        if (!enabled || (now - lastDraw < 100_000_000L && done < total)) return;
        draw(now, label);
    }

    private void draw(long now, String label) {
        lastDraw = now;
        int filled = (int) (WIDTH * Math.min(done, total) / total);
        StringBuilder bar = new StringBuilder("\r[");
        for (int i = 0; i < WIDTH; i++) bar.append(i < filled ? '#' : '.');
        double secs = (now - start) * 1e-9;
        bar.append(String.format(Locale.ROOT, "] %3d%% %5.1fs %s", 100 * Math.min(done, total) / total, secs,
                label.length() > 40 ? "..." + label.substring(label.length() - 37) : label));
        err.print(bar.append("\u001b[K"));
        err.flush();
    }

    synchronized void finish() {
        if (enabled) {
            err.print("\r\u001b[K");
            err.flush();
        }
    }
}
