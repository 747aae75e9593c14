package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Residuals;
import io.github.gpujacobi.testing.Matrices;
import jcuda.driver.CUresult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * After a sticky CUDA error (a test kernel storing through a null pointer leaves CUDA_ERROR_ILLEGAL_ADDRESS in the
 * context, as a faulting library call would) the backend re-creates its context, or, where the driver keeps the error
 * for the process, reports the GPU unusable; Device 'auto' runs on the CPU meanwhile. Skipped without a GPU. It poisons
 * the GPU of its JVM, so cuda/gpu-verify.sh runs it in a JVM of its own, after the other GPU tests.
 */
class CudaRecoveryTest {
    private CudaBackend backend;
    private PageArray a;

    @BeforeEach
    void gpu() {
        assumeTrue(Backends.get().gpu() != null, "no GPU here: " + Backends.get().whyNoGpu());
        backend = (CudaBackend) Backends.get().gpu();
        a = PageArray.zeros(Precision.DOUBLE, 64, 64, 1);
        a.writePage(0, Matrices.symmetric(new Random(45), 64));
    }

    private SolverOptions on(String device) {
        return SolverOptions.defaults().withDevice(device).withCaller("recovery").withGpus(new int[]{backend.device().index});
    }

    private void poison() {
        int r = StickyRecovery.poisonForTest(backend);
        assertTrue(StickyRecovery.sticky(r), "the test kernel should leave a sticky error, not " + CUresult.stringFor(r));
    }

    private void assertCorrect(EigResult r, EigResult reference) {
        assertEquals("cuda", r.report().backend(), String.join(" | ", r.report().notes()));
        assertTrue(Residuals.eig(a, r.vectors(), r.values(), 0) < 1e-13);
        assertTrue(Residuals.orthogonality(r.vectors(), 0) < 1e-13);
        for (int i = 0; i < 64; i++) assertEquals(reference.values().get(i, 0), r.values().get(i, 0), 1e-12 * 64);
    }

    /** An inverse by the blocked Gauss-Jordan: cuSOLVER and cuBLAS handles in the context, before and after. */
    private void inverseRunsOnTheGpu() {
        PageArray m = PageArray.zeros(Precision.DOUBLE, 100, 100, 1);
        m.writePage(0, Matrices.wellConditioned(new Random(3), 100));
        InverseResult x = Jacobi.inv(m, on("gpu").withMethod("gaussjordan"));
        assertEquals("cuda", x.report().backend());
        assertTrue(Residuals.inverse(m, x.inverse(), 0) < 1e-13);
    }

    /**
     * One sticky error a process (the driver may keep it for the whole process: then the GPU is reported unusable).
     * The call that meets it runs on the CPU under Device 'auto', with a note saying what happened; then either the
     * context was re-created and the GPU serves the next calls correctly (new library handles included), or every
     * later call says at once that the GPU is unusable and how to get it back (Device 'gpu': an error; 'auto': the CPU,
     * correct, with a note). Never a hang, a wrong result or a stack trace of the driver's.
     */
    @Test
    void afterAStickyErrorTheGpuIsRecreatedOrReportedUnusable() {
        EigResult before = Jacobi.eig(a, on("gpu"));
        inverseRunsOnTheGpu();
        poison();
        EigResult fallback = Jacobi.eig(a, on("auto"));
        String notes = String.join(" | ", fallback.report().notes());
        assertEquals("cpu", fallback.report().backend(), notes);
        assertTrue(notes.contains("ran on the CPU instead") && (notes.contains("re-created") || notes.contains("unusable")), notes);
        assertTrue(Residuals.eig(a, fallback.vectors(), fallback.values(), 0) < 1e-13);
        if (!notes.contains("unusable")) { // re-created (the unusable message says it could not be re-created)
            assertCorrect(Jacobi.eig(a, on("gpu")), before);
            inverseRunsOnTheGpu(); // the libraries' handles were made anew in the new context
        } else {
            JacobiException e = assertThrows(JacobiException.class, () -> Jacobi.eig(a, on("gpu")));
            assertEquals(ErrorKind.GPU_FAILURE, e.kind());
            assertTrue(e.getMessage().contains("unusable") && e.getMessage().contains("restart"), e.getMessage());
            EigResult next = Jacobi.eig(a, on("auto"));
            assertEquals("cpu", next.report().backend());
            assertTrue(Residuals.eig(a, next.vectors(), next.values(), 0) < 1e-13);
            for (int i = 0; i < 64; i++) assertEquals(before.values().get(i, 0), next.values().get(i, 0), 1e-12 * 64);
        }
    }
}
