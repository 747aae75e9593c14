package io.github.gpujacobi.cuda.blocked;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OddEvenBlocksTest {
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 6, 8, 64, 130})
    void everyTwoBlocksMeetOnceASweepAndTheOrderReverses(int nb) {
        OddEvenBlocks o = new OddEvenBlocks(nb);
        for (int sweep = 0; sweep < 3; sweep++) {
            int[][] met = new int[nb][nb];
            for (int s = sweep * nb; s < (sweep + 1) * nb; s++) {
                boolean[] busy = new boolean[nb];
                for (int k = 0; k < o.pairs(s); k++) {
                    int x = o.offset(s) + 2 * k, p = o.block(s, x), q = o.block(s, x + 1);
                    met[Math.min(p, q)][Math.max(p, q)]++;
                    busy[x] = busy[x + 1] = true;
                    assertEquals(q, o.block(s + 1, x), "the pair's blocks exchange positions");
                    assertEquals(p, o.block(s + 1, x + 1));
                }
                for (int x = 0; x < nb; x++) if (!busy[x]) assertEquals(o.block(s, x), o.block(s + 1, x), "a waiting block stays");
            }
            for (int p = 0; p < nb; p++)
                for (int q = p + 1; q < nb; q++) assertEquals(1, met[p][q], "blocks " + p + " and " + q + ", sweep " + sweep);
            for (int x = 0; x < nb; x++)
                assertEquals(sweep % 2 == 0 ? nb - 1 - x : x, o.block((sweep + 1) * nb, x), "the order after sweep " + sweep);
        }
    }
}
