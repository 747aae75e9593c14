package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.testing.ComplexMatrices;
import io.github.gpujacobi.testing.External;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The complex solvers against independent references: LAPACK through scipy ({@code eigh},
 * {@code svd}, {@code inv} in double complex on the exact input), and, for graded Hermitian
 * positive definite and indefinite matrices A = P D H D P' (D = logspace(0, -10, n)), 40-digit eigenvalues
 * from mpmath's {@code eighe}: every eigenvalue, down to ~1e-20, to relative error 1e-12.
 */
class ComplexReferenceTest {
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    @TempDir
    Path dir;

    /** Runs a Python script on the pages written one per line as hex floats; returns its output lines. */
    private String[] python(String script, ComplexPageArray... pages) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (ComplexPageArray a : pages) sb.append(a.rows()).append(' ').append(a.cols()).append(' ').append(ComplexMatrices.hex(a, 0)).append('\n');
        Files.write(dir.resolve("in.txt"), sb.toString().getBytes(StandardCharsets.US_ASCII));
        String prelude = "import numpy as np\n"
                + "def pages():\n"
                + "    for line in open('in.txt'):\n"
                + "        t = line.split(); m, n = int(t[0]), int(t[1])\n"
                + "        x = np.array([float.fromhex(v) for v in t[2:]])\n"
                + "        yield (x[0::2] + 1j * x[1::2]).reshape((m, n), order='F')\n";
        return External.python(dir, prelude + script).trim().split("\n");
    }

    private static double[] numbers(String line) {
        String[] t = line.trim().split("\\s+");
        double[] d = new double[t.length];
        for (int i = 0; i < t.length; i++) d[i] = Double.parseDouble(t[i]);
        return d;
    }

    @ParameterizedTest
    @EnumSource(Precision.class)
    void agreesWithLapack(Precision p) throws IOException {
        ComplexPageArray h5 = ComplexMatrices.of(ComplexMatrices.hermitian(new Random(51), 5), 5, 5, p);
        ComplexPageArray h33 = ComplexMatrices.of(ComplexMatrices.hermitian(new Random(52), 33), 33, 33, p);
        ComplexPageArray tall = ComplexMatrices.of(ComplexMatrices.randn(new Random(53), 9, 4), 9, 4, p);
        ComplexPageArray wide = ComplexMatrices.of(ComplexMatrices.randn(new Random(54), 4, 9), 4, 9, p);
        ComplexPageArray sq = ComplexMatrices.of(ComplexMatrices.randn(new Random(55), 12, 12), 12, 12, p);
        String[] out = python("import scipy.linalg as la\n"
                + "a = list(pages())\n"
                + "for x in a[:2]: print(' '.join(repr(float(v)) for v in la.eigh(x, eigvals_only=True)))\n"
                + "for x in a[2:4]: print(' '.join(repr(float(v)) for v in la.svd(x, compute_uv=False)))\n"
                + "y = la.inv(a[4]); print(' '.join(repr(float(v)) for v in np.column_stack([y.real.ravel('F'), y.imag.ravel('F')]).ravel()))\n",
                h5, h33, tall, wide, sq);
        double eps = p.eps();
        ComplexPageArray[] herm = {h5, h33};
        for (int t = 0; t < 2; t++) {
            double[] ref = numbers(out[t]);
            int n = ref.length;
            double norm = Math.max(Math.abs(ref[0]), Math.abs(ref[n - 1]));
            ComplexEigResult e = Jacobi.eig(herm[t], CPU);
            for (int i = 0; i < n; i++) assertEquals(ref[i], e.values().get(i, 0), 10 * n * eps * norm, "eig lambda_" + i);
        }
        ComplexPageArray[] rect = {tall, wide};
        for (int t = 0; t < 2; t++) {
            double[] ref = numbers(out[2 + t]);
            ComplexSvdResult r = Jacobi.svd(rect[t], CPU);
            for (int i = 0; i < ref.length; i++) assertEquals(ref[i], r.s().get(i, 0), 10 * 9 * eps * ref[0], "sigma_" + i);
        }
        double[] ref = numbers(out[4]);
        ComplexInverseResult x = Jacobi.inv(sq, CPU);
        double diff = 0, norm = 0;
        for (int i = 0; i < 144; i++) {
            diff += Math.pow(x.inverse().re(i) - ref[2 * i], 2) + Math.pow(x.inverse().im(i) - ref[2 * i + 1], 2);
            norm += ref[2 * i] * ref[2 * i] + ref[2 * i + 1] * ref[2 * i + 1];
        }
        double rel = Math.sqrt(diff / norm);
        assertTrue(rel <= 10 * 12 * eps / x.rcond(0), "inverse differs from LAPACK's by " + rel + ", rcond " + x.rcond(0));
    }

    /** P D H D P' with H Hermitian positive definite, unit diagonal, cond ~ 15, D = logspace(0, -10, n). */
    static double[] graded(Random r, int n) { return ComplexMatrices.gradedHermitian(r, n); }

    @ParameterizedTest
    @EnumSource(Precision.class)
    void gradedHermitianPositiveDefiniteToFullRelativeAccuracy(Precision p) throws IOException {
        gradedToFullRelativeAccuracy(p, false);
    }

    /** The same for graded indefinite Hermitian input (the real route on the real embedding; two-sided: ~1e-2). */
    @ParameterizedTest
    @EnumSource(Precision.class)
    void gradedHermitianIndefiniteToFullRelativeAccuracy(Precision p) throws IOException {
        gradedToFullRelativeAccuracy(p, true);
    }

    private void gradedToFullRelativeAccuracy(Precision p, boolean indefinite) throws IOException {
        int[] sizes = indefinite ? new int[]{7, 20, 41} : new int[]{7, 20};
        ComplexPageArray[] a = new ComplexPageArray[sizes.length];
        for (int t = 0; t < sizes.length; t++) {
            double[] z = indefinite ? ComplexMatrices.gradedHermitianIndefinite(new Random(80 + t), sizes[t])
                    : graded(new Random(60 + t), sizes[t]);
            a[t] = ComplexMatrices.of(z, sizes[t], sizes[t], p);
        }
        String[] out = python("import mpmath\n"
                + "mpmath.mp.dps = 40\n"
                + "for x in pages():\n"
                + "    n = x.shape[0]\n"
                + "    A = mpmath.matrix(n, n)\n"
                + "    for i in range(n):\n"
                + "        for j in range(n): A[i, j] = mpmath.mpc(float(x[i, j].real), float(x[i, j].imag))\n"
                + "    e = sorted(mpmath.eighe(A, eigvals_only=True))\n"
                + "    print(' '.join(mpmath.nstr(v, 30) for v in e))\n", a);
        double bound = p == Precision.DOUBLE ? 1e-12 : 10 * 20 * p.eps();
        for (int t = 0; t < sizes.length; t++) {
            double[] ref = numbers(out[t]);
            double small = Double.MAX_VALUE, big = 0;
            int negative = 0;
            for (double x : ref) {
                small = Math.min(small, Math.abs(x));
                big = Math.max(big, Math.abs(x));
                if (x < 0) negative++;
            }
            assertTrue(small < 1e-17 * big, "graded: smallest " + small + ", largest " + big);
            assertEquals(indefinite ? sizes[t] / 2 : 0, negative, "negative eigenvalues");
            ComplexEigResult e = Jacobi.eig(a[t], CPU);
            assertEquals(indefinite ? "hyperbolic" : CpuComplex.ONE_SIDED_ON_CHOLESKY, e.report().method());
            for (int i = 0; i < ref.length; i++) {
                double rel = Math.abs(e.values().get(i, 0) - ref[i]) / Math.abs(ref[i]);
                assertTrue(rel <= bound, "n=" + sizes[t] + " lambda_" + i + " = " + ref[i] + ": relative error " + rel);
            }
        }
    }
}
