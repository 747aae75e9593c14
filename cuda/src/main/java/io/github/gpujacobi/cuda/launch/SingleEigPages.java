package io.github.gpujacobi.cuda.launch;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.cuda.jna.CuSolver;

/**
 * cuSOLVER's batched eigensolver of the 64-bit API (cusolverDnXsyevBatched, CUDA 12.6+) on float pages: eigenvectors
 * over the pages' lower triangles, eigenvalues and one status a page. Queued on the solver handle's stream, the
 * default one, with the kernels; its device workspace is a {@link Workspace} buffer, its host workspace held here.
 */
public final class SingleEigPages {
    private static final int CUDA_R_32F = 0, JOBZ_VECTORS = 1, UPLO_LOWER = 0;
    /** Set once a libcusolver without XsyevBatched (before CUDA 12.6) is seen: asked before each use. */
    private static volatile boolean unavailable;

    /** The host workspace, held as long as this object so that no call outlives it. */
    private Memory hostWork;

    /** Whether the loaded libcusolver is known to lack XsyevBatched. */
    public static boolean unavailable() { return unavailable; }

    /**
     * Eigenvectors of count n x n float pages at a over them, eigenvalues into w (n floats a page), each page's status
     * into info (0: solved). False when the routine is missing or refused the call: nothing usable was written.
     */
    public boolean solve(GpuContext gpu, String forWhat, DevicePointer a, DevicePointer w, DevicePointer info, int n,
                         int count) {
        CudaLibraries lib = gpu.libraries(forWhat);
        CuSolver cs = lib.solver;
        PointerByReference pr = new PointerByReference();
        try {
            if (cs.cusolverDnCreateParams(pr) != 0) return false;
        } catch (UnsatisfiedLinkError e) {
            unavailable = true;
            return false;
        }
        Pointer params = pr.getValue();
        try {
            LongByReference dev = new LongByReference(), host = new LongByReference();
            if (cs.cusolverDnXsyevBatched_bufferSize(lib.solverHandle, params, JOBZ_VECTORS, UPLO_LOWER, n, CUDA_R_32F, a.jna(),
                    n, CUDA_R_32F, w.jna(), CUDA_R_32F, dev, host, count) != 0) return false;
            DevicePointer work = gpu.buffer(Workspace.PRECOND_PAGES_WORK, Math.max(8, dev.getValue()));
            if (hostWork == null || hostWork.size() < host.getValue()) hostWork = new Memory(Math.max(8, host.getValue()));
            return cs.cusolverDnXsyevBatched(lib.solverHandle, params, JOBZ_VECTORS, UPLO_LOWER, n, CUDA_R_32F, a.jna(), n,
                    CUDA_R_32F, w.jna(), CUDA_R_32F, work.jna(), dev.getValue(), hostWork, host.getValue(), info.jna(),
                    count) == 0;
        } catch (UnsatisfiedLinkError e) { // a libcusolver before CUDA 12.6
            unavailable = true;
            return false;
        } finally {
            cs.cusolverDnDestroyParams(params);
        }
    }
}
