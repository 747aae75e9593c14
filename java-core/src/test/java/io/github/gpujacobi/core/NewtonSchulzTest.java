package io.github.gpujacobi.core;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.matrices.Generators;
import io.github.gpujacobi.testing.Orthogonality;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The polish every CPU factor gets: to max(n, 3) eps from about n^1.5 eps, certified, in both column layouts. */
class NewtonSchulzTest {
    private static final double EPS = Math.ulp(1.0);

    /** Q (m x n, orthonormal columns) with every entry moved by about delta: ||Q'Q - I||_F about 2 n delta. */
    private static double[] perturbed(Random r, int m, int n, double delta, boolean complex) {
        double[] q = complex ? Generators.unitary(r, m) : Generators.orthogonal(r, m);
        double[] x = java.util.Arrays.copyOf(q, (complex ? 2 : 1) * m * n);
        for (int i = 0; i < x.length; i++) x[i] += delta * r.nextGaussian() / Math.sqrt(m);
        return x;
    }

    @ParameterizedTest(name = "real {0}x{1} from {2}")
    @CsvSource({"8,8,1e-13", "64,64,1e-6", "300,200,1e-4", "257,257,1e-10", "1,1,1e-3"})
    void realFactorReachesTheBound(int m, int n, double delta) {
        double[] x = perturbed(new Random(m + n), m, n, delta, false);
        double before = Orthogonality.of(PageArray.wrap(x.clone(), m, n), 0), target = Math.max(n, 3) * EPS;
        double bound = NewtonSchulz.polish(x, m, n, null, false, target, 2);
        double after = Orthogonality.of(PageArray.wrap(x, m, n), 0);
        assertTrue(bound <= target, "certified " + bound + " > " + target + " (from " + before + ")");
        assertTrue(after <= target, "||X'X - I||_F " + after + " > " + target + " (from " + before + ")");
    }

    /** Q X of the polished Q, with the polish's products (native) or after it (Java): both with and without steps. */
    static void assertTimesProbesOfThePolished(int m, int n, double delta) {
        Random r = new Random(m * 7 + n);
        double[] x = perturbed(r, m, n, delta, false), probes = Generators.randn(r, n, 8), qx = new double[m * 8];
        java.util.Arrays.fill(qx, Double.NaN); // filled, not added to
        double target = Math.max(n, 3) * EPS;
        double bound = NewtonSchulz.polish(x, m, n, target, 2, probes, 8, qx);
        assertTrue(bound <= target, "certified " + bound);
        for (int c = 0; c < 8; c++) {
            for (int i = 0; i < m; i++) {
                double want = 0, size = 0;
                for (int j = 0; j < n; j++) {
                    want += x[i + j * m] * probes[j + c * n];
                    size += Math.abs(x[i + j * m] * probes[j + c * n]);
                }
                org.junit.jupiter.api.Assertions.assertEquals(want, qx[i + c * m], 1e-14 * size + 1e-300,
                        m + "x" + n + " from " + delta + " (" + i + "," + c + ")");
            }
        }
    }

    @ParameterizedTest(name = "real {0}x{1} from {2}, times probes")
    @CsvSource({"8,8,1e-13", "64,64,1e-6", "300,200,1e-4", "200,200,1e-17"})
    void polishedTimesProbes(int m, int n, double delta) {
        assertTimesProbesOfThePolished(m, n, delta);
    }

    @ParameterizedTest(name = "complex {0}x{1} from {2}")
    @CsvSource({"8,8,1e-13", "64,40,1e-6", "130,130,1e-4"})
    void complexFactorReachesTheBound(int m, int n, double delta) {
        double[] x = perturbed(new Random(m * 3L + n), m, n, delta, true);
        double before = Orthogonality.of(ComplexPageArray.wrap(x.clone(), m, n), 0), target = Math.max(n, 3) * EPS;
        double bound = NewtonSchulz.polish(x, m, n, null, true, target, 2);
        double after = Orthogonality.of(ComplexPageArray.wrap(x, m, n), 0);
        assertTrue(bound <= target, "certified " + bound + " > " + target + " (from " + before + ")");
        assertTrue(after <= target, "||X^H X - I||_F " + after + " > " + target + " (from " + before + ")");
    }

    /** Columns far from orthonormal (cosines near 0.5, as a loose Tol left them) are not certified: the page is not converged. */
    @Test
    void farFromOrthonormalIsNotCertified() {
        int n = 20;
        double[] x = new double[n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) x[i + j * n] = (i == j ? 1 : 0.5) / Math.sqrt(1 + 0.25 * (n - 1));
        double bound = NewtonSchulz.polish(x, n, n, null, false, n * EPS, 1);
        assertTrue(bound >= 1, "certified " + bound + " for columns with cosines of 0.5");
    }

    /** Columns not marked in have are left for the completion, untouched, and do not enter the polish. */
    @Test
    void onlyTheColumnsGivenArePolished() {
        int m = 30, n = 10;
        double[] x = perturbed(new Random(5), m, n, 1e-8, false);
        double[] zero = new double[m];
        System.arraycopy(zero, 0, x, 3 * m, m);
        boolean[] have = new boolean[n];
        java.util.Arrays.fill(have, true);
        have[3] = false;
        double bound = NewtonSchulz.polish(x, m, n, have, false, n * EPS, 1);
        assertTrue(bound <= n * EPS, "certified " + bound);
        assertArrayEquals(zero, java.util.Arrays.copyOfRange(x, 3 * m, 4 * m), "the column left out");
    }
}
