package io.github.gpujacobi.cuda.launch;

import com.sun.jna.Memory;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.cuda.jna.CuBlas;
import io.github.gpujacobi.cuda.jna.CuSolver;

/**
 * cuSOLVER and cuBLAS through JNA with one handle each per CUDA context (a handle belongs to the
 * context current when it was created; {@link GpuContext} holds one set per context), loaded on first use and
 * shared by the inversion paths (they run on the default stream with the JCuda kernels and the
 * backend's own device buffers, so no copies or syncs between library calls and kernels).
 */
public final class CudaLibraries {
    /** Every element type's routines (S, D, C, Z), with the one handle of each library. */
    public final CuSolver solver;
    public final CuBlas blas;
    public final com.sun.jna.Pointer solverHandle, blasHandle;

    CudaLibraries(CuSolver solver, CuBlas blas, com.sun.jna.Pointer solverHandle, com.sun.jna.Pointer blasHandle) {
        this.solver = solver;
        this.blas = blas;
        this.solverHandle = solverHandle;
        this.blasHandle = blasHandle;
    }

    /**
     * Loads the libraries and creates their handles in the current context ({@link GpuContext#libraries} keeps them);
     * what needs them is named in the error when they do not load.
     */
    static CudaLibraries open(String forWhat) {
        try {
            CuSolver s = CuSolver.load();
            CuBlas b = CuBlas.load();
            PointerByReference hs = new PointerByReference(), hb = new PointerByReference();
            status(s.cusolverDnCreate(hs), "cusolverDnCreate");
            status(b.cublasCreate_v2(hb), "cublasCreate");
            return new CudaLibraries(s, b, hs.getValue(), hb.getValue());
        } catch (UnsatisfiedLinkError e) {
            throw new JacobiException(ErrorKind.GPU_FAILURE, forWhat + " on the GPU needs cuSOLVER and cuBLAS, "
                    + "which did not load: " + e.getMessage(), e);
        }
    }

    /** Destroys the handles (with their context current, before it goes). */
    void close() {
        solver.cusolverDnDestroy(solverHandle);
        blas.cublasDestroy_v2(blasHandle);
    }

    /** The routines for element type t. */
    public TypedLapack typed(Scalar t) { return new TypedLapack(this, t); }

    /** A host scalar (alpha, beta) of the element type. */
    public static Memory scalar(double v, boolean dbl) {
        Memory m = new Memory(8);
        if (dbl) m.setDouble(0, v);
        else m.setFloat(0, (float) v);
        return m;
    }

    public static void status(int s, String what) {
        if (s != 0) throw new JacobiException(ErrorKind.GPU_FAILURE, "cuSOLVER/cuBLAS " + what + " failed (status " + s + ")");
    }
}
