package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.JacobiRotation;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The cyclic and classical sweeps give, bit for bit, what the textbook rotation gives (columns p, q then rows p, q of
 * the whole page, the relative test from the diagonal itself): the rows copied from the rotated columns and the kept
 * square roots of the diagonal change how, not what.
 */
class TwoSidedRotationTest {
    /** The textbook cyclic sweeps: every pair tested, columns and then rows rotated in full. */
    private static int reference(double[] a, double[] v, int n, double tol, int maxSweeps) {
        int rotations = 0;
        for (int sweep = 0; sweep < maxSweeps; sweep++) {
            int before = rotations;
            for (int p = 0; p < n - 1; p++) {
                for (int q = p + 1; q < n; q++) {
                    double apq = a[q + p * n], app = a[p + p * n], aqq = a[q + q * n];
                    if (JacobiRotation.negligible(apq, app, aqq, tol)) continue;
                    double t = JacobiRotation.tangent(app, aqq, apq), c = JacobiRotation.cosine(t), s = t * c;
                    columns(a, n, p, q, c, s);
                    for (int j = 0; j < n; j++) {
                        double x = a[p + j * n], y = a[q + j * n];
                        a[p + j * n] = c * x - s * y;
                        a[q + j * n] = s * x + c * y;
                    }
                    a[p + q * n] = 0;
                    a[q + p * n] = 0;
                    columns(v, n, p, q, c, s);
                    rotations++;
                }
            }
            if (rotations == before) break;
        }
        return rotations;
    }

    private static void columns(double[] m, int n, int p, int q, double c, double s) {
        for (int i = 0; i < n; i++) {
            double x = m[i + p * n], y = m[i + q * n];
            m[i + p * n] = c * x - s * y;
            m[i + q * n] = s * x + c * y;
        }
    }

    private static double[] symmetric(int n, long seed, double grading) {
        Random r = new Random(seed);
        double[] a = new double[n * n];
        for (int j = 0; j < n; j++) {
            for (int i = j; i < n; i++) a[i + j * n] = a[j + i * n] = r.nextGaussian() * Math.pow(grading, -(i + j) / (double) n);
        }
        return a;
    }

    private static double[] identity(int n) {
        double[] v = new double[n * n];
        for (int i = 0; i < n; i++) v[i + i * n] = 1;
        return v;
    }

    @Test
    void cyclicSweepsMatchTheTextbookRotationBitForBit() {
        for (int n : new int[]{2, 3, 17, 64}) {
            for (double grading : new double[]{1, 1e8}) {
                double[] a = symmetric(n, n, grading), want = a.clone(), v = identity(n), vWant = identity(n);
                double tol = 1e-14;
                int rotations = reference(want, vWant, n, tol, 60);
                TwoSidedJacobiEig solver = new TwoSidedJacobiEig(EigOrdering.CYCLIC, 1);
                solver.run(a, v, n, tol, 60, 0);
                assertEquals(rotations, solver.rotations, n + " / " + grading);
                for (int i = 0; i < n * n; i++) {
                    assertEquals(Double.doubleToLongBits(want[i]), Double.doubleToLongBits(a[i]), n + " / " + grading + " a " + i);
                    assertEquals(Double.doubleToLongBits(vWant[i]), Double.doubleToLongBits(v[i]), n + " / " + grading + " v " + i);
                }
            }
        }
    }
}
