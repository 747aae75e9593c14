package io.github.gpujacobi.cuda.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;

/**
 * cuBLAS's single (C) and double (Z) complex trsm and gemm (cublas_api.h), for the complex
 * Gauss-Jordan and Cholesky inverses; alpha/beta point to a host complex scalar (16 or 8 bytes).
 * Same enums as {@link CuBlas}, op 2 = conjugate transpose.
 */
public interface CuBlasComplex extends Library {
    int cublasCtrsm_v2(Pointer h, int side, int uplo, int trans, int diag, int m, int n, Pointer alpha, Pointer a,
                       int lda, Pointer b, int ldb);

    int cublasZtrsm_v2(Pointer h, int side, int uplo, int trans, int diag, int m, int n, Pointer alpha, Pointer a,
                       int lda, Pointer b, int ldb);

    int cublasCgemm_v2(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a, int lda,
                       Pointer b, int ldb, Pointer beta, Pointer c, int ldc);

    int cublasZgemm_v2(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a, int lda,
                       Pointer b, int ldb, Pointer beta, Pointer c, int ldc);

    /** The complex blocked SVD's Gram matrices (element strides). */
    int cublasZgemmStridedBatched(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a,
                                  int lda, long strideA, Pointer b, int ldb, long strideB, Pointer beta, Pointer c,
                                  int ldc, long strideC, int batch);
    /** The complex blocked SVD's rotation updates (device arrays of device pointers). */
    int cublasZgemmBatched(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer aArray,
                           int lda, Pointer bArray, int ldb, Pointer beta, Pointer cArray, int ldc, int batch);
    static CuBlasComplex load() { return JnaLibraries.load("cublas", CuBlasComplex.class); }
}
