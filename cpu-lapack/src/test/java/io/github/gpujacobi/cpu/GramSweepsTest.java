package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.Lapack;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Gram sweeps on columns as a preconditioner leaves them: orthogonal up to a relative 1e-12, so that nearly every
 * pair fails the test and a round rotates them all with the angles of its Gram matrix as it was. They must converge in
 * a few rounds and move Y only by (J-)orthogonal W: the Frobenius norm (the J-weighted one for the hyperbolic sweeps)
 * is kept to rounding.
 */
class GramSweepsTest {
    private static final int N = 200;

    @Test
    void nearlyOrthogonalColumnsConvergeByOrthogonalRounds() {
        converge(null);
    }

    @Test
    void nearlyJOrthogonalColumnsConvergeByJOrthogonalRounds() {
        Random r = new Random(11);
        double[] j = new double[N];
        for (int c = 0; c < N; c++) j[c] = r.nextBoolean() ? 1 : -1;
        converge(j);
    }

    private static void converge(double[] j) {
        Lapack lapack = Lapack.get();
        assertNotNull(lapack, Lapack.absence());
        Random r = new Random(7);
        double[] q = new double[N * N], l = new double[N];
        for (int c = 0; c < N; c++) for (int i = 0; i <= c; i++) q[i + c * N] = q[c + i * N] = r.nextGaussian();
        assertEquals(0, lapack.dsyevd(N, q, l));
        // Y = Q diag(s) with s graded over six decades, each column perturbed by a relative 1e-12
        double[] y = new double[N * N];
        for (int c = 0; c < N; c++) {
            double s = Math.pow(10, -6.0 * c / N);
            for (int i = 0; i < N; i++) y[i + c * N] = s * (q[i + c * N] + 1e-12 * r.nextGaussian());
        }
        double before = weighted(y, j);
        double tol = Math.sqrt(N) * 0x1p-52;
        GramSweeps sweeps = new GramSweeps(lapack, tol, 30);
        assertTrue(sweeps.run(y, N, N, j, null), "converged");
        assertTrue(sweeps.rounds <= 4, "rounds " + sweeps.rounds);
        assertTrue(sweeps.rotations > N * (N - 1) / 4, "most pairs rotated: " + sweeps.rotations);
        double[] g = new double[N * N];
        lapack.gram(N, N, y, g);
        for (int p = 0; p < N; p++) {
            for (int c = p + 1; c < N; c++) {
                assertTrue(Math.abs(g[p + c * N]) <= tol * Math.sqrt(g[p + p * N] * g[c + c * N]), p + ", " + c);
            }
        }
        assertEquals(before, weighted(y, j), 1e-13 * weighted(y, null), "the (J-weighted) norm kept");
    }

    /** sum_c j_c ||y_c||^2: trace(Y J Y'), which a J-orthogonal W keeps. */
    private static double weighted(double[] y, double[] j) {
        double s = 0;
        for (int c = 0; c < N; c++) {
            double ss = 0;
            for (int i = c * N; i < (c + 1) * N; i++) ss += y[i] * y[i];
            s += (j == null ? 1 : j[c]) * ss;
        }
        return s;
    }
}
