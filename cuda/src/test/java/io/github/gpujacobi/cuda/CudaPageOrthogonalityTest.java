package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.core.Residuals;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The accuracy target for page arrays on the GPU, tighter than the shared conformance suite's 20 n eps: every
 * page's ||V'V - I||_F (eig), ||U'U - I||_F and ||V'V - I||_F (svd) within n eps of its class, for every size class of
 * the page kernels (warp, group, block Jacobi, double pages from 65 preconditioned in single), square and tall, both
 * precisions. Skipped without a GPU; run on the GPU
 * machine by cuda/gpu-verify.sh verify. Below n = 3 the bound is 3 eps: a stored orthogonal matrix (one rounding in each
 * entry, and this test's own dot products) can sit near 2 eps whatever n (a 2 x 2 page's U
 * has come out at 2.03 eps).
 */
public class CudaPageOrthogonalityTest {
    private static final int PAGES = 64;

    @BeforeEach
    void gpu() {
        assumeTrue(Backends.get().gpu() != null, "no GPU here: " + Backends.get().whyNoGpu());
    }

    static Stream<Arguments> classes() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) for (int n : new int[]{2, 7, 8, 16, 17, 32, 33, 36, 48, 63, 64, 65, 100, 128, 129, 200, 256}) {
            out.add(Arguments.of(p, n));
        }
        return out.stream();
    }

    private static SolverOptions gpuOptions() { return SolverOptions.defaults().withDevice("gpu"); }

    /** n eps, at least the rounding floor 3 eps. */
    private static double bound(Precision p, int n) { return Math.max(n, 3) * p.eps(); }

    @ParameterizedTest(name = "eig pages {0} {1}x{1}: V within n eps")
    @MethodSource("classes")
    void eigVectors(Precision p, int n) {
        Random r = new Random(n);
        double[] a = new double[n * n * PAGES];
        for (int k = 0; k < PAGES; k++) System.arraycopy(Matrices.symmetric(r, n), 0, a, k * n * n, n * n);
        EigResult e = Jacobi.eig(PageArray.wrap(a, n, n, PAGES).to(p), gpuOptions());
        PageArray v = e.vectors().to(Precision.DOUBLE);
        for (int k = 0; k < PAGES; k++) {
            double o = Residuals.orthogonality(v, k);
            assertTrue(o <= bound(p, n), "page " + k + ": ||V'V - I||_F = " + o + " > n eps = " + bound(p, n));
        }
    }

    @ParameterizedTest(name = "svd pages {0} {1} columns: U and V within n eps")
    @MethodSource("classes")
    void svdVectors(Precision p, int n) {
        for (int m : new int[]{n, n + 7}) {
            Random r = new Random(31L * n + m);
            SvdResult s = Jacobi.svd(PageArray.wrap(Matrices.randn(r, m * n * PAGES, 1), m, n, PAGES).to(p), gpuOptions());
            PageArray u = s.u().to(Precision.DOUBLE), v = s.v().to(Precision.DOUBLE);
            for (int k = 0; k < PAGES; k++) {
                double ou = Residuals.orthogonality(u, k), ov = Residuals.orthogonality(v, k);
                assertTrue(ou <= bound(p, m), m + " x " + n + " page " + k + ": ||U'U - I||_F = " + ou + " > m eps");
                assertTrue(ov <= bound(p, n), m + " x " + n + " page " + k + ": ||V'V - I||_F = " + ov + " > n eps");
            }
        }
    }
}
