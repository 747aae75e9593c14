package io.github.gpujacobi.cuda;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The host-side bookkeeping of the GPU inversions (no GPU needed): column order and RCOND/singular rules. */
class InverseBookkeepingTest {
    /** The composed gather equals the interchanges k <-> piv[k] undone one by one in reverse order. */
    @Test
    void columnOrderComposesThePanelInterchanges() {
        Random r = new Random(3);
        for (int[] nb : new int[][]{{1, 1}, {7, 3}, {64, 64}, {100, 32}, {257, 64}}) {
            int n = nb[0], b = nb[1];
            int[] piv = new int[n];
            for (int k = 0; k < n; k++) {
                int start = (k / b) * b;
                piv[k] = (k - start) + 1 + r.nextInt(n - k); // getrf: 1-based, relative to the panel, >= own row
            }
            int[] cols = new int[n];
            for (int j = 0; j < n; j++) cols[j] = j;
            for (int k = n - 1; k >= 0; k--) {
                int p = (k / b) * b + piv[k] - 1, s = cols[k];
                cols[k] = cols[p];
                cols[p] = s;
            }
            assertArrayEquals(cols, CudaGaussJordan.columnOrder(piv, n, b), "n=" + n + " b=" + b);
        }
    }

    @Test
    void rcondUnderflowIsNotSingular() {
        InverseOutcome scaled = new InverseOutcome(true, 1e300, 1e300); // diag(1e-300, 1, 1e300)
        assertFalse(scaled.singular());
        assertEquals(0, scaled.rcond());
        InverseOutcome well = new InverseOutcome(true, 4, 0.5);
        assertEquals(0.5, well.rcond(), 0);
        assertTrue(new InverseOutcome(false, 3, 0).singular());
        assertTrue(new InverseOutcome(true, 3, Double.POSITIVE_INFINITY).singular());
        assertTrue(new InverseOutcome(true, 3, Double.NaN).singular());
        assertEquals(0, new InverseOutcome(true, 3, Double.NaN).rcond());
    }
}
