package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.polish.PolarPolish;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.Grading;
import io.github.gpujacobi.core.IndefiniteEig;
import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * Blocked one-sided (Hestenes) Jacobi SVD of one page on the GPU [11, 12, 18], m >= n, and through it the eigenpairs
 * of a positive definite matrix from its Cholesky factor [6, 7] and the hyperbolic sweeps of the indefinite eig
 * [4, 10]: the drivers around {@link BlockedSweeps}.
 * <p>
 * The columns of G form nb blocks of width b ({@link BlockWidth}); a {@link BlockSchedule} (the chess tournament,
 * {@link ChessTournament}, below 64 blocks, the odd-even ordering from there) gives up to nb/2 disjoint block pairs
 * per step, each lying contiguously. A step, for all pairs at once ({@link BlockedPairs}): (1) the pair's Gram matrix
 * [Gi Gj]'[Gi Gj] (2b x 2b, one strided batched GEMM); (2) one sweep of two-sided Jacobi on it with the relative test
 * |g_pq| <= tol sqrt(g_pp g_qq) (svd_blocked.cu's blocked_pair, one thread block per pair), whose accumulated
 * rotations, polished by a Newton-Schulz step [21], give the pair's orthogonal Q; (3) [Gi Gj; Vi Vj] Q into the other
 * work buffer, each output block written straight to the position where the next step wants it, so pairs are always
 * contiguous and no data is permuted. A pair whose Gram matrix passes the test everywhere is not rotated; a sweep in
 * which no pair rotated, or the check ({@link BlockedCheck}), ends the iteration. Singular values are the final column
 * norms, U the normalised columns. Nearly all flops are GEMMs.
 * <p>
 * From {@code Tuning.preconditionFrom} the svd (after its QR) and the positive definite eig sweep X P instead of X
 * ({@link BlockedPreconditioner} [22]); the hyperbolic sweeps take a J-orthogonal P ({@link CudaHyperbolicPrecondition}).
 * <p>
 * Everything runs in double whatever the input precision: single-precision input then gets orthogonal vectors to
 * double accuracy at little cost on GPUs whose FP64 rate matches FP32. The element type is a parameter
 * ({@link BlockedScalar}): with COMPLEX the same driver runs the complex SVD, the Hermitian positive definite eig and
 * (with signs) the complex hyperbolic sweeps on interleaved double complex data (ZGEMM, zgeqrf / zunmqr, zpotrf,
 * svd_blocked.cu's _z builds; each 128-column pair problem of b = 64 solved split, {@link CudaSplitPairs}).
 */
public final class CudaBlockedSvd {
    public int sweeps;
    public long rotations;
    public boolean converged;
    /** Hyperbolic sweeps only: a pair of opposite signs had no real angle (G not of full column rank). */
    boolean rankDeficient;
    /** Factorisation, sweeps and unpacking, transfers excluded. */
    public long computeNanos;
    /** The column norms of the last call (U and V go into the caller's arrays). */
    public double[] sigma;
    /** cuSOLVER and cuBLAS, shared with the inversion paths. */
    private CudaLibraries lib;

    /** Double or double complex elements (complex input: interleaved arrays, U and V complex, sigma real). */
    private final BlockedScalar el;

    public CudaBlockedSvd() { this(BlockedScalar.REAL); }

    public CudaBlockedSvd(BlockedScalar el) { this.el = el; }

    /**
     * The SVD of the m x n page w (m >= n, column-major), QR-preconditioned [8]: A = Q R, the one-sided sweeps on
     * X = R' (n x n: fewer sweeps than on A, and for tall A n rows instead of m) give X W = U_x S, so
     * A = (Q W) S U_x': V = U_x, U = Q W (ormqr). With vectors (vOut, n x n, non-null) U is written over w and V into
     * vOut: no host copies of the results.
     */
    public void svd(GpuContext gpu, double[] w, int m, int n, double[] vOut, double tol, int maxSweeps,
             int fixedSweeps) {
        final boolean wantV = vOut != null;
        if (n == 0) { // m >= n: nothing to orthogonalise
            sigma = new double[0];
            converged = true;
            return;
        }
        lib = gpu.libraries("Method 'blocked'");
        final int es = el.bytes;
        // graded rows sorted by decreasing max-norm before geqrf, as dgejsv's row pivoting [8]: Householder QR is then
        // row-wise backward stable and a row-graded A keeps its small singular values; U's rows go back after
        final int[] rows = n > 1 ? Grading.sortedRowsIfGraded(w, m, n, es / 8) : null;
        final double[] in = rows == null ? w : Grading.permuteRows(w, m, n, es / 8, rows);
        DevicePointer g = gpu.buffer(Workspace.BLOCKED_IN, (long) m * n * es);
        DeviceBuffers.upload(g, in, Precision.DOUBLE); // complex: the interleaved parts as they are
        if (n == 1) {
            gpu.synchronize();
            long t0 = System.nanoTime();
            sweep(gpu, new BlockedProblem(g, m, m, n, BlockedProblem.Start.MATRIX, wantV, tol, maxSweeps, fixedSweeps));
            computeNanos = System.nanoTime() - t0;
            download(gpu, m, n, wantV ? w : null, vOut);
            return;
        }
        DevicePointer u = svd(gpu, g, m, n, wantV, tol, maxSweeps, fixedSweeps);
        if (wantV) { // after the timed part, like every other transfer
            DeviceBuffers.downloadInto(vectors(gpu, n), vOut, doubles(n * n));
            DeviceBuffers.downloadInto(u, in, doubles(m * n));
            if (rows != null) Grading.unpermuteRows(in, w, m, n, es / 8, rows);
        }
    }

    /**
     * As {@link #svd(GpuContext, double[], int, int, double[], double, int, int)} (n > 1) for the m x n page already in
     * g (destroyed: geqrf's Q), with its rows in the order wanted: sigma into {@link #sigma}, V (when wantV) left in
     * {@link #vectors}, U in the buffer returned (m x n; null without wantV).
     */
    public DevicePointer svd(GpuContext gpu, DevicePointer g, int m, int n, boolean wantV, double tol, int maxSweeps,
                             int fixedSweeps) {
        lib = gpu.libraries("Method 'blocked'");
        final int es = el.bytes;
        gpu.synchronize();
        long t0 = System.nanoTime();
        DevicePointer tau = gpu.buffer(Workspace.BLOCKED_TAU, (long) es * n), info = gpu.buffer(Workspace.INFO, 4);
        int lwork = el.geqrfWork(lib, m, n, g.jna(), m);
        DevicePointer work = gpu.buffer(Workspace.QR_WORK, (long) lwork * es);
        // preconditioned: the sweeps on X P (X = R', P from syevd) with V accumulated from P; g keeps geqrf's Q
        BlockedPreconditioner pre = new BlockedPreconditioner(gpu, el);
        DevicePointer xp = pre.wanted(n, fixedSweeps) ? gpu.buffer(Workspace.PRECOND_XP, (long) n * n * es) : null;
        el.geqrf(lib, m, n, g.jna(), m, tau.jna(), work.jna(), lwork, info.jna());
        DevicePointer p = xp != null ? pre.apply(g, m, n, xp) : null;
        if (p != null) {
            sweep(gpu, new BlockedProblem(xp, n, n, n, BlockedProblem.Start.MATRIX, wantV, tol, maxSweeps, fixedSweeps)
                    .vFrom(wantV ? p : null).preconditioned(true));
        } else {
            sweep(gpu, new BlockedProblem(g, m, n, n, BlockedProblem.Start.FACTOR_ROWS, wantV, tol, maxSweeps, fixedSweeps));
        }
        // the sweeps' U is A's V, their V (W) gives A's U = Q [W; 0]
        DevicePointer ux = gpu.buffer(Workspace.BLOCKED_U, (long) n * n * es), wv = gpu.buffer(Workspace.BLOCKED_V, (long) n * n * es);
        if (wantV) PolarPolish.steps(gpu, el, ux, n, tol); // A's V: the unit columns of X W, as for eig below
        // A's U = Q W: the accumulated W takes one step too, to the contract's n eps
        if (wantV) PolarPolish.steps(gpu, el, wv, n, 0);
        DevicePointer c = null;
        if (wantV) {
            c = gpu.buffer(Workspace.BLOCKED_U2, (long) m * n * es);
            BlockedKernels.embed(gpu, el, wv, c, m, n);
            lwork = el.ormqrWork(lib, m, n, n, g.jna(), m, tau.jna(), c.jna(), m);
            work = gpu.buffer(Workspace.QR_WORK, (long) lwork * es);
            el.ormqr(lib, m, n, n, g.jna(), m, tau.jna(), c.jna(), m, work.jna(), lwork, info.jna());
        }
        gpu.synchronize();
        computeNanos = System.nanoTime() - t0;
        sigma = DeviceBuffers.download(gpu.buffer(Workspace.BLOCKED_SIGMA, 8L * n), n, Precision.DOUBLE);
        return c;
    }

    /**
     * Eigenpairs of the symmetric n x n page a if it is positive definite: A = R'R (cuSOLVER potrf), then one-sided
     * Jacobi on X = R' rather than R, as dgejsv sweeps R' of its QR [8]: X W = U S gives A = X X' = U S^2 U', so the
     * eigenvectors are X's left singular vectors and W is not accumulated. The rotations act on whole rows of X, so
     * their rounding errors are row-wise small and a row-graded X = R' = D B' keeps the relative accuracy of the
     * column-graded R = B D [6, 8]. The eigenvalues (unsorted) are returned; the eigenvectors are written into vOut
     * (n x n, null when not wanted). Null, and nothing computed, when the factorisation fails; {@link #computeNanos} is
     * then the failed potrf's time, which the caller adds to the route taken instead. A page with a diagonal entry that
     * is not positive returns null at once ({@link IndefiniteEig#nonPositiveDiagonal}: potrf would fail).
     */
    public double[] eig(GpuContext gpu, double[] a, int n, double[] vOut, double tol, int maxSweeps,
                 int fixedSweeps) {
        if (IndefiniteEig.nonPositiveDiagonal(a, n, el.bytes / 8)) return null; // potrf would fail
        DevicePointer g = input(gpu, n);
        DeviceBuffers.upload(g, a, Precision.DOUBLE);
        double[] d = eig(gpu, g, n, vOut != null, tol, maxSweeps, fixedSweeps);
        if (d != null && vOut != null) DeviceBuffers.downloadInto(vectors(gpu, n), vOut, doubles(n * n));
        return d;
    }

    /** The device buffer {@link #eig(GpuContext, DevicePointer, int, boolean, double, int, int)} takes. */
    DevicePointer input(GpuContext gpu, int n) {
        return gpu.buffer(Workspace.BLOCKED_IN, (long) n * n * el.bytes);
    }

    /** Where the eigenvectors (or the hyperbolic route's U) are left on the device, n x n. */
    public DevicePointer vectors(GpuContext gpu, int n) {
        return gpu.buffer(Workspace.BLOCKED_U, (long) n * n * el.bytes);
    }

    /**
     * As {@link #eig(GpuContext, double[], int, double[], double, int, int)} for a page already in
     * g = {@link #input} (destroyed), with a positive diagonal; the eigenvectors, when wanted, stay in
     * {@link #vectors}.
     */
    public double[] eig(GpuContext gpu, DevicePointer g, int n, boolean wantV, double tol, int maxSweeps,
                        int fixedSweeps) {
        lib = gpu.libraries("Method 'blocked'");
        DevicePointer info = gpu.buffer(Workspace.INFO, 4);
        int lwork = el.potrfWork(lib, n, g.jna(), n);
        DevicePointer work = gpu.buffer(Workspace.CHOL_WORK, (long) lwork * el.bytes);
        gpu.synchronize();
        long t0 = System.nanoTime();
        el.potrf(lib, n, g.jna(), n, work.jna(), lwork, info.jna());
        int[] st = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        if (st[0] != 0) { // not (numerically) positive definite: the attempt's time still counts (the caller adds it)
            computeNanos = System.nanoTime() - t0;
            return null;
        }
        long p0 = Profiling.ON ? Profiling.sync(gpu) : 0;
        BlockedPreconditioner pre = new BlockedPreconditioner(gpu, el);
        boolean preconditioned = pre.wanted(n, fixedSweeps) && pre.apply(g, n, n, g) != null;
        long p1 = Profiling.ON ? Profiling.sync(gpu) : 0;
        sweep(gpu, new BlockedProblem(g, n, n, n, preconditioned ? BlockedProblem.Start.MATRIX
                : BlockedProblem.Start.FACTOR_ROWS, false, tol, maxSweeps, fixedSweeps).preconditioned(preconditioned));
        long p2 = System.nanoTime();
        DevicePointer uDev = gpu.buffer(Workspace.BLOCKED_U, (long) n * n * el.bytes);
        if (wantV) PolarPolish.steps(gpu, el, uDev, n, tol);
        computeNanos = System.nanoTime() - t0;
        if (Profiling.ON) {
            System.err.printf(java.util.Locale.ROOT, "positive definite eig n=%d: potrf %.2f ms, precondition %.2f ms, "
                    + "solve %.2f ms, polish %.2f ms; %.2f ms counted%n", n, (p0 - t0) / 1e6, (p1 - p0) / 1e6,
                    (p2 - p1) / 1e6, (System.nanoTime() - p2) / 1e6, computeNanos / 1e6);
        }
        download(gpu, n, n, null, null);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = sigma[i] * sigma[i];
        return d;
    }

    /**
     * The blocked hyperbolic sweeps [4, 10] on the n x n G in g (leading dimension n; CudaIndefiniteEig's
     * Bunch-Parlett factor, or Y = G P when {@link CudaHyperbolicPrecondition} preconditioned it) with J = diag(signs):
     * G W = U Sigma with W J-orthogonal. U (unit columns, when wanted) left in {@link #vectors} and copied into uOut
     * (n x n, null: left on the device), Sigma into {@link #sigma}; {@link #rankDeficient} when a pair had no real angle.
     */
    void hyperbolic(GpuContext gpu, DevicePointer g, int n, int[] signs, boolean preconditioned,
                           boolean wantU, double[] uOut, double tol, int maxSweeps, int fixedSweeps) {
        lib = gpu.libraries("Method 'blocked'");
        long t0 = System.nanoTime();
        sweep(gpu, new BlockedProblem(g, n, n, n, BlockedProblem.Start.MATRIX, false, tol, maxSweeps, fixedSweeps)
                .hyperbolic(signs).preconditioned(preconditioned));
        long t1 = System.nanoTime();
        DevicePointer uDev = gpu.buffer(Workspace.BLOCKED_U, (long) n * n * el.bytes);
        if (wantU && !rankDeficient) PolarPolish.steps(gpu, el, uDev, n, tol);
        computeNanos = System.nanoTime() - t0;
        if (Profiling.ON) {
            System.err.printf(java.util.Locale.ROOT, "hyperbolic n=%d: solve %.2f ms (from its start), polish %.2f ms%n", n,
                    (t1 - t0) / 1e6, (System.nanoTime() - t1) / 1e6);
        }
        if (uOut != null) DeviceBuffers.downloadInto(uDev, uOut, doubles(n * n));
        sigma = DeviceBuffers.download(gpu.buffer(Workspace.BLOCKED_SIGMA, 8L * n), n, Precision.DOUBLE);
    }

    /** One run of the sweeps; its counts become this page's. */
    private void sweep(GpuContext gpu, BlockedProblem problem) {
        BlockedSweeps s = new BlockedSweeps(gpu, el);
        s.run(problem);
        sweeps = s.sweeps;
        rotations += s.rotations;
        converged = s.converged;
        rankDeficient |= s.rankDeficient;
    }

    /**
     * The sweeps' results: sigma always, U (m x n) into uOut and V (n x n) into vOut where those are given
     * (the caller's arrays: no host copies after).
     */
    private void download(GpuContext gpu, int m, int n, double[] uOut, double[] vOut) {
        if (uOut != null) DeviceBuffers.downloadInto(gpu.buffer(Workspace.BLOCKED_U, (long) m * n * el.bytes), uOut, doubles(m * n));
        if (vOut != null) DeviceBuffers.downloadInto(gpu.buffer(Workspace.BLOCKED_V, (long) n * n * el.bytes), vOut, doubles(n * n));
        sigma = DeviceBuffers.download(gpu.buffer(Workspace.BLOCKED_SIGMA, 8L * n), n, Precision.DOUBLE);
    }

    /** The doubles of count elements (two a complex one). */
    private int doubles(int count) {
        return el.complex() ? 2 * count : count;
    }
}
