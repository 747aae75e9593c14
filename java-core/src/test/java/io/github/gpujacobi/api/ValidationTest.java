package io.github.gpujacobi.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input fails with the function, the variable and the problem in the message. */
class ValidationTest {
    static final SolverOptions O = SolverOptions.defaults().withCaller("gpu_eig").withVariable("K");

    private static JacobiException fails(Runnable r) { return assertThrows(JacobiException.class, r::run); }

    @Test
    void notSquare() {
        JacobiException e = fails(() -> Jacobi.eig(PageArray.wrap(new double[6], 2, 3), O));
        assertEquals("gpujacobi:notSquare", e.identifier());
        assertEquals("gpu_eig: K must be square (each page n x n), but it is 2x3 double", e.getMessage());
        assertEquals(ErrorKind.NOT_SQUARE, fails(() -> Jacobi.inv(PageArray.wrap(new float[6], 3, 2), O)).kind());
    }

    @Test
    void notSymmetricReportsAsymmetryAndTolerance() {
        JacobiException e = fails(() -> Jacobi.eig(PageArray.wrap(new double[]{1, 2, 2.001, 1}, 2, 2), O));
        assertEquals(ErrorKind.NOT_SYMMETRIC, e.kind());
        assertTrue(e.getMessage().startsWith("gpu_eig: K must be symmetric: max|A-A'|/max|A| = 0.000500"), e.getMessage());
        assertTrue(e.getMessage().contains("64*eps(double)"), e.getMessage());
        // rounding-level asymmetry is accepted
        Jacobi.eig(PageArray.wrap(new double[]{1, 2, 2 + 4e-16, 1}, 2, 2), O);
    }

    @Test
    void nonFiniteNamesThePosition() {
        JacobiException e = fails(() -> Jacobi.svd(PageArray.wrap(new double[]{1, 2, Double.NaN, 4, 5, 6}, 2, 3, 1), O));
        assertEquals(ErrorKind.NON_FINITE, e.kind());
        assertTrue(e.getMessage().contains("NaN at (1,2)"), e.getMessage());
        JacobiException f = fails(() -> Jacobi.inv(PageArray.wrap(new double[]{1, 0, 0, 1, 1, 0, 0, Double.NEGATIVE_INFINITY}, 2, 2, 2), O));
        assertTrue(f.getMessage().contains("Inf at (2,2,2)"), f.getMessage());
    }

    @Test
    void badOptions() {
        JacobiException e = fails(() -> Jacobi.eig(PageArray.wrap(new double[]{1}, 1, 1), O.withMethod("qr")));
        assertEquals(ErrorKind.BAD_OPTION, e.kind());
        assertTrue(e.getMessage().contains("unknown Method 'qr'"), e.getMessage());
        // 'blocked' (the GPU's blocked one-sided Jacobi) is a valid name for eig and svd everywhere
        assertEquals(3.0, Jacobi.svd(PageArray.wrap(new double[]{-3}, 1, 1), O.withMethod("blocked")).s().get(0), 0.0);
        assertEquals(2.0, Jacobi.eig(PageArray.wrap(new double[]{2}, 1, 1), O.withMethod("blocked")).values().get(0), 0.0);
        assertEquals(ErrorKind.BAD_OPTION, fails(() -> O.withTol(-1)).kind());
        assertEquals(ErrorKind.BAD_OPTION, fails(() -> Device.fromName("tpu")).kind());
        assertEquals(ErrorKind.BAD_SHAPE, fails(() -> PageArray.wrap(new double[5], 2, 3)).kind());
    }

    @Test
    void gpuRequestedWithoutGpu() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Backends.get().gpu() == null, "a GPU is present");
        JacobiException e = fails(() -> Jacobi.eig(PageArray.wrap(new double[]{1}, 1, 1), O.withDevice("gpu")));
        assertEquals("gpujacobi:noGpu", e.identifier());
        assertTrue(e.getMessage().startsWith("gpu_eig: Device 'gpu' was requested but no GPU backend is available"));
    }
}
