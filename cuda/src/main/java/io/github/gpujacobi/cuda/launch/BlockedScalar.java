package io.github.gpujacobi.cuda.launch;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * The element type of the blocked one-sided Jacobi ({@code CudaBlockedSvd}): double, or double complex for the complex
 * SVD and the Hermitian positive definite eig. One driver serves both; this type says how many bytes an element has,
 * which kernels a step launches (svd_blocked.cu's double builds, or the _z builds of the same templates) and which
 * cuBLAS / cuSOLVER routines it calls (D or Z; X' is the transpose or the conjugate transpose).
 */
public enum BlockedScalar {
    REAL(8), COMPLEX(16);

    public final int bytes;
    /** cuBLAS's op for X' (1: transpose, 2: conjugate transpose). */
    public final int adjoint;
    public final Memory one, zero, minusHalf, threeHalves;

    BlockedScalar(int bytes) {
        this.bytes = bytes;
        this.adjoint = bytes == 16 ? 2 : 1;
        one = constant(1);
        zero = constant(0);
        minusHalf = constant(-0.5);
        threeHalves = constant(1.5);
    }

    public boolean complex() { return this == COMPLEX; }

    private Memory constant(double x) {
        Memory m = new Memory(bytes);
        m.clear();
        m.setDouble(0, x);
        return m;
    }

    public Kernel pack() { return complex() ? Kernel.BLOCKED_PACK_Z : Kernel.BLOCKED_PACK; }

    public Kernel embed() { return complex() ? Kernel.BLOCKED_EMBED_Z : Kernel.BLOCKED_EMBED; }

    public Kernel unpack() { return complex() ? Kernel.BLOCKED_UNPACK_Z : Kernel.BLOCKED_UNPACK; }

    public Kernel check() { return complex() ? Kernel.BLOCKED_CHECK_Z : Kernel.BLOCKED_CHECK; }

    public Kernel rotatePairs() { return complex() ? Kernel.BLOCKED_ROTATE_PAIRS_Z : Kernel.BLOCKED_ROTATE_PAIRS; }

    public Kernel gatherCols() { return complex() ? Kernel.BLOCKED_GATHER_COLS_Z : Kernel.BLOCKED_GATHER_COLS; }

    public Kernel scatterGram() { return complex() ? Kernel.BLOCKED_SCATTER_GRAM_Z : Kernel.BLOCKED_SCATTER_GRAM; }

    public Kernel splitGather() { return complex() ? Kernel.BLOCKED_SPLIT_GATHER_Z : Kernel.BLOCKED_SPLIT_GATHER; }

    public Kernel splitEmbed() { return complex() ? Kernel.BLOCKED_SPLIT_EMBED_Z : Kernel.BLOCKED_SPLIT_EMBED; }

    public Kernel splitAssemble() { return complex() ? Kernel.BLOCKED_SPLIT_ASSEMBLE_Z : Kernel.BLOCKED_SPLIT_ASSEMBLE; }

    public Kernel bunchParlett() { return complex() ? Kernel.BUNCH_PARLETT_Z : Kernel.BUNCH_PARLETT; }

    public Kernel pair(int q2) { return Kernel.blockedPair(q2, complex()); }

    /**
     * Widest block of one pair kernel: the complex pair problem (2b x 2b, twice with the polish) fits shared memory up
     * to b = 32; wider blocks are solved split ({@code CudaSplitPairs}).
     */
    public int maxWidth() { return complex() ? 32 : 64; }

    public void gemm(CudaLibraries lib, int ta, int tb, int m, int n, int k, Memory alpha, Pointer a, int lda, Pointer b, int ldb,
              Memory beta, Pointer c, int ldc, String what) {
        int st = complex()
                ? lib.blas.cublasZgemm_v2(lib.blasHandle, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
                : lib.blas.cublasDgemm_v2(lib.blasHandle, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
        CudaLibraries.status(st, what);
    }

    public void gemmStridedBatched(CudaLibraries lib, int ta, int tb, int m, int n, int k, Memory alpha, Pointer a, int lda,
                            long sa, Pointer b, int ldb, long sb, Memory beta, Pointer c, int ldc, long sc, int batch,
                            String what) {
        int st = complex()
                ? lib.blas.cublasZgemmStridedBatched(lib.blasHandle, ta, tb, m, n, k, alpha, a, lda, sa, b, ldb, sb,
                beta, c, ldc, sc, batch)
                : lib.blas.cublasDgemmStridedBatched(lib.blasHandle, ta, tb, m, n, k, alpha, a, lda, sa, b, ldb, sb, beta,
                c, ldc, sc, batch);
        CudaLibraries.status(st, what);
    }

    public void gemmBatched(CudaLibraries lib, int ta, int tb, int m, int n, int k, Memory alpha, Pointer a, int lda, Pointer b,
                     int ldb, Memory beta, Pointer c, int ldc, int batch, String what) {
        int st = complex()
                ? lib.blas.cublasZgemmBatched(lib.blasHandle, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, batch)
                : lib.blas.cublasDgemmBatched(lib.blasHandle, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, batch);
        CudaLibraries.status(st, what);
    }

    /** geqrf's workspace in elements. */
    public int geqrfWork(CudaLibraries lib, int m, int n, Pointer a, int lda) {
        IntByReference lw = new IntByReference();
        CudaLibraries.status(complex() ? lib.solver.cusolverDnZgeqrf_bufferSize(lib.solverHandle, m, n, a, lda, lw)
                : lib.solver.cusolverDnDgeqrf_bufferSize(lib.solverHandle, m, n, a, lda, lw), "geqrf_bufferSize");
        return Math.max(1, lw.getValue());
    }

    public void geqrf(CudaLibraries lib, int m, int n, Pointer a, int lda, Pointer tau, Pointer work, int lwork, Pointer info) {
        CudaLibraries.status(complex() ? lib.solver.cusolverDnZgeqrf(lib.solverHandle, m, n, a, lda, tau, work, lwork, info)
                : lib.solver.cusolverDnDgeqrf(lib.solverHandle, m, n, a, lda, tau, work, lwork, info), "geqrf");
    }

    /** ormqr / unmqr's workspace in elements for C := Q C (left, no transpose). */
    public int ormqrWork(CudaLibraries lib, int m, int n, int k, Pointer a, int lda, Pointer tau, Pointer c, int ldc) {
        IntByReference lw = new IntByReference();
        CudaLibraries.status(complex()
                ? lib.solver.cusolverDnZunmqr_bufferSize(lib.solverHandle, 0, 0, m, n, k, a, lda, tau, c, ldc, lw)
                : lib.solver.cusolverDnDormqr_bufferSize(lib.solverHandle, 0, 0, m, n, k, a, lda, tau, c, ldc, lw),
                "ormqr_bufferSize");
        return Math.max(1, lw.getValue());
    }

    public void ormqr(CudaLibraries lib, int m, int n, int k, Pointer a, int lda, Pointer tau, Pointer c, int ldc, Pointer work,
               int lwork, Pointer info) {
        CudaLibraries.status(complex()
                ? lib.solver.cusolverDnZunmqr(lib.solverHandle, 0, 0, m, n, k, a, lda, tau, c, ldc, work, lwork, info)
                : lib.solver.cusolverDnDormqr(lib.solverHandle, 0, 0, m, n, k, a, lda, tau, c, ldc, work, lwork, info), "ormqr");
    }

    /** syevd / heevd's workspace in elements (jobz 1: vectors, uplo 1: upper). */
    public int syevdWork(CudaLibraries lib, int n, Pointer a, int lda, Pointer w) {
        IntByReference lw = new IntByReference();
        CudaLibraries.status(complex() ? lib.solver.cusolverDnZheevd_bufferSize(lib.solverHandle, 1, 1, n, a, lda, w, lw)
                : lib.solver.cusolverDnDsyevd_bufferSize(lib.solverHandle, 1, 1, n, a, lda, w, lw), "syevd_bufferSize");
        return Math.max(1, lw.getValue());
    }

    /** The eigenvectors of the symmetric (Hermitian) a into a, eigenvalues (real, double) into w. */
    public void syevd(CudaLibraries lib, int n, Pointer a, int lda, Pointer w, Pointer work, int lwork, Pointer info) {
        CudaLibraries.status(complex() ? lib.solver.cusolverDnZheevd(lib.solverHandle, 1, 1, n, a, lda, w, work, lwork, info)
                : lib.solver.cusolverDnDsyevd(lib.solverHandle, 1, 1, n, a, lda, w, work, lwork, info), "syevd");
    }

    /** potrf's workspace in elements (uplo 1: upper, A = R' R). */
    public int potrfWork(CudaLibraries lib, int n, Pointer a, int lda) {
        IntByReference lw = new IntByReference();
        CudaLibraries.status(complex() ? lib.solver.cusolverDnZpotrf_bufferSize(lib.solverHandle, 1, n, a, lda, lw)
                : lib.solver.cusolverDnDpotrf_bufferSize(lib.solverHandle, 1, n, a, lda, lw), "potrf_bufferSize");
        return Math.max(1, lw.getValue());
    }

    public void potrf(CudaLibraries lib, int n, Pointer a, int lda, Pointer work, int lwork, Pointer info) {
        CudaLibraries.status(complex() ? lib.solver.cusolverDnZpotrf(lib.solverHandle, 1, n, a, lda, work, lwork, info)
                : lib.solver.cusolverDnDpotrf(lib.solverHandle, 1, n, a, lda, work, lwork, info), "potrf");
    }
}
