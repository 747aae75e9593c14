package io.github.gpujacobi.bridge;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the toolbox's .m wrappers read from a bridge call: warnings' data, page rcond, error mapping. */
class BridgeTest {
    /** A symmetric 8 x 8 matrix, column-major, far from diagonal. */
    private static double[] symmetric(int n) {
        double[] a = new double[n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) a[i + j * n] = 1.0 / (1 + i + j) + (i == j ? 0.5 * i : 0);
        return a;
    }

    @Test
    void anUnconvergedEigReportsTheOffDiagonalReachedWithAndWithoutVectors() {
        for (String vectors : new String[]{"", "vectors=0;"}) {
            BridgeResult r = Bridge.run("eig", symmetric(8), 8, 8, 1, "double", "gpu_eig",
                    "device=cpu;maxsweeps=1;" + vectors);
            assertTrue(r.ok(), r.errorMessage());
            assertFalse(r.converged());
            assertEquals(1, r.sweeps());
            assertTrue(r.offDiagonal() > 1e-8 && r.offDiagonal() < 1, "off " + r.offDiagonal());
        }
        BridgeResult done = Bridge.run("eig", symmetric(8), 8, 8, 1, "double", "gpu_eig", "device=cpu;");
        assertTrue(done.converged());
        assertTrue(Double.isNaN(done.offDiagonal()));
    }

    @Test
    void anUnconvergedSvdReportsTheLargestColumnCosine() {
        double[] a = new double[6 * 5];
        for (int i = 0; i < a.length; i++) a[i] = Math.sin(1 + i * i);
        BridgeResult r = Bridge.run("svd", a, 6, 5, 1, "double", "gpu_svd", "device=cpu;maxsweeps=1;vectors=0;");
        assertFalse(r.converged());
        assertTrue(r.offDiagonal() > 1e-12 && r.offDiagonal() <= 1, "cosine " + r.offDiagonal());
    }

    @Test
    void inversionReturnsTheRcondOfEveryPage() {
        double[] pages = {2, 0, 0, 2, /* page 2 */ 1, 1, 1, 1 + 1e-10};
        BridgeResult r = Bridge.run("inv", pages, 2, 2, 2, "double", "gpu_inversion", "device=cpu;");
        assertTrue(r.ok(), r.errorMessage());
        double[] rc = r.pageRcond();
        assertEquals(2, rc.length);
        assertEquals(1, rc[0], 1e-15);
        assertTrue(rc[1] < 1e-9 && rc[1] > 0, "rcond " + rc[1]);
        assertEquals(rc[1], r.rcond(), 0);
    }

    @Test
    void anUnexpectedExceptionBecomesOneLineUnderGpujacobiInternal() {
        // a null staging array (no check anticipates it): a NullPointerException inside
        BridgeResult r = Bridge.runStaged("eig", null, "gpu_eig", "device=cpu;");
        assertFalse(r.ok());
        assertEquals("gpujacobi:internal", r.errorId());
        assertTrue(r.errorMessage().startsWith("gpu_eig: internal error ("), r.errorMessage());
        assertFalse(r.errorMessage().contains("\n"));
    }

    /** The option string's numbers as the .m wrappers write them (sprintf %.17g: Inf as "Inf"). */
    @Test
    void optionValuesAreCheckedAndEveryErrorNamesTheFunction() {
        double[] a = symmetric(3);
        String[][] bad = {
                {"threads=100000;", "gpu_eig: Threads must be 0 (one per core) to 1024, got 100000"},
                {"threads=2.7;", "gpu_eig: Threads must be a whole number"},
                {"maxsweeps=2.5;", "gpu_eig: MaxSweeps must be a whole number"},
                {"maxsweeps=-1;", "gpu_eig: MaxSweeps must be 0 (the default) or more, got -1"},
                {"tol=Inf;", "gpu_eig: Tol must be a finite number, got Inf"},
                {"tol=NaN;", "gpu_eig: Tol must be a finite number"},
                {"device=tpu;", "gpu_eig: unknown device 'tpu'"},
        };
        for (String[] c : bad) {
            BridgeResult r = Bridge.run("eig", a, 3, 3, 1, "double", "gpu_eig", c[0]);
            assertEquals("gpujacobi:badOption", r.errorId(), c[0]);
            assertTrue(r.errorMessage().startsWith(c[1]), c[0] + " -> " + r.errorMessage());
        }
        assertTrue(Bridge.run("eig", a, 3, 3, 1, "double", "gpu_eig", "device=cpu;threads=1024;maxsweeps=0;").ok());
    }

    /** Tol 0 asked the one-sided sweeps for exact orthogonality: all 60 sweeps, then "not converged". */
    @Test
    void aTolBelowEpsIsRaisedToItAndConverges() {
        double[] a = new double[40 * 40];
        java.util.Random rnd = new java.util.Random(4);
        for (int i = 0; i < a.length; i++) a[i] = rnd.nextGaussian();
        for (String tol : new String[]{"0", "1e-20"}) {
            BridgeResult r = Bridge.run("svd", a, 40, 40, 1, "double", "gpu_svd", "device=cpu;tol=" + tol + ";");
            assertTrue(r.ok(), r.errorMessage());
            assertTrue(r.converged(), "Tol " + tol + ": " + r.sweeps() + " sweeps");
            assertTrue(r.sweeps() < 30, "Tol " + tol + ": " + r.sweeps() + " sweeps");
        }
    }

    /** eig([realmax realmax; realmax realmax]) has the eigenvalue 2 realmax: an overflow, not an internal error. */
    @Test
    void anOverflowingResultIsReportedAsOverflow() {
        double big = Double.MAX_VALUE;
        BridgeResult r = Bridge.run("eig", new double[]{big, big, big, big}, 2, 2, 1, "double", "gpu_eig", "device=cpu;");
        assertEquals("gpujacobi:overflow", r.errorId(), r.errorMessage());
        assertTrue(r.errorMessage().startsWith("gpu_eig: A: the result overflows"), r.errorMessage());
        BridgeResult s = Bridge.run("svd", new double[]{3e38, 3e38, 3e38, 3e38}, 2, 2, 1, "single", "gpu_svd", "device=cpu;");
        assertEquals("gpujacobi:overflow", s.errorId(), s.errorMessage());
        assertTrue(s.errorMessage().contains("largest single number"), s.errorMessage());
        // large but representable: no error
        assertTrue(Bridge.run("eig", new double[]{0.45 * big, 0.36 * big, 0.36 * big, -0.45 * big}, 2, 2, 1, "double",
                "gpu_eig", "device=cpu;").ok());
    }
}
