package io.github.gpujacobi.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A result holding NaN or Inf for finite input (gpu_svd(B * 1e160) once gave [Inf Inf Inf],
 * "converged") is a failure, never "done, not converged": on the GPU a GPU failure (Device 'auto'
 * retries on the CPU), on the CPU an internal error; the message names the page.
 */
class NonFiniteResultTest {
    static final SolverOptions O = SolverOptions.defaults().withCaller("gpu_svd").withVariable("B");

    @Test
    void nanOrInfResultsAreFailures() {
        PageArray ok = PageArray.wrap(new double[]{3, 2, 1, 0}, 2, 1, 2);
        Jacobi.requireFinite(new PageArray[]{ok, null}, true, "cuda", O);
        PageArray bad = PageArray.wrap(new double[]{3, 2, Double.POSITIVE_INFINITY, 0}, 2, 1, 2);
        JacobiException g = assertThrows(JacobiException.class,
                () -> Jacobi.requireFinite(new PageArray[]{ok, bad}, true, "cuda", O));
        assertEquals(ErrorKind.GPU_FAILURE, g.kind());
        assertTrue(g.getMessage().startsWith("gpu_svd: B: the cuda backend produced Infinity in page 2"), g.getMessage());
        PageArray nan = PageArray.wrap(new float[]{Float.NaN}, 1, 1);
        assertEquals(ErrorKind.INTERNAL, assertThrows(JacobiException.class,
                () -> Jacobi.requireFinite(new PageArray[]{nan}, false, "cpu", O)).kind());
    }
}
