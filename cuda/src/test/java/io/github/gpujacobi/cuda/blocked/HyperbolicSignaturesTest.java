package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blocked hyperbolic Jacobi's signature bookkeeping, checked without a GPU: every pair of every
 * step sees the signs of the logical columns its two blocks hold (blocks move between slots, never
 * their columns), padding columns count as +1, and the pair kernel's shared memory fits the device.
 */
class HyperbolicSignaturesTest {
    @ParameterizedTest
    @CsvSource({"1, 1", "2, 1", "5, 2", "7, 4", "33, 16", "100, 32", "130, 32"})
    void everyPairSeesItsColumnsSigns(int n, int b) {
        int blocks = (n + b - 1) / b, nb = Math.max(2, blocks + (blocks & 1)); // as BlockedSweeps.run pads
        int[] signs = new int[n];
        for (int c = 0; c < n; c++) signs[c] = (c * c + c / 3) % 3 == 0 ? -1 : 1; // irregular, both signs
        for (BlockSchedule sch : new BlockSchedule[]{new OddEvenBlocks(nb), new BlockSchedule.ChessBlocks(nb)}) {
            int[] out = BlockedTables.pairSignatures(sch, signs, n, b);
            int half = nb / 2, q2 = 2 * b, steps = sch.period();
            assertEquals(steps * half * q2, out.length);
            for (int s = 0; s < steps; s++) {
                int[] seen = new int[nb * b];
                for (int k = 0; k < sch.pairs(s); k++) {
                    for (int i = 0; i < q2; i++) {
                        int x = sch.offset(s) + 2 * k + (i < b ? 0 : 1), c = sch.block(s, x) * b + i % b;
                        seen[c]++;
                        assertEquals(c < n ? signs[c] : 1, out[(s * half + k) * q2 + i], "step " + s + " pair " + k + " column " + i);
                    }
                }
                int once = 0;
                for (int c = 0; c < nb * b; c++) {
                    once += seen[c];
                    assertTrue(seen[c] <= 1, "column " + c + " in two pairs, step " + s);
                }
                assertEquals(2 * b * sch.pairs(s), once, "every pair's columns, step " + s);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"2", "4", "8", "16", "32", "64", "128"})
    void pairKernelSharedMemoryFitsAnH100(int q2) {
        int bytes = BlockedPairs.sharedBytes(q2, BlockedScalar.REAL.bytes);
        // A (q2 x (q2 + 1) doubles), and the polish's second matrix where the kernel polishes (hyperbolic: always)
        assertEquals(8 * q2 * (q2 + 1) * (q2 <= 64 ? 2 : 1), bytes);
        assertTrue(bytes <= 227 * 1024 - 8 * 1024, bytes + " bytes: more than an H100 block may opt in to, with the static arrays");
        assertEquals(q2 <= 64, BlockedPairs.polishedInKernel(q2), "the kernel polishes up to 2b = 64, the caller beyond");
        assertTrue(BlockedPairs.scratch(q2) >= (q2 <= 64 ? 3L * (q2 - 1) * (q2 / 2) : 2L * q2 * q2), "room for the rotations or J R and R J");
    }

    /** The cross ordering's diagonal step: the block at slot0[x] carries logical block x's signs (+1 for padding). */
    @ParameterizedTest
    @CsvSource({"1, 1", "5, 2", "7, 4", "33, 16", "100, 32", "130, 32"})
    void diagonalStepSeesItsBlocksSigns(int n, int b) {
        int blocks = (n + b - 1) / b, nb = Math.max(2, blocks + (blocks & 1));
        int[] signs = new int[n];
        for (int c = 0; c < n; c++) signs[c] = (c * c + c / 3) % 3 == 0 ? -1 : 1;
        OddEvenBlocks oe = new OddEvenBlocks(nb);
        for (int[] slot0 : new int[][]{oe.positions(0), oe.positions(nb), new BlockSchedule.ChessBlocks(nb).positions(0)}) {
        int[] out = BlockedTables.blockSignatures(slot0, signs, n, b);
        assertEquals(nb * b, out.length);
        for (int x = 0; x < nb; x++) {
            for (int i = 0; i < b; i++) {
                int c = x * b + i;
                assertEquals(c < n ? signs[c] : 1, out[slot0[x] * b + i], "logical block " + x + " column " + i);
            }
        }
        }
    }
}
