package io.github.gpujacobi.cuda;

import com.sun.jna.Memory;
import com.sun.jna.ptr.IntByReference;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.PageOutcome;
import jcuda.Pointer;

/**
 * Seed 004's SPD inversion on the GPU [5]: A = L L' (cuSOLVER potrf), inv(L) by a triangular solve
 * against the identity (cuBLAS trsm) and inv(A) = inv(L)' inv(L) (cuBLAS gemm). 3 n^3 flops, but
 * on the H100 faster than cuSOLVER potri (n^3 flops: 8.3 against 15.0 ms at n = 4096, 43.9
 * against 59.8 ms at 8192, double; docs/benchmarks/gpu-h100-2026-11-23-inverse.md), which
 * {@code -Dgpujacobi.cuda.cholPotri=true} selects (its lower triangle mirrored by a kernel).
 */
final class CudaCholesky {
    private static final boolean POTRI = Boolean.getBoolean("gpujacobi.cuda.cholPotri");

    private CudaCholesky() {}

    /** Inverts w (n x n, exactly symmetric) in place; a failed outcome, w unchanged, when A is not positive definite. */
    static PageOutcome invert(CudaDevice dev, DeviceBuffers buf, double[] w, int n, Precision p) {
        CudaLibraries lib = CudaLibraries.get("Method 'cholesky'");
        boolean dbl = p == Precision.DOUBLE;
        long e = p.bytes();
        DevicePointer a = buf.get("A", (long) n * n * e), x = buf.get("X", (long) n * n * e), info = buf.get("info", 4);
        DeviceBuffers.upload(a, w, p);
        IntByReference lw = new IntByReference(), lw2 = new IntByReference();
        CudaLibraries.status(dbl ? lib.solver.cusolverDnDpotrf_bufferSize(lib.solverHandle, 0, n, a.jna(), n, lw)
                : lib.solver.cusolverDnSpotrf_bufferSize(lib.solverHandle, 0, n, a.jna(), n, lw), "potrf_bufferSize");
        if (POTRI) {
            CudaLibraries.status(dbl ? lib.solver.cusolverDnDpotri_bufferSize(lib.solverHandle, 0, n, a.jna(), n, lw2)
                    : lib.solver.cusolverDnSpotri_bufferSize(lib.solverHandle, 0, n, a.jna(), n, lw2), "potri_bufferSize");
        }
        int lwork = Math.max(1, Math.max(lw.getValue(), lw2.getValue()));
        DevicePointer work = buf.get("cholWork", lwork * e);
        dev.synchronize();
        long t0 = System.nanoTime();
        CudaLibraries.status(dbl ? lib.solver.cusolverDnDpotrf(lib.solverHandle, 0, n, a.jna(), n, work.jna(), lwork, info.jna())
                : lib.solver.cusolverDnSpotrf(lib.solverHandle, 0, n, a.jna(), n, work.jna(), lwork, info.jna()), "potrf");
        int[] st = {0};
        CudaDevice.check(jcuda.driver.JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        if (st[0] != 0) return PageOutcome.direct(false, System.nanoTime() - t0); // a leading minor is not positive definite
        DevicePointer result;
        if (POTRI) {
            CudaLibraries.status(dbl ? lib.solver.cusolverDnDpotri(lib.solverHandle, 0, n, a.jna(), n, work.jna(), lwork, info.jna())
                    : lib.solver.cusolverDnSpotri(lib.solverHandle, 0, n, a.jna(), n, work.jna(), lwork, info.jna()), "potri");
            dev.launch(Kernel.COPY_LOWER_TO_UPPER.name(p), (int) (((long) n * n + 255) / 256), 256,
                    Pointer.to(Pointer.to(a), Pointer.to(new int[]{n})));
            result = a;
        } else {
            dev.launch(Kernel.IDENTITY.name(p), (int) Math.min(4096, ((long) n * n + 255) / 256), 256,
                    Pointer.to(Pointer.to(x), Pointer.to(new int[]{n})));
            Memory one = CudaLibraries.scalar(1, dbl), zero = CudaLibraries.scalar(0, dbl);
            CudaLibraries.status(dbl ? lib.blas.cublasDtrsm_v2(lib.blasHandle, 0, 0, 0, 0, n, n, one, a.jna(), n, x.jna(), n)
                    : lib.blas.cublasStrsm_v2(lib.blasHandle, 0, 0, 0, 0, n, n, one, a.jna(), n, x.jna(), n), "trsm");
            CudaLibraries.status(dbl ? lib.blas.cublasDgemm_v2(lib.blasHandle, 1, 0, n, n, n, one, x.jna(), n, x.jna(), n, zero, a.jna(), n)
                    : lib.blas.cublasSgemm_v2(lib.blasHandle, 1, 0, n, n, n, one, x.jna(), n, x.jna(), n, zero, a.jna(), n), "gemm");
            result = a;
        }
        dev.synchronize();
        long nanos = System.nanoTime() - t0;
        System.arraycopy(DeviceBuffers.download(result, n * n, p), 0, w, 0, n * n);
        return PageOutcome.direct(true, nanos);
    }
}
