package io.github.gpujacobi.bridge;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.testing.ComplexMatrices;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The toolbox's complex entry point: split real/imaginary vectors in, real and "_im" outputs back. */
class BridgeComplexTest {
    private static double[][] split(double[] z) {
        double[] re = new double[z.length / 2], im = new double[z.length / 2];
        for (int i = 0; i < re.length; i++) { re[i] = z[2 * i]; im[i] = z[2 * i + 1]; }
        return new double[][]{re, im};
    }

    private static ComplexPageArray join(BridgeResult r, String name) {
        double[] d = r.dims(name);
        return ComplexPageArray.fromSplit(r.get(name), r.get(name + BridgeResult.IMAG), (int) d[0], (int) d[1], (int) d[2]);
    }

    /** An unconverged complex run says how far it got (it said NaN), and the report names the method that ran. */
    @Test
    void anUnconvergedComplexRunReportsTheOffDiagonalReached() {
        int n = 8;
        double[][] h = split(ComplexMatrices.hermitian(new Random(3), n));
        for (String vectors : new String[]{"", "vectors=0;"}) {
            BridgeResult r = Bridge.runComplex("eig", h[0], h[1], n, n, 1, "double", "gpu_eig", "device=cpu;maxsweeps=1;" + vectors);
            assertTrue(r.ok(), r.errorMessage());
            assertFalse(r.converged());
            // auto: indefinite Hermitian input takes the real route on its embedding; its vectors cut short after one
            // sweep do not pair up, and that page is solved two-sided instead: the report names what ran
            assertEquals(vectors.isEmpty() ? "parallel" : "hyperbolic", r.method());
            assertTrue(r.offDiagonal() > 1e-8 && r.offDiagonal() < 1, "off " + r.offDiagonal());
        }
        BridgeResult done = Bridge.runComplex("eig", h[0], h[1], n, n, 1, "double", "gpu_eig", "device=cpu;");
        assertTrue(done.converged());
        assertEquals("hyperbolic", done.method());
        assertTrue(Double.isNaN(done.offDiagonal()));
        Random g = new Random(4);
        for (int[] mn : new int[][]{{9, 6}, {6, 9}}) { // tall and wide
            double[] re = new double[mn[0] * mn[1]], im = new double[re.length];
            for (int i = 0; i < re.length; i++) { re[i] = g.nextGaussian(); im[i] = g.nextGaussian(); }
            for (String vectors : new String[]{"", "vectors=0;"}) {
                BridgeResult r = Bridge.runComplex("svd", re, im, mn[0], mn[1], 1, "double", "gpu_svd",
                        "device=cpu;maxsweeps=1;" + vectors);
                assertTrue(r.ok(), r.errorMessage());
                assertFalse(r.converged());
                assertTrue(r.offDiagonal() > 1e-12 && r.offDiagonal() <= 1, mn[0] + "x" + mn[1] + " cosine " + r.offDiagonal());
            }
        }
    }

    @Test
    void anUnexpectedExceptionOfAComplexCallBecomesGpujacobiInternal() {
        BridgeResult r = Bridge.runComplexStaged("eig", null, null, "gpu_eig", "device=cpu;");
        assertFalse(r.ok());
        assertEquals("gpujacobi:internal", r.errorId());
        assertTrue(r.errorMessage().startsWith("gpu_eig: internal error ("), r.errorMessage());
    }

    @Test
    void eigSvdInvOfSplitParts() {
        int n = 6;
        double[] z = ComplexMatrices.hermitian(new Random(7), n);
        double[][] p = split(z);
        ComplexPageArray a = ComplexPageArray.wrap(z, n, n);
        for (String cls : new String[]{"double", "single"}) {
            double tol = cls.equals("double") ? 1e-13 : 1e-5;
            BridgeResult e = Bridge.runComplex("eig", p[0], p[1], n, n, 1, cls, "gpu_eig", "Device=cpu");
            assertTrue(e.ok(), e.errorMessage());
            assertTrue(e.isComplex("V"));
            assertFalse(e.isComplex("D"));
            assertTrue(ComplexMatrices.eigResidual(a, join(e, "V"), io.github.gpujacobi.api.PageArray.wrap(e.get("D"), n, 1), 0) < tol);
            BridgeResult s = Bridge.runComplex("svd", p[0], p[1], n, n, 1, cls, "gpu_svd", "Device=cpu");
            assertTrue(s.ok(), s.errorMessage());
            assertTrue(ComplexMatrices.svdResidual(a, join(s, "U"), io.github.gpujacobi.api.PageArray.wrap(s.get("S"), n, 1),
                    join(s, "V"), 0) < tol);
            BridgeResult x = Bridge.runComplex("inv", p[0], p[1], n, n, 1, cls, "gpu_inversion", "Device=cpu");
            assertTrue(x.ok(), x.errorMessage());
            assertTrue(ComplexMatrices.inverseResidual(a, join(x, "X"), 0) < tol);
            assertTrue(x.rcond() > 0);
        }
    }

