package io.github.gpujacobi.cuda.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;

/**
 * The cuBLAS routines the Cholesky inverse needs, by their C signatures (cublas_api.h), loaded by
 * unversioned name. Scalars alpha/beta point to host memory (the default pointer mode). Enums as
 * ints: side 0 = left, uplo 0 = lower, op 0 = N / 1 = T, diag 0 = non-unit.
 */
public interface CuBlas extends Library {
    int cublasCreate_v2(PointerByReference handle);

    int cublasStrsm_v2(Pointer h, int side, int uplo, int trans, int diag, int m, int n, Pointer alpha, Pointer a,
                       int lda, Pointer b, int ldb);

    int cublasDtrsm_v2(Pointer h, int side, int uplo, int trans, int diag, int m, int n, Pointer alpha, Pointer a,
                       int lda, Pointer b, int ldb);

    int cublasSgemm_v2(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a, int lda,
                       Pointer b, int ldb, Pointer beta, Pointer c, int ldc);

    int cublasDgemm_v2(Pointer h, int transa, int transb, int m, int n, int k, Pointer alpha, Pointer a, int lda,
                       Pointer b, int ldb, Pointer beta, Pointer c, int ldc);

    static CuBlas load() { return JnaLibraries.load("cublas", CuBlas.class); }
}
