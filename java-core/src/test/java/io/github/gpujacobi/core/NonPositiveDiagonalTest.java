package io.github.gpujacobi.core;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link IndefiniteEig#nonPositiveDiagonal}, the GPU routes' reason to skip Cholesky, against EJML's Cholesky. */
class NonPositiveDiagonalTest {
    private static boolean choleskyWorks(double[] a, int n) {
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) m.set(i, j, a[i + j * n]);
        return DecompositionFactory_DDRM.chol(n, true).decompose(m);
    }

    @Test
    void aNonPositiveDiagonalEntryMeansCholeskyFails() {
        Random rnd = new Random(7);
        int flagged = 0;
        for (int trial = 0; trial < 400; trial++) {
            int n = 1 + rnd.nextInt(12);
            double[] a = new double[n * n];
            for (int j = 0; j < n; j++) {
                for (int i = j; i < n; i++) {
                    double x = rnd.nextGaussian();
                    a[i + j * n] = x;
                    a[j + i * n] = x;
                }
            }
            // every third matrix made positive definite except (sometimes) for one diagonal entry set to 0 or less
            if (trial % 3 == 0) {
                for (int j = 0; j < n; j++) a[j + j * n] = 4 * n;
                if (rnd.nextBoolean()) a[rnd.nextInt(n) * (n + 1)] = -rnd.nextInt(2);
            }
            boolean skip = IndefiniteEig.nonPositiveDiagonal(a, n, 1);
            if (skip) {
                flagged++;
                assertFalse(choleskyWorks(a, n), "flagged, yet Cholesky succeeded (trial " + trial + ")");
            }
            boolean positiveDiagonal = true;
            for (int j = 0; j < n; j++) positiveDiagonal &= a[j + j * n] > 0;
            assertEquals(!positiveDiagonal, skip);
        }
        assertTrue(flagged > 100 && flagged < 400, "flagged " + flagged + " of 400: both outcomes exercised");
    }

    @Test
    void positiveDefiniteIsNotFlaggedNaNIsAndComplexReadsRealParts() {
        double[] spd = {4, 1, 1, 3};
        assertFalse(IndefiniteEig.nonPositiveDiagonal(spd, 2, 1));
        assertTrue(choleskyWorks(spd, 2));
        assertTrue(IndefiniteEig.nonPositiveDiagonal(new double[]{Double.NaN, 0, 0, 1}, 2, 1));
        assertTrue(IndefiniteEig.nonPositiveDiagonal(new double[]{0}, 1, 1));
        // interleaved Hermitian [[2, 1 - i], [1 + i, 3]]: negative imaginary parts off the diagonal are not diagonal entries
        double[] h = {2, 0, 1, 1, 1, -1, 3, 0};
        assertFalse(IndefiniteEig.nonPositiveDiagonal(h, 2, 2));
        h[6] = -3;
        assertTrue(IndefiniteEig.nonPositiveDiagonal(h, 2, 2));
    }
}
