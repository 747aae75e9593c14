package io.github.gpujacobi.cuda.inverse;

import io.github.gpujacobi.cuda.launch.CommonKernels;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Scalar;
import io.github.gpujacobi.cuda.launch.TypedLapack;
import io.github.gpujacobi.cuda.launch.Workspace;
import com.sun.jna.Memory;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.PageOutcome;
import jcuda.Pointer;

/**
 * The SPD inversion of [5] on the GPU: A = L L' (cuSOLVER potrf), inv(L) by a triangular solve against the identity
 * (cuBLAS trsm) and inv(A) = inv(L)' inv(L) (cuBLAS gemm): 3 n^3 flops, yet faster than cuSOLVER potri's n^3, whose
 * triangular products run far below the gemm rate.
 */
public final class CudaCholesky {
    private CudaCholesky() {}

    /** Inverts w (n x n, exactly symmetric) in place; a failed outcome, w unchanged, when A is not positive definite. */
    public static PageOutcome invert(GpuContext gpu, double[] w, int n, Precision p) {
        return invert(gpu, w, n, Scalar.of(p, false));
    }

    /**
     * The same for element type s; a complex page (interleaved, Hermitian) gets A = L L^H, inv(A) =
     * inv(L)^H inv(L) with the C/Z routines.
     */
    public static PageOutcome invert(GpuContext gpu, double[] w, int n, Scalar s) {
        TypedLapack lib = gpu.libraries("Method 'cholesky'").typed(s);
        Precision p = s.precision;
        long e = s.bytes();
        DevicePointer a = gpu.buffer(Workspace.A, (long) n * n * e), x = gpu.buffer(Workspace.X, (long) n * n * e), info = gpu.buffer(Workspace.INFO, 4);
        DeviceBuffers.upload(a, w, p);
        int lwork = Math.max(1, lib.potrfBufferSize(0, n, a.jna(), n));
        DevicePointer work = gpu.buffer(Workspace.CHOL_WORK, lwork * e);
        gpu.synchronize();
        long t0 = System.nanoTime();
        lib.potrf(0, n, a.jna(), n, work.jna(), lwork, info.jna());
        int[] st = {0};
        CudaDevice.check(jcuda.driver.JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        if (st[0] != 0) return PageOutcome.direct(false, System.nanoTime() - t0); // a leading minor is not positive definite
        CommonKernels.identity(gpu, s, x, n);
        Memory one = lib.scalar(1), zero = lib.scalar(0);
        lib.trsm(0, 0, 0, 0, n, n, one, a.jna(), n, x.jna(), n);
        lib.gemm(s.complex ? 2 : 1, 0, n, n, n, one, x.jna(), n, x.jna(), n, zero, a.jna(), n); // inv(L)^H inv(L)
        gpu.synchronize();
        long nanos = System.nanoTime() - t0;
        int count = n * n * s.parts();
        System.arraycopy(DeviceBuffers.download(a, count, p), 0, w, 0, count);
        return PageOutcome.direct(true, nanos);
    }
}
