package io.github.gpujacobi.core;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bunch-Parlett's pivot decisions (the rule bunch_parlett.cu shares through {@link BunchParlett#ALPHA}
 * and {@link BunchParlett#oneByOne}) and the factor M = G J G' they give.
 */
class BunchParlettTest {
    @Test
    void pivotRuleIsAlphaTimesTheLargestEntry() {
        assertEquals((1 + Math.sqrt(17)) / 8, BunchParlett.ALPHA, 0);
        assertTrue(BunchParlett.oneByOne(1, BunchParlett.ALPHA));
        assertFalse(BunchParlett.oneByOne(1, Math.nextDown(BunchParlett.ALPHA)));
        assertTrue(BunchParlett.oneByOne(1, 1)); // the largest entry on the diagonal
        assertFalse(BunchParlett.oneByOne(1, 0)); // zero diagonal: a 2 x 2 pivot
    }

    /** [[0 1][1 0]]: no usable diagonal, one 2 x 2 pivot, signs +1 and -1. */
    @Test
    void zeroDiagonalTakesOneTwoByTwoPivot() {
        BunchParlett.Factor f = BunchParlett.factor(new double[]{0, 1, 1, 0}, 2);
        assertEquals(0, f.j[0] + f.j[1], "one positive, one negative sign");
        assertReconstructs(new double[]{0, 1, 1, 0}, f, 2, 1e-15);
    }

    /** A diagonal matrix: 1 x 1 pivots in order of decreasing modulus (complete pivoting), G = |D|^(1/2) permuted. */
    @Test
    void diagonalTakesOneByOnePivotsLargestFirst() {
        double[] d = {2, -8, 0.5, -1};
        double[] m = new double[16];
        for (int i = 0; i < 4; i++) m[i + i * 4] = d[i];
        BunchParlett.Factor f = BunchParlett.factor(m.clone(), 4);
        assertArrayEquals(new double[]{-1, 1, -1, 1}, f.j, 0); // -8, 2, -1, 0.5
        assertEquals(Math.sqrt(8), f.g[1], 0); // column 0 of G is sqrt(8) e_2 (row 1 of M)
        assertReconstructs(m, f, 4, 1e-15); // sqrt(2)^2 is 2 only to an ulp
    }

    @Test
    void randomIndefiniteReconstructs() {
        Random r = new Random(13);
        int n = 57;
        double[] m = new double[n * n];
        for (int j = 0; j < n; j++) for (int i = j; i < n; i++) m[i + j * n] = m[j + i * n] = r.nextGaussian();
        BunchParlett.Factor f = BunchParlett.factor(m.clone(), n);
        int neg = 0;
        for (double s : f.j) neg += s < 0 ? 1 : 0;
        assertTrue(neg > 0 && neg < n, "both signs");
        assertReconstructs(m, f, n, 1e-13);
    }

    @Test
    void zeroSchurComplementIsSingular() {
        BunchParlett.Singular e = assertThrows(BunchParlett.Singular.class,
                () -> BunchParlett.factor(new double[]{1, 2, 2, 4}, 2));
        assertEquals(BunchParlett.zeroSchurComplement(1), e.getMessage());
    }

    private static void assertReconstructs(double[] m, BunchParlett.Factor f, int n, double tol) {
        double scale = 0, worst = 0;
        for (double x : m) scale = Math.max(scale, Math.abs(x));
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += f.g[i + k * n] * f.j[k] * f.g[j + k * n];
            worst = Math.max(worst, Math.abs(s - m[i + j * n]));
        }
        assertTrue(worst <= tol * scale, "||G J G' - M|| = " + worst);
    }
}
