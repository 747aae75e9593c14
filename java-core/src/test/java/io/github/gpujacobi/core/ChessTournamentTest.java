package io.github.gpujacobi.core;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChessTournamentTest {
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 7, 8, 33, 64, 101})
    void everyPairMeetsExactlyOnceAndStepsAreDisjoint(int n) {
        ChessTournament ct = new ChessTournament(n);
        int[][] met = new int[n + 1][n + 1];
        for (int s = 0; s < ct.steps(); s++) {
            boolean[] busy = new boolean[n + 1];
            for (int k = 0; k < ct.pairsPerStep(); k++) {
                int p = ct.p(s, k), q = ct.q(s, k);
                assertTrue(p < q, "p < q");
                assertTrue(!busy[p] && !busy[q], "an index appears twice in step " + s);
                busy[p] = busy[q] = true;
                met[p][q]++;
                assertEquals(q >= n, ct.isGhost(s, k));
            }
        }
        for (int p = 0; p < n; p++) {
            for (int q = p + 1; q < n; q++) assertEquals(1, met[p][q], "pair " + p + "," + q);
        }
        int[] rows = ct.rowPairs();
        for (int s = 0; s < ct.steps(); s++) {
            for (int i = 0; i < n; i++) {
                int k = rows[s * n + i];
                assertTrue(ct.p(s, k) == i || ct.q(s, k) == i, "row " + i + " is in pair " + k);
            }
        }
        assertEquals(n < 2 ? Math.max(0, n + (n & 1) - 1) : n + (n & 1) - 1, ct.steps());
    }
}
