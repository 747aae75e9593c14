package io.github.gpujacobi.cuda.batched;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A chunk is cut into parts only where each part's results are worth a copy of their own, and the parts cover it. */
class DownloadPartsTest {
    private static final long PAGE_64 = 8L * (64 * 64 + 64 * 64 + 64);

    @Test
    void partsOnlyWhereEachHoldsEnoughResults() {
        assertEquals(DownloadParts.MAX, DownloadParts.of(2000, PAGE_64)); // 132 MB of results
        assertEquals(2, DownloadParts.of(600, PAGE_64)); // 40 MB
        assertEquals(1, DownloadParts.of(200, PAGE_64)); // 13 MB: one copy
        assertEquals(1, DownloadParts.of(2000, 8L * (16 * 16 + 16 * 16 + 16))); // small pages
        assertEquals(1, DownloadParts.of(1, 1L << 40)); // one huge page is one part
        assertEquals(3, DownloadParts.of(3, 1L << 30));
        for (int count : new int[]{1, 7, 255, 600, 2000, 16384}) {
            int parts = DownloadParts.of(count, PAGE_64);
            assertTrue(parts == 1 || (long) count * PAGE_64 / parts >= DownloadParts.MIN_BYTES, count + " pages: " + parts);
        }
    }

    @Test
    void boundsCoverTheChunkInPartsThatNeverGrow() {
        for (int count : new int[]{1, 2, 3, 4, 5, 7, 1101, 2000}) {
            for (int parts = 1; parts <= Math.min(count, DownloadParts.MAX); parts++) {
                int[] from = DownloadParts.bounds(count, parts);
                assertEquals(parts + 1, from.length);
                assertEquals(0, from[0]);
                assertEquals(count, from[parts]);
                for (int j = 0; j < parts; j++) {
                    int size = from[j + 1] - from[j];
                    assertTrue(size >= 1, count + " in " + parts + ": part " + j + " empty");
                    if (j > 0) {
                        int before = from[j] - from[j - 1];
                        assertTrue(size <= before && before - size <= 1, count + " in " + parts + ": part " + j);
                    }
                }
            }
        }
    }
}
