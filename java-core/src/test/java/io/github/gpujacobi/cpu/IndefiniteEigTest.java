package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.testing.HighPrecisionEigenvalues;
import io.github.gpujacobi.testing.Matrices;
import io.github.gpujacobi.testing.TestLog;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * eig with Method 'hyperbolic' (Bunch-Parlett + hyperbolic Jacobi, [4]): residuals, and the
 * relative accuracy of every eigenvalue against 40-digit references of the rounded M, on [4]'s
 * random-spectrum matrices and on graded indefinite ones, printed next to LAPACK's dsyevd.
 */
class IndefiniteEigTest {
    static final SolverOptions HYP = SolverOptions.defaults().withDevice("cpu").withMethod("hyperbolic");

    /** Seed 003's test matrices: spectrum uniform in [-a, -a 1e-5) U (a 1e-5, a], M = Q Lambda Q'. */
    static double[] seedMatrix(Random r, int n, int negatives, double a) {
        double[] lam = new double[n];
        for (int i = 0; i < n; i++) {
            double x = a * (1e-5 + (1 - 1e-5) * r.nextDouble());
            lam[i] = i < negatives ? -x : x;
        }
        return Matrices.withSpectrum(r, lam);
    }

    /**
     * Graded indefinite M = P (D H D) P', D = diag(logspace(0, -8, n)), H = Pi [I C; C' I] Pi' with
     * unit diagonal and eigenvalues 1 +- s_i, s_i alternately 0.5 and 2.5 (so cond(H) = 7 and about a
     * quarter of them negative), Pi and P random permutations.
     */
    static double[] gradedIndefinite(Random r, int n) {
        int k = n / 2, l = n - k;
        double[] u = Matrices.orthogonal(r, k), v = Matrices.orthogonal(r, l);
        double[] h0 = new double[n * n];
        for (int i = 0; i < n; i++) h0[i + i * n] = 1;
        for (int i = 0; i < k; i++) for (int j = 0; j < l; j++) {
            double c = 0;
            for (int q = 0; q < Math.min(k, l); q++) c += u[i + q * k] * (q % 2 == 0 ? 0.5 : 2.5) * v[j + q * l];
            h0[i + (k + j) * n] = c;
            h0[k + j + i * n] = c;
        }
        int[] pi = Matrices.permutation(r, n), p = Matrices.permutation(r, n);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = Math.pow(10, -8.0 * i / Math.max(1, n - 1));
        double[] m = new double[n * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            int a = p[i], b = p[j];
            m[i + j * n] = d[a] * h0[pi[a] + pi[b] * n] * d[b];
        }
        return m;
    }

    static double worstRelative(double[] got, double[] ref) {
        double w = 0;
        for (int i = 0; i < ref.length; i++) w = Math.max(w, Math.abs(got[i] - ref[i]) / Math.abs(ref[i]));
        return w;
    }

    static double[] values(EigResult e) {
        double[] d = new double[e.values().rows()];
        for (int i = 0; i < d.length; i++) d[i] = e.values().get(i, 0, 0);
        return d;
    }

