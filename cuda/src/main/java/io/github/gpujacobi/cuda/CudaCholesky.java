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
        return invert(dev, buf, w, n, Scalar.of(p, false));
    }

    /**
     * The same for element type s; a complex page (interleaved, Hermitian) gets A = L L^H, inv(A) =
     * inv(L)^H inv(L) with the C/Z routines (potri is not used for complex).
     */
    static PageOutcome invert(CudaDevice dev, DeviceBuffers buf, double[] w, int n, Scalar s) {
        CudaLibraries libs = CudaLibraries.get("Method 'cholesky'");
        TypedLapack lib = libs.typed(s);
        boolean dbl = s.isDouble(), potri = POTRI && !s.complex;
        Precision p = s.precision;
        long e = s.bytes();
        DevicePointer a = buf.get("A", (long) n * n * e), x = buf.get("X", (long) n * n * e), info = buf.get("info", 4);
        DeviceBuffers.upload(a, w, p);
        IntByReference lw2 = new IntByReference();
        int lw = lib.potrfBufferSize(0, n, a.jna(), n);
        if (potri) {
            CudaLibraries.status(dbl ? libs.solver.cusolverDnDpotri_bufferSize(libs.solverHandle, 0, n, a.jna(), n, lw2)
                    : libs.solver.cusolverDnSpotri_bufferSize(libs.solverHandle, 0, n, a.jna(), n, lw2), "potri_bufferSize");
        }
        int lwork = Math.max(1, Math.max(lw, lw2.getValue()));
        DevicePointer work = buf.get("cholWork", lwork * e);
        dev.synchronize();
        long t0 = System.nanoTime();
        lib.potrf(0, n, a.jna(), n, work.jna(), lwork, info.jna());
        int[] st = {0};
        CudaDevice.check(jcuda.driver.JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        if (st[0] != 0) return PageOutcome.direct(false, System.nanoTime() - t0); // a leading minor is not positive definite
        DevicePointer result;
        if (potri) {
            CudaLibraries.status(dbl ? libs.solver.cusolverDnDpotri(libs.solverHandle, 0, n, a.jna(), n, work.jna(), lwork, info.jna())
                    : libs.solver.cusolverDnSpotri(libs.solverHandle, 0, n, a.jna(), n, work.jna(), lwork, info.jna()), "potri");
            dev.launch(Kernel.COPY_LOWER_TO_UPPER.name(s), (int) (((long) n * n + 255) / 256), 256,
                    Pointer.to(Pointer.to(a), Pointer.to(new int[]{n})));
            result = a;
        } else {
            dev.launch(Kernel.IDENTITY.name(s), (int) Math.min(4096, ((long) n * n + 255) / 256), 256,
                    Pointer.to(Pointer.to(x), Pointer.to(new int[]{n})));
            Memory one = lib.scalar(1), zero = lib.scalar(0);
            lib.trsm(0, 0, 0, 0, n, n, one, a.jna(), n, x.jna(), n);
            lib.gemm(s.complex ? 2 : 1, 0, n, n, n, one, x.jna(), n, x.jna(), n, zero, a.jna(), n); // inv(L)^H inv(L)
            result = a;
        }
        dev.synchronize();
        long nanos = System.nanoTime() - t0;
        int count = n * n * s.parts();
        System.arraycopy(DeviceBuffers.download(result, count, p), 0, w, 0, count);
        return PageOutcome.direct(true, nanos);
    }
}
