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
    void ascendingIsDoubleComparesStableOrder() {
        double[] special = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-300, -1e-300,
                Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 2, 2, -2, -2, 0.0, -0.0};
        java.util.Random r = new java.util.Random(7);
        for (int n : new int[]{0, 1, 2, 3, 17, 64, 1000}) {
            double[] d = n == 17 ? special.clone() : random(n, n);
            for (int i = 0; i < n && n != 17; i += 3) d[i] = d[r.nextInt(n)]; // ties
            Integer[] ref = new Integer[n];
            for (int i = 0; i < n; i++) ref[i] = i;
            java.util.Arrays.sort(ref, (x, y) -> Double.compare(d[x], d[y])); // stable: a merge sort
            int[] got = PageAssembly.ascending(d);
            for (int i = 0; i < n; i++) assertEquals(ref[i].intValue(), got[i], "n=" + n + " position " + i);
        }
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
