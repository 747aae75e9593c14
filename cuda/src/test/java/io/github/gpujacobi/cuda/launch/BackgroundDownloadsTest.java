package io.github.gpujacobi.cuda.launch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a page array's call is cut into chunks for its pipelined downloads (no GPU needed). */
class BackgroundDownloadsTest {
    @Test
    void largeResultsRunInUpToFourChunksOfAtLeastTheMinimum() {
        long page = (64 + 64 * 64) * 8L; // eig of 64 x 64 double: values and vectors
        assertEquals(500, BackgroundDownloads.chunk(16384, 2000, page), "66 MB of results: four chunks");
        assertEquals(1000, BackgroundDownloads.chunk(16384, 2000, page / 3), "22 MB: two");
        assertEquals(16384, BackgroundDownloads.chunk(16384, 2000, page / 8), "8 MB: one, the route's own limit");
        assertEquals(300, BackgroundDownloads.chunk(300, 2000, page), "never above the route's limit");
        for (int pages = 1; pages < 5000; pages += 7) {
            int chunk = BackgroundDownloads.chunk(16384, pages, page);
            int chunks = (pages + chunk - 1) / chunk;
            assertTrue(chunks <= BackgroundDownloads.CHUNKS, pages + " pages: " + chunks + " chunks");
            if (chunks > 1) {
                assertTrue((long) chunk * page >= BackgroundDownloads.MIN_CHUNK_BYTES, pages + " pages: chunk of " + chunk);
            }
        }
    }
}
