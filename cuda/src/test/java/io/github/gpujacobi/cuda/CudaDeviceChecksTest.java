package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The routes that check their input on the device (the blocked eig route, the batched eig kernels, Gauss-Jordan
 * inversion of large pages and the batched inverse: intake.cu) give the host checks' errors word for word, leave the
 * input as it was, and agree with the CPU backend: NaN and Inf named where they are, asymmetry beyond the tolerance
 * refused, asymmetry within it averaged, eigenvalues sorted with their vectors, RCOND as the CPU finds it; the svd
 * routes that check, scale, grade and sort on the device (BlockedSvdOnDevice, CudaBatchedSvd's intake) likewise, on
 * pages that take every branch of those passes. Skipped without a GPU; cuda/gpu-verify.sh verify runs it.
 */
public class CudaDeviceChecksTest {
    @BeforeEach
    void gpu() {
        assumeTrue(Backends.get().gpu() != null, "no GPU here: " + Backends.get().whyNoGpu());
    }

    private static SolverOptions on(String device, String method) {
        return SolverOptions.defaults().withDevice(device).withMethod(method).withVariable("A");
    }

    private static PageArray symmetricPages(Random r, int n, int pages, Precision p) {
        double[] all = new double[n * n * pages];
        for (int k = 0; k < pages; k++) System.arraycopy(Matrices.symmetric(r, n), 0, all, k * n * n, n * n);
        return PageArray.wrap(all, n, n, pages).to(p);
    }

    private static double[] flat(PageArray a) {
        double[] out = new double[a.length()];
        for (int i = 0; i < out.length; i++) out[i] = a.get(i);
        return out;
    }

    private static String message(Runnable call) {
        return assertThrows(JacobiException.class, call::run).getMessage();
    }

    /** eig: blocked (single, any n; double from the blocked order), batched pages, a single small matrix. */
    @ParameterizedTest
    @CsvSource({"900, 1, double, auto", "300, 1, single, auto", "100, 2, double, blocked", "16, 40, double, auto",
            "64, 30, single, auto", "40, 1, double, auto"})
    void eigChecksAndResultsMatchTheCpu(int n, int pages, String precision, String method) {
        Precision p = Precision.fromName(precision);
        PageArray a = symmetricPages(new Random(n * 31L + pages), n, pages, p);
        PageArray before = a.to(p);
        EigResult gpu = Jacobi.eig(a, on("gpu", method)), cpu = Jacobi.eig(a, on("cpu", "auto"));
        assertArrayEquals(flat(before), flat(a), "the input changed");
        double tol = p == Precision.DOUBLE ? 1e-10 : 1e-4;
        for (int i = 0; i < cpu.values().length(); i++) {
            double ref = cpu.values().get(i), scale = Math.max(1, Math.abs(ref));
            assertEquals(ref, gpu.values().get(i), tol * scale * n, "eigenvalue " + i);
        }
        // A v = lambda v for every returned pair: the vectors are sorted with their values
        double worst = 0;
        for (int k = 0; k < pages; k++) {
            for (int j = 0; j < n; j++) {
                double lambda = gpu.values().get(k * n + j);
                for (int i = 0; i < n; i++) {
                    double av = 0;
                    for (int l = 0; l < n; l++) av += a.get(k * n * n + i + l * n) * gpu.vectors().get(k * n * n + l + j * n);
                    worst = Math.max(worst, Math.abs(av - lambda * gpu.vectors().get(k * n * n + i + j * n)));
                }
            }
        }
        assertTrue(worst < tol * n, "residual " + worst);

        // an entry made NaN, Inf, or asymmetric beyond the tolerance: the CPU's messages, word for word
        int k = pages - 1, i = n - 1, j = n / 2;
        for (double bad : new double[]{Double.NaN, Double.NEGATIVE_INFINITY}) {
            PageArray b = a.to(p);
            b.set(i, j, k, bad);
            assertEquals(message(() -> Jacobi.eig(b, on("cpu", "auto"))), message(() -> Jacobi.eig(b, on("gpu", method))));
        }
        PageArray c = a.to(p);
        c.set(i, j, k, c.get(k * n * n + i + j * n) + 1);
        String cpuMessage = message(() -> Jacobi.eig(c, on("cpu", "auto")));
        assertTrue(cpuMessage.contains("must be symmetric"), cpuMessage);
        assertEquals(cpuMessage, message(() -> Jacobi.eig(c, on("gpu", method))));
    }

    /** inv: large pages by Gauss-Jordan ('auto' on an unsymmetric page too), and the batched inverse of small pages. */
    @ParameterizedTest
    @CsvSource({"300, 1, double, gaussjordan", "257, 2, single, auto", "100, 1, double, auto", "8, 50, double, auto",
            "40, 20, single, gaussjordan", "33, 1, double, gaussjordan"})
    void inverseChecksAndRcondMatchTheCpu(int n, int pages, String precision, String method) {
        Precision p = Precision.fromName(precision);
        Random r = new Random(n * 7L + pages);
        double[] all = new double[n * n * pages];
        for (int i = 0; i < all.length; i++) all[i] = r.nextGaussian();
        PageArray a = PageArray.wrap(all, n, n, pages).to(p), before = a.to(p);
        InverseResult gpu = Jacobi.inv(a, on("gpu", method)), cpu = Jacobi.inv(a, on("cpu", method));
        assertArrayEquals(flat(before), flat(a), "the input changed");
        for (int k = 0; k < pages; k++) {
            assertEquals(cpu.rcond()[k], gpu.rcond()[k], 1e-3 * cpu.rcond()[k], "rcond of page " + k);
            assertEquals(cpu.singular(k), gpu.singular(k));
        }
        double tol = p == Precision.DOUBLE ? 1e-8 : 1e-2;
        for (int i = 0; i < cpu.inverse().length(); i++) {
            assertEquals(cpu.inverse().get(i), gpu.inverse().get(i), tol * Math.max(1, Math.abs(cpu.inverse().get(i))), "entry " + i);
        }
        // a singular page comes back Inf with RCOND 0, as on the CPU
        PageArray z = a.to(p);
        for (int i = 0; i < n; i++) z.set(i, n - 1, 0, 0); // page 1's last column
        InverseResult zs = Jacobi.inv(z, on("gpu", method));
        assertTrue(zs.singular(0) && zs.rcond()[0] == 0 && Double.isInfinite(zs.inverse().get(0)), "singular page");
        for (double bad : new double[]{Double.NaN, Double.POSITIVE_INFINITY}) {
            PageArray b = a.to(p);
            b.set(n - 2, n - 1, pages - 1, bad);
            JacobiException e = assertThrows(JacobiException.class, () -> Jacobi.inv(b, on("gpu", method)));
            assertEquals(ErrorKind.NON_FINITE, e.kind());
            assertEquals(message(() -> Jacobi.inv(b, on("cpu", method))), e.getMessage());
        }
    }

    /** 'auto' on an exactly symmetric positive definite page still takes the SPD route (the policy's Cholesky). */
    @ParameterizedTest
    @CsvSource({"200, double", "150, single"})
    void autoInverseOfAnSpdPageIsCholesky(int n, String precision) {
        PageArray a = PageArray.wrap(Matrices.spd(new Random(n), n), n, n, 1).to(Precision.fromName(precision));
        InverseResult r = Jacobi.inv(a, on("gpu", "auto"));
        assertEquals("cholesky", r.report().method());
    }

    /**
     * svd: the blocked route from the caller's array (square, tall with econ, single), the batched pages (sorted on the
     * device; tall pages without econ and pages of up to 8 columns sorted on the host; single). The pages include one
     * scaled (1e-200), one with graded rows, one with a zero column (its U column completed on the host) and, for the
     * blocked route, none beyond the span; the results agree with the CPU's, the errors word for word.
     */
    @ParameterizedTest
    @CsvSource({"300, 300, 1, double, blocked, false", "260, 200, 1, double, auto, true", "300, 300, 1, single, auto, false",
            "300, 300, 4, double, blocked, false", "64, 64, 30, double, auto, false", "40, 24, 20, double, auto, false",
            "40, 24, 20, double, auto, true", "16, 16, 50, single, auto, false", "8, 8, 40, double, auto, false"})
    void svdChecksAndResultsMatchTheCpu(int m, int n, int pages, String precision, String method, boolean econ) {
        Precision p = Precision.fromName(precision);
        Random r = new Random(m * 13L + n + pages);
        int size = m * n;
        double[] all = new double[size * pages];
        for (int i = 0; i < all.length; i++) all[i] = r.nextGaussian();
        int last = pages - 1;
        double tiny = precision.equals("double") ? 1e-200 : 1e-30;
        for (int i = 0; i < size; i++) all[last * size + i] *= tiny; // scaled into range and back
        if (pages > 2) for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) all[size + i + j * m] *= Math.pow(10, -12.0 * i / m);
        if (pages > 3) java.util.Arrays.fill(all, 2 * size, 2 * size + m, 0.0); // a zero column: sigma 0
        if (pages == 1) for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) all[i + j * m] *= Math.pow(10, -8.0 * ((i * 7) % m) / m);
        PageArray a = PageArray.wrap(all, m, n, pages).to(p), before = a.to(p);
        SolverOptions gpuOptions = on("gpu", method).withEcon(econ), cpuOptions = on("cpu", "auto").withEcon(econ);
        SvdResult gpu = Jacobi.svd(a, gpuOptions), cpu = Jacobi.svd(a, cpuOptions);
        assertArrayEquals(flat(before), flat(a), "the input changed");
        double tol = p == Precision.DOUBLE ? 1e-10 : 1e-4;
        int kmin = Math.min(m, n), uc = gpu.u().cols(), vc = gpu.v().cols();
        for (int k = 0; k < pages; k++) {
            double top = cpu.s().get(k * kmin);
            for (int j = 0; j < kmin; j++) {
                double ref = cpu.s().get(k * kmin + j);
                assertEquals(ref, gpu.s().get(k * kmin + j), tol * Math.max(Math.abs(ref), 1e-3 * top) * n, "sigma " + j + ", page " + k);
            }
            // A v_j = s_j u_j, and U, V orthonormal: the vectors are sorted with their values
            double worst = 0, orth = 0;
            for (int j = 0; j < kmin; j++) {
                double sj = gpu.s().get(k * kmin + j);
                for (int i = 0; i < m; i++) {
                    double av = 0;
                    for (int l = 0; l < n; l++) av += a.get(k * size + i + l * m) * gpu.v().get(k * n * vc + l + j * n);
                    worst = Math.max(worst, Math.abs(av - sj * gpu.u().get(k * m * uc + i + j * m)));
                }
            }
            for (int x = 0; x < uc; x++) {
                for (int y = 0; y <= x; y++) {
                    double d = 0;
                    for (int i = 0; i < m; i++) d += gpu.u().get(k * m * uc + i + x * m) * gpu.u().get(k * m * uc + i + y * m);
                    orth = Math.max(orth, Math.abs(d - (x == y ? 1 : 0)));
                }
            }
            assertTrue(worst <= tol * n * Math.max(top, Double.MIN_NORMAL), "residual " + worst + ", page " + k);
            assertTrue(orth < tol * n, "U orthogonality " + orth + ", page " + k);
        }
        for (double bad : new double[]{Double.NaN, Double.POSITIVE_INFINITY}) {
            PageArray b = a.to(p);
            b.set(m - 1, n / 2, last, bad);
            JacobiException e = assertThrows(JacobiException.class, () -> Jacobi.svd(b, gpuOptions));
            assertEquals(ErrorKind.NON_FINITE, e.kind());
            assertEquals(message(() -> Jacobi.svd(b, cpuOptions)), e.getMessage());
        }
    }

    /** A page whose column norms span beyond the GPU's safe range is solved on the CPU, with the CPU's note. */
    @ParameterizedTest
    @CsvSource({"300, 1, blocked", "64, 6, auto"})
    void svdBeyondTheSpanGoesToTheCpu(int n, int pages, String method) {
        Random r = new Random(n);
        double[] all = new double[n * n * pages];
        for (int i = 0; i < all.length; i++) all[i] = r.nextGaussian();
        for (int i = 0; i < n; i++) all[i] *= 1e-300; // page 1's first column
        PageArray a = PageArray.wrap(all, n, n, pages);
        SvdResult gpu = Jacobi.svd(a, on("gpu", method)), cpu = Jacobi.svd(a, on("cpu", "auto"));
        assertTrue(gpu.report().notes().stream().anyMatch(x -> x.contains("solved on the CPU by column-scaled")),
                gpu.report().notes().toString());
        for (int i = 0; i < cpu.s().length(); i++) {
            assertEquals(cpu.s().get(i), gpu.s().get(i), 1e-10 * Math.max(Math.abs(cpu.s().get(i)), 1e-300), "sigma " + i);
        }
    }
}
