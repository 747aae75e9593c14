package io.github.gpujacobi.core;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The tiled host passes (transpose, symmetrize) and the eig assembly agree with their plain definitions. */
class PageAssemblyTest {
    private static double[] random(int len, long seed) {
        java.util.Random r = new java.util.Random(seed);
        double[] a = new double[len];
        for (int i = 0; i < len; i++) a[i] = r.nextGaussian();
        return a;
    }

    @Test
    void transposeEverySizeAroundTheTile() {
        for (int m : new int[]{1, 2, 31, 32, 33, 70}) for (int n : new int[]{1, 5, 32, 45, 64, 65}) {
            double[] a = random(m * n, m * 100 + n), t = PageAssembly.transpose(a, m, n);
            for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) assertEquals(a[i + j * m], t[j + i * n], m + "x" + n);
        }
    }

    @Test
    void symmetrizeAveragesEveryPair() {
        for (int n : new int[]{1, 2, 31, 33, 64, 97}) {
            double[] a = random(n * n, n), w = a.clone();
            w[n - 1] = Double.MAX_VALUE; // a pair whose sum overflows: averaged without Inf
            if (n > 1) w[(n - 1) * n] = Double.MAX_VALUE;
            a = w.clone();
            PageAssembly.symmetrize(w, n);
            for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
                assertEquals(PageAssembly.mean(a[i + j * n], a[j + i * n]), w[i + j * n], n + ": " + i + "," + j);
            }
        }
    }

    @Test
    void eigSortsAPageOutOfABatch() {
        int n = 3;
        double[] d = {9, 9, 9, 3, 1, 2}, v = new double[2 * n * n];
        for (int i = 0; i < v.length; i++) v[i] = i;
        for (Precision p : Precision.values()) {
            PageArray values = PageArray.zeros(p, n, 1, 2), vectors = PageArray.zeros(p, n, n, 2);
            PageAssembly.eig(d, n, v, n * n, n, values, vectors, 1); // the second page of the batch into page 2
            assertArrayEquals(new double[]{1, 2, 3}, values.pageAsDouble(1));
            assertArrayEquals(new double[]{12, 13, 14, 15, 16, 17, 9, 10, 11}, vectors.pageAsDouble(1));
            assertArrayEquals(new double[n * n], vectors.pageAsDouble(0));
        }
    }
}
