package io.github.gpujacobi.cuda.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The cuBLAS routines gpujacobi calls, by their C signatures (cublas_api.h), loaded by unversioned name: each in the
 * types used, S (float), D (double), C (single complex), Z (double complex). Scalars alpha/beta point to host memory
 * (the default pointer mode; a complex scalar is 8 or 16 bytes). Enums as ints: side 0 = left / 1 = right, uplo 0 =
 * lower / 1 = upper, op 0 = N / 1 = T / 2 = conjugate transpose, diag 0 = non-unit / 1 = unit.
 */
public interface CuBlas extends Library {
    int cublasCreate_v2(PointerByReference handle);

    int cublasDestroy_v2(Pointer handle);

    int cublasStrsm_v2(Pointer h, int side, int uplo, int trans, int diag, int m, int n, Pointer alpha, Pointer a,
                       int lda, Pointer b, int ldb);

    int cublasDtrsm_v2(Pointer h, int side, int uplo, int trans, int diag, int m, int n, Pointer alpha, Pointer a,
                       int lda, Pointer b, int ldb);

    int cublasCtrsm_v2(Pointer h, int side, int uplo, int trans, int diag, int m, int n, Pointer alpha, Pointer a,
                       int lda, Pointer b, int ldb);

    int cublasZtrsm_v2(Pointer h, int side, int uplo, int trans, int diag, int m, int n, Pointer alpha, Pointer a,
                       int lda, Pointer b, int ldb);

    int cublasSgemm_v2(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a, int lda,
                       Pointer b, int ldb, Pointer beta, Pointer c, int ldc);

    int cublasDgemm_v2(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a, int lda,
                       Pointer b, int ldb, Pointer beta, Pointer c, int ldc);

    int cublasCgemm_v2(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a, int lda,
                       Pointer b, int ldb, Pointer beta, Pointer c, int ldc);

    int cublasZgemm_v2(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a, int lda,
                       Pointer b, int ldb, Pointer beta, Pointer c, int ldc);

    // batched LU and inverse of page arrays (the bench peer of the batched Gauss-Jordan kernel);
    // aArray/cArray: device arrays of device pointers, one per page
    int cublasSgetrfBatched(Pointer h, int n, Pointer aArray, int lda, Pointer pivots, Pointer info, int batch);

    int cublasDgetrfBatched(Pointer h, int n, Pointer aArray, int lda, Pointer pivots, Pointer info, int batch);

    int cublasSgetriBatched(Pointer h, int n, Pointer aArray, int lda, Pointer pivots, Pointer cArray, int ldc,
                            Pointer info, int batch);

    int cublasDgetriBatched(Pointer h, int n, Pointer aArray, int lda, Pointer pivots, Pointer cArray, int ldc,
                            Pointer info, int batch);

    /** C_i = op(A_i) op(B_i), A_i = A + i strideA (element strides): the blocked SVDs' Gram matrices. */
    int cublasDgemmStridedBatched(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a,
                                  int lda, long strideA, Pointer b, int ldb, long strideB, Pointer beta, Pointer c,
                                  int ldc, long strideC, int batch);

    int cublasZgemmStridedBatched(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a,
                                  int lda, long strideA, Pointer b, int ldb, long strideB, Pointer beta, Pointer c,
                                  int ldc, long strideC, int batch);

    /** C_i = op(A_i) op(B_i) with device arrays of device pointers: the blocked SVDs' rotation updates. */
    int cublasDgemmBatched(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer aArray,
                           int lda, Pointer bArray, int ldb, Pointer beta, Pointer cArray, int ldc, int batch);

    int cublasZgemmBatched(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer aArray,
                           int lda, Pointer bArray, int ldb, Pointer beta, Pointer cArray, int ldc, int batch);

    /** C = A diag(x) (mode 1) or diag(x) A (mode 0), elementwise (C may be A): the hyperbolic preconditioner's scalings. */
    int cublasDdgmm(Pointer h, int mode, int m, int n, Pointer a, int lda, Pointer x, int incx, Pointer c, int ldc);

    /** y += alpha x (strided: incy = n + 1 walks a diagonal). */
    int cublasDaxpy_v2(Pointer h, int n, Pointer alpha, Pointer x, int incx, Pointer y, int incy);

    /** The 1-based index of the largest |x_i| into result (host). */
    int cublasIdamax_v2(Pointer h, int n, Pointer x, int incx, IntByReference result);

    static CuBlas load() { return JnaLibraries.load("cublas", CuBlas.class); }
}
