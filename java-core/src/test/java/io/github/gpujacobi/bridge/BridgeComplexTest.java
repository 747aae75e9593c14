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
        assertEquals("gpujacobi:complexNotSupported", gpu.errorId());
    }
}
