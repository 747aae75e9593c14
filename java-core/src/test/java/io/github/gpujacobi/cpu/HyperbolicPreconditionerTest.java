package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.matrices.Generators;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.BunchParlett;
import io.github.gpujacobi.core.HyperbolicPreconditioner;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.testing.HighPrecisionEigenvalues;
import io.github.gpujacobi.testing.Matrices;
import io.github.gpujacobi.testing.TestLog;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link HyperbolicPreconditioner}'s steps, the ones the GPU's indefinite eig runs through cuBLAS, on the host: the
 * operations on plain arrays (EJML's symmetric eigensolver in syevd's place), Bunch-Parlett and the CPU's hyperbolic
 * sweeps around them. Y = G P must keep M = Y J_Y Y' (the eigenvalues against a 40-digit reference on graded input),
 * cut the sweeps, and be refused where P cannot be made J-orthogonal.
 */
class HyperbolicPreconditionerTest {
    private static final double EPS = Precision.DOUBLE.eps();

    /**
     * The operations on n x n column-major arrays, real (parts 1) or interleaved complex (parts 2), as the device does
     * them: syevd / heevd (here EJML's symmetric eigensolver, or the CPU's complex Jacobi), gemm with (conjugate)
     * transposes, and dgmm / axpy / idamax on the real and imaginary parts alike.
     */
    static final class HostOps implements HyperbolicPreconditioner.Ops<double[]> {
        final int n, parts;
        /** Relative noise added to the eigenvectors: a less accurate eigensolver, which the Newton-Schulz steps repair. */
        final double noise;

        HostOps(int n) { this(n, 1, 0); }

        HostOps(int n, int parts, double noise) {
            this.n = n;
            this.parts = parts;
            this.noise = noise;
        }

