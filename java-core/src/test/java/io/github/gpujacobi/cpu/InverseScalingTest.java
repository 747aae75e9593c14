package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Residuals;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 22: inv(diag([1e-300, 1, 1e300])) was reported singular (its RCOND, 1e-600, underflowed)
 * and no inverse written; MATLAB returns the exact inverse with a warning. Singularity is judged by
 * the pivots against the scale of their column; RCOND is reported for the warning.
 */
class InverseScalingTest {
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    @ParameterizedTest
    @ValueSource(strings = {"auto", "gaussjordan", "cholesky"})
    void wideRangeDiagonalInvertsExactly(String method) {
        double[] d = {1e-300, 1, 1e300};
        InverseResult r = Jacobi.inv(PageArray.wrap(diag(d), 3, 3), CPU.withMethod(method));
        assertFalse(r.singular(0), method);
        assertTrue(r.rcond(0) > 0 && r.rcond(0) < 1e-300, "RCOND " + r.rcond(0));
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) {
            assertEquals(i == j ? 1 / d[i] : 0, r.inverse().get(i, j), 0.0, method + " (" + i + "," + j + ")");
        }
    }

    /** Permuted and triangular forms (Gauss-Jordan): inverses exact to rounding, entrywise. */
    @Test
    void badlyScaledRowsAndColumns() {
        // P diag(1e-300, 1, 1e300): rows 1e300, 1e-300, 1
        double[] p = {0, 1e-300, 0, 0, 0, 1, 1e300, 0, 0};
        InverseResult r = Jacobi.inv(PageArray.wrap(p, 3, 3), CPU);
        assertFalse(r.singular(0));
        double[] want = {0, 0, 1 / 1e300, 1 / 1e-300, 0, 0, 0, 1, 0};
        for (int i = 0; i < 9; i++) assertEquals(want[i], r.inverse().get(i), 0.0);
        // [1e300 1; 0 1e-300] -> [1e-300 -1; 0 1e300]
        InverseResult t = Jacobi.inv(PageArray.wrap(new double[]{1e300, 0, 1, 1e-300}, 2, 2), CPU);
        assertFalse(t.singular(0));
        double[] tw = {1 / 1e300, 0, -1, 1 / 1e-300};
        for (int i = 0; i < 4; i++) assertEquals(tw[i], t.inverse().get(i), 1e-15 * Math.abs(tw[i]));
    }

    /** Whole-matrix scales: the same relative residual, never singular. */
    @ParameterizedTest
    @ValueSource(doubles = {1e-300, 1e-150, 1e150, 1e300})
    void scaledMatrices(double f) {
        int n = 12;
        double[] g = Matrices.randn(new Random(3), n, n);
        for (int i = 0; i < g.length; i++) g[i] *= f;
        PageArray a = PageArray.wrap(g, n, n);
        InverseResult r = Jacobi.inv(a, CPU);
        assertFalse(r.singular(0));
        assertTrue(Residuals.inverse(a, r.inverse(), 0) < 1e-14);
        assertTrue(r.rcond(0) > 1e-6 && r.rcond(0) < 1, "RCOND " + r.rcond(0));
    }

    /** Exactly singular, and singular up to a pivot of rounding size relative to its column. */
    @Test
    void singularPivots() {
        assertTrue(Jacobi.inv(PageArray.wrap(new double[]{1, 2, 2, 4}, 2, 2), CPU).singular(0));
        // column 3 = column 1 + column 2 up to a relative 1e-17: its last pivot is rounding noise
        double[] a = {1, 4, 7, 2, 5, 8, 3, 9, 15 * (1 + 1e-17)};
        InverseResult r = Jacobi.inv(PageArray.wrap(a, 3, 3), CPU.withMethod("gaussjordan"));
        assertTrue(r.singular(0));
        assertEquals(Double.POSITIVE_INFINITY, r.inverse().get(0, 0));
        // a tiny but genuine last pivot (1e-10 of its column) is not singular: RCOND reports it
        double[] b = {1, 4, 7, 2, 5, 8, 3, 9, 15 + 1e-10};
        InverseResult s = Jacobi.inv(PageArray.wrap(b, 3, 3), CPU.withMethod("gaussjordan"));
        assertFalse(s.singular(0));
        assertTrue(s.rcond(0) < 1e-9, "RCOND " + s.rcond(0));
    }

    static double[] diag(double[] d) {
        int n = d.length;
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) a[i + i * n] = d[i];
        return a;
    }
}