    @Test
    void stagedScalarAndChunks() {
        Staging re = new Staging(1, 1, 1, "double", "gpu_inversion", 3), im = new Staging(1, 1, 1, "double", "gpu_inversion", 3);
        re.set(3, 0);
        im.set(4, 0);
        BridgeResult x = Bridge.runComplexStaged("inv", re, im, "gpu_inversion", "");
        assertTrue(x.ok(), x.errorMessage());
        assertEquals(3.0 / 25, x.get("X")[0], 1e-16); // 1/(3+4i) = (3-4i)/25
        assertEquals(-4.0 / 25, x.get("X_im")[0], 1e-16);
        int n = 5;
        double[][] p = split(ComplexMatrices.hermitian(new Random(9), n));
        Staging r2 = new Staging(n, n, 1, "single", "gpu_eig", 4), i2 = new Staging(n, n, 1, "single", "gpu_eig", 4);
        for (int c = 0; c < n; c++) { // column chunks, as the toolbox sends large arrays
            r2.put(java.util.Arrays.copyOfRange(p[0], c * n, (c + 1) * n), c * n);
            i2.put(java.util.Arrays.copyOfRange(p[1], c * n, (c + 1) * n), c * n);
        }
        BridgeResult e = Bridge.runComplexStaged("eig", r2, i2, "gpu_eig", "");
        BridgeResult ref = Bridge.runComplex("eig", p[0], p[1], n, n, 1, "single", "gpu_eig", "");
        assertArrayEquals(ref.get("D"), e.get("D"), 0);
        assertEquals("gpujacobi:badShape", Bridge.runComplexStaged("eig", r2, re, "gpu_eig", "").errorId());
    }

    @Test
    void emptyImaginaryPartAndErrors() {
        BridgeResult r = Bridge.runComplex("eig", new double[]{2, 1, 1, 2}, new double[0], 2, 2, 1, "double", "gpu_eig", "");
        assertTrue(r.ok(), r.errorMessage());
        assertArrayEquals(new double[]{1, 3}, r.get("D"), 1e-15);
        BridgeResult bad = Bridge.runComplex("eig", new double[]{1, 0, 0, 1}, new double[]{0, 1, 1, 0}, 2, 2, 1, "double",
                "gpu_eig", "");
        assertFalse(bad.ok());
        assertEquals("gpujacobi:notSymmetric", bad.errorId());
        assertTrue(bad.errorMessage().startsWith("gpu_eig: A must be Hermitian"), bad.errorMessage());
        BridgeResult gpu = Bridge.runComplex("svd", new double[]{1}, new double[]{1}, 1, 1, 1, "double", "gpu_svd", "Device=gpu");
        if (io.github.gpujacobi.api.Backends.get().gpu() == null) assertEquals("gpujacobi:noGpu", gpu.errorId()); // as for real input
    }

    /** Real and complex input share one compute: each keeps its own answer to an operation it does not have. */
    @Test
    void anOperationOutsideEigSvdInvIsRefusedPerElementType() {
        BridgeResult complex = Bridge.runComplex("hsvd", new double[]{2, 1, 1, 2}, new double[]{0, 1, -1, 0}, 2, 2, 1,
                "double", "gpu_hsvd", "");
        assertEquals(io.github.gpujacobi.api.ErrorKind.COMPLEX_NOT_SUPPORTED.identifier(), complex.errorId());
        assertEquals("gpu_hsvd: complex input is supported by eig, svd and inv, not by hsvd", complex.errorMessage());
        BridgeResult real = Bridge.run("chol", new double[]{2, 1, 1, 2}, 2, 2, 1, "double", "gpu_chol", "");
        assertEquals(io.github.gpujacobi.api.ErrorKind.BAD_OPTION.identifier(), real.errorId());
        assertEquals("gpu_chol: unknown operation chol", real.errorMessage());
    }
}
