package io.github.gpujacobi.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Timer;
import java.util.TimerTask;

/**
 * A one-line progress display on stderr, redrawn in place: bar, pages done of all, elapsed time, an estimate of the
 * time left, and what is being worked on. It ticks once a second by itself, so the clock moves during one long
 * variable (it sat at "0% 0.1s" for minutes and then jumped to 100%). Silent when disabled (not a terminal, --quiet).
 */
final class ProgressBar {
    private static final int WIDTH = 30;
    private final PrintStream err;
    private final boolean enabled;
    private final long total;
    private final long start = System.nanoTime();
    private final Timer ticker;
    private long done;
    private long lastDraw;
    private String label = "";
    private boolean shown;

    ProgressBar(PrintStream err, boolean enabled, long total) {
        this(err, enabled, total, 1000);
    }

    /** @param tickMillis how often the display redraws by itself */
    ProgressBar(PrintStream err, boolean enabled, long total, long tickMillis) {
        this.err = err;
        this.enabled = enabled;
        this.total = Math.max(1, total);
        if (enabled) {
            ticker = new Timer("gpujacobi-progress", true);
            ticker.schedule(new TimerTask() {
                public void run() { tick(); }
            }, tickMillis, tickMillis);
        } else {
            ticker = null;
        }
    }

    /** Names the item now being worked on, so a long decomposition shows what it is busy with. */
    synchronized void working(String label) {
        this.label = label;
        if (enabled) draw(System.nanoTime());
    }

    synchronized void advance(long units, String label) {
        done += units;
        this.label = label;
        long now = System.nanoTime();
        if (!enabled || (now - lastDraw < 100_000_000L && done < total)) return;
        draw(now);
    }

    private synchronized void tick() {
        if (enabled && shown) draw(System.nanoTime());
    }

    /** Prints lines above the display: it is cleared first and redrawn after, so the two never mix on one line. */
    synchronized void above(Runnable print) {
        if (enabled && shown) {
            err.print("\r\u001b[K");
            err.flush();
        }
        print.run();
        if (enabled && shown) draw(System.nanoTime());
    }

    private void draw(long now) {
        lastDraw = now;
        shown = true;
        long d = Math.min(done, total);
        int filled = (int) (WIDTH * d / total);
        StringBuilder bar = new StringBuilder("\r[");
        for (int i = 0; i < WIDTH; i++) bar.append(i < filled ? '#' : '.');
        double secs = (now - start) * 1e-9;
        // the estimate assumes the pages left take as long as the ones done (pages differ in size, so roughly)
        String eta = d > 0 && d < total ? " ETA " + duration(secs * (total - d) / d) : "";
        bar.append(String.format(Locale.ROOT, "] %3d%% %d/%d pages %s%s %s", 100 * d / total, d, total, duration(secs), eta,
                label.length() > 40 ? "..." + label.substring(label.length() - 37) : label));
        err.print(bar.append("\u001b[K"));
        err.flush();
    }

    /** 4.2s, 3m05s, 1h02m. */
    static String duration(double s) {
        if (s < 60) return String.format(Locale.ROOT, "%.1fs", s);
        long t = Math.round(s);
        if (t < 3600) return String.format(Locale.ROOT, "%dm%02ds", t / 60, t % 60);
        return String.format(Locale.ROOT, "%dh%02dm", t / 3600, t % 3600 / 60);
    }

    synchronized void finish() {
        if (ticker != null) ticker.cancel();
        if (enabled && shown) {
            err.print("\r\u001b[K");
            err.flush();
        }
        shown = false;
    }
}
