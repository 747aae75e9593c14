package io.github.gpujacobi.cuda.blocked;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * The blocked sweeps' update pointers go up as ints (DeviceBuffers.constant): the words must carry the same bytes
 * as the 64-bit addresses the batched GEMM reads, also for addresses above 2^32 and with a low word's top bit set.
 */
class PointerWordsTest {
    @Test
    void wordsHoldTheAddressesBytes() {
        long[] p = {0L, 1L, 0x7fff_ffffL, 0x8000_0000L, 0xffff_ffffL, 0x1_0000_0000L, 0x7f12_8000_0040L,
                0x0000_7fab_cdef_1234L, -1L, Long.MIN_VALUE};
        ByteBuffer longs = ByteBuffer.allocate(8 * p.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long x : p) longs.putLong(x);
        ByteBuffer ints = ByteBuffer.allocate(8 * p.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int w : io.github.gpujacobi.cuda.launch.DeviceBuffers.littleEndianWords(p)) ints.putInt(w);
        assertArrayEquals(longs.array(), ints.array());
    }
}
