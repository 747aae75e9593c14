package io.github.gpujacobi.cuda.launch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The staging's chunks pipeline every staged transfer and fit a pinned half; a chunk's copy is split on the cores. */
class HostStagingChunksTest {
    @Test
    void everyStagedTransferHasFourChunksOrMoreAndEachFitsAHalf() {
        for (int size : new int[]{4, 8}) {
            for (long bytes : new long[]{HostStaging.FROM_BYTES, 8L << 20, 8L << 20 | 8, 31L << 20, 32L << 20, 134L << 20, 3L << 30}) {
                long elements = bytes / size;
                int per = HostStaging.chunkElements(elements, size);
                long chunks = (elements + per - 1) / per;
                assertTrue(chunks >= 4, bytes + " bytes: " + chunks + " chunk(s)");
                assertTrue((long) per * size <= HostStaging.HALF_BYTES, bytes + " bytes: chunk of " + per * size);
                assertTrue((long) per * size >= 1 << 20, bytes + " bytes: chunk of " + per * size);
                if (bytes <= 4L * HostStaging.HALF_BYTES) assertEquals(4, chunks, bytes + " bytes");
            }
        }
    }

    @Test
    void piecesGrowWithTheChunkUpToSixtyFour() {
        assertEquals(1, HostStaging.pieces(1000, 8));
        assertEquals(64, HostStaging.pieces(HostStaging.HALF_BYTES / 8, 8));
        assertEquals(8, HostStaging.pieces((1 << 20) / 8, 8)); // a 1 MiB chunk: 128 KiB a piece
        assertEquals(64, HostStaging.pieces(Integer.MAX_VALUE / 8, 8));
    }
}
