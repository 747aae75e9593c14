package io.github.gpujacobi.core;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.testing.ComplexMatrices;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real symmetric embedding of a Hermitian matrix and the step back to its eigenpairs (both backends share it). */
class ComplexEmbeddingTest {
    private static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    @Test
    void theEmbeddingIsSymmetricAndMapsU_plus_iW() {
        int n = 5;
        double[] a = ComplexMatrices.hermitian(new Random(1), n), m = ComplexEmbedding.hermitian(a, n);
        for (int j = 0; j < 2 * n; j++) for (int i = 0; i < 2 * n; i++) assertEquals(m[i + j * 2 * n], m[j + i * 2 * n], 0.0);
        double[] z = ComplexMatrices.randn(new Random(2), n, 1), az = ComplexMatrices.mul(a, n, n, z, 1);
        for (int i = 0; i < 2 * n; i++) { // M [Re z; Im z] = [Re A z; Im A z]
            double s = 0;
            for (int j = 0; j < n; j++) s += m[i + j * 2 * n] * z[2 * j] + m[i + (j + n) * 2 * n] * z[2 * j + 1];
            assertEquals(i < n ? az[2 * i] : az[2 * (i - n) + 1], s, 1e-13);
        }
    }

    /** Through a real solver (the CPU's two-sided one here) and back: A's eigenpairs, each once, orthonormal. */
    @Test
    void eigenpairsComeBackOncePerPair() {
        int n = 12;
        double[] a = ComplexMatrices.hermitian(new Random(3), n);
        EigResult real = Jacobi.eig(PageArray.wrap(ComplexEmbedding.hermitian(a, n), 2 * n, 2 * n), CPU.withMethod("parallel"));
        double[] dm = new double[2 * n], vm = new double[4 * n * n], d = new double[n], v = new double[2 * n * n];
        for (int i = 0; i < 2 * n; i++) dm[i] = real.values().get(i, 0);
        for (int j = 0; j < 2 * n; j++) for (int i = 0; i < 2 * n; i++) vm[i + j * 2 * n] = real.vectors().get(i, j);
        assertTrue(ComplexEmbedding.eigenpairs(dm, vm, n, d, v));
        ComplexPageArray pa = ComplexPageArray.wrap(a, n, n), pv = ComplexPageArray.wrap(v, n, n);
        ComplexEigResult ref = Jacobi.eig(pa, CPU.withMethod("parallel"));
        PageArray dd = PageArray.wrap(d, n, 1);
        for (int i = 0; i < n; i++) assertEquals(ref.values().get(i, 0), d[i], 1e-13);
        assertTrue(ComplexMatrices.eigResidual(pa, pv, dd, 0) < 1e-14);
        assertTrue(ComplexMatrices.orthogonality(pv, 0) < 1e-14);
        double[] valuesOnly = new double[n];
        assertTrue(ComplexEmbedding.eigenpairs(dm, null, n, valuesOnly, null));
        for (int i = 0; i < n; i++) assertEquals(d[i], valuesOnly[i], 1e-13);
    }

    /** The embedding's arrays must fit Java arrays (n up to 23170); beyond, the caller takes a complex method. */
    @Test
    void tooLargeForJavaArraysIsDeclinedWithoutAllocating() {
        assertTrue(ComplexEmbedding.fits(23170));
        assertFalse(ComplexEmbedding.fits(23171));
        assertTrue(ComplexEmbedding.allocate(new double[0], 23171, true) == null);
        double[][] mv = ComplexEmbedding.allocate(ComplexMatrices.hermitian(new Random(5), 3), 3, false);
        assertEquals(36, mv[0].length);
        assertTrue(mv[1] == null);
    }

