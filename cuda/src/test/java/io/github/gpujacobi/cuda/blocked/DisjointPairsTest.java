package io.github.gpujacobi.cuda.blocked;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class DisjointPairsTest {
    @Test
    void keepsPairsInOrderWhoseColumnsAreFree() {
        // (3, 7) first; (7, 9) shares 7; (1, 2) free; (2, 3) shares both; (9, 0) free
        assertArrayEquals(new int[]{3, 7, 1, 2, 9, 0}, DisjointPairs.greedy(new int[]{3, 7, 7, 9, 1, 2, 2, 3, 9, 0}, 10));
        assertArrayEquals(new int[0], DisjointPairs.greedy(new int[0], 4));
        assertArrayEquals(new int[]{0, 1}, DisjointPairs.greedy(new int[]{0, 1, 1, 0, 0, 1}, 2), "a pair listed twice is rotated once");
    }
}
