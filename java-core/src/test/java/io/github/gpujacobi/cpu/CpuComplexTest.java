package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.testing.ComplexMatrices;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Complex Hermitian eig, complex SVD and complex inverse on the CPU: residual <= 10 n eps, order,
 * pages, odd sizes, extreme scales and the errors. Orthogonality: the target is ||V^H V - I|| <= n eps; measured in the 2-norm (compensated Gram matrix) the complex solver gives
 * 0.8-1.7 n eps for n = 2..120 (parallel; cyclic up to 2.1 n eps at n = 7) and the real solver, measured the same way, 0.25-1.3 n eps, so the
 * bound asserted is {@link #ORTH} n eps. Agreement with LAPACK and the graded case: {@link ComplexReferenceTest}.
 */
class CpuComplexTest {
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    /** Orthogonality bound in units of n eps (see the class comment). */
    static final double ORTH = 3;

    /** n eps with a floor of 2 eps for the 1x1 and 2x2 cases, where a single rounding is already ~eps. */
    static double neps(int n, Precision p) { return Math.max(2, n) * p.eps(); }

    @ParameterizedTest
    @CsvSource({"1,DOUBLE", "2,DOUBLE", "3,DOUBLE", "7,DOUBLE", "32,DOUBLE", "33,DOUBLE", "120,DOUBLE",
            "1,SINGLE", "2,SINGLE", "3,SINGLE", "7,SINGLE", "32,SINGLE", "33,SINGLE", "120,SINGLE"})
    void hermitianEig(int n, Precision p) {
        ComplexPageArray a = ComplexMatrices.of(ComplexMatrices.hermitian(new Random(n), n), n, n, p);
        for (String method : new String[]{"parallel", "cyclic"}) {
            if (method.equals("cyclic") && n > 40) continue;
            ComplexEigResult e = Jacobi.eig(a, CPU.withMethod(method));
            assertTrue(e.report().converged(), method);
            assertEquals(p, e.values().precision());
            assertEquals(p, e.vectors().precision());
            double res = ComplexMatrices.eigResidual(a, e.vectors(), e.values(), 0);
            double orth = ComplexMatrices.orthogonality(e.vectors(), 0);
            assertTrue(res <= 10 * neps(n, p), method + " residual " + res);
            assertTrue(orth <= ORTH * neps(n, p), method + " orthogonality " + orth);
            for (int i = 1; i < n; i++) assertTrue(e.values().get(i, 0) >= e.values().get(i - 1, 0), "ascending");
        }
    }

    /** B^H B + I for Gaussian B: Hermitian positive definite, eigenvalues from 1 to ~4n. */
    static double[] hermitianPositiveDefinite(Random r, int n) {
        double[] b = ComplexMatrices.randn(r, n, n);
        double[] a = ComplexMatrices.mul(ComplexMatrices.ctranspose(b, n, n), n, n, b, n);
        for (int i = 0; i < n; i++) a[2 * (i + i * n)] += 1;
        for (int j = 0; j < n; j++) for (int i = 0; i < j; i++) { // exactly Hermitian
            a[2 * (i + j * n)] = a[2 * (j + i * n)];
            a[2 * (i + j * n) + 1] = -a[2 * (j + i * n) + 1];
        }
        for (int i = 0; i < n; i++) a[2 * (i + i * n) + 1] = 0;
        return a;
    }

    /**
     * 'auto' takes a Hermitian positive definite page through pivoted Cholesky and one-sided Jacobi on the
     * factor (blocked order from 128 columns): same properties as the two-sided solver, and its eigenvalues.
     */
    @ParameterizedTest
    @CsvSource({"2,DOUBLE", "7,DOUBLE", "33,DOUBLE", "130,DOUBLE", "2,SINGLE", "33,SINGLE", "130,SINGLE",
            "300,DOUBLE"}) // 300: the factorisation's first steps split their trailing columns across threads
    void hermitianPositiveDefiniteTakesCholeskyAndOneSided(int n, Precision p) {
        ComplexPageArray a = ComplexMatrices.of(hermitianPositiveDefinite(new Random(n + 5), n), n, n, p);
        ComplexEigResult e = Jacobi.eig(a, CPU);
        assertEquals(CpuComplex.ONE_SIDED_ON_CHOLESKY, e.report().method());
        assertTrue(e.report().converged());
        double res = ComplexMatrices.eigResidual(a, e.vectors(), e.values(), 0);
        double orth = ComplexMatrices.orthogonality(e.vectors(), 0);
        assertTrue(res <= 10 * neps(n, p), "residual " + res);
        assertTrue(orth <= ORTH * neps(n, p), "orthogonality " + orth);
        ComplexEigResult two = Jacobi.eig(a, CPU.withMethod("parallel"));
        double top = two.values().get(n - 1, 0);
        for (int i = 0; i < n; i++) {
            if (i > 0) assertTrue(e.values().get(i, 0) >= e.values().get(i - 1, 0), "ascending");
            assertEquals(two.values().get(i, 0), e.values().get(i, 0), 10 * neps(n, p) * top, "eigenvalue " + i);
        }
        ComplexEigResult valuesOnly = Jacobi.eig(a, CPU.withVectors(false));
        for (int i = 0; i < n; i++) assertEquals(e.values().get(i, 0), valuesOnly.values().get(i, 0), 10 * neps(n, p) * top);
    }

    /**
     * 'auto' takes an indefinite Hermitian page through the real route on its real symmetric embedding
     * ({@link ComplexIndefiniteEig}): same properties as the two-sided solver, and its eigenvalues.
     */
    @ParameterizedTest
    @CsvSource({"2,DOUBLE", "3,DOUBLE", "7,DOUBLE", "33,DOUBLE", "130,DOUBLE", "2,SINGLE", "33,SINGLE", "130,SINGLE"})
    void hermitianIndefiniteTakesTheRealRouteOnItsEmbedding(int n, Precision p) {
        ComplexPageArray a = ComplexMatrices.of(ComplexMatrices.hermitian(new Random(n + 9), n), n, n, p);
        ComplexEigResult e = Jacobi.eig(a, CPU);
        assertEquals("hyperbolic", e.report().method());
        assertTrue(e.report().converged());
        assertEquals(p, e.vectors().precision());
        double res = ComplexMatrices.eigResidual(a, e.vectors(), e.values(), 0);
        double orth = ComplexMatrices.orthogonality(e.vectors(), 0);
        assertTrue(res <= 10 * neps(n, p), "residual " + res);
        // the real route's vectors (unit columns of G W, no accumulated W) are orthogonal to a few n eps: 4-5 n eps
        // measured at n = 33 and 130; the real route's own tests allow 20 n eps
        assertTrue(orth <= 10 * neps(n, p), "orthogonality " + orth);
        ComplexEigResult two = Jacobi.eig(a, CPU.withMethod("parallel"));
        double top = Math.max(Math.abs(two.values().get(0, 0)), Math.abs(two.values().get(n - 1, 0)));
        assertTrue(two.values().get(0, 0) < 0 || n < 3, "indefinite");
        for (int i = 0; i < n; i++) {
            if (i > 0) assertTrue(e.values().get(i, 0) >= e.values().get(i - 1, 0), "ascending");
            assertEquals(two.values().get(i, 0), e.values().get(i, 0), 10 * neps(n, p) * top, "eigenvalue " + i);
        }
        ComplexEigResult valuesOnly = Jacobi.eig(a, CPU.withVectors(false));
        assertEquals("hyperbolic", valuesOnly.report().method());
        for (int i = 0; i < n; i++) assertEquals(e.values().get(i, 0), valuesOnly.values().get(i, 0), 10 * neps(n, p) * top);
    }

    /**
     * Multiple eigenvalues: the embedding's eigenspace of a double eigenvalue is four-dimensional and any two of
     * its complex directions may come out alike; the route must still return an orthonormal basis of each.
     */
    @Test
    void multipleEigenvaluesOfAnIndefinitePageGiveAnOrthonormalBasis() {
        int n = 7;
        double[] lambda = {-2, -2, 1, 1, 1, 3, 0.5};
        ComplexEigResult basis = Jacobi.eig(ComplexPageArray.wrap(ComplexMatrices.hermitian(new Random(21), n), n, n),
                CPU.withMethod("parallel"));
        double[] u = basis.vectors().pageAsDouble(0), ul = u.clone();
        for (int j = 0; j < n; j++) for (int i = 0; i < 2 * n; i++) ul[2 * j * n + i] *= lambda[j];
        double[] a = ComplexMatrices.mul(ul, n, n, ComplexMatrices.ctranspose(u, n, n), n);
        for (int j = 0; j < n; j++) for (int i = 0; i < j; i++) { // exactly Hermitian
            a[2 * (i + j * n)] = a[2 * (j + i * n)];
            a[2 * (i + j * n) + 1] = -a[2 * (j + i * n) + 1];
        }
        for (int i = 0; i < n; i++) a[2 * (i + i * n) + 1] = 0;
        ComplexPageArray pa = ComplexPageArray.wrap(a, n, n);
        ComplexEigResult e = Jacobi.eig(pa, CPU);
        assertEquals("hyperbolic", e.report().method());
        double[] sorted = lambda.clone();
        java.util.Arrays.sort(sorted);
        for (int i = 0; i < n; i++) assertEquals(sorted[i], e.values().get(i, 0), 1e-13, "eigenvalue " + i);
        assertTrue(ComplexMatrices.eigResidual(pa, e.vectors(), e.values(), 0) <= 10 * neps(n, Precision.DOUBLE));
        assertTrue(ComplexMatrices.orthogonality(e.vectors(), 0) <= ORTH * neps(n, Precision.DOUBLE));
    }

    /** Singular and diagonal pages stay with the two-sided solver; pages that differ say "mixed". */
    @Test
    void autoEigNamesThePathEachPageTook() {
        int n = 9;
        double[] pd = hermitianPositiveDefinite(new Random(3), n), indefinite = ComplexMatrices.hermitian(new Random(4), n);
        double[] diag = new double[2 * n * n];
        for (int i = 0; i < n; i++) diag[2 * (i + i * n)] = i + 1;
        assertEquals("hyperbolic", Jacobi.eig(ComplexPageArray.wrap(indefinite, n, n), CPU).report().method());
        // an exactly zero row and column: indefinite and singular, Bunch-Parlett meets a zero Schur complement
        double[] z = indefinite.clone();
        for (int i = 0; i < n; i++) {
            z[2 * (4 + i * n)] = z[2 * (4 + i * n) + 1] = 0;
            z[2 * (i + 4 * n)] = z[2 * (i + 4 * n) + 1] = 0;
        }
        ComplexPageArray singular = ComplexPageArray.wrap(z, n, n);
        ComplexEigResult s = Jacobi.eig(singular, CPU);
        assertEquals("parallel", s.report().method());
        assertTrue(ComplexMatrices.eigResidual(singular, s.vectors(), s.values(), 0) <= 10 * neps(n, Precision.DOUBLE));
        ComplexEigResult d = Jacobi.eig(ComplexPageArray.wrap(diag, n, n), CPU);
        assertEquals("parallel", d.report().method());
        for (int i = 0; i < n; i++) assertEquals(i + 1, d.values().get(i, 0), 0.0); // exactly
        double[] both = new double[4 * n * n];
        System.arraycopy(pd, 0, both, 0, pd.length);
        System.arraycopy(indefinite, 0, both, pd.length, indefinite.length);
        ComplexPageArray two = ComplexPageArray.wrap(both, n, n, 2);
        ComplexEigResult mixed = Jacobi.eig(two, CPU);
        assertEquals("mixed", mixed.report().method());
        for (int k = 0; k < 2; k++) {
            assertTrue(ComplexMatrices.eigResidual(two, mixed.vectors(), mixed.values(), k) <= 10 * neps(n, Precision.DOUBLE), "page " + k);
        }
    }

    @Test
    void realHermitianInputAgreesWithTheRealSolver() {
        int n = 11;
        double[] s = Matrices.symmetric(new Random(5), n);
        EigResult real = Jacobi.eig(PageArray.wrap(s, n, n), CPU);
        ComplexEigResult cx = Jacobi.eig(ComplexPageArray.fromSplit(s, null, n, n, 1), CPU);
        for (int i = 0; i < n; i++) assertEquals(real.values().get(i, 0), cx.values().get(i, 0), 1e-14 * 10);
    }

    @Test
    void splitAndInterleavedAreTheSameArray() {
        int n = 4;
        double[] z = ComplexMatrices.hermitian(new Random(2), n);
        double[] re = new double[n * n], im = new double[n * n];
        for (int i = 0; i < n * n; i++) { re[i] = z[2 * i]; im[i] = z[2 * i + 1]; }
        ComplexPageArray split = ComplexPageArray.fromSplit(re, im, n, n, 1);
        ComplexPageArray wrapped = ComplexPageArray.wrap(z, n, n);
        assertTrue(java.util.Arrays.equals(split.doubleData(), wrapped.doubleData()));
        assertTrue(java.util.Arrays.equals(re, wrapped.real().doubleData()));
        assertTrue(java.util.Arrays.equals(im, wrapped.imag().doubleData()));
        z[2] = 42; // wrap does not copy
        assertEquals(42, wrapped.re(1, 0, 0));
        assertThrows(JacobiException.class, () -> ComplexPageArray.fromSplit(re, new double[3], n, n, 1));
    }

    @ParameterizedTest
    @CsvSource({"1,1,DOUBLE", "5,3,DOUBLE", "3,5,DOUBLE", "8,8,DOUBLE", "17,6,DOUBLE", "6,17,DOUBLE", "61,40,DOUBLE",
            "1,1,SINGLE", "5,3,SINGLE", "3,5,SINGLE", "8,8,SINGLE", "17,6,SINGLE", "6,17,SINGLE", "61,40,SINGLE",
            // from 128 columns the real solver's blocked order, blocks of n / 16 = 12 columns (not dividing 200)
            "300,200,DOUBLE", "200,300,SINGLE"})
    void svdThinAndFull(int m, int n, Precision p) {
        ComplexPageArray a = ComplexMatrices.of(ComplexMatrices.randn(new Random(m * 31 + n), m, n), m, n, p);
        int k = Math.min(m, n), big = Math.max(m, n);
        for (boolean econ : new boolean[]{false, true}) {
            ComplexSvdResult r = Jacobi.svd(a, CPU.withEcon(econ));
            assertTrue(r.report().converged());
            assertEquals(econ ? k : m, r.u().cols());
            assertEquals(econ ? k : n, r.v().cols());
            double res = ComplexMatrices.svdResidual(a, r.u(), r.s(), r.v(), 0);
            assertTrue(res <= 10 * neps(big, p), "residual " + res);
            assertTrue(ComplexMatrices.orthogonality(r.u(), 0) <= ORTH * neps(big, p), "U " + ComplexMatrices.orthogonality(r.u(), 0));
            assertTrue(ComplexMatrices.orthogonality(r.v(), 0) <= ORTH * neps(big, p), "V " + ComplexMatrices.orthogonality(r.v(), 0));
            for (int i = 1; i < k; i++) assertTrue(r.s().get(i, 0) <= r.s().get(i - 1, 0), "descending");
        }
        ComplexSvdResult valuesOnly = Jacobi.svd(a, CPU.withVectors(false));
        assertNull(valuesOnly.u());
        PageArray withVectors = Jacobi.svd(a, CPU).s();
        for (int i = 0; i < k; i++) {
            assertEquals(withVectors.get(i, 0), valuesOnly.s().get(i, 0), 10 * neps(big, p) * valuesOnly.s().get(0, 0));
        }
    }

    @Test
    void rankDeficientFullSvdCompletesAUnitaryBasis() {
        int m = 9, n = 4;
        double[] x = ComplexMatrices.randn(new Random(8), m, 2), y = ComplexMatrices.randn(new Random(9), 2, n);
        ComplexPageArray a = ComplexPageArray.wrap(ComplexMatrices.mul(x, m, 2, y, n), m, n);
        ComplexSvdResult r = Jacobi.svd(a, CPU);
        assertTrue(ComplexMatrices.orthogonality(r.u(), 0) <= ORTH * neps(m, Precision.DOUBLE));
        assertTrue(ComplexMatrices.svdResidual(a, r.u(), r.s(), r.v(), 0) <= 10 * neps(m, Precision.DOUBLE));
        assertTrue(r.s().get(2, 0) <= 1e-14 * r.s().get(0, 0));
    }

    @ParameterizedTest
    @CsvSource({"1,DOUBLE", "2,DOUBLE", "7,DOUBLE", "50,DOUBLE", "131,DOUBLE", "1,SINGLE", "7,SINGLE", "50,SINGLE"})
    void inverse(int n, Precision p) {
        ComplexPageArray a = ComplexMatrices.of(ComplexMatrices.randn(new Random(n + 100), n, n), n, n, p);
        ComplexInverseResult r = Jacobi.inv(a, CPU);
        assertTrue(!r.anySingular());
        double res = ComplexMatrices.inverseResidual(a, r.inverse(), 0);
        assertTrue(res <= 10 * neps(n, p), "residual " + res);
        assertTrue(r.rcond(0) > 0 && r.rcond(0) <= 1 + 1e-15, "rcond " + r.rcond(0));
        assertEquals("gaussjordan", r.report().method());
    }

    @ParameterizedTest
    @CsvSource({"1,DOUBLE", "6,DOUBLE", "33,DOUBLE", "6,SINGLE", "33,SINGLE"})
    void hermitianPositiveDefiniteInverseTakesCholesky(int n, Precision p) {
        double[] z = ComplexReferenceTest.graded(new Random(n), n);
        if (p == Precision.SINGLE) for (int i = 0; i < z.length; i++) z[i] = (float) z[i];
        ComplexPageArray a = ComplexMatrices.of(z, n, n, p);
        ComplexInverseResult chol = Jacobi.inv(a, CPU);
        assertEquals("cholesky", chol.report().method());
        ComplexInverseResult gj = Jacobi.inv(a, CPU.withMethod("gaussjordan"));
        assertEquals("gaussjordan", gj.report().method());
        for (ComplexInverseResult r : new ComplexInverseResult[]{chol, gj}) {
            double res = ComplexMatrices.inverseResidual(a, r.inverse(), 0);
            assertTrue(res <= 10 * neps(n, p), r.report().method() + " residual " + res);
        }
        double[] notPd = ComplexMatrices.hermitian(new Random(n), n);
        notPd[0] = -1 - Math.abs(notPd[0]);
        JacobiException e = assertThrows(JacobiException.class,
                () -> Jacobi.inv(ComplexPageArray.wrap(notPd, n, n), CPU.withMethod("cholesky")));
        assertTrue(e.getMessage().contains("not Hermitian positive definite"), e.getMessage());
        assertEquals("gaussjordan", Jacobi.inv(ComplexPageArray.wrap(notPd, n, n), CPU).report().method());
    }

    @Test
    void gradedDiagonalInvertsExactly() {
        double[] z = {1e-300, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1e300, 0};
        for (String m : new String[]{"cholesky", "gaussjordan"}) {
            ComplexInverseResult r = Jacobi.inv(ComplexPageArray.wrap(z.clone(), 3, 3), CPU.withMethod(m));
            assertEquals(1e300, r.inverse().re(0), 1e285, m);
            assertEquals(1, r.inverse().re(4), 1e-15, m);
            assertEquals(1e-300, r.inverse().re(8), 1e-315, m);
            assertTrue(!r.anySingular() && r.rcond(0) > 0, m);
        }
    }

    @Test
    void singularInverseIsFlaggedAndInf() {
        double[] z = {1, 1, 2, 2, 2, 2, 4, 4}; // [1+i 2+2i; 2+2i 4+4i]: rank one
        ComplexInverseResult r = Jacobi.inv(ComplexPageArray.wrap(z, 2, 2), CPU);
        assertTrue(r.singular(0));
        assertEquals(0, r.rcond(0));
        assertEquals(Double.POSITIVE_INFINITY, r.inverse().re(0));
    }

    @Test
    void pagesAreIndependent() {
        int n = 6, pages = 4;
        Random rnd = new Random(4);
        double[] all = new double[2 * n * n * pages];
        for (int k = 0; k < pages; k++) System.arraycopy(ComplexMatrices.hermitian(rnd, n), 0, all, 2 * k * n * n, 2 * n * n);
        ComplexPageArray a = ComplexPageArray.wrap(all, n, n, pages);
        ComplexEigResult e = Jacobi.eig(a, CPU);
        ComplexSvdResult s = Jacobi.svd(a, CPU);
        ComplexInverseResult x = Jacobi.inv(a, CPU);
        assertEquals(pages, e.report().pages());
        for (int k = 0; k < pages; k++) {
            ComplexPageArray one = ComplexPageArray.wrap(a.pageAsDouble(k), n, n);
            ComplexEigResult e1 = Jacobi.eig(one, CPU);
            for (int i = 0; i < n; i++) {
                assertEquals(e1.values().get(i, 0), e.values().get(i, 0, k), 1e-13);
            }
            assertTrue(ComplexMatrices.eigResidual(a, e.vectors(), e.values(), k) <= 10 * neps(n, Precision.DOUBLE));
            assertTrue(ComplexMatrices.svdResidual(a, s.u(), s.s(), s.v(), k) <= 10 * neps(n, Precision.DOUBLE));
            assertTrue(ComplexMatrices.inverseResidual(a, x.inverse(), k) <= 10 * neps(n, Precision.DOUBLE));
        }
    }

    @Test
    void extremeScalesScaleTheResults() {
        int n = 5;
        double[] h = ComplexMatrices.hermitian(new Random(12), n);
        ComplexEigResult base = Jacobi.eig(ComplexPageArray.wrap(h.clone(), n, n), CPU);
        ComplexSvdResult sBase = Jacobi.svd(ComplexPageArray.wrap(h.clone(), n, n), CPU);
        ComplexInverseResult iBase = Jacobi.inv(ComplexPageArray.wrap(h.clone(), n, n), CPU);
        for (double f : new double[]{1e-300, 1e300}) {
            double[] g = h.clone();
            for (int i = 0; i < g.length; i++) g[i] *= f;
            ComplexPageArray a = ComplexPageArray.wrap(g, n, n);
            ComplexEigResult e = Jacobi.eig(a, CPU);
            ComplexSvdResult s = Jacobi.svd(a, CPU);
            ComplexInverseResult x = Jacobi.inv(a, CPU);
            for (int i = 0; i < n; i++) {
                assertEquals(base.values().get(i, 0), e.values().get(i, 0) / f, 1e-13 * sBase.s().get(0, 0), "eig " + f);
                assertEquals(sBase.s().get(i, 0), s.s().get(i, 0) / f, 1e-13 * sBase.s().get(0, 0), "svd " + f);
            }
            assertTrue(!x.anySingular(), "inv " + f);
            // a positive definite page takes the Cholesky route: scaled by 2^e near 1 first, eigenvalues scaled back
            double[] pd = hermitianPositiveDefinite(new Random(13), n), pdScaled = pd.clone();
            for (int i = 0; i < pdScaled.length; i++) pdScaled[i] *= f;
            ComplexEigResult pdBase = Jacobi.eig(ComplexPageArray.wrap(pd, n, n), CPU);
            ComplexEigResult pdE = Jacobi.eig(ComplexPageArray.wrap(pdScaled, n, n), CPU);
            assertEquals(CpuComplex.ONE_SIDED_ON_CHOLESKY, pdE.report().method());
            for (int i = 0; i < n; i++) {
                assertEquals(pdBase.values().get(i, 0), pdE.values().get(i, 0) / f, 1e-14 * pdBase.values().get(i, 0), "pd eig " + f);
            }
            for (int i = 0; i < n * n; i++) {
                assertEquals(iBase.inverse().re(i), x.inverse().re(i) * f, 1e-12 * (1 + Math.abs(iBase.inverse().re(i))), "inv " + f);
                assertEquals(iBase.inverse().im(i), x.inverse().im(i) * f, 1e-12 * (1 + Math.abs(iBase.inverse().im(i))), "inv " + f);
            }
        }
    }

    @Test
    void svdColumnsSpanningBeyondTheSafeRangeAreRefused() {
        double[] z = ComplexMatrices.randn(new Random(3), 4, 2);
        for (int i = 0; i < 8; i++) z[i] *= 1e-150; // column 1 ~1e-150, column 2 ~1: a span of 1e150
        JacobiException e = assertThrows(JacobiException.class,
                () -> Jacobi.svd(ComplexPageArray.wrap(z, 4, 2), CPU.withCaller("gpu_svd")));
        assertEquals(ErrorKind.BAD_SCALING, e.kind());
        assertTrue(e.getMessage().startsWith("gpu_svd: A has column norms spanning about 1e150"), e.getMessage());
        for (int i = 0; i < 8; i++) z[i] *= 1e90; // 1e-60 to 1: solved
        ComplexPageArray a = ComplexPageArray.wrap(z, 4, 2);
        ComplexSvdResult r = Jacobi.svd(a, CPU);
        assertTrue(ComplexMatrices.svdResidual(a, r.u(), r.s(), r.v(), 0) <= 10 * neps(4, Precision.DOUBLE));
    }

    @Test
    void badInputIsRefusedNamingTheProblem() {
        double[] z = ComplexMatrices.hermitian(new Random(1), 3);
        z[2 * (0 + 1 * 3) + 1] += 1e-3; // A(1,2) imaginary part no longer conj(A(2,1))
        JacobiException e = assertThrows(JacobiException.class,
                () -> Jacobi.eig(ComplexPageArray.wrap(z, 3, 3), CPU.withCaller("gpu_eig")));
        assertEquals(ErrorKind.NOT_SYMMETRIC, e.kind());
        assertTrue(e.getMessage().startsWith("gpu_eig: A must be Hermitian: max|A-A'|/max|A| = "), e.getMessage());
        double[] d = ComplexMatrices.hermitian(new Random(1), 3);
        d[1] = 0.5; // imaginary diagonal
        assertEquals(ErrorKind.NOT_SYMMETRIC, assertThrows(JacobiException.class,
                () -> Jacobi.eig(ComplexPageArray.wrap(d, 3, 3), CPU)).kind());
        double[] nan = ComplexMatrices.hermitian(new Random(1), 3);
        nan[3] = Double.NaN;
        JacobiException ne = assertThrows(JacobiException.class, () -> Jacobi.svd(ComplexPageArray.wrap(nan, 3, 3), CPU));
        assertEquals(ErrorKind.NON_FINITE, ne.kind());
        assertTrue(ne.getMessage().contains("imaginary part at (2,1)"), ne.getMessage());
        ComplexPageArray ok = ComplexPageArray.wrap(ComplexMatrices.hermitian(new Random(1), 3), 3, 3);
        assertEquals(ErrorKind.BAD_OPTION, assertThrows(JacobiException.class,
                () -> Jacobi.eig(ok, CPU.withMethod("classical"))).kind());
        assertEquals(ErrorKind.NOT_SQUARE, assertThrows(JacobiException.class,
                () -> Jacobi.inv(ComplexPageArray.wrap(new double[12], 2, 3), CPU)).kind());
        JacobiException g = assertThrows(JacobiException.class,
                () -> Jacobi.eig(ok, SolverOptions.defaults().withDevice("gpu").withCaller("gpu_eig")));
        // no GPU on a CPU-only machine: refused as real input is (with a GPU, the CUDA backend computes it)
        if (io.github.gpujacobi.api.Backends.get().gpu() == null) assertEquals(ErrorKind.NO_GPU, g.kind(), g.getMessage());
    }

    @Test
    void zeroMatrices() {
        ComplexSvdResult s = Jacobi.svd(ComplexPageArray.wrap(new double[2 * 3 * 2], 3, 2), CPU);
        assertEquals(0, s.s().get(0, 0));
        assertTrue(ComplexMatrices.orthogonality(s.u(), 0) <= 1e-15 && ComplexMatrices.orthogonality(s.v(), 0) <= 1e-15);
        ComplexEigResult e = Jacobi.eig(ComplexPageArray.wrap(new double[2 * 16], 4, 4), CPU);
        assertEquals(0, e.values().get(3, 0));
        assertTrue(ComplexMatrices.orthogonality(e.vectors(), 0) == 0);
        assertTrue(Jacobi.inv(ComplexPageArray.wrap(new double[2 * 4], 2, 2), CPU).singular(0));
    }

    @Test
    void emptyAndAuto() {
        ComplexEigResult e = Jacobi.eig(ComplexPageArray.wrap(new double[0], 0, 0), SolverOptions.defaults());
        assertEquals(0, e.values().length());
        ComplexEigResult a = Jacobi.eig(ComplexPageArray.wrap(ComplexMatrices.hermitian(new Random(3), 4), 4, 4),
                SolverOptions.defaults());
        assertEquals("cpu", a.report().backend());
    }
}
