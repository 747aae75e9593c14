package io.github.gpujacobi.core;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GradingTest {
    private static double[] randn(Random r, int m, int n) {
        double[] a = new double[m * n];
        for (int i = 0; i < a.length; i++) a[i] = r.nextGaussian();
        return a;
    }

    @Test
    void rowMaxNormsOfALargePageAgreeWithAPlainLoop() {
        int m = 1500, n = 1100; // over the size from which the columns are split between threads
        double[] a = randn(new Random(1), m, n);
        double[] want = new double[m];
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) want[i] = Math.max(want[i], Math.abs(a[i + j * m]));
        assertArrayEquals(want, Grading.rowMaxNorms(a, m, n, 1), 0);
        double[] z = randn(new Random(2), 2 * 40, 30); // interleaved complex 40 x 30
        double[] zw = new double[40];
        for (int j = 0; j < 30; j++) for (int i = 0; i < 40; i++) {
            zw[i] = Math.max(zw[i], Math.max(Math.abs(z[2 * (i + j * 40)]), Math.abs(z[2 * (i + j * 40) + 1])));
        }
        assertArrayEquals(zw, Grading.rowMaxNorms(z, 40, 30, 2), 0);
    }

    @Test
    void randomPagesAreNotGradedScaledRowsAre() {
        Random r = new Random(3);
        double[] a = randn(r, 50, 40);
        assertFalse(Grading.graded(a, 50, 40, 1));
        assertNull(Grading.sortedRowsIfGraded(a, 50, 40, 1));
        for (int j = 0; j < 40; j++) a[7 + j * 50] *= 1e-3; // one row three decades down
        assertTrue(Grading.graded(a, 50, 40, 1));
        int[] order = Grading.sortedRowsIfGraded(a, 50, 40, 1);
        assertNotNull(order);
        assertEquals(7, order[49], "the small row goes last");
        double[] p = Grading.permuteRows(a, 50, 40, 1, order), back = new double[a.length];
        Grading.unpermuteRows(p, back, 50, 40, 1, order);
        assertArrayEquals(a, back, 0);
        double[] zero = new double[6]; // zero rows carry nothing to lose
        zero[0] = 1;
        assertFalse(Grading.graded(zero, 3, 2, 1));
    }

    @Test
    void gradedPagesAreFoundInPlaceInBothPrecisions() {
        int n = 6;
        double[] s = new double[2 * n * n];
        Random r = new Random(4);
        for (int i = 0; i < s.length; i++) s[i] = r.nextGaussian();
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) s[n * n + i + j * n] *= Math.pow(10, -i) * Math.pow(10, -j);
        for (Precision p : Precision.values()) {
            PageArray a = PageArray.wrap(s, n, n, 2).to(p);
            assertFalse(Grading.graded(a, 0), p.toString());
            assertTrue(Grading.graded(a, 1), p.toString());
        }
    }

    @Test
    void onlyIndefiniteSpreadValuesAreSuspect() {
        assertFalse(Grading.indefiniteAndSpread(new double[]{1e-12, 1, 2}), "definite");
        assertFalse(Grading.indefiniteAndSpread(new double[]{-1, 0.5, 2}), "indefinite, little spread");
        assertTrue(Grading.indefiniteAndSpread(new double[]{-1, 1e-6, 2}));
    }

    @Test
    void columnGradingIsFoundWhereRowGradingIsNot() {
        int m = 30, n = 20;
        double[] a = randn(new Random(5), m, n);
        assertFalse(Grading.rowsOrColumnsGraded(a, m, n), "a random page");
        double[] c = a.clone();
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) c[i + j * m] *= Math.pow(10, -j * 0.5); // B D
        assertTrue(Grading.rowsOrColumnsGraded(c, m, n), "columns over 10 decades");
        double[] r = a.clone();
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) r[i + j * m] *= Math.pow(10, -i * 0.3); // D B
        assertTrue(Grading.rowsOrColumnsGraded(r, m, n), "rows over 9 decades");
    }
}
