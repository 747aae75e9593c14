package io.github.gpujacobi.cuda;

import com.sun.jna.Memory;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.cuda.jna.CuBlas;
import io.github.gpujacobi.cuda.jna.CuSolver;
import jcuda.Pointer;

/**
 * Seed 004's SPD inversion on the GPU: A = L L' (cuSOLVER potrf), inv(L) by a triangular solve
 * against the identity (cuBLAS trsm; the seed's GETS step), inv(A) = inv(L)' inv(L) (cuBLAS gemm).
 * The libraries come through JNA by unversioned name on first use and work on the backend's own
 * device buffers.
 */
final class CudaCholesky {
    private static CuSolver solver;
    private static CuBlas blas;
    private static com.sun.jna.Pointer solverHandle, blasHandle;

    private CudaCholesky() {}

    /** Destroys the cuSOLVER and cuBLAS handles (before the context goes); the next call creates them again. */
    static synchronized void release() {
        if (blasHandle == null) return;
        solver.cusolverDnDestroy(solverHandle);
        blas.cublasDestroy_v2(blasHandle);
        solverHandle = null;
        blasHandle = null;
    }

    private static synchronized void load() {
        if (blasHandle != null) return;
        try {
            CuSolver s = CuSolver.load();
            CuBlas b = CuBlas.load();
            PointerByReference hs = new PointerByReference(), hb = new PointerByReference();
            status(s.cusolverDnCreate(hs), "cusolverDnCreate");
            status(b.cublasCreate_v2(hb), "cublasCreate");
            solver = s;
            blas = b;
            solverHandle = hs.getValue();
            blasHandle = hb.getValue();
        } catch (UnsatisfiedLinkError e) {
            throw new JacobiException(ErrorKind.GPU_FAILURE, "Method 'cholesky' on the GPU needs cuSOLVER and cuBLAS, "
                    + "which did not load: " + e.getMessage(), e);
        }
    }

    /**
     * Inverts w (n x n, exactly symmetric) in place; the outcome is a failure, w unchanged, when A is
     * not positive definite; its time is the library calls' (transfers excluded).
     */
    static PageOutcome invert(CudaDevice dev, DeviceBuffers buf, double[] w, int n, Precision p) {
        load();
        boolean dbl = p == Precision.DOUBLE;
        long e = p.bytes();
        DevicePointer a = buf.get("A", (long) n * n * e), x = buf.get("X", (long) n * n * e), info = buf.get("info", 4);
        DeviceBuffers.upload(a, w, p);
        dev.launch(Kernel.IDENTITY.name(p), (int) Math.min(4096, ((long) n * n + 255) / 256), 256,
                Pointer.to(Pointer.to(x), Pointer.to(new int[]{n})));
        IntByReference lw = new IntByReference();
        status(dbl ? solver.cusolverDnDpotrf_bufferSize(solverHandle, 0, n, a.jna(), n, lw)
                : solver.cusolverDnSpotrf_bufferSize(solverHandle, 0, n, a.jna(), n, lw), "potrf_bufferSize");
        int lwork = Math.max(1, lw.getValue());
        DevicePointer work = buf.get("cholWork", lwork * e);
        dev.synchronize();
        long t0 = System.nanoTime();
        status(dbl ? solver.cusolverDnDpotrf(solverHandle, 0, n, a.jna(), n, work.jna(), lwork, info.jna())
                : solver.cusolverDnSpotrf(solverHandle, 0, n, a.jna(), n, work.jna(), lwork, info.jna()), "potrf");
        int[] st = {0};
        CudaDevice.check(jcuda.driver.JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        if (st[0] != 0) return PageOutcome.direct(false, System.nanoTime() - t0); // a leading minor is not positive definite
        Memory one = scalar(1, dbl), zero = scalar(0, dbl);
        status(dbl ? blas.cublasDtrsm_v2(blasHandle, 0, 0, 0, 0, n, n, one, a.jna(), n, x.jna(), n)
                : blas.cublasStrsm_v2(blasHandle, 0, 0, 0, 0, n, n, one, a.jna(), n, x.jna(), n), "trsm");
        status(dbl ? blas.cublasDgemm_v2(blasHandle, 1, 0, n, n, n, one, x.jna(), n, x.jna(), n, zero, a.jna(), n)
                : blas.cublasSgemm_v2(blasHandle, 1, 0, n, n, n, one, x.jna(), n, x.jna(), n, zero, a.jna(), n), "gemm");
        dev.synchronize();
        long nanos = System.nanoTime() - t0;
        System.arraycopy(DeviceBuffers.download(a, n * n, p), 0, w, 0, n * n);
        return PageOutcome.direct(true, nanos);
    }

    private static Memory scalar(double v, boolean dbl) {
        Memory m = new Memory(8);
        if (dbl) m.setDouble(0, v);
        else m.setFloat(0, (float) v);
        return m;
    }

    private static void status(int s, String what) {
        if (s != 0) throw new JacobiException(ErrorKind.GPU_FAILURE, "cuSOLVER/cuBLAS " + what + " failed (status " + s + ")");
    }
}
