package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.Residuals;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every CPU eig method at the ends of double's range: entries up to 1.7e308 (two-sided rotations
 * overflowed and returned eigenvalues 2% off, without an error; symmetrising overflowed to Inf, which
 * the default route met as an ArrayIndexOutOfBoundsException) and Method 'hyperbolic' beyond 1e+-150
 * (it squares G ~ |A|^(1/2): "singular" at 1e160, 6e-4 off at 1e-160). Eigenvalues of s*A must be
 * s times those of A; complex Hermitian pages likewise.
 */
class EigExtremeScaleTest {
    private static final int N = 5;
    private static final String[] METHODS = {"auto", "parallel", "cyclic", "classical", "hyperbolic"};
    private static final double[] SCALES = {1.7e308, 1e308, 1e160, 1e-160, 1e-305};

    private static final double[] LAMBDA = {1, -0.9, 0.5, -0.3, 0.1};

    /**
     * Q diag(LAMBDA) Q^H for the Householder reflector Q = I - 2 u u^H / (u^H u) of a random u (complex
     * when imag): indefinite, largest |eigenvalue| 1, entries near 1, so that s = 1.7e308 puts entries
     * near Double.MAX_VALUE with every eigenvalue finite. Interleaved re/im when imag.
     */
    private static double[] unit(Random r, boolean imag) {
        double[] ur = new double[N], ui = new double[N];
        double nn = 0;
        for (int i = 0; i < N; i++) {
            ur[i] = r.nextGaussian();
            ui[i] = imag ? r.nextGaussian() : 0;
            nn += ur[i] * ur[i] + ui[i] * ui[i];
        }
        double[] qr = new double[N * N], qi = new double[N * N]; // Q(i,k) = delta - 2 u_i conj(u_k) / nn
        for (int k = 0; k < N; k++) for (int i = 0; i < N; i++) {
            qr[i + k * N] = (i == k ? 1 : 0) - 2 * (ur[i] * ur[k] + ui[i] * ui[k]) / nn;
            qi[i + k * N] = -2 * (ui[i] * ur[k] - ur[i] * ui[k]) / nn;
        }
        double[] z = new double[2 * N * N];
        for (int j = 0; j < N; j++) for (int i = 0; i <= j; i++) { // A(i,j) = sum_k Q(i,k) lambda_k conj(Q(j,k))
            double re = 0, im = 0;
            for (int k = 0; k < N; k++) {
                double ar = qr[i + k * N], ai = qi[i + k * N], br = qr[j + k * N], bi = -qi[j + k * N];
                re += LAMBDA[k] * (ar * br - ai * bi);
                im += LAMBDA[k] * (ar * bi + ai * br);
            }
            if (i == j) im = 0;
            z[2 * (i + j * N)] = re; z[2 * (i + j * N) + 1] = im;
            z[2 * (j + i * N)] = re; z[2 * (j + i * N) + 1] = -im;
        }
        if (imag) return z;
        double[] a = new double[N * N];
        for (int i = 0; i < a.length; i++) a[i] = z[2 * i];
        return a;
    }

    private static double[] scaled(double[] a, double s) {
        double[] b = new double[a.length];
        for (int i = 0; i < a.length; i++) b[i] = a[i] * s;
        return b;
    }

    @Test
    void realEigenvaluesScaleWithTheMatrixForEveryMethod() {
        double[] a = unit(new Random(5), false);
        SolverOptions cpu = SolverOptions.defaults().withDevice("cpu");
        for (String m : METHODS) {
            EigResult ref = Jacobi.eig(PageArray.wrap(a, N, N), cpu.withMethod(m));
            for (double s : SCALES) {
                EigResult e = Jacobi.eig(PageArray.wrap(scaled(a, s), N, N), cpu.withMethod(m));
                for (int i = 0; i < N; i++) {
                    assertEquals(ref.values().get(i), e.values().get(i) / s, 1e-13, m + " at " + s + ": eigenvalue " + i);
                }
                assertTrue(Residuals.orthogonality(e.vectors(), 0) < 1e-13, m + " at " + s);
                assertTrue(Residuals.eig(PageArray.wrap(a, N, N), e.vectors(), ref.values(), 0) < 1e-13, m + " at " + s);
            }
        }
    }

    @Test
    void complexEigenvaluesScaleWithTheMatrix() {
        double[] z = unit(new Random(6), true);
        SolverOptions cpu = SolverOptions.defaults().withDevice("cpu");
        for (String m : new String[]{"parallel", "cyclic"}) {
            ComplexEigResult ref = Jacobi.eig(ComplexPageArray.wrap(z, N, N), cpu.withMethod(m));
            for (double s : SCALES) {
                ComplexEigResult e = Jacobi.eig(ComplexPageArray.wrap(scaled(z, s), N, N), cpu.withMethod(m));
                for (int i = 0; i < N; i++) {
                    assertEquals(ref.values().get(i), e.values().get(i) / s, 1e-13, m + " at " + s + ": eigenvalue " + i);
                }
            }
        }
    }

    @Test
    void symmetrisingEntriesNearTheLargestDoubleDoesNotOverflow() {
        double big = 1.7e308, below = Math.nextDown(big);
        assertEquals(big, PageAssembly.mean(big, big), 0);
        assertEquals(-big, PageAssembly.mean(-big, -big), 0);
        assertEquals(0.75, PageAssembly.mean(0.5, 1), 0);
        double[] a = {1, below, big, 1}; // symmetric to rounding: (a12 + a21) overflows
        EigResult e = Jacobi.eig(PageArray.wrap(a, 2, 2), SolverOptions.defaults().withDevice("cpu"));
        assertEquals(-1, e.values().get(0) / big, 1e-15);
        assertEquals(1, e.values().get(1) / big, 1e-15);
    }
}
