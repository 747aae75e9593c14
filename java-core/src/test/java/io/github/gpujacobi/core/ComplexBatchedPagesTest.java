package io.github.gpujacobi.core;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.ComplexMatrices;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batched complex page routes' host side (ComplexPageDriver.eigBatched / svdBatched with the embedding's pairing,
 * what the GPU's CudaComplex.batchedPages / batchedSvdPages do around the real batched kernels), here with the CPU's
 * real solvers standing in for the kernels: against the CPU's complex solvers page by page, wide pages (transposed),
 * thin and full U, and without vectors.
 */
class ComplexBatchedPagesTest {
    private static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");
    private static final PageDriver DRIVER = new PageDriver("test", 1, true, new java.util.ArrayList<String>());

    @Test
    void eigPagesThroughTheEmbeddingMatchPageByPage() {
        int n = 9, pages = 4;
        double[] z = new double[2 * n * n * pages];
        Random r = new Random(11);
        for (int k = 0; k < pages; k++) System.arraycopy(ComplexMatrices.hermitian(r, n), 0, z, 2 * n * n * k, 2 * n * n);
        ComplexPageArray a = ComplexPageArray.wrap(z, n, n, pages);
        for (boolean vectors : new boolean[]{true, false}) {
            SolverOptions o = CPU.withVectors(vectors);
            ComplexEigResult batched = new ComplexPageDriver(DRIVER).eigBatched(a, o, "batched", (w, v, stats) -> {
                double[][] d = new double[w.length][];
                for (int k = 0; k < w.length; k++) {
                    EigResult m = Jacobi.eig(PageArray.wrap(ComplexEmbedding.hermitian(w[k], n), 2 * n, 2 * n), o.withMethod("parallel"));
                    d[k] = new double[n];
                    assertTrue(ComplexEmbedding.eigenpairs(m.values().pageAsDouble(0), vectors ? m.vectors().pageAsDouble(0) : null,
                            n, d[k], vectors ? v[k] : null));
                    stats.record(k, 1, 1, true);
                }
                return d;
            });
            ComplexEigResult ref = Jacobi.eig(a, CPU.withMethod("parallel"));
            for (int k = 0; k < pages; k++) {
                for (int i = 0; i < n; i++) assertEquals(ref.values().get(i, 0, k), batched.values().get(i, 0, k), 1e-13);
                if (vectors) {
                    assertTrue(ComplexMatrices.eigResidual(a, batched.vectors(), batched.values(), k) < 1e-14);
                    assertTrue(ComplexMatrices.orthogonality(batched.vectors(), k) < 1e-13);
                }
            }
            assertTrue(batched.report().converged());
        }
    }

    @Test
    void svdPagesThroughTheEmbeddingMatchPageByPage() {
        for (int[] mn : new int[][]{{8, 5}, {5, 8}, {6, 6}}) {
            int m = mn[0], n = mn[1], pages = 3, kmin = Math.min(m, n);
            ComplexPageArray a = ComplexPageArray.wrap(ComplexMatrices.randn(new Random(m * 10 + n), m * n * pages, 1), m, n, pages);
            for (int variant = 0; variant < 3; variant++) { // thin, full, values only
                SolverOptions o = variant == 2 ? CPU.withVectors(false) : CPU.withEcon(variant == 0);
                boolean vectors = o.vectors(), unitU = variant == 1;
                ComplexSvdResult batched = new ComplexPageDriver(DRIVER).svdBatched(a, o, "batched", 1e300, (w, vw, mm, nn, stats) -> {
                    for (int k = 0; k < w.length; k++) {
                        SvdResult s = Jacobi.svd(PageArray.wrap(ComplexEmbedding.general(w[k], mm, nn), 2 * mm, 2 * nn), CPU.withEcon(true)
                                .withVectors(vectors));
                        double[] y = new double[w[k].length];
                        assertTrue(ComplexEmbedding.singularTriplets(s.s().pageAsDouble(0), vectors ? s.u().pageAsDouble(0) : null,
                                vectors ? s.v().pageAsDouble(0) : null, mm, nn, y, vectors ? vw[k] : null));
                        System.arraycopy(y, 0, w[k], 0, y.length);
                        stats.record(k, 1, 1, true);
                    }
                    if (!unitU) return null; // w holds A V: the driver takes the norms
                    double[][] sigma = new double[w.length][nn]; // else U's unit columns in w, their norms returned
                    for (int k = 0; k < w.length; k++) {
                        for (int j = 0; j < nn; j++) {
                            sigma[k][j] = SafeNorms.norm2(w[k], 2 * j * mm, 2 * mm);
                            for (int i = 2 * j * mm; i < 2 * (j + 1) * mm && sigma[k][j] > 0; i++) w[k][i] /= sigma[k][j];
                        }
                    }
                    return sigma;
                });
                ComplexSvdResult ref = Jacobi.svd(a, CPU.withVectors(false));
                for (int k = 0; k < pages; k++) {
                    for (int i = 0; i < kmin; i++) assertEquals(ref.s().get(i, 0, k), batched.s().get(i, 0, k), 1e-13 * ref.s().get(0, 0, k));
                    if (vectors) {
                        assertEquals(variant == 0 ? kmin : m, batched.u().cols(), "thin or full U");
                        assertTrue(ComplexMatrices.svdResidual(a, batched.u(), batched.s(), batched.v(), k) < 1e-14);
                        assertTrue(ComplexMatrices.orthogonality(batched.u(), k) < 1e-13);
                        assertTrue(ComplexMatrices.orthogonality(batched.v(), k) < 1e-13);
                    }
                }
            }
        }
    }
}