    /** Vectors that are not pairs of one complex direction (here: the identity) are refused, not half-used. */
    @Test
    void vectorsThatDoNotPairUpAreRefused() {
        int n = 4;
        double[] dm = {1, 1, 2, 2, 3, 3, 4, 4}, vm = new double[64], d = new double[n], v = new double[2 * n * n];
        for (int i = 0; i < 8; i++) vm[i + i * 8] = 1; // e_i and e_(i+n) give z = e_i and i e_i: pairs 0/1 are e_0, e_1
        assertFalse(ComplexEmbedding.eigenpairs(dm, vm, n, d, v));
    }

    /**
     * The SVD through M = [[X, -Y], [Y, X]] and back (the CPU's real one-sided Jacobi here): V unitary, y = A V
     * column by column, the column norms of y A's singular values; for a random tall A, a unitary A (every
     * singular value 1: one cluster, the Gram-Schmidt keeps a basis) and a rank-2 A (a null space of 4).
     */
    @Test
    void singularTripletsComeBackOncePerPair() {
        Random r = new Random(7);
        int m = 9, n = 6;
        check(ComplexMatrices.randn(r, m, n), m, n);
        double[] q = Jacobi.svd(ComplexPageArray.wrap(ComplexMatrices.randn(r, n, n), n, n), CPU).u().pageAsDouble(0);
        check(q, n, n);
        double[] low = ComplexMatrices.mul(ComplexMatrices.randn(r, m, 2), m, 2, ComplexMatrices.randn(r, 2, n), n);
        check(low, m, n);
        // repeated singular values (3, 3, 3, 1, 1, 1) in random unitary bases: M's vectors of one cluster mix pairs,
        // so the Gram-Schmidt takes out complex multiples (and y must follow with the same ones)
        double[] u = io.github.gpujacobi.matrices.Generators.unitary(r, n), w = io.github.gpujacobi.matrices.Generators.unitary(r, n);
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            double sj = j < 3 ? 3 : 1;
            u[2 * (i + j * n)] *= sj;
            u[2 * (i + j * n) + 1] *= sj;
        }
        check(ComplexMatrices.mul(u, n, n, ComplexMatrices.ctranspose(w, n, n), n), n, n);
    }

    private static void check(double[] a, int m, int n) {
        io.github.gpujacobi.api.SvdResult real = Jacobi.svd(PageArray.wrap(ComplexEmbedding.general(a, m, n), 2 * m, 2 * n),
                CPU.withEcon(true));
        double[] sm = real.s().pageAsDouble(0), um = real.u().pageAsDouble(0), vm = real.v().pageAsDouble(0);
        double[] y = new double[2 * m * n], v = new double[2 * n * n];
        assertTrue(ComplexEmbedding.singularTriplets(sm, um, vm, m, n, y, v));
        ComplexPageArray pv = ComplexPageArray.wrap(v, n, n);
        assertTrue(ComplexMatrices.orthogonality(pv, 0) < 1e-13, "V unitary");
        double[] av = ComplexMatrices.mul(a, m, n, v, n), diff = av.clone();
        for (int i = 0; i < diff.length; i++) diff[i] -= y[i];
        assertTrue(ComplexMatrices.frob(diff) <= 1e-13 * ComplexMatrices.frob(a), "y = A V");
        double[] ref = Jacobi.svd(ComplexPageArray.wrap(a, m, n), CPU.withVectors(false)).s().pageAsDouble(0);
        double[] norms = new double[n];
        for (int c = 0; c < n; c++) {
            double s = 0;
            for (int i = 0; i < 2 * m; i++) s += y[2 * c * m + i] * y[2 * c * m + i];
            norms[c] = Math.sqrt(s);
        }
        java.util.Arrays.sort(norms);
        for (int c = 0; c < n; c++) assertEquals(ref[n - 1 - c], norms[c], 1e-13 * ref[0], "sigma " + c);
        double[] valuesOnly = new double[2 * m * n];
        assertTrue(ComplexEmbedding.singularTriplets(sm, null, null, m, n, valuesOnly, null));
        for (int c = 0; c < n; c++) assertEquals(ref[c], valuesOnly[2 * (c + c * m)], 1e-13 * ref[0]);
    }
}
