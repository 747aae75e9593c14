package io.github.gpujacobi.cuda.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * cuSOLVER dense routines by their C signatures (cusolverDn.h), loaded by unversioned name so
 * CUDA 12 and 13 both work: each routine in the types used, S (float), D (double), C (single complex), Z (double
 * complex). Complex arrays are interleaved (cuComplex / cuDoubleComplex); eigenvalues, singular values and rwork
 * are real. Enums as ints: jobz 1 = vectors, uplo 0 = lower, trans 0 = none.
 */
public interface CuSolver extends Library {
    int cusolverDnCreate(PointerByReference handle);

    /** The stream the handle's routines run on (null: the legacy default stream). */
    int cusolverDnSetStream(Pointer h, Pointer stream);

    int cusolverDnDestroy(Pointer handle);

    int cusolverDnDestroySyevjInfo(Pointer info);

    int cusolverDnDestroyGesvdjInfo(Pointer info);

    int cusolverDnSsyevd_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork);

    int cusolverDnDsyevd_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork);

    int cusolverDnSsyevd(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info);

    int cusolverDnDsyevd(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info);

    int cusolverDnCheevd_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork);

    int cusolverDnZheevd_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork);

    int cusolverDnCheevd(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info);

    int cusolverDnZheevd(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info);

    int cusolverDnCreateSyevjInfo(PointerByReference info);

    int cusolverDnSsyevj_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork, Pointer params);

    int cusolverDnDsyevj_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork, Pointer params);

    int cusolverDnSsyevj(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnDsyevj(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnCheevj_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork, Pointer params);

    int cusolverDnZheevj_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork, Pointer params);

    int cusolverDnCheevj(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnZheevj(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnSgesvd_bufferSize(Pointer h, int m, int n, IntByReference lwork);

    int cusolverDnDgesvd_bufferSize(Pointer h, int m, int n, IntByReference lwork);

    int cusolverDnSgesvd(Pointer h, byte jobu, byte jobvt, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                         Pointer vt, int ldvt, Pointer work, int lwork, Pointer rwork, Pointer info);

    int cusolverDnDgesvd(Pointer h, byte jobu, byte jobvt, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                         Pointer vt, int ldvt, Pointer work, int lwork, Pointer rwork, Pointer info);

    int cusolverDnCgesvd_bufferSize(Pointer h, int m, int n, IntByReference lwork);

    int cusolverDnZgesvd_bufferSize(Pointer h, int m, int n, IntByReference lwork);

    int cusolverDnCgesvd(Pointer h, byte jobu, byte jobvt, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                         Pointer vt, int ldvt, Pointer work, int lwork, Pointer rwork, Pointer info);

    int cusolverDnZgesvd(Pointer h, byte jobu, byte jobvt, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                         Pointer vt, int ldvt, Pointer work, int lwork, Pointer rwork, Pointer info);

    int cusolverDnCreateGesvdjInfo(PointerByReference info);

    int cusolverDnSgesvdj_bufferSize(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u,
                                     int ldu, Pointer v, int ldv, IntByReference lwork, Pointer params);

    int cusolverDnDgesvdj_bufferSize(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u,
                                     int ldu, Pointer v, int ldv, IntByReference lwork, Pointer params);

    int cusolverDnSgesvdj(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                          Pointer v, int ldv, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnDgesvdj(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                          Pointer v, int ldv, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnCgesvdj_bufferSize(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u,
                                     int ldu, Pointer v, int ldv, IntByReference lwork, Pointer params);

    int cusolverDnZgesvdj_bufferSize(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u,
                                     int ldu, Pointer v, int ldv, IntByReference lwork, Pointer params);

    int cusolverDnCgesvdj(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                          Pointer v, int ldv, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnZgesvdj(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                          Pointer v, int ldv, Pointer work, int lwork, Pointer info, Pointer params);

    // the batched Jacobi routines: page arrays of matrices up to 32 x 32, one call for all pages
    int cusolverDnSsyevjBatched_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w,
                                           IntByReference lwork, Pointer params, int batch);

    int cusolverDnDsyevjBatched_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w,
                                           IntByReference lwork, Pointer params, int batch);

    int cusolverDnSsyevjBatched(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work,
                                int lwork, Pointer info, Pointer params, int batch);

    int cusolverDnDsyevjBatched(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work,
                                int lwork, Pointer info, Pointer params, int batch);

    int cusolverDnSgesvdjBatched_bufferSize(Pointer h, int jobz, int m, int n, Pointer a, int lda, Pointer s, Pointer u,
                                            int ldu, Pointer v, int ldv, IntByReference lwork, Pointer params, int batch);

    int cusolverDnDgesvdjBatched_bufferSize(Pointer h, int jobz, int m, int n, Pointer a, int lda, Pointer s, Pointer u,
                                            int ldu, Pointer v, int ldv, IntByReference lwork, Pointer params, int batch);

    int cusolverDnSgesvdjBatched(Pointer h, int jobz, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                                 Pointer v, int ldv, Pointer work, int lwork, Pointer info, Pointer params, int batch);

    int cusolverDnDgesvdjBatched(Pointer h, int jobz, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                                 Pointer v, int ldv, Pointer work, int lwork, Pointer info, Pointer params, int batch);

    int cusolverDnSgetrf_bufferSize(Pointer h, int m, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnDgetrf_bufferSize(Pointer h, int m, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnSgetrf(Pointer h, int m, int n, Pointer a, int lda, Pointer work, Pointer ipiv, Pointer info);

    int cusolverDnDgetrf(Pointer h, int m, int n, Pointer a, int lda, Pointer work, Pointer ipiv, Pointer info);

    int cusolverDnSgetrs(Pointer h, int trans, int n, int nrhs, Pointer a, int lda, Pointer ipiv, Pointer b, int ldb, Pointer info);

    int cusolverDnDgetrs(Pointer h, int trans, int n, int nrhs, Pointer a, int lda, Pointer ipiv, Pointer b, int ldb, Pointer info);

    int cusolverDnCgetrf_bufferSize(Pointer h, int m, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnZgetrf_bufferSize(Pointer h, int m, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnCgetrf(Pointer h, int m, int n, Pointer a, int lda, Pointer work, Pointer ipiv, Pointer info);

    int cusolverDnZgetrf(Pointer h, int m, int n, Pointer a, int lda, Pointer work, Pointer ipiv, Pointer info);

    int cusolverDnCgetrs(Pointer h, int trans, int n, int nrhs, Pointer a, int lda, Pointer ipiv, Pointer b, int ldb, Pointer info);

    int cusolverDnZgetrs(Pointer h, int trans, int n, int nrhs, Pointer a, int lda, Pointer ipiv, Pointer b, int ldb, Pointer info);

    int cusolverDnSpotrf_bufferSize(Pointer h, int uplo, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnDpotrf_bufferSize(Pointer h, int uplo, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnSpotrf(Pointer h, int uplo, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info);

    int cusolverDnDpotrf(Pointer h, int uplo, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info);

    int cusolverDnCpotrf_bufferSize(Pointer h, int uplo, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnZpotrf_bufferSize(Pointer h, int uplo, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnCpotrf(Pointer h, int uplo, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info);

    int cusolverDnZpotrf(Pointer h, int uplo, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info);

    int cusolverDnSpotri_bufferSize(Pointer h, int uplo, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnDpotri_bufferSize(Pointer h, int uplo, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnSpotri(Pointer h, int uplo, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info);

    int cusolverDnDpotri(Pointer h, int uplo, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info);

    // QR (the blocked SVDs' preconditioner): side 0 = left, trans 0 = N
    int cusolverDnDgeqrf_bufferSize(Pointer h, int m, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnDgeqrf(Pointer h, int m, int n, Pointer a, int lda, Pointer tau, Pointer work, int lwork, Pointer info);

    int cusolverDnDormqr_bufferSize(Pointer h, int side, int trans, int m, int n, int k, Pointer a, int lda, Pointer tau,
                                    Pointer c, int ldc, IntByReference lwork);

    int cusolverDnDormqr(Pointer h, int side, int trans, int m, int n, int k, Pointer a, int lda, Pointer tau, Pointer c,
                         int ldc, Pointer work, int lwork, Pointer info);

    // the complex blocked SVD's: unmqr is ormqr's complex twin
    int cusolverDnZgeqrf_bufferSize(Pointer h, int m, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnZgeqrf(Pointer h, int m, int n, Pointer a, int lda, Pointer tau, Pointer work, int lwork, Pointer info);

    int cusolverDnZunmqr_bufferSize(Pointer h, int side, int trans, int m, int n, int k, Pointer a, int lda, Pointer tau,
                                    Pointer c, int ldc, IntByReference lwork);

    int cusolverDnZunmqr(Pointer h, int side, int trans, int m, int n, int k, Pointer a, int lda, Pointer tau, Pointer c,
                         int ldc, Pointer work, int lwork, Pointer info);

    int cusolverDnCreateParams(PointerByReference params);

    int cusolverDnDestroyParams(Pointer params);

    /**
     * The 64-bit API's batched eig (CUDA 12.6+; any n): types are cudaDataType (CUDA_R_32F = 0,
     * CUDA_R_64F = 1), sizes int64_t and size_t (long on 64-bit Linux).
     */
    int cusolverDnXsyevBatched_bufferSize(Pointer h, Pointer params, int jobz, int uplo, long n, int dataTypeA, Pointer a,
                                          long lda, int dataTypeW, Pointer w, int computeType,
                                          LongByReference deviceBytes, LongByReference hostBytes, long batchSize);

    int cusolverDnXsyevBatched(Pointer h, Pointer params, int jobz, int uplo, long n, int dataTypeA, Pointer a, long lda,
                               int dataTypeW, Pointer w, int computeType, Pointer deviceWork, long deviceBytes,
                               Pointer hostWork, long hostBytes, Pointer info, long batchSize);

    static CuSolver load() { return JnaLibraries.load("cusolver", CuSolver.class); }
}
