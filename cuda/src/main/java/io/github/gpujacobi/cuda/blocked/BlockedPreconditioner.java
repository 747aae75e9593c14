package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.polish.PolarPolish;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * The preconditioning of the svd (after its QR) and of the positive definite eig [22]: the sweeps run on X P instead
 * of X = R', P the eigenvectors of X'X from cuSOLVER's syevd, and then start nearly converged. P is orthogonal and
 * multiplies from the right, so X P keeps X's rows, the rows whose scaling gives the sweeps on X their relative
 * accuracy [6, 8]. The hyperbolic sweeps need a J-orthogonal P instead ({@link CudaHyperbolicPrecondition}).
 */
final class BlockedPreconditioner {
    private final GpuContext gpu;
    private final CudaLibraries lib;
    private final BlockedScalar el;

    BlockedPreconditioner(GpuContext gpu, BlockedScalar el) {
        this.gpu = gpu;
        this.lib = gpu.libraries("Method 'blocked'");
        this.el = el;
    }

    /**
     * Whether the sweeps of order n are preconditioned: from {@code Tuning.preconditionFrom}, no fixed sweep count (the
     * experiments of [1] count plain sweeps), and room beside the sweeps' buffers (two work arrays, U, the polish's
     * two): X, P and syevd's workspace take about 2 n^2 elements, so without room for about 10 n^2 the sweeps run on X.
     */
    boolean wanted(int n, int fixedSweeps) {
        return n >= gpu.tuning.preconditionFrom && fixedSweeps == 0 && gpu.freeMemory() >= 10L * n * n * el.bytes;
    }

    /**
     * g (the factor R in its upper triangle, leading dimension ldg) to X Q into out (leading dimension n), X = R' and
     * Q the eigenvectors of X'X by syevd (heevd), taken to orthogonal at working precision by one Newton-Schulz step
     * [21]. X Q (X Q)' = A up to row-wise small errors. For the svd (A = Q R) the sweeps on X P give X P W' = U S, so
     * V accumulated from P gives W = P W' as before. Returns Q (buffer precondQ), or null, and nothing written, when
     * syevd fails.
     */
    DevicePointer apply(DevicePointer g, int ldg, int n, DevicePointer out) {
        long bytes = (long) n * n * el.bytes;
        DevicePointer x = packTransposedFactor(g, ldg, n), q = gpu.buffer(Workspace.PRECOND_Q, bytes);
        DevicePointer w = gpu.buffer(Workspace.PRECOND_W, 8L * n);
        el.gemm(lib, el.adjoint, 0, n, n, n, el.one, x.jna(), n, x.jna(), n, el.zero, q.jna(), n, "gemm X'X");
        if (!syevd(gpu, el, q, n, w)) return null;
        PolarPolish.steps(gpu, el, q, n, 0);
        el.gemm(lib, 0, 0, n, n, n, el.one, x.jna(), n, q.jna(), n, el.zero, out.jna(), n, "gemm X Q");
        return q;
    }

    /** X = R' (R in g's upper triangle, leading dimension ldg) into buffer precondX, n x n; one launch of the pack kernel. */
    private DevicePointer packTransposedFactor(DevicePointer g, int ldg, int n) {
        DevicePointer x = gpu.buffer(Workspace.PRECOND_X, (long) n * n * el.bytes);
        CUdeviceptr slot = gpu.constant(Workspace.PRECOND_SLOT, "one block", () -> new int[]{0});
        BlockedKernels.pack(gpu, el, (long) n * n, g, ldg, x, slot, n, n, n, n, n, // X = R': one block
                BlockedProblem.Start.FACTOR_ROWS.packMode, null);
        return x;
    }

    /** Eigenvectors of the Hermitian n x n a into a, eigenvalues into w (cuSOLVER syevd / heevd); false when it failed. */
    static boolean syevd(GpuContext gpu, BlockedScalar el, DevicePointer a, int n, DevicePointer w) {
        DevicePointer info = gpu.buffer(Workspace.INFO, 4);
        syevd(gpu, el, a, n, w, info);
        return succeeded(info);
    }

    /** syevd / heevd queued on the solver handle's stream, its status into info (workspace: buffer precondWork). */
    static void syevd(GpuContext gpu, BlockedScalar el, DevicePointer a, int n, DevicePointer w,
                      DevicePointer info) {
        CudaLibraries lib = gpu.libraries("Method 'blocked'");
        int lwork = el.syevdWork(lib, n, a.jna(), n, w.jna());
        el.syevd(lib, n, a.jna(), n, w.jna(), syevdWorkspace(gpu, el, lwork).jna(), lwork, info.jna());
    }

    /** syevd's workspace of lwork elements (allocating it ahead of a launch keeps the allocation out of the overlap). */
    static DevicePointer syevdWorkspace(GpuContext gpu, BlockedScalar el, int lwork) {
        return gpu.buffer(Workspace.PRECOND_WORK, (long) lwork * el.bytes);
    }

    /** Whether a cuSOLVER status word on the device says success (reads it on the default stream). */
    static boolean succeeded(DevicePointer info) {
        int[] st = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        return st[0] == 0;
    }
}
