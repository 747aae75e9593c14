package io.github.gpujacobi.cuda.launch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The staging's chunks pipeline every staged transfer and fit a pinned half; a chunk's copy is split on the cores. */
class HostStagingChunksTest {
    @Test
    void everyStagedTransferHasTwoChunksOrMoreAndEachFitsAHalf() {
        for (int size : new int[]{4, 8}) {
            for (long bytes : new long[]{HostStaging.FROM_BYTES, 8L << 20, 8L << 20 | 8, 31L << 20, 32L << 20, 134L << 20, 3L << 30}) {
                long elements = bytes / size;
                int per = HostStaging.chunkElements(elements, size);
                long chunks = (elements + per - 1) / per;
                assertTrue(chunks >= 2, bytes + " bytes: " + chunks + " chunk(s)");
                assertTrue((long) per * size <= HostStaging.HALF_BYTES, bytes + " bytes: chunk of " + per * size);
                if (bytes <= 2L * HostStaging.HALF_BYTES) assertTrue(chunks <= 2 || per * size == 2 << 20, bytes + ": " + chunks);
            }
        }
    }

    @Test
    void piecesGrowWithTheChunkUpToSixteen() {
        assertEquals(1, HostStaging.pieces(1000, 8));
        assertEquals(16, HostStaging.pieces(HostStaging.HALF_BYTES / 8, 8));
        assertEquals(16, HostStaging.pieces((4 << 20) / 8, 8)); // a 4 MiB chunk: 256 KiB a piece
        assertEquals(8, HostStaging.pieces((2 << 20) / 8, 8));
    }
}
