package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.ComplexMatrices;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The accuracy contract (docs/accuracy.md) on the GPU's default routes. Orthogonality: every returned factor within
 * n eps of its class on random input, single matrices on every route (fused MCA eig, pointwise and blocked svd, tall and
 * wide). Relative accuracy on every default route that graded input can reach: graded indefinite
 * eig, real and Hermitian, on the batched page kernels (single matrices up to 64, pages), the fused MCA kernel and
 * the blocked route; row-graded and column-graded svd on the batched, pointwise and blocked routes (tall, wide,
 * square). The reference is the CPU backend's default on the same input (in double), itself checked against
 * high-precision references by the shared conformance suite. Skipped without a GPU; cuda/gpu-verify.sh verify runs it.
 */
public class CudaAccuracyContractTest {
    @BeforeEach
    void gpu() {
        assumeTrue(Backends.get().gpu() != null, "no GPU here: " + Backends.get().whyNoGpu());
    }

    private static SolverOptions on(String device) { return SolverOptions.defaults().withDevice(device); }

    /** The contract's relative error: c eps of double, 1e-5 for single input. */
    private static double bound(Precision p) { return p == Precision.DOUBLE ? 1e-12 : 1e-5; }

    /** P (D H D) P', D = logspace(0, -decades / 2, n): entries over {@code decades} decades, H random symmetric. */
    static double[] gradedIndefinite(Random r, int n, double decades) {
        double[] h = Matrices.symmetric(r, n), d = scales(r, n, decades / 2);
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) h[i + j * n] *= d[i] * d[j];
        return h;
    }

    /** logspace(0, -decades, n) in a random order. */
    static double[] scales(Random r, int n, double decades) {
        double[] d = new double[n];
        int[] p = Matrices.permutation(r, n);
        for (int i = 0; i < n; i++) d[p[i]] = Math.pow(10, -decades * i / Math.max(1, n - 1));
        return d;
    }

    private static double maxRelative(PageArray got, PageArray ref) {
        double worst = 0;
        for (int i = 0; i < ref.length(); i++) {
            double x = ref.get(i);
            worst = Math.max(worst, Math.abs(got.get(i) - x) / Math.abs(x));
        }
        return worst;
    }

    @ParameterizedTest(name = "graded indefinite eig {0} n = {1}, {2} pages")
    @CsvSource({"DOUBLE, 20, 1", "DOUBLE, 60, 1", "DOUBLE, 100, 1", "DOUBLE, 500, 1", "DOUBLE, 40, 6", "DOUBLE, 130, 3",
            "SINGLE, 30, 1", "SINGLE, 30, 5"})
    void gradedIndefiniteEig(Precision p, int n, int pages) {
        Random r = new Random(7L * n + pages);
        double[] a = new double[n * n * pages];
        for (int k = 0; k < pages; k++) {
            System.arraycopy(gradedIndefinite(r, n, p == Precision.DOUBLE ? 12 : 6), 0, a, k * n * n, n * n);
        }
        PageArray in = PageArray.wrap(a, n, n, pages).to(p);
        EigResult gpu = Jacobi.eig(in, on("gpu"));
        EigResult cpu = Jacobi.eig(in.to(Precision.DOUBLE), on("cpu"));
        double err = maxRelative(gpu.values(), cpu.values());
        assertTrue(err <= bound(p), "relative error " + err + " (" + gpu.report() + ")");
        assertTrue(gpu.report().converged(), gpu.report().toString());
        for (int k = 0; k < pages; k++) {
            double orth = Matrices.orthogonality(gpu.vectors(), k);
            assertTrue(orth <= Math.max(n, 3) * p.eps(), "page " + (k + 1) + ": ||V'V - I|| = " + orth);
        }
    }

    @ParameterizedTest(name = "graded indefinite Hermitian eig n = {0}, {1} pages")
    @CsvSource({"30, 1", "100, 1", "30, 4", "300, 1"})
    void gradedIndefiniteHermitian(int n, int pages) {
        Random r = new Random(11L * n + pages);
        double[] a = new double[2 * n * n * pages];
        for (int k = 0; k < pages; k++) {
            double[] h = ComplexMatrices.hermitian(r, n), d = scales(r, n, 6);
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    h[2 * (i + j * n)] *= d[i] * d[j];
                    h[2 * (i + j * n) + 1] *= d[i] * d[j];
                }
            }
            System.arraycopy(h, 0, a, 2 * k * n * n, 2 * n * n);
        }
        ComplexPageArray in = ComplexPageArray.wrap(a, n, n, pages);
        ComplexEigResult gpu = Jacobi.eig(in, on("gpu"));
        ComplexEigResult cpu = Jacobi.eig(in, on("cpu"));
        double err = maxRelative(gpu.values(), cpu.values());
        assertTrue(err <= 1e-12, "relative error " + err + " (" + gpu.report() + ")");
        for (int k = 0; k < pages; k++) {
            double orth = ComplexMatrices.orthogonality(gpu.vectors(), k);
            assertTrue(orth <= Math.max(n, 3) * Precision.DOUBLE.eps(), "page " + (k + 1) + ": ||V'V - I|| = " + orth);
        }
    }

    @ParameterizedTest(name = "graded svd {0} {1} x {2}, {3} pages, rows graded: {4}")
    @CsvSource({"DOUBLE, 1000, 800, 1, true", "DOUBLE, 800, 1000, 1, false", "DOUBLE, 300, 200, 1, true",
            "DOUBLE, 60, 40, 1, true", "DOUBLE, 40, 60, 1, false", "DOUBLE, 50, 50, 4, true", "DOUBLE, 900, 900, 1, true",
            "SINGLE, 200, 150, 1, true", "SINGLE, 30, 30, 1, true"})
    void gradedSvd(Precision p, int m, int n, int pages, boolean rows) {
        Random r = new Random(13L * m + n + pages);
        double decades = p == Precision.DOUBLE ? 20 : 6;
        double[] a = new double[m * n * pages];
        for (int k = 0; k < pages; k++) {
            double[] b = Matrices.randn(r, m, n), d = scales(r, rows ? m : n, decades);
            for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) b[i + j * m] *= rows ? d[i] : d[j];
            System.arraycopy(b, 0, a, k * m * n, m * n);
        }
        PageArray in = PageArray.wrap(a, m, n, pages).to(p);
        SvdResult gpu = Jacobi.svd(in, on("gpu").withEcon(true));
        SvdResult cpu = Jacobi.svd(in.to(Precision.DOUBLE), on("cpu").withVectors(false));
        double err = maxRelative(gpu.s(), cpu.s());
        assertTrue(err <= bound(p), "relative error " + err + " (" + gpu.report() + ")");
        for (int k = 0; k < pages; k++) {
            int kmin = Math.min(m, n);
            double ou = Matrices.orthogonality(gpu.u(), k), ov = Matrices.orthogonality(gpu.v(), k);
            assertTrue(Math.max(ou, ov) <= Math.max(kmin, 3) * p.eps(), "page " + (k + 1) + ": U " + ou + ", V " + ov);
        }
    }

    @ParameterizedTest(name = "orthogonality {0} {1} x {2}")
    @CsvSource({"DOUBLE, 100, 100", "DOUBLE, 300, 300", "DOUBLE, 777, 777", "DOUBLE, 300, 200", "DOUBLE, 200, 300",
            "SINGLE, 777, 777", "SINGLE, 300, 200", "DOUBLE, 1024, 1024", "SINGLE, 1024, 1024"})
    void factorsOrthogonal(Precision p, int m, int n) {
        Random r = new Random(17L * m + n);
        int kmin = Math.min(m, n);
        double bound = Math.max(kmin, 3) * p.eps();
        if (m == n) {
            EigResult e = Jacobi.eig(PageArray.wrap(Matrices.symmetric(r, n), n, n, 1).to(p), on("gpu"));
            double orth = Matrices.orthogonality(e.vectors(), 0);
            assertTrue(orth <= bound, "eig: ||V'V - I|| = " + orth + " (" + e.report() + ")");
        }
        SvdResult s = Jacobi.svd(PageArray.wrap(Matrices.randn(r, m, n), m, n, 1).to(p), on("gpu").withEcon(true));
        double ou = Matrices.orthogonality(s.u(), 0), ov = Matrices.orthogonality(s.v(), 0);
        assertTrue(Math.max(ou, ov) <= bound, "svd: U " + ou + ", V " + ov + " (" + s.report() + ")");
    }
}
