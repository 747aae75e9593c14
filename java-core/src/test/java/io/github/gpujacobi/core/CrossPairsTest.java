package io.github.gpujacobi.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CrossPairsTest {
    /** b steps of b disjoint pairs, smaller index first, that meet every (i in I, j in J) exactly once and no pair inside a block. */
    @ParameterizedTest(name = "b = {0}")
    @ValueSource(ints = {1, 2, 3, 8, 16, 32, 64})
    void everyCrossPairOnceStepsDisjoint(int b) {
        int[] f = CrossPairs.flat(b);
        assertEquals(2 * b * b, f.length);
        int[][] seen = new int[b][b];
        for (int s = 0; s < b; s++) {
            boolean[] used = new boolean[2 * b];
            for (int k = 0; k < b; k++) {
                int p = f[2 * (s * b + k)], q = f[2 * (s * b + k) + 1];
                assertTrue(p < b && q >= b && q < 2 * b, "pair (" + p + ", " + q + ") crosses the blocks");
                assertTrue(!used[p] && !used[q], "step " + s + " uses a column twice");
                used[p] = used[q] = true;
                seen[p][q - b]++;
            }
        }
        for (int[] row : seen) for (int x : row) assertEquals(1, x);
    }

    @org.junit.jupiter.api.Test
    void rejectsEmptyBlocks() {
        assertThrows(IllegalArgumentException.class, () -> CrossPairs.flat(0));
    }
}
