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

    /**
     * The symmetry tests run tile by tile: an asymmetric pair anywhere in a page (across tile edges, in the
     * last partial tile, in the second page) is found with its size, in both classes and for complex pages.
     */
    @Test
    void asymmetryFoundInEveryTile() {
        int n = 70;
        int[][] at = {{1, 0}, {33, 31}, {69, 0}, {69, 68}, {40, 64}, {5, 69}};
        for (int[] ij : at) for (Precision p : Precision.values()) {
            double[] d = new double[n * n * 2];
            for (int k = 0; k < 2; k++) for (int j = 0; j < n; j++) for (int i = 0; i <= j; i++) {
                double x = Math.sin(i + 3 * j + 7 * k);
                d[k * n * n + i + j * n] = x;
                d[k * n * n + j + i * n] = x;
            }
            d[n * n + ij[0] + ij[1] * n] += 0.25;
            PageArray a = PageArray.wrap(d, n, n, 2).to(p);
            JacobiException e = fails(() -> InputChecks.requireSymmetric(a, O));
            assertTrue(e.getMessage().contains("(page 2)") && e.getMessage().contains("= 0.2"), ij[0] + "," + ij[1] + ": " + e.getMessage());
            double[] im = new double[d.length];
            ComplexPageArray c = ComplexPageArray.fromSplit(d, im, n, n, 2);
            JacobiException h = fails(() -> InputChecks.requireHermitian(c, O));
            assertTrue(h.getMessage().contains("(page 2)") && h.getMessage().contains("= 0.2"), h.getMessage());
            d[n * n + ij[0] + ij[1] * n] -= 0.25;
            InputChecks.requireSymmetric(PageArray.wrap(d, n, n, 2), O);
            im[n * n + ij[0] + ij[1] * n] = 0.25; // a(i,j) = x + 0.25i against a(j,i) = x: |A - A^H| = 0.25
            JacobiException g = fails(() -> InputChecks.requireHermitian(ComplexPageArray.fromSplit(d, im, n, n, 2), O));
            assertTrue(g.getMessage().contains("= 0.2"), g.getMessage());
        }
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
        assertEquals(ErrorKind.BAD_OPTION, fails(() -> O.withTol(1)).kind());
        assertEquals(ErrorKind.BAD_OPTION, fails(() -> O.withTol(Double.POSITIVE_INFINITY)).kind());
        assertEquals(ErrorKind.BAD_OPTION, fails(() -> O.withThreads(SolverOptions.MAX_THREADS + 1)).kind());
        assertTrue(fails(() -> O.withDevice("tpu")).getMessage().startsWith("gpu_eig: unknown device 'tpu'"));
        // a Tol below eps of the class is raised to it; the default scales with sqrt(n)
        assertEquals(Precision.DOUBLE.eps(), O.withTol(0).tolFor(Precision.DOUBLE, 100), 0.0);
        assertEquals(Precision.SINGLE.eps(), O.withTol(1e-20).tolFor(Precision.SINGLE, 100), 0.0);
        assertEquals(1e-10, O.withTol(1e-10).tolFor(Precision.DOUBLE, 100), 0.0);
        assertEquals(10 * Precision.DOUBLE.eps(), O.tolFor(Precision.DOUBLE, 100), 1e-30);
        assertEquals(ErrorKind.BAD_OPTION, fails(() -> Device.fromName("tpu")).kind());
        assertEquals(ErrorKind.BAD_SHAPE, fails(() -> PageArray.wrap(new double[5], 2, 3)).kind());
    }

    /** The CPU's 'auto' says when a page took two-sided Jacobi for being singular (it fell back silently). */
    @Test
    void aSingularPageSaysItTookTwoSidedJacobi() {
        SolverOptions cpu = O.withDevice("cpu");
        EigResult singular = Jacobi.eig(PageArray.wrap(new double[]{1, 1, 1, 1}, 2, 2), cpu);
        assertTrue(String.join(" | ", singular.report().notes()).contains("numerically singular for Bunch-Parlett"),
                singular.report().notes().toString());
        EigResult diagonal = Jacobi.eig(PageArray.wrap(new double[]{1, 0, 0, 2}, 2, 2), cpu);
        assertTrue(diagonal.report().notes().isEmpty(), diagonal.report().notes().toString());
        EigResult regular = Jacobi.eig(PageArray.wrap(new double[]{2, 1, 1, 3}, 2, 2), cpu);
        assertTrue(regular.report().notes().isEmpty(), regular.report().notes().toString());
    }

    /** Null inputs and options are user errors with a message (they were NullPointerExceptions from inside). */
    @Test
    void nullsAreUserErrors() {
        PageArray a = PageArray.wrap(new double[]{2}, 1, 1);
        assertEquals(ErrorKind.BAD_OPTION, fails(() -> Jacobi.eig(a, null)).kind());
        assertTrue(fails(() -> Jacobi.eig(a, null)).getMessage().contains("SolverOptions.defaults()"));
        assertEquals("gpu_eig: K is null", fails(() -> Jacobi.eig((PageArray) null, O)).getMessage());
        assertEquals(ErrorKind.BAD_SHAPE, fails(() -> Jacobi.svd((ComplexPageArray) null, O)).kind());
        assertEquals(ErrorKind.BAD_SHAPE, fails(() -> Jacobi.hsvd(a, null, O)).kind());
        assertEquals(ErrorKind.BAD_SHAPE, fails(() -> PageArray.wrap((double[]) null, 1, 1)).kind());
    }

    /** A 1 x 1 inverse is 1/a, correctly rounded (Cholesky's 1/sqrt(a)^2 gave 0.4999999999999999 for 2). */
    @Test
    void aScalarInverseIsCorrectlyRounded() {
        for (double x : new double[]{2, 3, -7, 1e-300, 0.1}) {
            assertEquals(1 / x, Jacobi.inv(PageArray.wrap(new double[]{x}, 1, 1), O.withDevice("cpu")).inverse().get(0), 0.0);
        }
        assertTrue(Jacobi.inv(PageArray.wrap(new double[]{0}, 1, 1), O.withDevice("cpu")).anySingular());
    }

    @Test
    void gpuRequestedWithoutGpu() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Backends.get().gpu() == null, "a GPU is present");
        JacobiException e = fails(() -> Jacobi.eig(PageArray.wrap(new double[]{1}, 1, 1), O.withDevice("gpu")));
        assertEquals("gpujacobi:noGpu", e.identifier());
        assertTrue(e.getMessage().startsWith("gpu_eig: Device 'gpu' was requested but no GPU backend is available"));
    }
}
