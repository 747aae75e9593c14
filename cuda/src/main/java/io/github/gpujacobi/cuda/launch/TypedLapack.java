package io.github.gpujacobi.cuda.launch;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * The cuSOLVER/cuBLAS routines of the blocked inverses (getrf, potrf, trsm, gemm) for one element
 * type: the S/D/C/Z letter chosen here once, so CudaGaussJordan and CudaCholesky are written once
 * for real and complex pages. Status codes are checked (a failure names the routine).
 */
public final class TypedLapack {
    public final Scalar type;
    private final CudaLibraries lib;

    TypedLapack(CudaLibraries lib, Scalar type) {
        this.lib = lib;
        this.type = type;
    }

    /** A host scalar (alpha, beta) of the element type: v, or v + 0i. */
    public Memory scalar(double v) {
        Memory m = new Memory(16);
        m.clear();
        if (type.isDouble()) m.setDouble(0, v);
        else m.setFloat(0, (float) v);
        return m;
    }

    public int getrfBufferSize(int m, int n, Pointer a, int lda) {
        IntByReference lw = new IntByReference();
        int st;
        switch (type) {
            case S: st = lib.solver.cusolverDnSgetrf_bufferSize(lib.solverHandle, m, n, a, lda, lw); break;
            case D: st = lib.solver.cusolverDnDgetrf_bufferSize(lib.solverHandle, m, n, a, lda, lw); break;
            case C: st = lib.solver.cusolverDnCgetrf_bufferSize(lib.solverHandle, m, n, a, lda, lw); break;
            default: st = lib.solver.cusolverDnZgetrf_bufferSize(lib.solverHandle, m, n, a, lda, lw);
        }
        CudaLibraries.status(st, "getrf_bufferSize");
        return lw.getValue();
    }

    public void getrf(int m, int n, Pointer a, int lda, Pointer work, Pointer ipiv, Pointer info) {
        int st;
        switch (type) {
            case S: st = lib.solver.cusolverDnSgetrf(lib.solverHandle, m, n, a, lda, work, ipiv, info); break;
            case D: st = lib.solver.cusolverDnDgetrf(lib.solverHandle, m, n, a, lda, work, ipiv, info); break;
            case C: st = lib.solver.cusolverDnCgetrf(lib.solverHandle, m, n, a, lda, work, ipiv, info); break;
            default: st = lib.solver.cusolverDnZgetrf(lib.solverHandle, m, n, a, lda, work, ipiv, info);
        }
        CudaLibraries.status(st, "getrf (panel)");
    }

    public int potrfBufferSize(int uplo, int n, Pointer a, int lda) {
        IntByReference lw = new IntByReference();
        int st;
        switch (type) {
            case S: st = lib.solver.cusolverDnSpotrf_bufferSize(lib.solverHandle, uplo, n, a, lda, lw); break;
            case D: st = lib.solver.cusolverDnDpotrf_bufferSize(lib.solverHandle, uplo, n, a, lda, lw); break;
            case C: st = lib.solver.cusolverDnCpotrf_bufferSize(lib.solverHandle, uplo, n, a, lda, lw); break;
            default: st = lib.solver.cusolverDnZpotrf_bufferSize(lib.solverHandle, uplo, n, a, lda, lw);
        }
        CudaLibraries.status(st, "potrf_bufferSize");
        return lw.getValue();
    }

    public void potrf(int uplo, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info) {
        int st;
        switch (type) {
            case S: st = lib.solver.cusolverDnSpotrf(lib.solverHandle, uplo, n, a, lda, work, lwork, info); break;
            case D: st = lib.solver.cusolverDnDpotrf(lib.solverHandle, uplo, n, a, lda, work, lwork, info); break;
            case C: st = lib.solver.cusolverDnCpotrf(lib.solverHandle, uplo, n, a, lda, work, lwork, info); break;
            default: st = lib.solver.cusolverDnZpotrf(lib.solverHandle, uplo, n, a, lda, work, lwork, info);
        }
        CudaLibraries.status(st, "potrf");
    }

    /** op: 0 = N, 1 = T, 2 = conjugate transpose (the adjoint for complex; T for real). */
    public void trsm(int side, int uplo, int op, int diag, int m, int n, Memory alpha, Pointer a, int lda, Pointer b, int ldb) {
        int st;
        switch (type) {
            case S: st = lib.blas.cublasStrsm_v2(lib.blasHandle, side, uplo, op, diag, m, n, alpha, a, lda, b, ldb); break;
            case D: st = lib.blas.cublasDtrsm_v2(lib.blasHandle, side, uplo, op, diag, m, n, alpha, a, lda, b, ldb); break;
            case C: st = lib.blas.cublasCtrsm_v2(lib.blasHandle, side, uplo, op, diag, m, n, alpha, a, lda, b, ldb); break;
            default: st = lib.blas.cublasZtrsm_v2(lib.blasHandle, side, uplo, op, diag, m, n, alpha, a, lda, b, ldb);
        }
        CudaLibraries.status(st, "trsm");
    }

    /** C := alpha op(A) op(B) + beta C (op as in {@link #trsm}). */
    public void gemm(int opA, int opB, int m, int n, int k, Memory alpha, Pointer a, int lda, Pointer b, int ldb, Memory beta,
              Pointer c, int ldc) {
        int st;
        switch (type) {
            case S: st = lib.blas.cublasSgemm_v2(lib.blasHandle, opA, opB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc); break;
            case D: st = lib.blas.cublasDgemm_v2(lib.blasHandle, opA, opB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc); break;
            case C: st = lib.blas.cublasCgemm_v2(lib.blasHandle, opA, opB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc); break;
            default: st = lib.blas.cublasZgemm_v2(lib.blasHandle, opA, opB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
        }
        CudaLibraries.status(st, "gemm");
    }
}
