package io.github.gpujacobi.lapack;

import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.matrices.Generators;
import io.github.gpujacobi.core.Lapack;
import io.github.gpujacobi.core.Residuals;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The native routes are taken at the default threshold and keep the contract at an order where they matter. */
class NativeRoutesTest {
    private static final int N = 300;
    private static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu").withThreads(2);

    private static boolean saysNative(java.util.List<String> notes) {
        for (String s : notes) if (s.startsWith("native LAPACK: OpenBLAS")) return true;
        return false;
    }

    @Test
    void bindingLoadsAndComputes() {
        Lapack l = Lapack.get();
        assertTrue(l != null, Lapack.absence());
        double[] a = {2, 1, 1, 2}, w = new double[2];
        assertEquals(0, l.dsyevd(2, a, w));
        assertEquals(1, w[0], 1e-15);
        assertEquals(3, w[1], 1e-15);
    }

    @Test
    void reusedNativeBuffersGiveEachCallItsOwnResult() {
        Lapack l = Lapack.get();
        for (int n : new int[]{60, 7, 60, 1, 33}) { // larger, smaller, larger again: the warm buffers are reused
            double[] a = Generators.randn(new Random(n), n, n), b = Generators.randn(new Random(n + 1), n, n);
            double[] c = new double[n * n], ref = new double[n * n];
            java.util.Arrays.fill(c, Double.NaN); // beta = 0: the output's old contents must not matter
            l.dgemm(false, false, n, n, n, 1, a, b, 0, c);
            for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) for (int i = 0; i < n; i++) ref[i + j * n] += a[i + k * n] * b[k + j * n];
            for (int i = 0; i < n * n; i++) assertEquals(ref[i], c[i], 1e-12 * n, "n = " + n + " entry " + i);
            double[] s = a.clone(), w = new double[n];
            for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) s[i + j * n] = a[i + j * n] + a[j + i * n];
            double[] m = s.clone();
            assertEquals(0, l.dsyevd(n, s, w));
            for (int j = 0; j < n; j++) { // S v = w v for every returned pair
                for (int i = 0; i < n; i++) {
                    double sv = 0;
                    for (int k = 0; k < n; k++) sv += m[i + k * n] * s[k + j * n];
                    assertEquals(w[j] * s[i + j * n], sv, 1e-10 * n, "n = " + n + " pair " + j);
                }
            }
        }
    }

    /** The library's calls one by one: the interface's own composition of the preconditioner. */
    private static final class Composed implements Lapack {
        private final Lapack l = Lapack.get();

        public String describe() { return l.describe(); }
        public void threads(int t) { l.threads(t); }
        public void dgemm(boolean ta, boolean tb, int m, int n, int k, double al, double[] a, double[] b, double be, double[] c) { l.dgemm(ta, tb, m, n, k, al, a, b, be, c); }
        public void sgemm(boolean ta, boolean tb, int m, int n, int k, float al, float[] a, float[] b, float be, float[] c) { l.sgemm(ta, tb, m, n, k, al, a, b, be, c); }
        public void gram(int n, int k, double[] a, double[] c) { l.gram(n, k, a, c); }
        public int dsyevd(int n, double[] a, double[] w) { return l.dsyevd(n, a, w); }
        public int ssyevd(int n, float[] a, float[] w) { return l.ssyevd(n, a, w); }
        public int dgeqp3(int m, int n, double[] a, int[] jpvt, double[] tau) { return l.dgeqp3(m, n, a, jpvt, tau); }
        public int dormqr(int m, int n, int k, double[] a, double[] tau, double[] c) { return l.dormqr(m, n, k, a, tau, c); }
        public int dgetrf(int n, double[] a, int[] ipiv) { return l.dgetrf(n, a, ipiv); }
        public int dgetri(int n, double[] a, int[] ipiv) { return l.dgetri(n, a, ipiv); }
        public int sgetrf(int n, float[] a, int[] ipiv) { return l.sgetrf(n, a, ipiv); }
        public int sgetri(int n, float[] a, int[] ipiv) { return l.sgetri(n, a, ipiv); }
        public double dgecon(int n, double[] lu, double anorm) { return l.dgecon(n, lu, anorm); }
        public double sgecon(int n, float[] lu, float anorm) { return l.sgecon(n, lu, anorm); }
        public int dgesdd(int m, int n, double[] a, double[] s, double[] u, double[] vt) { return l.dgesdd(m, n, a, s, u, vt); }
        public int sgesdd(int m, int n, float[] a, float[] s, float[] u, float[] vt) { return l.sgesdd(m, n, a, s, u, vt); }
    }

    /**
     * The preconditioner's one native call (Q'AQ's lower triangle by blocks, around the diagonal block's order) gives
     * the Q of dsyevd and, on and below the diagonal, the B of the full products; b may be a.
     */
    @Test
    void congruenceInOneCallMatchesTheComposedCalls() {
        Lapack native_ = Lapack.get(), composed = new Composed();
        for (int n : new int[]{1, 2, 7, 128, 129, 257, 300}) {
            double[] a = Generators.symmetric(new Random(n), n);
            double[] q = new double[n * n], b = new double[n * n], q2 = new double[n * n], b2 = a.clone();
            assertEquals(0, composed.dsyevdCongruence(n, a, q, b));
            assertEquals(0, native_.dsyevdCongruence(n, b2, q2, b2)); // in place
            float[] af = new float[n * n];
            for (int i = 0; i < af.length; i++) af[i] = (float) a[i];
            float[] qf = new float[n * n], bf = new float[n * n], qf2 = new float[n * n], bf2 = af.clone();
            assertEquals(0, composed.ssyevdCongruence(n, af, qf, bf));
            assertEquals(0, native_.ssyevdCongruence(n, bf2, qf2, bf2));
            double norm = 0;
            for (double x : a) norm = Math.max(norm, Math.abs(x));
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    String at = "n = " + n + " (" + i + "," + j + ")";
                    assertEquals(q[i + j * n], q2[i + j * n], 0, at); // the same dsyevd
                    assertEquals(qf[i + j * n], qf2[i + j * n], 0, at);
                    if (i < j) continue; // the strict upper triangle is left undefined
                    assertEquals(b[i + j * n], b2[i + j * n], 1e-13 * n * norm, at);
                    assertEquals(bf[i + j * n], bf2[i + j * n], 1e-5 * n * norm, at);
                }
            }
        }
    }

    /**
     * LU and inverse in one native call give the composed calls' inverse and pivots bit for bit (the same getrf and
     * getri on the same numbers), in both precisions; a refused diagonal stops before getri with PIVOTS_REFUSED, and the
     * test sees U's diagonal as getrf left it.
     */
    @Test
    void luAndInverseInOneCallMatchTheComposedCalls() {
        Lapack native_ = Lapack.get(), composed = new Composed();
        for (int n : new int[]{1, 2, 7, 128, 129, 300}) {
            Random r = new Random(n);
            double[] a = new double[n * n];
            for (int i = 0; i < a.length; i++) a[i] = r.nextGaussian();
            double[] x = a.clone(), y = a.clone();
            int[] px = new int[n], py = new int[n];
            double[][] seen = new double[2][];
            assertEquals(0, composed.dgetrfGetri(n, x, px, u -> (seen[0] = u) != null));
            assertEquals(0, native_.dgetrfGetri(n, y, py, u -> (seen[1] = u) != null));
            assertArrayEquals(seen[0], seen[1], 0, "n = " + n + ": U's diagonal");
            assertArrayEquals(px, py, "n = " + n + ": pivots");
            assertArrayEquals(x, y, 0, "n = " + n + ": the inverse");
            float[] f = new float[n * n];
            for (int i = 0; i < f.length; i++) f[i] = (float) a[i];
            float[] fx = f.clone(), fy = f.clone();
            assertEquals(0, composed.sgetrfGetri(n, fx, px, u -> true));
            assertEquals(0, native_.sgetrfGetri(n, fy, py, u -> true));
            assertArrayEquals(fx, fy, 0, "n = " + n + ": the single inverse");
            assertEquals(Lapack.PIVOTS_REFUSED, native_.dgetrfGetri(n, a.clone(), px, u -> false));
            assertEquals(Lapack.PIVOTS_REFUSED, native_.sgetrfGetri(n, f.clone(), px, u -> false));
        }
    }

    /**
     * The polish on the native Gram measures E from one triangle and mirrors F only for a step: a factor off by 1e-6
     * comes back within the target by the measure of the whole X'X, and an orthonormal one is measured as the whole
     * X'X measures it.
     */
    @Test
    void nativePolishMeasuresFromOneTriangleAndStepsOnTheWholeF() {
        int n = N;
        double[] q = Generators.symmetric(new Random(11), n), w = new double[n];
        assertEquals(0, Lapack.get().dsyevd(n, q, w));
        double target = n * Precision.DOUBLE.eps();
        double[] x = q.clone();
        Random r = new Random(12);
        for (int i = 0; i < x.length; i++) x[i] += 1e-6 * r.nextGaussian();
        double bound = io.github.gpujacobi.core.NewtonSchulz.polish(x, n, n, null, false, target, 2);
        assertTrue(bound <= target / 2, "bound " + bound);
        assertTrue(gramError(x, n) <= target, "measured " + gramError(x, n));
        double[] y = q.clone();
        double whole = gramError(q, n);
        double measured = io.github.gpujacobi.core.NewtonSchulz.polish(y, n, n, null, false, 3 * whole, 2);
        assertArrayEquals(q, y, 0); // within half of that target already: untouched
        assertEquals(whole, measured, 0.05 * whole);
    }

    /** The residual's probes through V with the polish's Gram matrix (native), after a step or without one. */
    @Test
    void nativePolishGivesThePolishedFactorTimesTheProbes() {
        for (double delta : new double[]{1e-6, 0}) { // a step moves X, or none
            double[] q = Generators.symmetric(new Random(13), N), w = new double[N];
            assertEquals(0, Lapack.get().dsyevd(N, q, w));
            Random r = new Random(14);
            for (int i = 0; i < q.length; i++) q[i] += delta * r.nextGaussian();
            double[] probes = Generators.randn(r, N, 8), qx = new double[N * 8];
            double target = delta > 0 ? N * Precision.DOUBLE.eps() : 1e-10; // the latter within reach without a step
            double[] before = q.clone();
            assertTrue(io.github.gpujacobi.core.NewtonSchulz.polish(q, N, N, target, 2, probes, 8, qx) <= target);
            assertEquals(delta == 0, java.util.Arrays.equals(before, q), "a step moves X exactly when one is due");
            for (int c = 0; c < 8; c++) {
                for (int i = 0; i < N; i++) {
                    double want = 0;
                    for (int j = 0; j < N; j++) want += q[i + j * N] * probes[j + c * N];
                    assertEquals(want, qx[i + c * N], 1e-13, delta + " (" + i + "," + c + ")");
                }
            }
        }
    }

    /** ||X'X - I||_F summed over the whole product, in plain loops. */
    private static double gramError(double[] x, int n) {
        double s = 0;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                double g = 0;
                for (int k = 0; k < n; k++) g += x[k + i * n] * x[k + j * n];
                double e = g - (i == j ? 1 : 0);
                s += e * e;
            }
        }
        return Math.sqrt(s);
    }

    @Test
    void ungradedEigIsJacobiOnTheSyevdPreconditionedMatrix() {
        for (Precision p : Precision.values()) {
            double[] m = Generators.symmetric(new Random(3), N);
            PageArray a = PageArray.wrap(m, N, N).to(p);
            EigResult r = Jacobi.eig(a, CPU);
            assertTrue(r.report().converged(), p + ": " + r.report().notes());
            assertTrue(saysNative(r.report().notes()), p + ": " + r.report().notes());
            assertEquals("cyclic", r.report().method(), p + ": two-sided Jacobi after syevd");
            // the preconditioned matrix needs one sweep of a few rotations and one that finds none
            assertTrue(r.report().sweeps() <= 3, p + " sweeps " + r.report().sweeps());
            double eps = p.eps();
            assertTrue(Residuals.orthogonality(r.vectors(), 0) <= N * eps, p + " orthogonality");
            assertTrue(Residuals.eig(a, r.vectors(), r.values(), 0) <= 50 * Math.sqrt(N) * eps, p + " residual");
            // against LAPACK's own values of the same (rounded) matrix: absolute accuracy, as the contract says
            double[] ref = a.pageAsDouble(0), w = new double[N];
            assertEquals(0, Lapack.get().dsyevd(N, ref, w));
            double norm = Math.max(Math.abs(w[0]), Math.abs(w[N - 1]));
            double[] got = r.values().pageAsDouble(0);
            java.util.Arrays.sort(got);
            for (int i = 0; i < N; i++) assertEquals(w[i], got[i], N * eps * norm, p + " value " + i);
        }
    }

    @Test
    void gradedIndefiniteEigKeepsTheOneSidedRoute() {
        PageArray a = PageArray.wrap(Generators.gradedIndefinite(new Random(7), N, 8), N, N);
        EigResult r = Jacobi.eig(a, CPU);
        assertTrue(r.report().converged(), r.report().notes().toString());
        assertEquals("hyperbolic", r.report().method(), "graded input needs Bunch-Parlett and the one-sided route");
        assertTrue(saysNative(r.report().notes()), r.report().notes().toString());
        assertTrue(Residuals.orthogonality(r.vectors(), 0) <= N * Precision.DOUBLE.eps());
    }

    @Test
    void svdTakesTheNativeQr() {
        double[] g = Generators.randn(new Random(4), N + 40, N);
        PageArray a = PageArray.wrap(g, N + 40, N);
        SvdResult r = Jacobi.svd(a, CPU);
        assertTrue(r.report().converged());
        assertTrue(saysNative(r.report().notes()), r.report().notes().toString());
        assertTrue(Residuals.orthogonality(r.u(), 0) <= (N + 40) * Precision.DOUBLE.eps());
        assertTrue(Residuals.orthogonality(r.v(), 0) <= N * Precision.DOUBLE.eps());
        assertTrue(Residuals.svd(a, r.u(), r.s(), r.v(), 0) <= 50 * Math.sqrt(N) * Precision.DOUBLE.eps());
    }

    @Test
    void inverseKeepsTheSingularRuleAndRcond() {
        double[] g = Generators.randn(new Random(5), N, N);
        InverseResult r = Jacobi.inv(PageArray.wrap(g, N, N), CPU.withMethod("gaussjordan"));
        assertTrue(saysNative(r.report().notes()), r.report().notes().toString());
        assertTrue(Residuals.inverse(PageArray.wrap(g, N, N), r.inverse(), 0) < 1e-13);
        assertTrue(r.rcond()[0] > 0 && r.rcond()[0] < 1);
        // column 1 twice column 0, whose entries are powers of 2: elimination cancels it exactly, a zero pivot
        Random rnd = new Random(6);
        for (int i = 0; i < N; i++) {
            g[i] = Math.scalb(rnd.nextBoolean() ? 1.0 : -1.0, rnd.nextInt(8));
            g[i + N] = 2 * g[i];
        }
        InverseResult s = Jacobi.inv(PageArray.wrap(g, N, N), CPU.withMethod("gaussjordan"));
        assertTrue(s.singular(0));
        assertEquals(0, s.rcond()[0]);
    }
}
