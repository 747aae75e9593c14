package io.github.gpujacobi.api;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole-array input checks on all cores: a NaN, an Inf or an asymmetric pair anywhere in an array large enough
 * to be scanned in parallel (first entry, chunk edges, last entry, last page) is found and named as before.
 */
class HostScanTest {
    static final SolverOptions O = SolverOptions.defaults().withCaller("gpu_eig").withVariable("K");

    @Test
    void findsEveryNonFiniteEntryInLargeArrays() {
        int len = (int) (3 * HostScan.PARALLEL_FROM + 17);
        for (int at : new int[]{0, 65535, 65536, len / 2, len - 1}) {
            for (double bad : new double[]{Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
                double[] d = new double[len];
                float[] f = new float[len];
                d[at] = bad;
                f[at] = (float) bad;
                assertFalse(HostScan.allFinite(d), "double, at " + at);
                assertFalse(HostScan.allFinite(f), "single, at " + at);
            }
        }
        double[] d = new double[len];
        java.util.Arrays.fill(d, Double.MAX_VALUE); // large finite entries: x - x is still 0
        assertTrue(HostScan.allFinite(d));
        assertTrue(HostScan.allFinite(new double[0]));
    }

    /** The scan sums four lanes and a tail: a bad entry in any lane or in the tail of a short array is found. */
    @Test
    void findsANonFiniteEntryAtEveryPositionOfShortArrays() {
        for (int len : new int[]{1, 2, 3, 4, 5, 7, 9, 1003}) {
            for (int at = 0; at < len; at++) {
                double[] d = new double[len];
                float[] f = new float[len];
                java.util.Arrays.fill(d, 1e300);
                java.util.Arrays.fill(f, 3e38f);
                assertTrue(HostScan.allFinite(d) && HostScan.allFinite(f), "finite, " + len);
                d[at] = at % 2 == 0 ? Double.NaN : Double.NEGATIVE_INFINITY;
                f[at] = at % 2 == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
                assertFalse(HostScan.allFinite(d), "double, " + len + " at " + at);
                assertFalse(HostScan.allFinite(f), "single, " + len + " at " + at);
            }
        }
    }

    @Test
    void nonFiniteNamedInALargeMatrix() {
        int n = 600;
        double[] a = new double[n * n];
        a[(n - 1) + (n - 2) * n] = Double.NaN;
        JacobiException e = assertThrows(JacobiException.class, () -> Jacobi.eig(PageArray.wrap(a, n, n), O));
        assertEquals(ErrorKind.NON_FINITE, e.kind());
        assertTrue(e.getMessage().contains("NaN at (600,599)"), e.getMessage());
    }

    @Test
    void asymmetryFoundInALargePageArray() {
        int n = 130, pages = 20; // 338000 entries: the parallel scan, rows of tiles across pages
        Random r = new Random(1);
        double[] a = new double[n * n * pages];
        for (int k = 0; k < pages; k++) {
            for (int j = 0; j < n; j++) {
                for (int i = 0; i <= j; i++) {
                    double x = r.nextGaussian();
                    a[k * n * n + i + j * n] = x;
                    a[k * n * n + j + i * n] = x;
                }
            }
        }
        PageArray ok = PageArray.wrap(a.clone(), n, n, pages);
        InputChecks.requireSymmetric(ok, O); // symmetric: accepted
        a[(pages - 1) * n * n + 129 + 97 * n] += 1e-3; // (130, 98) of the last page
        JacobiException e = assertThrows(JacobiException.class, () -> InputChecks.requireSymmetric(PageArray.wrap(a, n, n, pages), O));
        assertEquals(ErrorKind.NOT_SYMMETRIC, e.kind());
        assertTrue(e.getMessage().contains("(page 20)"), e.getMessage());
    }
}
