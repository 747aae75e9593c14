package io.github.gpujacobi.cuda.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * cuSOLVER's single (C) and double (Z) complex dense routines by their C signatures (cusolverDn.h):
 * the complex Gauss-Jordan and Cholesky inverses and the complex bench peers. Complex arrays are
 * interleaved (cuComplex / cuDoubleComplex); eigenvalues, singular values and rwork are real. Loaded
 * from the same library as {@link CuSolver} (handles and info objects are shared with it).
 */
public interface CuSolverComplex extends Library {
    int cusolverDnCgetrf_bufferSize(Pointer h, int m, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnZgetrf_bufferSize(Pointer h, int m, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnCgetrf(Pointer h, int m, int n, Pointer a, int lda, Pointer work, Pointer ipiv, Pointer info);

    int cusolverDnZgetrf(Pointer h, int m, int n, Pointer a, int lda, Pointer work, Pointer ipiv, Pointer info);

    int cusolverDnCgetrs(Pointer h, int trans, int n, int nrhs, Pointer a, int lda, Pointer ipiv, Pointer b, int ldb, Pointer info);

    int cusolverDnZgetrs(Pointer h, int trans, int n, int nrhs, Pointer a, int lda, Pointer ipiv, Pointer b, int ldb, Pointer info);

    int cusolverDnCpotrf_bufferSize(Pointer h, int uplo, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnZpotrf_bufferSize(Pointer h, int uplo, int n, Pointer a, int lda, IntByReference lwork);

    int cusolverDnCpotrf(Pointer h, int uplo, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info);

    int cusolverDnZpotrf(Pointer h, int uplo, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info);

    int cusolverDnCheevd_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork);

    int cusolverDnZheevd_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork);

    int cusolverDnCheevd(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info);

    int cusolverDnZheevd(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info);

    int cusolverDnCheevj_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork, Pointer params);

    int cusolverDnZheevj_bufferSize(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, IntByReference lwork, Pointer params);

    int cusolverDnCheevj(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnZheevj(Pointer h, int jobz, int uplo, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnCgesvd_bufferSize(Pointer h, int m, int n, IntByReference lwork);

    int cusolverDnZgesvd_bufferSize(Pointer h, int m, int n, IntByReference lwork);

    int cusolverDnCgesvd(Pointer h, byte jobu, byte jobvt, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                         Pointer vt, int ldvt, Pointer work, int lwork, Pointer rwork, Pointer info);

    int cusolverDnZgesvd(Pointer h, byte jobu, byte jobvt, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                         Pointer vt, int ldvt, Pointer work, int lwork, Pointer rwork, Pointer info);

    int cusolverDnCgesvdj_bufferSize(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u,
                                     int ldu, Pointer v, int ldv, IntByReference lwork, Pointer params);

    int cusolverDnZgesvdj_bufferSize(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u,
                                     int ldu, Pointer v, int ldv, IntByReference lwork, Pointer params);

    int cusolverDnCgesvdj(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                          Pointer v, int ldv, Pointer work, int lwork, Pointer info, Pointer params);

    int cusolverDnZgesvdj(Pointer h, int jobz, int econ, int m, int n, Pointer a, int lda, Pointer s, Pointer u, int ldu,
                          Pointer v, int ldv, Pointer work, int lwork, Pointer info, Pointer params);

    // QR (the complex blocked SVD's preconditioner): side 0 = left, trans 0 = N
    int cusolverDnZgeqrf_bufferSize(Pointer h, int m, int n, Pointer a, int lda, IntByReference lwork);
    int cusolverDnZgeqrf(Pointer h, int m, int n, Pointer a, int lda, Pointer tau, Pointer work, int lwork, Pointer info);
    int cusolverDnZunmqr_bufferSize(Pointer h, int side, int trans, int m, int n, int k, Pointer a, int lda, Pointer tau,
                                    Pointer c, int ldc, IntByReference lwork);
    int cusolverDnZunmqr(Pointer h, int side, int trans, int m, int n, int k, Pointer a, int lda, Pointer tau, Pointer c,
                         int ldc, Pointer work, int lwork, Pointer info);
    static CuSolverComplex load() { return JnaLibraries.load("cusolver", CuSolverComplex.class); }
}
