package io.github.gpujacobi.cuda.batched;

/**
 * How a chunk of pages is cut into parts whose results come down while the next parts are solved: only the last
 * part's copies then add to the call. A part must be worth it: its results fill the staging's pinned halves several
 * times over (below that the extra launches and the event cost more than its copy hides), and a few parts hide most
 * of the copies while each still fills the GPU with pages.
 */
final class DownloadParts {
    private DownloadParts() {}

    /** Parts at most. */
    static final int MAX = 4;
    /** Bytes of results a part holds at least. */
    static final long MIN_BYTES = 16L << 20;

    /** Parts for count pages of resultBytes a page (1: solve and copy out the chunk as a whole). */
    static int of(int count, long resultBytes) {
        long parts = (long) count * resultBytes / MIN_BYTES;
        return (int) Math.max(1, Math.min(Math.min(MAX, parts), count));
    }

    /**
     * The first page of each part and count at the end: sizes differ by one at most and never grow, so that the
     * workspaces the first part's launches size are large enough for every later one (a larger request would free and
     * allocate again, which waits for the device).
     */
    static int[] bounds(int count, int parts) {
        int[] from = new int[parts + 1];
        int base = count / parts, extra = count % parts;
        for (int j = 0; j < parts; j++) from[j + 1] = from[j] + base + (j < extra ? 1 : 0);
        return from;
    }
}
