package io.github.gpujacobi.cuda.inverse;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** The host-side bookkeeping of the GPU's blocked Gauss-Jordan (no GPU needed); RCOND and singular are core/InverseCheck's (InverseScalingTest). */
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
}