    /** LAPACK's dsyevd (scipy.linalg.eigh, driver 'evd') on M, or null when python3/scipy is absent. */
    static double[] dsyevd(double[] m, int n) {
        try {
            Path dir = Files.createTempDirectory("dsyevd");
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) sb.append(String.format(Locale.ROOT, "%.17g ", m[i + j * n]));
                sb.append('\n');
            }
            Files.write(dir.resolve("m.txt"), sb.toString().getBytes(StandardCharsets.UTF_8));
            String script = "import numpy as np, scipy.linalg as sl\n"
                    + "w = sl.eigh(np.loadtxt('m.txt', ndmin=2), driver='evd', eigvals_only=True)\n"
                    + "print(' '.join(repr(float(x)) for x in w))\n";
            Process p = new ProcessBuilder("python3", "-c", script).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(readAll(p), StandardCharsets.UTF_8).trim();
            boolean done = p.waitFor(120, TimeUnit.SECONDS);
            Files.delete(dir.resolve("m.txt"));
            Files.delete(dir);
            if (!done || p.exitValue() != 0) return null;
            String[] parts = out.split("\\s+");
            double[] w = new double[parts.length];
            for (int i = 0; i < w.length; i++) w[i] = Double.parseDouble(parts[i]);
            return w;
        } catch (IOException | InterruptedException | NumberFormatException e) {
            return null;
        }
    }

    private static byte[] readAll(Process p) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int r; (r = p.getInputStream().read(buf)) > 0; ) b.write(buf, 0, r);
        return b.toByteArray();
    }

    /** Our worst relative error (asserted) and dsyevd's (printed, sanity-checked only). */
    static void compare(String label, double[] m, int n, double bound) {
        double[] ref = HighPrecisionEigenvalues.of(m, n);
        EigResult e = Jacobi.eig(PageArray.wrap(m.clone(), n, n), HYP);
        assertTrue(e.report().converged(), e.report().toString());
        double ours = worstRelative(values(e), ref);
        double[] lapack = dsyevd(m, n);
        String theirs = lapack == null ? "n/a (python3 with scipy not found)"
                : String.format(Locale.ROOT, "%.2e", worstRelative(lapack, ref));
        int neg = 0;
        for (double x : ref) if (x < 0) neg++;
        TestLog.printf("[hsvd-accuracy] %s n=%d negatives=%d: hyperbolic Jacobi %.2e, dsyevd %s,"
                + " sweeps %d%n", label, n, neg, ours, theirs, e.report().sweeps());
        assertTrue(ours <= bound, label + ": worst relative eigenvalue error " + ours + " > " + bound);
        assertTrue(Matrices.eigResidual(PageArray.wrap(m, n, n), e.vectors(), e.values(), 0) < 1e-13, "residual");
        assertTrue(Matrices.orthogonality(e.vectors(), 0) < 1e-12, "orthogonality");
        if (lapack != null) {
            // sanity only: LAPACK gets the largest eigenvalue in magnitude to working accuracy
            int big = Math.abs(ref[0]) > Math.abs(ref[n - 1]) ? 0 : n - 1;
            assertEquals(ref[big], lapack[big], 1e-12 * Math.abs(ref[big]), "dsyevd sanity");
        }
    }

    /** The dsyevd column above needs python3 with scipy; without it this test is reported as skipped. */
    @Test
    void dsyevdComparisonAvailable() {
        Assumptions.assumeTrue(dsyevd(new double[]{2, 1, 1, 2}, 2) != null,
                "python3 with numpy/scipy not found: the dsyevd figures are printed as n/a");
        assertEquals(1, dsyevd(new double[]{2, 1, 1, 2}, 2)[0], 1e-15);
    }

    @ParameterizedTest
    @CsvSource({"30,15", "30,1", "100,50", "100,1", "61,30"})
    void seed003RandomSpectrum(int n, int negatives) {
        // 2e-14: with c alone (no JacobiRotation.cosineLow) these were 1.0e-14 .. 4.8e-14, with it 2.0e-15 .. 7.9e-15
        compare("seed-003 spectrum", seedMatrix(new Random(3000 + n + negatives), n, negatives, 10), n, 2e-14);
    }

    @ParameterizedTest
    @CsvSource({"30", "31", "60"})
    void gradedIndefinite(int n) {
        // 1.5e-14: with c alone 1.5e-14 .. 3.0e-14, with cosineLow 2.8e-15 .. 6.3e-15
        compare("graded P(DHD)P'", gradedIndefinite(new Random(4000 + n), n), n, 1.5e-14);
    }

    /**
     * The default eig (Method 'auto') takes this route for nonsingular input, so it keeps every
     * eigenvalue of a graded indefinite matrix (two-sided Jacobi on M loses about 7 digits here);
     * n = 130 runs the steps on several threads.
     */
    @ParameterizedTest
    @CsvSource({"31", "130"})
    void defaultEigIsAccurateOnGradedIndefinite(int n) {
        double[] m = gradedIndefinite(new Random(4100 + n), n);
        double[] ref = HighPrecisionEigenvalues.of(m, n);
        EigResult e = Jacobi.eig(PageArray.wrap(m.clone(), n, n), SolverOptions.defaults().withDevice("cpu"));
        assertEquals("hyperbolic", e.report().method(), "the run report names the path that ran");
        double worst = worstRelative(values(e), ref);
        TestLog.printf("[hsvd-accuracy] default eig, graded P(DHD)P' n=%d: %.2e, sweeps %d%n", n, worst,
                e.report().sweeps());
        // 3e-14 (n = 130): 7.2e-14 with c alone, 1.4e-14 with cosineLow
        assertTrue(worst <= 3e-14, "default eig: worst relative eigenvalue error " + worst);
        assertTrue(Matrices.eigResidual(PageArray.wrap(m, n, n), e.vectors(), e.values(), 0) < 1e-13, "residual");
        assertTrue(Matrices.orthogonality(e.vectors(), 0) < 1e-12, "orthogonality");
    }

    /** A singular page under the default method falls back to two-sided Jacobi, and the report says so. */
    @Test
    void defaultEigOfSingularMatrixFallsBackToTwoSided() {
        PageArray a = PageArray.wrap(new double[]{1, 2, 2, 4}, 2, 2);
        EigResult e = Jacobi.eig(a, SolverOptions.defaults().withDevice("cpu"));
        assertEquals("parallel", e.report().method());
        assertEquals(0, e.values().get(0, 0), 1e-15);
        assertEquals(5, e.values().get(1, 0), 1e-14);
        assertTrue(Matrices.eigResidual(a, e.vectors(), e.values(), 0) < 1e-15);
    }

    @ParameterizedTest
    @CsvSource({"1,DOUBLE", "2,DOUBLE", "5,DOUBLE", "40,DOUBLE", "7,SINGLE", "40,SINGLE"})
    void residualAndOrthogonality(int n, Precision p) {
        Random r = new Random(n);
        PageArray a = Matrices.page(Matrices.symmetric(r, n), n, n, p);
        EigResult e = Jacobi.eig(a, HYP);
        EigResult ref = Jacobi.eig(a, HYP.withMethod("parallel"));
        double bound = 20 * n * p.eps() * 10;
        assertEquals(p, e.values().precision());
        assertTrue(Matrices.eigResidual(a, e.vectors(), e.values(), 0) <= bound);
        assertTrue(Matrices.orthogonality(e.vectors(), 0) <= bound);
        for (int i = 0; i < n; i++) {
            if (i > 0) assertTrue(e.values().get(i, 0) >= e.values().get(i - 1, 0), "ascending");
            assertEquals(ref.values().get(i, 0), e.values().get(i, 0), bound * Math.abs(ref.values().get(n - 1, 0)));
        }
        EigResult only = Jacobi.eig(a, HYP.withVectors(false));
        assertEquals(null, only.vectors());
        assertEquals(e.values().get(0, 0), only.values().get(0, 0), bound);
        assertEquals("hyperbolic", e.report().method());
    }

    @Test
    void pagesAndTwoByTwoPivots() {
        // zero diagonal forces 2 x 2 pivots everywhere
        double[] m = {0, 1, 0, 1, 0, 2, 0, 2, 1e-3};
        double[] all = new double[18];
        System.arraycopy(m, 0, all, 0, 9);
        for (int i = 0; i < 9; i++) all[9 + i] = -3 * m[i] + (i % 4 == 0 ? 1 : 0);
        PageArray a = PageArray.wrap(all, 3, 3, 2);
        EigResult e = Jacobi.eig(a, HYP);
        for (int k = 0; k < 2; k++) assertTrue(Matrices.eigResidual(a, e.vectors(), e.values(), k) < 1e-15);
        double[] ref = HighPrecisionEigenvalues.of(m, 3);
        for (int i = 0; i < 3; i++) assertEquals(ref[i], e.values().get(i, 0, 0), 1e-15 * Math.abs(ref[i]));
    }

    @Test
    void singularMatrixIsAClearError() {
        JacobiException ex = assertThrows(JacobiException.class,
                () -> Jacobi.eig(PageArray.wrap(new double[]{1, 2, 2, 4}, 2, 2), HYP.withCaller("gpu_eig")));
        assertEquals(ErrorKind.SINGULAR, ex.kind());
        assertTrue(ex.getMessage().startsWith("gpu_eig: A is singular"), ex.getMessage());
        ex = assertThrows(JacobiException.class, () -> Jacobi.eig(PageArray.wrap(new double[9], 3, 3), HYP));
        assertEquals(ErrorKind.SINGULAR, ex.kind());
    }
}
