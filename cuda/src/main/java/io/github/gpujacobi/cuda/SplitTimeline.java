package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Under -Dgpujacobi.cuda.profile=true, when each device's share of a split call ran, as wall-clock offsets from the
 * call's start (stderr): whether the shares overlap, and how long the assembly after the last one took.
 */
final class SplitTimeline {
    private final long start = System.nanoTime();
    private final String what;
    private final PageArray input;
    private final List<String> lines = new ArrayList<String>();

    SplitTimeline(Operation op, PageArray input, int devices) {
        this.what = op.label() + " of " + input.describe() + " over " + devices + " devices";
        this.input = input;
    }

    /** The call's clock now, in ms from its start. */
    double now() {
        return (System.nanoTime() - start) / 1e6;
    }

    /** A share (a window of the input) ran on device from begin to now (ms offsets), failed or not. */
    synchronized void share(String device, PageArray share, double begin, boolean failed) {
        int ps = Math.max(1, input.pageSize()), first = (share.offset() - input.offset()) / ps + 1;
        lines.add(String.format(Locale.ROOT, "  %s pages %d-%d: start +%.2f ms, end +%.2f ms (%.2f ms)%s", device, first,
                first + share.pages() - 1, begin, now(), now() - begin, failed ? ", failed" : ""));
    }

    /** The whole call is done: prints every share's line and the end. */
    synchronized void print() {
        StringBuilder b = new StringBuilder("split ").append(what).append(":\n");
        for (String l : lines) b.append(l).append('\n');
        b.append(String.format(Locale.ROOT, "  assembled, call done at +%.2f ms%n", now()));
        System.err.print(b);
    }
}