        @Override
        public boolean eigh(double[] a, double[] w) {
            final double[] values = new double[n], vectors = new double[parts * n * n];
            if (parts == 1) {
                DMatrixRMaj m = new DMatrixRMaj(n, n);
                for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) m.set(i, j, a[i + j * n]);
                EigenDecomposition_F64<DMatrixRMaj> e = DecompositionFactory_DDRM.eig(n, true, true);
                if (!e.decompose(m)) return false;
                for (int c = 0; c < n; c++) {
                    values[c] = e.getEigenvalue(c).real;
                    for (int i = 0; i < n; i++) vectors[i + c * n] = e.getEigenVector(c).get(i, 0);
                }
            } else {
                double[] h = a.clone();
                new ComplexJacobiEig(false, 1).run(h, vectors, n, n * EPS, 60, 0);
                for (int c = 0; c < n; c++) values[c] = h[2 * (c + c * n)];
            }
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) order[i] = i;
            Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
            Random r = new Random(n);
            int len = parts * n;
            for (int c = 0; c < n; c++) {
                w[c] = values[order[c]];
                for (int i = 0; i < len; i++) a[i + c * len] = vectors[i + order[c] * len] * (1 + noise * (2 * r.nextDouble() - 1));
            }
            return true;
        }

        @Override
        public void gemm(boolean adjoint, double[] a, double[] b, double alpha, double beta, double[] c) {
            int p = parts;
            double[] t = new double[p * n * n];
            for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) {
                double br = b[p * (k + j * n)], bi = p == 2 ? b[p * (k + j * n) + 1] : 0;
                for (int i = 0; i < n; i++) {
                    int at = adjoint ? p * (k + i * n) : p * (i + k * n);
                    double ar = a[at], ai = p == 2 ? (adjoint ? -a[at + 1] : a[at + 1]) : 0;
                    t[p * (i + j * n)] += ar * br - ai * bi;
                    if (p == 2) t[p * (i + j * n) + 1] += ar * bi + ai * br;
                }
            }
            for (int i = 0; i < t.length; i++) c[i] = alpha * t[i] + (beta == 0 ? 0 : beta * c[i]);
        }

        @Override
        public void scaleColumns(double[] a, double[] x, double[] out) {
            for (int i = 0; i < parts * n * n; i++) out[i] = a[i] * x[i / (parts * n)];
        }

        @Override
        public void scaleRows(double[] a, double[] x, double[] out) {
            for (int i = 0; i < parts * n * n; i++) out[i] = a[i] * x[(i / parts) % n];
        }

        @Override
        public void subtractDiagonal(double[] a, double[] x) {
            for (int i = 0; i < n; i++) a[parts * (i + i * n)] -= x[i];
        }

        @Override
        public double maxAbs(double[] a) {
            double m = 0;
            for (double v : a) m = Math.max(m, Math.abs(v));
            return m;
        }
    }

    /** One run of the indefinite eig route, with or without the preconditioning. */
    static final class Route {
        final HyperbolicPreconditioner<double[]> pre = new HyperbolicPreconditioner<double[]>();
        boolean taken;
        int sweeps;
        double[] d, v;

        Route(double[] m, int n, boolean precondition) { this(m, n, precondition, 0); }

        Route(double[] m, int n, boolean precondition, double noise) {
            BunchParlett.Factor f = BunchParlett.factor(m.clone(), n);
            double[] g = f.g, j = f.j;
            if (precondition) {
                int[] jG = new int[n];
                for (int i = 0; i < n; i++) jG[i] = j[i] > 0 ? 1 : -1;
                double[] y = new double[n * n];
                taken = pre.apply(new HostOps(n, 1, noise), m.clone(), g, new double[n * n], new double[n * n], y, jG);
                if (taken) {
                    g = y;
                    j = new double[n];
                    for (int i = 0; i < n; i++) j[i] = pre.signs[i];
                }
            }
            HyperbolicJacobiSvd h = new HyperbolicJacobiSvd(EPS, SolverOptions.defaults().tolFor(Precision.DOUBLE, n), 1);
            h.run(g, null, n, n, j, 60, 0);
            assertTrue(h.converged, "sweeps converged");
            sweeps = h.sweeps;
            d = new double[n];
            v = new double[n * n];
            assertTrue(IndefiniteEig.eigenpairs(g, j, n, d, v));
        }

        double[] sorted() {
            double[] s = d.clone();
            Arrays.sort(s);
            return s;
        }
    }

    /** Random indefinite input: P taken after at most two steps, the sweeps cut, the same eigenpairs. */
    @ParameterizedTest
    @CsvSource({"2", "3", "17", "160"})
    void randomIndefiniteTakesFewSweeps(int n) {
        double[] m = Matrices.symmetric(new Random(900 + n), n);
        Route plain = new Route(m, n, false), pre = new Route(m, n, true);
        assertTrue(pre.taken, "P taken: " + pre.pre.skipped);
        assertTrue(pre.pre.residual <= HyperbolicPreconditioner.accept(n) && pre.pre.steps <= 2,
                "steps " + pre.pre.steps + ", residual " + pre.pre.residual);
        TestLog.printf("[hyperbolic-precondition] random n=%d: sweeps %d -> %d, %d Newton-Schulz steps, "
                + "residual %.1e%n", n, plain.sweeps, pre.sweeps, pre.pre.steps, pre.pre.residual);
        if (n >= 17) assertTrue(pre.sweeps <= 4 && pre.sweeps * 2 < plain.sweeps, plain.sweeps + " -> " + pre.sweeps);
        double norm = 0;
        for (double x : plain.d) norm = Math.max(norm, Math.abs(x));
        double[] a = plain.sorted(), b = pre.sorted();
        for (int i = 0; i < n; i++) assertTrue(Math.abs(a[i] - b[i]) <= 20 * n * EPS * norm, "eigenvalue " + i);
        // residual ||M V - V D|| / ||M|| and orthogonality of the preconditioned route's eigenvectors
        PageArray v = PageArray.wrap(pre.v, n, n);
        double res = Matrices.eigResidual(PageArray.wrap(m, n, n), v, PageArray.wrap(pre.d, n, 1), 0);
        double orth = Matrices.orthogonality(v, 0);
        assertTrue(res <= 10 * n * EPS, "residual " + res);
        assertTrue(orth <= 10 * n * EPS, "orthogonality " + orth);
    }

    /**
     * Graded input (3 and 5 decades in D, 6 and 10 in M's entries): where P is taken, every eigenvalue keeps its
     * relative accuracy against 40 digits, as the sweeps on G alone do.
     */
    @ParameterizedTest
    @CsvSource({"40,3", "70,3", "40,5", "70,5"})
    void gradedKeepsRelativeAccuracy(int n, double decades) {
        double[] m = Generators.gradedIndefinite(new Random(7700 + n), n, decades);
        double[] ref = HighPrecisionEigenvalues.of(m, n);
        Route plain = new Route(m, n, false), pre = new Route(m, n, true);
        double ours = IndefiniteEigTest.worstRelative(pre.sorted(), ref), before = IndefiniteEigTest.worstRelative(plain.sorted(), ref);
        TestLog.printf("[hyperbolic-precondition] graded n=%d, %.0f decades: %s, sweeps %d -> %d, "
                        + "relative error %.1e (unpreconditioned %.1e)%n", n, decades,
                pre.taken ? "taken, residual " + String.format(Locale.ROOT, "%.1e", pre.pre.residual) : "not taken ("
                        + pre.pre.skipped + ")", plain.sweeps, pre.sweeps, ours, before);
        if (decades <= 3) assertTrue(pre.taken, "P taken at 3 decades: " + pre.pre.skipped);
        assertTrue(ours <= 1e-12, "worst relative eigenvalue error " + ours);
    }

    /** Strong grading (IndefiniteEigTest's 8 decades in D): whatever the preconditioning decides, 1e-12 holds. */
    @Test
    void stronglyGradedStaysAccurate() {
        int n = 50;
        double[] m = IndefiniteEigTest.gradedIndefinite(new Random(4150), n);
        double[] ref = HighPrecisionEigenvalues.of(m, n);
        Route pre = new Route(m, n, true);
        TestLog.printf("[hyperbolic-precondition] graded n=%d, 8 decades: %s%n", n,
                pre.taken ? "taken" : "not taken (" + pre.pre.skipped + ")");
        assertTrue(IndefiniteEigTest.worstRelative(pre.sorted(), ref) <= 1e-12, "worst relative eigenvalue error");
    }

    /**
     * Eigenvectors 1e-7 and 1e-5 off (a less accurate solver, or syevd on graded M): the Newton-Schulz steps take P back
     * to J-orthogonal, and the eigenvalues are those of the sweeps on G alone, graded ones to 40 digits' 1e-12.
     */
    @ParameterizedTest
    @CsvSource({"1e-7,0", "1e-5,0", "1e-7,3"})
    void newtonSchulzRepairsAnInaccurateEigensolver(double noise, double decades) {
        int n = 40;
        double[] m = decades > 0 ? Generators.gradedIndefinite(new Random(31), n, decades) : Matrices.symmetric(new Random(31), n);
        Route plain = new Route(m, n, false), pre = new Route(m, n, true, noise);
        TestLog.printf("[hyperbolic-precondition] noise %.0e, %.0f decades: %s, %d Newton-Schulz steps, "
                + "residual %.1e, sweeps %d -> %d%n", noise, decades, pre.taken ? "taken" : "not taken", pre.pre.steps,
                pre.pre.residual, plain.sweeps, pre.sweeps);
        assertTrue(pre.taken && pre.pre.steps >= 1 && pre.pre.steps <= 3, "taken after 1-3 steps: " + pre.pre.skipped);
        double[] ref = decades > 0 ? HighPrecisionEigenvalues.of(m, n) : plain.sorted();
        double norm = 0;
        for (double x : ref) norm = Math.max(norm, Math.abs(x));
        double[] got = pre.sorted();
        for (int i = 0; i < n; i++) {
            double err = Math.abs(got[i] - ref[i]);
            assertTrue(decades > 0 ? err <= 1e-12 * Math.abs(ref[i]) : err <= 20 * n * EPS * norm, "eigenvalue " + i + ": " + err);
        }
    }

    /**
     * Complex: M = G J G^H from a random complex G. P is taken (after Newton-Schulz steps when the eigenvectors are 1e-6
     * off), and Y = G P keeps M = Y J_Y Y^H with nearly orthogonal columns, the conjugate transposes in their places.
     */
    @ParameterizedTest
    @CsvSource({"0", "1e-6"})
    void complexHermitian(double noise) {
        int n = 24;
        Random r = new Random(24);
        double[] g = new double[2 * n * n];
        for (int i = 0; i < g.length; i++) g[i] = r.nextGaussian();
        for (int i = 0; i < n; i++) g[2 * (i + i * n)] += 3 * Math.sqrt(n); // well conditioned
        int[] jG = new int[n];
        for (int i = 0; i < n; i++) jG[i] = i % 3 == 0 ? -1 : 1;
        HostOps ops = new HostOps(n, 2, noise);
        double[] gj = new double[2 * n * n], m = new double[2 * n * n];
        double[] jd = new double[n];
        for (int i = 0; i < n; i++) jd[i] = jG[i];
        ops.scaleColumns(g, jd, gj);
        ops.gemm(false, gj, adjoint(g, n), 1, 0, m); // M = (G J) G^H
        double[] y = new double[2 * n * n];
        HyperbolicPreconditioner<double[]> p = new HyperbolicPreconditioner<double[]>();
        assertTrue(p.apply(ops, m.clone(), g, new double[2 * n * n], new double[2 * n * n], y, jG), "taken: " + p.skipped);
        assertTrue(noise == 0 || p.steps >= 1, "Newton-Schulz steps " + p.steps);
        // Y J_Y Y^H = M
        double[] jy = new double[n];
        for (int i = 0; i < n; i++) jy[i] = p.signs[i];
        double[] yj = new double[2 * n * n], back = new double[2 * n * n], gram = new double[2 * n * n];
        ops.scaleColumns(y, jy, yj);
        ops.gemm(false, yj, adjoint(y, n), 1, 0, back);
        double mMax = ops.maxAbs(m), err = 0;
        for (int i = 0; i < back.length; i++) err = Math.max(err, Math.abs(back[i] - m[i]));
        assertTrue(err <= 100 * n * EPS * mMax, "||Y J_Y Y^H - M|| " + err);
        // Y's columns as orthogonal as the eigenvectors were accurate (the sweeps do the rest):
        // |(Y^H Y)_ij| small against sqrt((Y^H Y)_ii (Y^H Y)_jj)
        ops.gemm(true, y, y, 1, 0, gram);
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            if (i == j) continue;
            double off = Math.hypot(gram[2 * (i + j * n)], gram[2 * (i + j * n) + 1]);
            double scale = Math.sqrt(gram[2 * (i + i * n)] * gram[2 * (j + j * n)]);
            assertTrue(off <= Math.max(1e-10, 10 * noise) * scale, "column " + i + ", " + j + ": " + off / scale);
        }
    }

    /**
     * J = I, the svd's use (CudaBlockedSvd.EIGH_BESIDE_QR): M = A'A's eigenvectors give P for X = R' (A = Q R). Random
     * and column-graded A (3 decades, a Newton-Schulz step needed): P taken, and the one-sided sweeps on Y = X P give X's
     * singular values to 1e-13 relative, the smallest ones of graded A included. At 6 decades (cond(A)^2 about 1e12) the
     * eigenvectors of A'A's small eigenvalues are too far off for three steps, and at 10 for any: P refused, Y untouched.
     */
    @ParameterizedTest
    @CsvSource({"60,40,0", "90,90,0", "60,40,3", "80,80,6", "60,40,10"})
    void identitySignatureForTheSvd(int m, int n, double decades) {
        Random r = new Random(m * 1000 + n);
        double[] a = new double[m * n];
        for (int j = 0; j < n; j++) {
            double dj = Math.pow(10, -decades * ((j * 7) % n) / Math.max(1, n - 1)); // graded columns, shuffled
            for (int i = 0; i < m; i++) a[i + j * m] = r.nextGaussian() * dj;
        }
        DMatrixRMaj am = new DMatrixRMaj(m, n);
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) am.set(i, j, a[i + j * m]);
        org.ejml.interfaces.decomposition.QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(m, n);
        assertTrue(qr.decompose(am));
        DMatrixRMaj rm = qr.getR(null, true);
        double[] x = new double[n * n], gram = new double[n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i <= j; i++) x[j + i * n] = rm.get(i, j); // X = R'
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) { // A'A, as the device's GEMM forms it
            double t = 0;
            for (int k = 0; k < m; k++) t += a[k + i * m] * a[k + j * m];
            gram[i + j * n] = t;
        }
        int[] identity = new int[n];
        Arrays.fill(identity, 1);
        double[] y = new double[n * n];
        HyperbolicPreconditioner<double[]> p = new HyperbolicPreconditioner<double[]>();
        boolean taken = p.apply(new HostOps(n), gram, x, new double[n * n], new double[n * n], y, identity);
        TestLog.printf("[svd-precondition] %d x %d, %.0f decades: %s%n", m, n, decades, taken
                ? String.format(Locale.ROOT, "taken, %d Newton-Schulz steps, residual %.1e", p.steps, p.residual)
                : "not taken (" + p.skipped + ")");
        if (decades >= 6) {
            assertFalse(taken, "P refused at " + decades + " decades");
            assertArrayEquals(new double[n * n], y, 0);
            return;
        }
        assertTrue(taken, "P taken: " + p.skipped);
        if (decades >= 3) assertTrue(p.steps >= 1, "Newton-Schulz steps " + p.steps);
        double[] ones = new double[n];
        Arrays.fill(ones, 1);
        double tol = SolverOptions.defaults().tolFor(Precision.DOUBLE, n);
        double[] sx = sweptNorms(x, n, ones, tol), sy = sweptNorms(y, n, ones, tol);
        for (int i = 0; i < n; i++) {
            assertTrue(Math.abs(sy[i] - sx[i]) <= 1e-13 * sx[i], "singular value " + i + ": " + sy[i] + " vs " + sx[i]);
        }
    }

    /** The one-sided sweeps (j: the signature) on a copy of g, its column norms sorted. */
    private static double[] sweptNorms(double[] g, int n, double[] j, double tol) {
        double[] w = g.clone();
        HyperbolicJacobiSvd h = new HyperbolicJacobiSvd(EPS, tol, 1);
        h.run(w, null, n, n, j, 60, 0);
        assertTrue(h.converged, "sweeps converged");
        double[] s = new double[n];
        for (int c = 0; c < n; c++) {
            double t = 0;
            for (int i = 0; i < n; i++) t += w[i + c * n] * w[i + c * n];
            s[c] = Math.sqrt(t);
        }
        Arrays.sort(s);
        return s;
    }

    /** The conjugate transpose of an interleaved n x n array. */
    static double[] adjoint(double[] a, int n) {
        double[] t = new double[a.length];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            t[2 * (j + i * n)] = a[2 * (i + j * n)];
            t[2 * (j + i * n) + 1] = -a[2 * (i + j * n) + 1];
        }
        return t;
    }

    /** A J of the wrong signature has no J-orthogonal P: refused by inertia, Y untouched. */
    @Test
    void wrongSignatureIsRefused() {
        int n = 12;
        double[] m = Matrices.symmetric(new Random(5), n);
        BunchParlett.Factor f = BunchParlett.factor(m.clone(), n);
        int[] jG = new int[n];
        for (int i = 0; i < n; i++) jG[i] = f.j[i] > 0 ? 1 : -1;
        jG[0] = -jG[0];
        double[] y = new double[n * n];
        HyperbolicPreconditioner<double[]> p = new HyperbolicPreconditioner<double[]>();
        assertFalse(p.apply(new HostOps(n), m.clone(), f.g, new double[n * n], new double[n * n], y, jG));
        assertTrue(p.skipped.startsWith("inertia"), p.skipped);
        assertArrayEquals(new double[n * n], y, 0);
    }
}
