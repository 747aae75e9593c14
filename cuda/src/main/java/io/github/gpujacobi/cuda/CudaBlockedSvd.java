package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.CrossPairs;
import io.github.gpujacobi.core.Grading;
import io.github.gpujacobi.core.HyperbolicPreconditioner;
import io.github.gpujacobi.core.IndefiniteEig;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * Blocked one-sided (Hestenes) Jacobi SVD of one page on the GPU [11, 12, 18], m >= n, and through
 * it the eigenpairs of a positive definite matrix from its Cholesky factor [6, 7].
 * <p>
 * The columns of G form nb blocks of width b (n padded with zero columns to an even number of
 * blocks); a {@link BlockSchedule} (the chess tournament, {@link ChessTournament}, below 64 blocks, the odd-even
 * ordering from there) gives up to nb/2 disjoint block pairs per step, each lying contiguously. A step, for all
 * pairs at once: (1) the pair's Gram matrix [Gi Gj]'[Gi Gj] (2b x 2b, one strided batched GEMM); (2) one sweep of two-sided Jacobi on it with the relative test
 * |g_pq| <= tol sqrt(g_pp g_qq) (svd_blocked.cu's blocked_pair, one thread block per pair), whose
 * accumulated rotations, polished by a Newton-Schulz step (in the kernel up to 2b = 64, else two batched GEMMs),
 * give the pair's orthogonal Q; (3)
 * [Gi Gj; Vi Vj] Q into the other work buffer, each output block written straight to the position where the next
 * step wants it (the odd-even ordering: the pair's own columns, its blocks exchanged, one strided batched GEMM; the
 * chess tournament: one batched GEMM of pointer arrays), so pairs are always contiguous and no data is permuted. A pair whose Gram matrix passes the test everywhere is not rotated; a sweep
 * in which no pair rotated ends the iteration (the one host synchronisation of a sweep). Singular
 * values are the final column norms, U the normalised columns. Nearly all flops are GEMMs.
 * <p>
 * From n = 1024 the svd (after its QR) and the positive definite eig sweep X P instead of X = R', P the eigenvectors of
 * X'X from cuSOLVER's syevd ({@link #precondition} [22]): the sweeps then start nearly converged (H100, n = 4096: one
 * sweep and the check instead of 12; svd 411 -> 213 ms, SPD eig 293 -> 168 ms), and P, orthogonal, keeps the rows of X
 * that Jacobi's relative accuracy rests on. The hyperbolic sweeps need a J-orthogonal P instead
 * ({@link CudaHyperbolicPrecondition}). The check alone may then end the iteration ({@link #PRE_CHECK}).
 * <p>
 * Everything runs in double whatever the input precision: single-precision input then gets
 * orthogonal vectors to double accuracy at little cost on GPUs whose FP64 rate matches FP32 (H100).
 * The element type is a parameter ({@link BlockedScalar}): with COMPLEX the same driver runs the complex SVD, the
 * Hermitian positive definite eig and (with signs) the complex hyperbolic sweeps on interleaved double complex data
 * (ZGEMM, zgeqrf / zunmqr, zpotrf, svd_blocked.cu's _z builds; b = 32, or 64 from n = 2048 with each 128-column pair
 * problem solved split, {@link CudaSplitPairs}).
 * Measurements: docs/benchmarks/gpu-h100-2026-11-23-blocked.md, complex: gpu-h100-2026-11-26c.md.
 */
final class CudaBlockedSvd {
    /**
     * Block width b, a power of two up to 64 (0: by size, {@link #width}); the pair problems are
     * 2b x 2b in shared memory. The update GEMMs are memory bound, and their traffic per sweep halves
     * with each doubling of b (H100, n = 4096: b = 16 2360 ms, b = 32 1256 ms).
     */
    static final int WIDTH = Integer.getInteger("gpujacobi.cuda.blockWidth", 0);
    /** Times the three phases of a step (synchronising after each) and prints them to stderr. */
    static final boolean PROFILE = Boolean.getBoolean("gpujacobi.cuda.blockedProfile");
    private static final int BLOCK = 256;

    int sweeps;
    long rotations;
    boolean converged;
    /** Hyperbolic sweeps only: a pair of opposite signs had no real angle (G not of full column rank). */
    boolean rankDeficient;
    /** Factorisation, sweeps and unpacking, transfers excluded. */
    long computeNanos;
    /** The column norms of the last call (U and V go into the caller's arrays). */
    double[] sigma;
    /** cuSOLVER and cuBLAS, shared with the inversion paths. */
    private CudaLibraries lib;

    private long gramNanos, innerNanos, applyNanos;

    /** Double or double complex elements (complex input: interleaved arrays, U and V complex, sigma real). */
    private final BlockedScalar el;

    CudaBlockedSvd() { this(BlockedScalar.REAL); }

    CudaBlockedSvd(BlockedScalar el) { this.el = el; }

    /**
     * QR preconditioning [8] (default on; -Dgpujacobi.cuda.blockedQr=false turns it off): the sweeps
     * run on R' (n x n) for A = Q R, which needs fewer sweeps than A (H100, square random: 16 vs 19
     * sweeps at n = 4096, 14 vs 16 at 1024) and, for tall A, touches n rows instead of m.
     */
    static final boolean QR = !"false".equals(System.getProperty("gpujacobi.cuda.blockedQr"));

    /**
     * Block pairs solved on their cross pairs only ({@link CrossPairs}: b dependent steps instead of the 2b - 1 of a
     * full sweep of the pair problem, whose latency bounds the pair solves), each block's own pairs once per sweep
     * by a diagonal step; -Dgpujacobi.cuda.blockedCross=false solves the whole 2b x 2b problem per pair. Not for
     * the multi-GPU driver.
     */
    static final boolean CROSS = !"false".equals(System.getProperty("gpujacobi.cuda.blockedCross"));

    /**
     * The same for the hyperbolic sweeps (the pair kernel and the diagonal step with each block's signs);
     * -Dgpujacobi.cuda.hyperbolicCross=false solves the whole 2b x 2b pair problem. H100, 2026-11-23, indefinite
     * eig double: n = 4096 1037 -> 850 ms (20 -> 19 sweeps), n = 1024 103 -> 68 ms; verify's graded indefinite
     * checks and the conformance suite pass both ways (docs/benchmarks/gpu-h100-2026-11-23-session4.md).
     */
    static final boolean HYPERBOLIC_CROSS = !"false".equals(System.getProperty("gpujacobi.cuda.hyperbolicCross"));

    /**
     * Once a sweep rotated at most n pairs, the next sweep's test alone ({@link #failingPairs}: one GEMM for X'X)
     * decides whether it is needed: the sweep that rotates nothing and only confirms convergence is not run
     * (-Dgpujacobi.cuda.blockedCheck=false runs it).
     */
    static final boolean CHECK = !"false".equals(System.getProperty("gpujacobi.cuda.blockedCheck"));

    /**
     * The check runs once a sweep rotated at most this many pairs per column (-Dgpujacobi.cuda.blockedCheckFrom=N; 16
     * before the incremental cleanup rounds, 1 before that): near the end a sweep rotates a few thousand pairs and the
     * next one only a handful (H100, n = 1024: svd sweeps 11 and 12 rotated 5390 and 5 pairs, SPD eig 2471 and 3;
     * n = 4096 indefinite: sweep 16 rotated 280573 = 68 n, after which 137 pairs failed and 8 rounds fixed them), and a
     * check with its cleanup rounds costs a GEMM where that last sweep costs 2-40 ms; a check that finds too many
     * failing pairs costs one GEMM and the sweep runs. A preconditioned start is checked after its first sweep
     * whatever that sweep rotated ({@link #PRE_CHECK}: it starts near convergence; H200, 2026-11-28, indefinite eig
     * n = 8192 double: sweep 1 rotated 1.81 M pairs = 221 n, sweep 2 only 1284 at 157-164 ms, where the check after
     * sweep 1 found 1275 failing pairs and 9 cleanup rounds fixed them, 1540 -> 1433-1439 ms,
     * docs/benchmarks/gpu-h200-2026-11-28c.md).
     */
    static final int CHECK_FROM = Math.max(1, Integer.getInteger("gpujacobi.cuda.blockedCheckFrom", 128));

    /**
     * When at most this many pairs fail the check, they are rotated alone (each by its own rotation, disjoint ones at
     * once) and checked again, up to {@link #CLEANUP_ROUNDS} times, instead of a sweep: at the end of the iteration a
     * few pairs lie just above the tolerance, and a sweep for them costs all its GEMMs (H100, svd n = 4096: 7 pairs
     * failed after sweep 13, and sweep 14 rotated those 7; 45 ms a sweep against ~4 ms a check). The hyperbolic sweeps
     * too, each pair by the transformation its columns' signs call for. A round re-checks only the rotated columns
     * ({@link #updateGram}); disjoint pairs only, so a column failing with several others takes as many rounds.
     * The list holds {@link #checkList} pairs. -Dgpujacobi.cuda.blockedCheckList / blockedCleanupRounds for measurements.
     */
    static final Integer CHECK_LIST = Integer.getInteger("gpujacobi.cuda.blockedCheckList");
    static final int CLEANUP_ROUNDS = Integer.getInteger("gpujacobi.cuda.blockedCleanupRounds", 32);

    /**
     * Failing pairs the cleanup rounds take on for cols columns ({@link #CHECK_LIST} fixes it): 1024, or cols / 2 from
     * 2048 columns on. A round's update GEMM is cols x (twice the pairs it rotates), so rounds cost in proportion to the
     * pairs they fix; with 1024 the 1275 pairs left after the first sweep at n = 8192 (above) took a second sweep, with
     * 4096 or 16384 nine rounds (1433-1440 ms either way; the same at n = 4096, where at most 301 failed).
     */
    static int checkList(int cols) {
        return CHECK_LIST != null ? Math.max(1, CHECK_LIST) : Math.max(1024, cols / 2);
    }

    /** {@link #checkList} of the running solve's columns. */
    private int listCap = 1024;

    /** The accumulated W's Newton-Schulz step before A's U = Q W (-Dgpujacobi.cuda.blockedPolishW=false skips it). */
    static final boolean POLISH_W = !"false".equals(System.getProperty("gpujacobi.cuda.blockedPolishW"));

    /**
     * The SVD of the m x n page w (m >= n, column-major). With QR preconditioning: A = Q R, the
     * one-sided sweeps on X = R' give X W = U_x S, so A = (Q W) S U_x': V = U_x, U = Q W (ormqr).
     * With vectors (vOut, n x n, non-null) U is written over w and V into vOut: no host copies of the results.
     */
    void svd(CudaDevice dev, DeviceBuffers buf, double[] w, int m, int n, double[] vOut, double tol, int maxSweeps,
             int fixedSweeps) {
        final boolean wantV = vOut != null;
        if (n == 0) { // m >= n: nothing to orthogonalise
            sigma = new double[0];
            converged = true;
            return;
        }
        lib = CudaLibraries.get("Method 'blocked'");
        final int es = el.bytes;
        // graded rows sorted by decreasing max-norm before geqrf, as dgejsv's row pivoting [8]: Householder QR is then
        // row-wise backward stable and a row-graded A keeps its small singular values; U's rows go back after
        final int[] rows = QR && n > 1 ? Grading.sortedRowsIfGraded(w, m, n, es / 8) : null;
        final double[] in = rows == null ? w : Grading.permuteRows(w, m, n, es / 8, rows);
        DevicePointer g = buf.get("blockedIn", (long) m * n * es);
        DeviceBuffers.upload(g, in, Precision.DOUBLE); // complex: the interleaved parts as they are
        dev.synchronize();
        long t0 = System.nanoTime();
        if (!QR || n == 1) {
            solve(dev, buf, g, m, m, n, 0, wantV, tol, maxSweeps, fixedSweeps);
            computeNanos = System.nanoTime() - t0;
            download(buf, m, n, wantV ? w : null, vOut);
            return;
        }
        DevicePointer tau = buf.get("blockedTau", (long) es * n), info = buf.get("info", 4);
        int lwork = el.geqrfWork(lib, m, n, g.jna(), m);
        DevicePointer work = buf.get("qrWork", (long) lwork * es);
        // preconditioned: the sweeps on X P (X = R', P from syevd) with V accumulated from P; g keeps geqrf's Q
        DevicePointer xp = preconditioned(dev, n, fixedSweeps) ? buf.get("precondXP", (long) n * n * es) : null;
        // syevd of A'A beside geqrf (EIGH_BESIDE_QR): A'A before geqrf overwrites A, the side stream after it
        CudaHyperbolicPrecondition beside = xp != null && EIGH_BESIDE_QR && dev.freeMemory() >= 12L * n * n * es
                ? gramBesideQr(dev, buf, g, m, n) : null;
        el.geqrf(lib, m, n, g.jna(), m, tau.jna(), work.jna(), lwork, info.jna());
        DevicePointer p = beside != null ? preconditionBesideQr(dev, buf, g, m, n, xp, beside) : null;
        if (p == null && xp != null) p = precondition(dev, buf, g, m, n, xp);
        if (p != null) solve(dev, buf, xp, n, n, n, 0, wantV, tol, maxSweeps, fixedSweeps, null, wantV ? p : null, true);
        else solve(dev, buf, g, m, n, n, 2, wantV, tol, maxSweeps, fixedSweeps);
        // the sweeps' U is A's V, their V (W) gives A's U = Q [W; 0]
        DevicePointer ux = buf.get("blockedU", (long) n * n * es), wv = buf.get("blockedV", (long) n * n * es);
        if (wantV) orthogonalise(dev, buf, ux, n, tol); // A's V: the unit columns of X W, as for eig below
        // A's U = Q W: the accumulated W takes one step too (H100, 2026-11-26: ||U'U - I||_F 2.6e-13 at n = 1024, 1.14 n
        // eps, with W as accumulated)
        if (wantV && POLISH_W) orthogonalise(dev, buf, wv, n, 0);
        if (wantV) { // V is downloaded after the timed part, like every other transfer
            DevicePointer c = buf.get("blockedU2", (long) m * n * es);
            dev.launchOver(el.embed().kernelName(), (long) m * n,
                    Pointer.to(Pointer.to(wv), Pointer.to(c), Pointer.to(new int[]{m}), Pointer.to(new int[]{n})));
            lwork = el.ormqrWork(lib, m, n, n, g.jna(), m, tau.jna(), c.jna(), m);
            work = buf.get("qrWork", (long) lwork * es);
            el.ormqr(lib, m, n, n, g.jna(), m, tau.jna(), c.jna(), m, work.jna(), lwork, info.jna());
            dev.synchronize();
            computeNanos = System.nanoTime() - t0;
            DeviceBuffers.downloadInto(ux, vOut, doubles(n * n));
            DeviceBuffers.downloadInto(c, in, doubles(m * n));
            if (rows != null) Grading.unpermuteRows(in, w, m, n, es / 8, rows);
        } else {
            dev.synchronize();
            computeNanos = System.nanoTime() - t0;
        }
        sigma = DeviceBuffers.download(buf.get("blockedSigma", 8L * n), n, Precision.DOUBLE);
    }

    /**
     * No potrf attempt on a page with a diagonal entry that is not positive ({@link IndefiniteEig#nonPositiveDiagonal});
     * -Dgpujacobi.cuda.diagonalTest=false attempts it anyway, for measurements. H200, 2026-11-28, indefinite eig of a random
     * symmetric page, with / without (two processes each, alternating): single 1024 13.5, 14.6 / 15.5, 16.6 ms; double
     * 2048 44.8, 44.6 / 51.3, 48.6; double 4096 239.0, 239.0 / 245.5, 244.9 (docs/benchmarks/gpu-h200-2026-11-28.md).
     */
    static final boolean DIAGONAL_TEST = !"false".equals(System.getProperty("gpujacobi.cuda.diagonalTest"));

    /**
     * SPD eig on the rows of the Cholesky factor (default; -Dgpujacobi.cuda.eigOnFactorRows=false sweeps its
     * columns): one-sided Jacobi on X = R' rather than R, as dgejsv sweeps R' of its QR [8]. The eigenvectors
     * are then X's left singular vectors, the normalised columns of X W, so W is not accumulated and each
     * update touches n rows instead of 2n. The rotations act on whole rows of X, so their rounding errors are
     * row-wise small and a row-graded X = R' = D B' keeps the relative accuracy of the column-graded R = B D [6, 8].
     */
    static final boolean EIG_ON_FACTOR_ROWS = !"false".equals(System.getProperty("gpujacobi.cuda.eigOnFactorRows"));

    /**
     * Eigenpairs of the symmetric n x n page a if it is positive definite: A = R'R (cuSOLVER potrf),
     * then the SVD R = U S V', so A = V S^2 V'. The eigenvalues (unsorted) are returned; the
     * eigenvectors are written into vOut (n x n, null when not wanted).
     * Null, and nothing computed, when the factorisation fails; {@link #computeNanos} is then the failed potrf's time,
     * which the caller adds to the route taken instead (bench's times include it). A page with a diagonal entry that is
     * not positive returns null at once ({@link IndefiniteEig#nonPositiveDiagonal}: potrf would fail).
     * R is column-graded when A = D H D is graded, which keeps one-sided Jacobi relatively accurate [6].
     */
    double[] eig(CudaDevice dev, DeviceBuffers buf, double[] a, int n, double[] vOut, double tol, int maxSweeps,
                 int fixedSweeps) {
        final boolean wantV = vOut != null;
        if (DIAGONAL_TEST && IndefiniteEig.nonPositiveDiagonal(a, n, el.bytes / 8)) return null; // potrf would fail
        lib = CudaLibraries.get("Method 'blocked'");
        DevicePointer g = buf.get("blockedIn", (long) n * n * el.bytes), info = buf.get("info", 4);
        DeviceBuffers.upload(g, a, Precision.DOUBLE);
        int lwork = el.potrfWork(lib, n, g.jna(), n);
        DevicePointer work = buf.get("cholWork", (long) lwork * el.bytes);
        dev.synchronize();
        long t0 = System.nanoTime();
        el.potrf(lib, n, g.jna(), n, work.jna(), lwork, info.jna());
        int[] st = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        if (st[0] != 0) { // not (numerically) positive definite: the attempt's time still counts (the caller adds it)
            computeNanos = System.nanoTime() - t0;
            return null;
        }
        if (EIG_ON_FACTOR_ROWS) {
            // X = R' (mode 2): X W = U S gives A = X X' = U S^2 U', the eigenvectors are U and no W is accumulated
            long p0 = PROFILE ? sync(dev) : 0;
            boolean pre = preconditioned(dev, n, fixedSweeps) && precondition(dev, buf, g, n, n, g) != null;
            long p1 = PROFILE ? sync(dev) : 0;
            solve(dev, buf, g, n, n, n, pre ? 0 : 2, false, tol, maxSweeps, fixedSweeps, null, null, pre);
            long p2 = System.nanoTime();
            DevicePointer uDev = buf.get("blockedU", (long) n * n * el.bytes);
            if (wantV) orthogonalise(dev, buf, uDev, n, tol);
            computeNanos = System.nanoTime() - t0;
            if (PROFILE) {
                System.err.printf(java.util.Locale.ROOT, "positive definite eig n=%d: potrf %.2f ms, precondition %.2f ms, "
                        + "solve %.2f ms, polish %.2f ms; %.2f ms counted%n", n, (p0 - t0) / 1e6, (p1 - p0) / 1e6,
                        (p2 - p1) / 1e6, (System.nanoTime() - p2) / 1e6, computeNanos / 1e6);
            }
            download(buf, n, n, null, null);
            if (wantV) DeviceBuffers.downloadInto(uDev, vOut, doubles(n * n));
        } else {
            solve(dev, buf, g, n, n, n, 1, wantV, tol, maxSweeps, fixedSweeps);
            computeNanos = System.nanoTime() - t0;
            download(buf, n, n, null, vOut);
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = sigma[i] * sigma[i];
        return d;
    }

    /**
     * Preconditioning of the positive definite eig [22]: g (potrf's R in its upper triangle) := X Q for X = R' and Q the
     * eigenvectors of X'X by cuSOLVER's syevd (heevd), taken to orthogonal at working precision by one Newton-Schulz
     * step [21]. X Q has nearly orthogonal columns, so the sweeps start close to the end (numpy, n = 512: 3 sweeps
     * instead of 12, graded 3 instead of 20; H100, 2026-11-26, n = 1024 ... 8192: one sweep and the check, ms without /
     * with: SPD eig 1024 34 / 16-20, 4096 293 / 168, 8192 1698 / 871, complex 4096 722 / 339; svd 1024 35-39 / 21-23,
     * 4096 411-413 / 213-214, complex 4096 1272 / 497; docs/benchmarks/gpu-h100-2026-11-26f.md). Q is orthogonal and multiplies from the right, so X Q keeps X's rows, the
     * rows whose scaling gives the sweeps on X their relative accuracy [6, 8]; X Q (X Q)' = A up to row-wise small
     * errors. The svd (A = Q R, the sweeps on X = R') takes the same X P, P the eigenvectors of X'X, with V accumulated
     * from P: X P W' = U S, so W = P W' as before. -Dgpujacobi.cuda.precondition=false sweeps X itself, as does a fixed
     * sweep count (seed 000's experiments). X Q goes to out (leading dimension n); returns Q (buffer precondQ), or null,
     * and nothing written, when syevd fails.
     */
    private DevicePointer precondition(CudaDevice dev, DeviceBuffers buf, DevicePointer g, int ldg, int n, DevicePointer out) {
        long bytes = (long) n * n * el.bytes;
        DevicePointer x = packTransposedFactor(dev, buf, g, ldg, n), q = buf.get("precondQ", bytes);
        DevicePointer w = buf.get("precondW", 8L * n);
        el.gemm(lib, el.adjoint, 0, n, n, n, el.one, x.jna(), n, x.jna(), n, el.zero, q.jna(), n, "gemm X'X");
        if (!syevd(buf, lib, el, q, n, w)) return null;
        orthogonalise(dev, buf, q, n, 0);
        el.gemm(lib, 0, 0, n, n, n, el.one, x.jna(), n, q.jna(), n, el.zero, out.jna(), n, "gemm X Q");
        return q;
    }

    /**
     * The svd's preconditioner from syevd of M = A'A run beside geqrf instead of after it (opt-in,
     * -Dgpujacobi.cuda.eighBesideQr=true). M = X X' for X = R' (A = Q R), so P = X' Q S with M Q = Q L,
     * S = L^{-1/2}, is {@link HyperbolicPreconditioner}'s P for J = I: P'P = S Q' M Q S = I, X P = M Q S has orthogonal
     * columns, and the Newton-Schulz steps make P orthogonal to working precision where the eigenvectors of A'A's small
     * eigenvalues are not accurate enough; Y = X P keeps X's rows as before [22]. Where P cannot be made orthogonal
     * (host test: column grading of 3 decades took one step, 6 decades were refused after three) or A'A has an eigenvalue
     * that is not positive, {@link #precondition} runs as before, after a syevd that was spent. What it saves is geqrf's
     * time, hidden behind syevd (and X'X's GEMM, replaced by A'A's). H200, 2026-11-28 (conformance and verify pass with it
     * at every size; docs/benchmarks/gpu-h200-2026-11-28.md), on / off, two processes each, Gaussian A: real svd 3-13%
     * faster from n = 2048 (double 4096 184 / 193-196 ms, single 2048 37-38 / 43), about even at double 1024, but complex
     * 4096 565-573 / 478-481 (two sweeps instead of one). Not the default: besides complex, every A with cond(A)^2 near
     * 1 / eps (graded or ill-conditioned, the input Jacobi is chosen for) would pay the spent syevd.
     */
    static final boolean EIGH_BESIDE_QR = Boolean.getBoolean("gpujacobi.cuda.eighBesideQr");

    /**
     * M = A'A into buffer hypM from the m x n A in g (before geqrf), and the buffers of {@link #preconditionBesideQr}
     * taken (an allocation may synchronise the device); {@link CudaHyperbolicPrecondition#readyBeside} makes the side
     * stream wait for M. The caller queues geqrf next and hands M to {@link #preconditionBesideQr}.
     */
    private CudaHyperbolicPrecondition gramBesideQr(CudaDevice dev, DeviceBuffers buf, DevicePointer g, int m, int n) {
        CudaHyperbolicPrecondition ops = new CudaHyperbolicPrecondition(dev, buf, lib, el, n);
        long bytes = (long) n * n * el.bytes;
        DevicePointer gram = buf.get("hypM", bytes);
        for (String name : new String[]{"precondX", "precondQ", "hypS"}) buf.get(name, bytes);
        el.gemm(lib, el.adjoint, 0, n, n, m, el.one, g.jna(), m, g.jna(), m, el.zero, gram.jna(), n, "gemm A'A");
        ops.readyBeside(gram);
        return ops;
    }

    /**
     * After geqrf is queued: syevd of A'A on the side stream, X = R' packed meanwhile, then P and X P into out. Returns
     * P (buffer precondQ), or null, out untouched, when it was not taken ({@link HyperbolicPreconditioner#skipped}).
     */
    private DevicePointer preconditionBesideQr(CudaDevice dev, DeviceBuffers buf, DevicePointer g, int ldg, int n,
                                               DevicePointer out, CudaHyperbolicPrecondition ops) {
        long bytes = (long) n * n * el.bytes;
        DevicePointer gram = buf.get("hypM", bytes);
        DevicePointer q = buf.get("precondQ", bytes);
        HyperbolicPreconditioner<DevicePointer> h = new HyperbolicPreconditioner<DevicePointer>();
        boolean taken;
        try { // the solver handle goes back to the default stream whatever happens here
            ops.startEigh(gram);
            DevicePointer x = packTransposedFactor(dev, buf, g, ldg, n);
            int[] identity = new int[n];
            java.util.Arrays.fill(identity, 1);
            taken = h.apply(ops, gram, x, q, buf.get("hypS", bytes), out, identity); // its eigh takes startEigh's result
        } finally {
            ops.endEigh();
        }
        if (PROFILE) {
            System.err.printf(java.util.Locale.ROOT, "svd precondition beside geqrf n=%d: %s%n", n, h.skipped == null
                    ? String.format(java.util.Locale.ROOT, "%d Newton-Schulz steps, residual %.1e", h.steps, h.residual)
                    : "not taken: " + h.skipped);
        }
        return taken ? q : null;
    }

    /** X = R' (R in g's upper triangle, leading dimension ldg) into buffer precondX, n x n; one launch of the pack kernel. */
    private DevicePointer packTransposedFactor(CudaDevice dev, DeviceBuffers buf, DevicePointer g, int ldg, int n) {
        DevicePointer x = buf.get("precondX", (long) n * n * el.bytes);
        CUdeviceptr slot = buf.constant("precondSlot", "one block", () -> new int[]{0});
        dev.launchOver(el.pack().kernelName(), (long) n * n, // X = R': one block
                Pointer.to(Pointer.to(g), Pointer.to(new int[]{ldg}), Pointer.to(x), Pointer.to(slot), Pointer.to(new int[]{n}),
                        Pointer.to(new int[]{n}), Pointer.to(new int[]{n}), Pointer.to(new int[]{n}), Pointer.to(new int[]{n}),
                        Pointer.to(new int[]{2}), CudaDevice.nullable(null)));
        return x;
    }

    /** Eigenvectors of the Hermitian n x n a into a, eigenvalues into w (cuSOLVER syevd / heevd); false when it failed. */
    static boolean syevd(DeviceBuffers buf, CudaLibraries lib, BlockedScalar el, DevicePointer a, int n, DevicePointer w) {
        DevicePointer info = buf.get("info", 4);
        syevd(buf, lib, el, a, n, w, info);
        return succeeded(info);
    }

    /** syevd / heevd queued on the solver handle's stream, its status into info (workspace: buffer precondWork). */
    static void syevd(DeviceBuffers buf, CudaLibraries lib, BlockedScalar el, DevicePointer a, int n, DevicePointer w,
                      DevicePointer info) {
        int lwork = el.syevdWork(lib, n, a.jna(), n, w.jna());
        el.syevd(lib, n, a.jna(), n, w.jna(), syevdWorkspace(buf, el, lwork).jna(), lwork, info.jna());
    }

    /** syevd's workspace of lwork elements (allocating it ahead of a launch keeps the allocation out of the overlap). */
    static DevicePointer syevdWorkspace(DeviceBuffers buf, BlockedScalar el, int lwork) {
        return buf.get("precondWork", (long) lwork * el.bytes);
    }

    /** Whether a cuSOLVER status word on the device says success (reads it on the default stream). */
    static boolean succeeded(DevicePointer info) {
        int[] st = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        return st[0] == 0;
    }

    /**
     * Whether the sweeps of order n are preconditioned ({@link #precondition}). X, P and syevd's workspace (about 2 n^2
     * elements) stay allocated beside the sweeps' buffers (two work arrays, U, the polish's two): without room for about
     * 10 n^2 elements the sweeps run on X alone, as before (H100, n = 16384 eig: 25.5 GB preconditioned, 15.3 before).
     */
    private boolean preconditioned(CudaDevice dev, int n, int fixedSweeps) {
        return PRECONDITION && n >= PRECONDITION_FROM && fixedSweeps == 0 && dev.freeMemory() >= 10L * n * n * el.bytes;
    }

    static final boolean PRECONDITION = !"false".equals(System.getProperty("gpujacobi.cuda.precondition"));

    /**
     * Preconditioned sweeps (X P, or the hyperbolic Y = G P) start with the check and its cleanup rounds instead of a
     * sweep (-Dgpujacobi.cuda.preCheck=false: a sweep first). With P from syevd in double the pairs of X P are left
     * about eps ||X||^2 / (sigma_p sigma_q) from orthogonal (syevd's backward error), which single's tolerance (eps_single
     * sqrt(n)) passes for all but strongly graded X, and double's for well-conditioned X. H100, 2026-11-28
     * (docs/benchmarks/gpu-h100-2026-11-28b.md), no sweep left in single at n = 1024 and 4096: svd 1024 22-31 -> 17.6-19.3
     * ms, SPD eig 15.5-17.5 -> 13.4-13.7, indefinite eig 26.5-29.1 -> 21.6-23.2; 4096 svd / SPD eig / indefinite 211 / 173
     * / 271-275 -> 187-188 / 154-156 / 255-259; double SPD eig (B'B + n I) 4096 167 -> 150. Where it fails (double svd
     * of a Gaussian: 28328 of 8.4 million pairs at n = 4096; indefinite: 349134) it costs the check's GEMM, 3-4 ms at
     * n = 4096 (about 1%). Passing the same test that ends the iteration, the column norms carry its relative accuracy
     * whether or not a sweep ran [6].
     */
    static final boolean PRE_CHECK = !"false".equals(System.getProperty("gpujacobi.cuda.preCheck"));

    /** Smallest order preconditioned (-Dgpujacobi.cuda.preconditionFrom=N). */
    static final int PRECONDITION_FROM = Integer.getInteger("gpujacobi.cuda.preconditionFrom", 1024);

    /**
     * The blocked hyperbolic sweeps [4, 10] on the n x n G in g (leading dimension n; CudaIndefiniteEig's
     * Bunch-Parlett factor, or Y = G P when {@link CudaHyperbolicPrecondition} preconditioned it) with J = diag(signs):
     * G W = U Sigma with W J-orthogonal. U (unit columns) into uOut
     * (n x n, null when not wanted), Sigma into {@link #sigma}; {@link #rankDeficient} when a pair had no real angle.
     */
    void hyperbolic(CudaDevice dev, DeviceBuffers buf, DevicePointer g, int n, int[] signs, boolean preconditioned,
                    double[] uOut, double tol, int maxSweeps, int fixedSweeps) {
        final boolean wantU = uOut != null;
        lib = CudaLibraries.get("Method 'blocked'");
        long t0 = System.nanoTime();
        solve(dev, buf, g, n, n, n, 0, false, tol, maxSweeps, fixedSweeps, signs, null, preconditioned);
        long t1 = System.nanoTime();
        DevicePointer uDev = buf.get("blockedU", (long) n * n * el.bytes);
        if (wantU && !rankDeficient) orthogonalise(dev, buf, uDev, n, tol);
        computeNanos = System.nanoTime() - t0;
        if (PROFILE) {
            System.err.printf(java.util.Locale.ROOT, "hyperbolic n=%d: solve %.2f ms (from its start), polish %.2f ms%n", n,
                    (t1 - t0) / 1e6, (System.nanoTime() - t1) / 1e6);
        }
        if (wantU) DeviceBuffers.downloadInto(uDev, uOut, doubles(n * n));
        sigma = DeviceBuffers.download(buf.get("blockedSigma", 8L * n), n, Precision.DOUBLE);
    }

    /**
     * The eigenvectors taken from the sweeps' U (unit columns of X W) are orthogonal only to the stopping
     * tolerance (measured at n = 1024: 1.3e-12 in double, 1.3e-3 under single's tolerance), where an
     * accumulated W is orthogonal to the rounding. Newton-Schulz steps U := U (3I - U'U) / 2 (two GEMMs
     * each) take U to its polar factor [21], the nearest orthogonal matrix, which moves each column by about
     * as much as it lacked: one step from double's tolerance, two from single's.
     */
    /**
     * One Newton-Schulz step [21] on the n x n factor u (elements el) of another solver, on the device: the two-sided
     * kernels' complex V, whose rotations leave it about n^1.5 eps from unitary, to the contract's n eps.
     */
    static void polishSquare(CudaDevice dev, DeviceBuffers buf, BlockedScalar el, DevicePointer u, int n) {
        if (n < 2) return;
        CudaLibraries lib = CudaLibraries.get("the eigenvectors' polish");
        long bytes = (long) n * n * el.bytes;
        DevicePointer t = buf.get("polishT", bytes), q = buf.get("polishQ", bytes);
        CudaDevice.check(JCudaDriver.cuMemcpyDtoD(q, u, bytes), "cuMemcpyDtoD");
        polish(lib, el, u, t, q, n, 1);
        CudaDevice.check(JCudaDriver.cuMemcpyDtoD(u, q, bytes), "cuMemcpyDtoD");
        dev.synchronize();
    }

    private void orthogonalise(CudaDevice dev, DeviceBuffers buf, DevicePointer u, int n, double tol) {
        if (n < 2) return;
        long bytes = (long) n * n * el.bytes;
        DevicePointer t = buf.get("polishT", bytes), q = buf.get("polishQ", bytes);
        for (int k = 0, steps = tol > 1e-12 ? 2 : 1; k < steps; k++) {
            CudaDevice.check(JCudaDriver.cuMemcpyDtoD(q, u, bytes), "cuMemcpyDtoD");
            polish(lib, el, u, t, q, n, 1);
            CudaDevice.check(JCudaDriver.cuMemcpyDtoD(u, q, bytes), "cuMemcpyDtoD");
        }
        dev.synchronize();
    }

    private void solve(CudaDevice dev, DeviceBuffers buf, DevicePointer g, int ldg, int m, int n, int mode, boolean wantV,
                       double tol, int maxSweeps, int fixedSweeps) {
        solve(dev, buf, g, ldg, m, n, mode, wantV, tol, maxSweeps, fixedSweeps, null, null, false);
    }

    /**
     * The sweeps on the m x n matrix X taken from g (leading dimension ldg) by mode (svd_blocked.cu's
     * blocked_pack); results in the buffers blockedU (m x n, unit columns), blockedV, blockedSigma.
     * With signs (J's diagonal, +-1) the pair transformations are J-orthogonal (svd_blocked.cu's blocked_pair with
     * the pair's signs, polished J-weighted). V is accumulated from v0 (n x n) when given, else from I. A preconditioned X
     * is tested before the first sweep ({@link #PRE_CHECK}).
     */
    private void solve(CudaDevice dev, DeviceBuffers buf, DevicePointer g, int ldg, int m, int n, int mode, boolean wantV,
                       double tol, int maxSweeps, int fixedSweeps, int[] signs, DevicePointer v0, boolean preconditioned) {
        final long entered = System.nanoTime();
        final int b = blockWidth(n, signs != null, el);
        final int es = el.bytes;
        int blocks = (n + b - 1) / b;
        final int nb = Math.max(2, blocks + (blocks & 1));
        final int cols = nb * b, ld = m + (wantV ? cols : 0), half = nb / 2, q2 = 2 * b;
        listCap = checkList(cols);
        final BlockSchedule sch = BlockSchedule.of(nb);
        final int steps = sch.steps(), period = sch.period();
        long wBytes = (long) ld * cols * es;
        DevicePointer w0 = buf.get("blockedW0", wBytes), w1 = buf.get("blockedW1", wBytes);
        long qBytes = (long) q2 * q2 * half * es;
        DevicePointer gram = buf.get("blockedGram", qBytes), q = buf.get("blockedQ", qBytes);
        // blocked_pair's raw accumulated rotations and its per-step (c, s1, s2)
        DevicePointer rawR = buf.get("blockedR", qBytes), cs = buf.get("blockedCs", (long) es * pairScratch(q2) * half);
        // pair problems wider than one pair kernel (complex b >= 64) are solved split, with counters for their sub-problems
        final boolean split = q2 > 2 * el.maxWidth();
        final int counters = CudaSplitPairs.counters(el, q2) * half;
        DevicePointer rot = buf.get("blockedRot", 8L * steps * counters);
        // the blocks' positions at the start of an even and of an odd sweep (the same for the chess tournament; the
        // odd-even ordering reverses them every sweep)
        String order = sch.swaps() ? "oddeven:" : "chess:";
        CUdeviceptr slotEven = buf.constant("blockedSlot", order + nb, () -> sch.positions(0));
        CUdeviceptr slotOdd = buf.constant("blockedSlotOdd", order + "odd:" + nb, () -> sch.positions(steps));
        // the sweeps' own tables (the update GEMM's pointer arrays, the pairs' signs) are made before the first sweep:
        // a preconditioned page that passes the check before it needs none (host time that counted, H200, 2026-11-28:
        // 1.1-2.2 ms of the single indefinite eig's 14.5 at n = 1024, where the check ended it; 12.0-13.0 ms without)
        DevicePointer ptrs = null, pairSigns = null;
        // the pair problems: a full sweep (chess tournament of 2b), or with CROSS only the pairs across the two
        // blocks, each block's own pairs then solved once per sweep by the diagonal step
        final boolean cross = b >= 2 && crossFor(signs != null);
        if (split && !cross) throw new IllegalStateException("split pair problems need the cross order (b = " + b + ")");
        CUdeviceptr leafPairs = split ? buf.constant("blockedSplitCross", "cross:" + el.maxWidth(), () -> CrossPairs.flat(el.maxWidth()))
                : null;
        CUdeviceptr innerPairs = cross ? buf.constant("blockedCross", "cross:" + b, () -> CrossPairs.flat(b))
                : buf.constant("blockedPairs", "chess:" + q2, () -> new ChessTournament(q2).flat());
        final int innerSteps = cross ? b : q2 - 1;
        // the diagonal step: every block's own problem by pair kernels of width dw (b, or the widest kernel), then for
        // each doubling up to b the pairs across the two halves of each dw-wide group, solved split
        final int dw = Math.min(b, 2 * el.maxWidth());
        CUdeviceptr diagPairs = cross ? buf.constant("blockedDiagPairs", "chess:" + dw, () -> new ChessTournament(dw).flat()) : null;
        int diagCounters = 0;
        for (int w = dw; w <= b; w *= 2) diagCounters += CudaSplitPairs.counters(el, w) * (cols / w);
        DevicePointer rotDiag = cross ? buf.get("blockedRotDiag", 8L * diagCounters) : null;
        long[] diagRot = new long[cross ? diagCounters : 0];

        long total = (long) ld * cols;
        dev.launchOver(el.pack().kernelName(), total,
                Pointer.to(Pointer.to(g), Pointer.to(new int[]{ldg}), Pointer.to(w0), Pointer.to(slotEven),
                        Pointer.to(new int[]{m}), Pointer.to(new int[]{n}), Pointer.to(new int[]{cols}),
                        Pointer.to(new int[]{b}), Pointer.to(new int[]{ld}), Pointer.to(new int[]{mode}),
                        CudaDevice.nullable(v0)));

        DevicePointer diagSigns = null;
        if (signs != null) {
            // each physical column's sign in the layouts at the start of an even and of an odd sweep: the diagonal
            // step's and the cleanup rounds'
            diagSigns = buf.get("blockedDiagSigns", 4L * 2 * nb * b);
            int[] both = new int[2 * nb * b];
            System.arraycopy(blockSignatures(sch.positions(0), signs, n, b), 0, both, 0, nb * b);
            System.arraycopy(blockSignatures(sch.positions(steps), signs, n, b), 0, both, nb * b, nb * b);
            DeviceBuffers.upload(diagSigns, both);
        }
        CudaDevice.check(JCudaDriver.cuMemsetD8(rot, (byte) 0, 8L * steps * counters), "cuMemsetD8"); // steps of fewer pairs
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        converged = n <= 1;
        long t = 0;
        long[] stepRot = new long[steps * counters];
        gramNanos = innerNanos = applyNanos = 0;
        long start = System.nanoTime();
        sweeps = 0;
        // a preconditioned X P may pass the test before any sweep: the check, not a sweep, first
        if (preconditioned && PRE_CHECK && CHECK && fixedSweeps == 0 && n > 1) {
            converged = checked(dev, buf, w0, ld, m, cols, tol, diagSigns);
        }
        for (; sweeps < limit && !(converged && fixedSweeps == 0) && !rankDeficient; ) {
            if (sweeps == 0) {
                if (!sch.swaps()) ptrs = pointerArrays(buf, sch, w0, w1, q, b, ld, q2, es);
                if (signs != null) {
                    pairSigns = buf.get("blockedPairSigns", 4L * period * half * q2);
                    DeviceBuffers.upload(pairSigns, pairSignatures(sch, signs, n, b));
                }
            }
            sweeps++;
            if (cross) { // every block's own b x b problem, in place of the slot layout: cur -> the other buffer
                long p0 = PROFILE ? sync(dev) : 0;
                CUdeviceptr colSigns = signs == null ? null : diagSigns.withByteOffset(4L * nb * b * layout(sweeps - 1, steps, period));
                long p1 = 0, p2 = 0, counterAt = 0;
                // width dw: each group's whole problem; wider: the halves of each w-wide group against each other, split
                for (int w = dw; w <= b; w *= 2, t++) {
                    DevicePointer cur = (t & 1) == 0 ? w0 : w1, next = (t & 1) == 0 ? w1 : w0;
                    int groups = cols / w;
                    gram(lib, el, cur, ld, m, w, groups, gram);
                    if (PROFILE && w == dw) p1 = sync(dev);
                    CUdeviceptr rotAt = rotDiag.withByteOffset(8L * counterAt);
                    if (w == dw) solvePairs(dev, lib, el, w, groups, gram, q, rawR, diagPairs, false, w - 1, tol, rotAt, cs, colSigns, false);
                    else CudaSplitPairs.solve(dev, lib, buf, el, w, groups, groups, gram, q, leafPairs, tol, rotAt, colSigns, false);
                    counterAt += (long) CudaSplitPairs.counters(el, w) * groups;
                    if (PROFILE && w == dw) p2 = sync(dev);
                    el.gemmStridedBatched(lib, 0, 0, ld, w, w, el.one, cur.jna(), ld, (long) w * ld, q.jna(), w, (long) w * w,
                            el.zero, next.jna(), ld, (long) w * ld, groups, "gemmStridedBatched diagonal");
                }
                if (PROFILE) {
                    long p3 = sync(dev);
                    gramNanos += p1 - p0;
                    innerNanos += p2 - p1;
                    applyNanos += p3 - p2;
                }
            }
            for (int s = 0; s < steps; s++, t++) {
                int par = (int) (t & 1), os = (int) (((long) (sweeps - 1) * steps + s) % period), pairs = sch.pairs(os);
                DevicePointer cur = par == 0 ? w0 : w1, next = par == 0 ? w1 : w0;
                long colBytes = (long) es * ld * b, off = sch.offset(os) * colBytes;
                if (sch.swaps() && 2 * pairs < nb) waiting(cur, next, colBytes, nb, sch.offset(os), pairs);
                if (pairs == 0) continue;
                DevicePointer curPairs = cur.at(off), nextPairs = next.at(off);
                long p0 = PROFILE ? sync(dev) : 0;
                if (split) CudaSplitPairs.gram(dev, lib, buf, el, curPairs, ld, m, q2, pairs, half, gram);
                else gram(lib, el, curPairs, ld, m, q2, pairs, gram);
                long p1 = PROFILE ? sync(dev) : 0;
                CUdeviceptr rotAt = rot.withByteOffset(8L * s * counters);
                CUdeviceptr stepSigns = signs == null ? null : pairSigns.withByteOffset(4L * os * half * q2);
                if (split) CudaSplitPairs.solve(dev, lib, buf, el, q2, pairs, half, gram, q, leafPairs, tol, rotAt, stepSigns, sch.swaps());
                else solvePairs(dev, lib, el, q2, pairs, gram, q, rawR, innerPairs, cross, innerSteps, tol, rotAt, cs, stepSigns,
                        sch.swaps());
                long p2 = PROFILE ? sync(dev) : 0;
                if (sch.swaps()) { // [Gi Gj] Q P into the same columns of the other buffer: the blocks exchange positions
                    el.gemmStridedBatched(lib, 0, 0, ld, q2, q2, el.one, curPairs.jna(), ld, (long) q2 * ld, q.jna(), q2,
                            (long) q2 * q2, el.zero, nextPairs.jna(), ld, (long) q2 * ld, pairs, "gemmStridedBatched update");
                } else {
                    apply(lib, el, ptrs, 8L * ((long) (par * period + os) * 3 * nb), ld, b, q2, nb);
                }
                if (PROFILE) {
                    long p3 = sync(dev);
                    gramNanos += p1 - p0;
                    innerNanos += p2 - p1;
                    applyNanos += p3 - p2;
                }
            }
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(stepRot), rot, 8L * stepRot.length), "cuMemcpyDtoH rotations");
            long r = 0;
            if (cross) {
                CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(diagRot), rotDiag, 8L * diagRot.length), "cuMemcpyDtoH rotations");
                for (long x : diagRot) {
                    if (x < 0) rankDeficient = true; // blocked_pair's flag: a hyperbolic pair without a real angle
                    r += x & Long.MAX_VALUE;
                }
            }
            for (long x : stepRot) {
                if (x < 0) rankDeficient = true; // blocked_pair's flag: a hyperbolic pair without a real angle
                r += x & Long.MAX_VALUE;
            }
            rotations += r;
            converged = r == 0;
            if (rankDeficient) break;
            if (PROFILE) {
                int still = 0; // pair problems (split: sub-problems) that rotated nothing: their updates only move data
                for (long x : stepRot) if (x == 0) still++;
                System.err.printf(java.util.Locale.ROOT, "blocked sweep %d: %d pair rotations, %d of %d pair problems unrotated%n",
                        sweeps, r, still, stepRot.length);
            }
            if (!converged && CHECK && fixedSweeps == 0 && (r <= (long) CHECK_FROM * n || preconditioned && sweeps == 1)
                    && sweeps < limit) {
                converged = checked(dev, buf, (t & 1) == 0 ? w0 : w1, ld, m, cols, tol,
                        diagSigns == null ? null : diagSigns.at(4L * nb * b * layout(sweeps, steps, period)));
                if (rankDeficient) break; // as after a sweep: no further sweep
            }
        }
        if (fixedSweeps > 0) converged = false;
        DevicePointer fin = (t & 1) == 0 ? w0 : w1;
        DevicePointer vOut = buf.get("blockedV", wantV ? (long) n * n * es : es), sig = buf.get("blockedSigma", 8L * n);
        DevicePointer uOut = buf.get("blockedU", (long) m * n * es);
        if (n > 0) dev.launch(el.unpack().kernelName(), n, BLOCK, Pointer.to(Pointer.to(fin), Pointer.to(uOut), Pointer.to(vOut),
                Pointer.to(sig), Pointer.to(layout(sweeps, steps, period) == 0 ? slotEven : slotOdd), Pointer.to(new int[]{m}), Pointer.to(new int[]{n}),
                Pointer.to(new int[]{b}), Pointer.to(new int[]{ld}), Pointer.to(new int[]{wantV ? 1 : 0})));
        dev.synchronize();
        if (PROFILE) {
            double ms = (System.nanoTime() - start) / 1e6;
            long pairSteps = 0; // pairs a sweep (odd-even: one fewer on odd steps)
            for (int s = 0; s < steps; s++) pairSteps += sch.pairs(s);
            double flops = (el.complex() ? 4.0 : 1.0) * sweeps * pairSteps * (2.0 * m * q2 * q2 + 2.0 * ld * q2 * q2);
            System.err.printf(java.util.Locale.ROOT,
                    "blocked m=%d n=%d b=%d: %d sweeps, %.1f ms (%.2f ms/sweep), gram %.1f ms, pair solves %.1f ms,"
                            + " apply %.1f ms; GEMM %.2f TFLOP/s, %.2f TFLOP/s overall; set-up before it %.2f ms%n",
                    m, n, b, sweeps, ms, ms / Math.max(1, sweeps), gramNanos / 1e6, innerNanos / 1e6,
                    applyNanos / 1e6, flops / ((gramNanos + applyNanos) * 1e3), flops / (ms * 1e9), (start - entered) / 1e6);
        }
    }

    /**
     * The test on all pairs of the columns in w ({@link #failingPairs}) with up to {@link #CLEANUP_ROUNDS} cleanup rounds
     * ({@link #rotateFailing}, colSigns: the hyperbolic sweeps' signs of w's physical columns); whether every pair
     * passes. Stops at a pair without a real angle ({@link #rankDeficient}).
     */
    private boolean checked(CudaDevice dev, DeviceBuffers buf, DevicePointer w, int ld, int m, int cols, double tol,
                            DevicePointer colSigns) {
        long failing = failingPairs(dev, buf, w, ld, m, cols, tol, true);
        for (int round = 0; ; round++) {
            if (PROFILE) System.err.printf(java.util.Locale.ROOT, "blocked check %d after sweep %d: %d pairs fail%s%n",
                    round, sweeps, failing, failing > listCap ? listedColumns(buf, cols, listCap) : "");
            if (failing == 0) return true;
            if (failing > listCap || round == CLEANUP_ROUNDS) return false;
            int pairs = rotateFailing(dev, buf, w, ld, cols, (int) failing, colSigns);
            rotations += pairs;
            if (rankDeficient) return false;
            updateGram(dev, buf, w, ld, m, cols, 2 * pairs);
            failing = failingPairs(dev, buf, w, ld, m, cols, tol, false);
        }
    }

    /**
     * For the profile, where the check fails many pairs: how the listed ones (the first cap found, in no
     * particular order) spread over the columns. A few columns failing against all the others would show as few columns
     * in many listed pairs, which a sweep restricted to their blocks could fix (not built).
     */
    private static String listedColumns(DeviceBuffers buf, int cols, int cap) {
        int[] listed = new int[2 * cap];
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(listed), buf.get("blockedCheckList", 8L * cap),
                8L * cap), "cuMemcpyDtoH check list");
        int[] seen = new int[cols];
        for (int c : listed) seen[c]++;
        int distinct = 0, often = 0;
        for (int k : seen) {
            distinct += k > 0 ? 1 : 0;
            often += k >= 8 ? 1 : 0;
        }
        return String.format(java.util.Locale.ROOT, " (the %d listed: %d columns, %d of them in 8 or more)", cap,
                distinct, often);
    }

    /** Which of the two layouts a sweep starts from (0: the first's) after `sweeps` sweeps of a schedule. */
    private static int layout(int sweeps, int steps, int period) {
        return (int) ((long) sweeps * steps % period / steps);
    }

    /**
     * A swapping schedule's step of fewer pairs than nb / 2: the waiting blocks (before the first pair and after the
     * last) copied to the other buffer, where the next step expects every block.
     */
    private static void waiting(DevicePointer cur, DevicePointer next, long colBytes, int nb, int offset, int pairs) {
        if (offset > 0) CudaDevice.check(JCudaDriver.cuMemcpyDtoDAsync(next, cur, offset * colBytes, null), "cuMemcpyDtoD");
        long end = offset + 2L * pairs;
        if (end < nb) CudaDevice.check(JCudaDriver.cuMemcpyDtoDAsync(next.withByteOffset(end * colBytes),
                cur.withByteOffset(end * colBytes), (nb - end) * colBytes, null), "cuMemcpyDtoD");
    }

    /**
     * The pairs (p, q) of the columns in w (m rows of leading dimension ld, cols columns) that fail the relative test
     * |x_p'x_q| <= tol ||x_p|| ||x_q||: one GEMM for X'X and svd_blocked.cu's blocked_check. A sweep from there would
     * rotate exactly these pairs' columns first (up to the GEMMs' rounding), so with none failing the sweep that would
     * only confirm convergence is not run. Without gemm, the test alone on X'X as {@link #updateGram} left it.
     */
    private long failingPairs(CudaDevice dev, DeviceBuffers buf, DevicePointer w, int ld, int m, int cols, double tol,
                              boolean gemm) {
        DevicePointer c = buf.get("blockedCheck", (long) el.bytes * cols * cols), count = buf.get("blockedCheckCount", 8);
        DevicePointer list = buf.get("blockedCheckList", 8L * listCap);
        CudaDevice.check(JCudaDriver.cuMemsetD8(count, (byte) 0, 8), "cuMemsetD8");
        if (gemm) el.gemm(lib, el.adjoint, 0, cols, cols, m, el.one, w.jna(), ld, w.jna(), ld, el.zero, c.jna(), cols, "gemm check");
        long total = (long) cols * cols;
        dev.launchOver(el.check().kernelName(), total,
                Pointer.to(Pointer.to(c), Pointer.to(new int[]{cols}), Pointer.to(new double[]{tol}), Pointer.to(count),
                        Pointer.to(list), Pointer.to(new int[]{listCap})));
        long[] out = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(out), count, 8), "cuMemcpyDtoH check");
        return out[0];
    }

    /**
     * Rotates the failing pairs of the last {@link #failingPairs} (count of them listed, at most {@link #checkList}),
     * as many as are disjoint (taken in list order), each by its own one-sided rotation from the check's Gram entries
     * (svd_blocked.cu's blocked_rotate_pairs), in place in w. Returns the rotations.
     */
    private int rotateFailing(CudaDevice dev, DeviceBuffers buf, DevicePointer w, int ld, int cols, int count,
                              DevicePointer colSigns) {
        int[] listed = new int[2 * count];
        DevicePointer list = buf.get("blockedCheckList", 8L * listCap);
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(listed), list, 8L * count), "cuMemcpyDtoH check list");
        int[] chosen = DisjointPairs.greedy(listed, cols);
        int pairs = chosen.length / 2;
        DevicePointer up = buf.get("blockedCheckPairs", 8L * listCap);
        DeviceBuffers.upload(up, chosen);
        DevicePointer deficient = buf.get("blockedDeficient", 4);
        if (colSigns != null) CudaDevice.check(JCudaDriver.cuMemsetD8(deficient, (byte) 0, 4), "cuMemsetD8");
        dev.launch(el.rotatePairs().kernelName(), pairs, BLOCK, Pointer.to(Pointer.to(w), Pointer.to(new int[]{ld}),
                Pointer.to(buf.get("blockedCheck", (long) el.bytes * cols * cols)), Pointer.to(new int[]{cols}), Pointer.to(up),
                Pointer.to(new int[]{pairs}), CudaDevice.nullable(colSigns),
                Pointer.to(deficient)));
        if (colSigns != null) { // a hyperbolic pair without a real angle: G is not of full column rank
            int[] flag = {0};
            CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(flag), deficient, 4), "cuMemcpyDtoH deficient");
            if (flag[0] != 0) rankDeficient = true;
        }
        return pairs;
    }

    /**
     * X'X after {@link #rotateFailing} rotated the first count columns listed in buffer blockedCheckPairs: their
     * columns of X'X recomputed (svd_blocked.cu's blocked_gather_cols, one GEMM of cols x count, blocked_scatter_gram),
     * so a cleanup round costs a fraction of a full check (H100, n = 4096: a full check ~4.5 ms, and the rounds that
     * follow a sweep number up to ~20 where one fixed a few pairs).
     */
    private void updateGram(CudaDevice dev, DeviceBuffers buf, DevicePointer w, int ld, int m, int cols, int count) {
        if (count == 0) return;
        DevicePointer idx = buf.get("blockedCheckPairs", 8L * listCap), c = buf.get("blockedCheck", (long) el.bytes * cols * cols);
        DevicePointer x = buf.get("blockedCheckX", (long) el.bytes * m * count), p = buf.get("blockedCheckP", (long) el.bytes * cols * count);
        long total = (long) m * count;
        dev.launchOver(el.gatherCols().kernelName(), total,
                Pointer.to(Pointer.to(w), Pointer.to(new int[]{ld}), Pointer.to(new int[]{m}), Pointer.to(idx),
                        Pointer.to(new int[]{count}), Pointer.to(x)));
        el.gemm(lib, el.adjoint, 0, cols, count, m, el.one, w.jna(), ld, x.jna(), m, el.zero, p.jna(), cols, "gemm check columns");
        total = (long) cols * count;
        dev.launchOver(el.scatterGram().kernelName(), total,
                Pointer.to(Pointer.to(p), Pointer.to(new int[]{cols}), Pointer.to(idx), Pointer.to(new int[]{count}),
                        Pointer.to(c)));
    }

    /** Step (1) for the pairs lying contiguously in w (leading dimension ld, m rows): gram_k = [Gi Gj]'[Gi Gj]. */
    static void gram(CudaLibraries lib, BlockedScalar el, DevicePointer w, int ld, int m, int q2, int pairs, DevicePointer gram) {
        el.gemmStridedBatched(lib, el.adjoint, 0, q2, q2, m, el.one, w.jna(), ld, (long) q2 * ld, w.jna(), ld, (long) q2 * ld,
                el.zero, gram.jna(), q2, (long) q2 * q2, pairs, "gemmStridedBatched");
    }

    /**
     * Step (2): one sweep of blocked_pair on every pair's Gram matrix (innerPairs: CrossPairs' order when cross,
     * which the kernel accumulates in registers), its pair rotation counts to rotOut, and the polish of the
     * accumulated rotations into q: in the kernel up to 2b = 64, else by two batched GEMMs (rawR and cs:
     * blocked_pair's scratch).
     */
    static void solvePairs(CudaDevice dev, CudaLibraries lib, BlockedScalar el, int q2, int pairs, DevicePointer gram,
                           DevicePointer q, DevicePointer rawR, CUdeviceptr innerPairs, boolean cross, int innerSteps,
                           double tol, CUdeviceptr rotOut, DevicePointer cs, CUdeviceptr pairSigns, boolean swap) {
        dev.launchShared(el.pair(q2).kernelName(), pairs, pairThreads(q2), pairBytes(q2, el.bytes), Pointer.to(
                Pointer.to(gram), Pointer.to(q), Pointer.to(rawR), Pointer.to(innerPairs),
                Pointer.to(new int[]{innerSteps}), Pointer.to(new double[]{tol}),
                Pointer.to(rotOut), Pointer.to(cs), Pointer.to(new int[]{cross ? 1 : 0}),
                CudaDevice.nullable(pairSigns), Pointer.to(new int[]{swap ? 1 : 0})));
        if (polishedInKernel(q2)) return;
        if (pairSigns == null) {
            polish(lib, el, rawR, gram, q, q2, pairs);
        } else { // (real only: q2 = 128 for the hyperbolic sweeps) // J-weighted: T = (R J)' (J R) = J R' J R from the kernel's J R and R J in cs, then q := R (3I - T) / 2
            long stride = pairScratch(q2), qq = (long) q2 * q2;
            com.sun.jna.Pointer c = cs.jna();
            el.gemmStridedBatched(lib, 1, 0, q2, q2, q2, el.one, c.share(8 * qq), q2, stride, c, q2, stride, el.zero, gram.jna(),
                    q2, qq, pairs, "gemmStridedBatched (RJ)'(JR)");
            el.gemmStridedBatched(lib, 0, 0, q2, q2, q2, el.minusHalf, rawR.jna(), q2, qq, gram.jna(), q2, qq, el.threeHalves,
                    q.jna(), q2, qq, pairs, "gemmStridedBatched J polish");
        }
    }

    /**
     * Doubles of blocked_pair's per-pair scratch cs for pair width q2 (svd_blocked.cu's pair_config::CS_STRIDE):
     * (c, s1, s2) of q2 / 2 rotations per step, q2 - 1 steps; where the caller polishes, room for J R and R J.
     */
    static long pairScratch(int q2) {
        return polishedInKernel(q2) ? (long) (q2 - 1) * 3 * (q2 / 2) : 2L * q2 * q2; // 2 q2^2 > the steps' 1.5 q2 (q2 - 1)
    }

    /**
     * Whether blocked_pair polishes its R itself (svd_blocked.cu's pair_config): up to 2b = 64 two register-tiled
     * products in shared memory cost less than the two cuBLAS launches (H100, 2b = 64, 16 pairs: 69 us for the
     * kernel with its polish against 60 us + two GEMM launches before).
     */
    static boolean polishedInKernel(int q2) {
        return q2 <= 64;
    }

    /**
     * Step (3): every block's output [Gi Gj; Vi Vj] Q_k into its next slot, one batched GEMM over the
     * count blocks whose A, B and C pointer arrays start at byte offset base of ptrs.
     */
    static void apply(CudaLibraries lib, BlockedScalar el, DevicePointer ptrs, long base, int ld, int b, int q2, int count) {
        com.sun.jna.Pointer arr = ptrs.jna();
        el.gemmBatched(lib, 0, 0, ld, b, q2, el.one, arr.share(base), ld, arr.share(base + 8L * count), q2, el.zero,
                arr.share(base + 16L * count), ld, count, "gemmBatched");
    }

    /**
     * One Newton-Schulz step on each pair's accumulated rotations R (in r, and in q as R P, P exchanging the column
     * halves for a swapping schedule, else I): q := R (3I - R'R) / 2 P = 1.5 R P - 0.5 R (R' (R P)), so the roundings
     * of the rotations do not add up in V over the steps (t: scratch, the Gram buffer). R = I (a pair that did not
     * rotate) stays I exactly.
     */
    private static void polish(CudaLibraries lib, BlockedScalar el, DevicePointer r, DevicePointer t, DevicePointer q,
                               int q2, int half) {
        long stride = (long) q2 * q2;
        el.gemmStridedBatched(lib, el.adjoint, 0, q2, q2, q2, el.one, r.jna(), q2, stride, q.jna(), q2, stride, el.zero,
                t.jna(), q2, stride, half, "gemmStridedBatched R'R");
        el.gemmStridedBatched(lib, 0, 0, q2, q2, q2, el.minusHalf, r.jna(), q2, stride, t.jna(), q2, stride, el.threeHalves,
                q.jna(), q2, stride, half, "gemmStridedBatched polish");
    }

    /**
     * Block width for n columns: 64 from n = WIDE_FROM, else 32; -Dgpujacobi.cuda.blockWidth fixes it.
     * b = 64 halves the update GEMMs' traffic per sweep and runs them nearer the tensor-core rate
     * (H100, n = 4096: GEMMs 485 vs 760 ms), but its pair solves (128 x 128, still 32 SMs) cost more
     * (579 vs 319 ms), so with full pair sweeps b = 32 was ahead at n = 4096 (svd 979 vs 1019 ms, eig 875
     * vs 909) and b = 64 at 8192 (docs/benchmarks/gpu-h100-2026-11-23-blocked.md). The cross-pair solves
     * (b steps instead of 2b - 1) moved the crossover down: n = 4096, svd 765 -> 642 ms, SPD eig 499 -> 494
     * (H100, 2026-11-23 16:25 UTC), hence WIDE_FROM = 4096; n = 1024 keeps b = 32 (b = 16: svd 46 -> 73 ms). With the
     * pair kernel's look-ahead (2026-11-26, H100, b = 32 against 64, median of 3, two rounds): n = 3072 svd 320 / 261 ms,
     * SPD eig 201 / 193, indefinite eig 370 / 333; n = 2048 svd 119-122 / 115-118, SPD eig 77 / 87, indefinite
     * 153 / 160: hence WIDE_FROM = 3072.
     */
    static int width(int n) {
        int w = WIDTH > 0 ? WIDTH : n >= WIDE_FROM ? 64 : 32;
        return Math.max(1, Math.min(w, 64));
    }

    static final int WIDE_FROM = Integer.getInteger("gpujacobi.cuda.blockWideFrom", 3072);

    /**
     * Block width for n columns as solve uses it: width(n), at most (n + 1) / 2, a power of 2; hyperbolic pair
     * problems up to 2 HYPERBOLIC_MAX_WIDTH.
     */
    static int blockWidth(int n, boolean hyperbolic) {
        return blockWidth(n, hyperbolic, BlockedScalar.REAL);
    }

    /**
     * The same for element type el: up to {@link BlockedScalar#maxWidth}, one pair kernel a pair problem, or twice that
     * where the pair problems are solved split ({@link CudaSplitPairs}: complex b = 64, or 128, by
     * {@link #COMPLEX_WIDTH}, in the cross order; -Dgpujacobi.cuda.blockedSplit=false keeps complex b at 32).
     */
    static int blockWidth(int n, boolean hyperbolic, BlockedScalar el) {
        int w;
        if (el.complex() && SPLIT && crossFor(hyperbolic)) {
            w = COMPLEX_WIDTH > 0 ? COMPLEX_WIDTH : WIDTH > 0 ? width(n)
                    : n >= COMPLEX_WIDEST_FROM ? 128 : n >= COMPLEX_WIDE_FROM ? 64 : 32;
            w = Math.min(w, 4 * el.maxWidth());
        } else {
            w = Math.min(el.maxWidth(), hyperbolic ? Math.min(width(n), HYPERBOLIC_MAX_WIDTH) : width(n));
        }
        return Integer.highestOneBit(Math.max(1, Math.min(w, (n + 1) / 2)));
    }

    /**
     * Complex block width (-Dgpujacobi.cuda.complexBlockWidth, up to 128; 0: by size): 64 (split pair problems) from
     * COMPLEX_WIDE_FROM, 128 (split twice) from COMPLEX_WIDEST_FROM (-Dgpujacobi.cuda.complexWideFrom, complexWidestFrom).
     * H100, 2026-11-26, median of 3, ms, b = 32 / 64 / 128 (docs/benchmarks/gpu-h100-2026-11-26f.md):
     * n = 4096 svd 1425 / 1292-1298 / 1328-1332, indefinite eig 1234 / 1175-1179 / 1231-1239, positive definite eig
     * 829 / 737 / 790; n = 3072 svd 692 / 607 / 571, indefinite eig 599 / 580 / 618; n = 2048 svd 251 / 235 / 236,
     * indefinite eig 242 / 228 / 246. b = 128's updates are faster (a sweep's 60 -> 50 ms at 4096 svd), but its pair
     * solves cost more (18 -> 22 ms a sweep) and it took a sweep more, so it is not the default.
     */
    static final int COMPLEX_WIDTH = Integer.getInteger("gpujacobi.cuda.complexBlockWidth", 0),
            COMPLEX_WIDE_FROM = Integer.getInteger("gpujacobi.cuda.complexWideFrom", 2048),
            COMPLEX_WIDEST_FROM = Integer.getInteger("gpujacobi.cuda.complexWidestFrom", Integer.MAX_VALUE);

    /** Whether the pair problems are solved in the cross order ({@link #CROSS}, {@link #HYPERBOLIC_CROSS}). */
    static boolean crossFor(boolean hyperbolic) {
        return CROSS && (!hyperbolic || HYPERBOLIC_CROSS);
    }

    static final boolean SPLIT = !"false".equals(System.getProperty("gpujacobi.cuda.blockedSplit"));

    /**
     * Widest block of the hyperbolic sweeps: 64 (2b = 128, the J-weighted polish by GEMMs) unless
     * -Dgpujacobi.cuda.hyperbolicMaxWidth=32 keeps the pair problems at 2b = 64 (the kernel's own polish).
     */
    static final int HYPERBOLIC_MAX_WIDTH = Integer.getInteger("gpujacobi.cuda.hyperbolicMaxWidth", 64);

    /**
     * Threads of blocked_pair for pair width q2, as svd_blocked.cu instantiates it: fewer than one per 2 x 2 block
     * of a step pays from 2b = 64 (H100, one launch of the cross order: 2b = 128 206 us with 512 threads against
     * 223 with 1024, 2b = 64 69 against 92 us with 256 against 1024; with the look-ahead cross order, n = 1024 eig
     * 32.0-32.9 ms with 256 threads against 35.4-36.6 with 512, 2026-11-26).
     */
    static int pairThreads(int q2) {
        return q2 >= 128 ? 512 : q2 >= 64 ? 256 : Math.max(32, 8 * q2);
    }


    /**
     * Shared memory of blocked_pair for 2b = q2 and elements of elementBytes (BlockedScalar.bytes): A, padded, and
     * the polish's second matrix where it polishes.
     */
    static int pairBytes(int q2, int elementBytes) {
        return q2 * (q2 + 1) * elementBytes * (polishedInKernel(q2) ? 2 : 1);
    }

    /**
     * The signs of every pair's 2b columns, per step (steps x nb/2 x 2b): blocks keep their columns in order
     * (only their slots move), so pair k of step s holds blocks p(s, k) and q(s, k); padding columns +1.
     */
    /**
     * The signs of every physical block's columns in the slot layout (slot[x] = physical block of logical block
     * x), for the diagonal step of the cross ordering; padding columns (>= n) are +1.
     */
    static int[] blockSignatures(int[] slot, int[] signs, int n, int b) {
        int[] out = new int[slot.length * b], padded = padded(signs, n, slot.length * b);
        for (int x = 0; x < slot.length; x++) System.arraycopy(padded, x * b, out, slot[x] * b, b);
        return out;
    }

    /** signs (n of them) followed by +1 up to cols: the padding columns' sign. */
    private static int[] padded(int[] signs, int n, int cols) {
        int[] out = new int[cols];
        java.util.Arrays.fill(out, n, cols, 1);
        System.arraycopy(signs, 0, out, 0, n);
        return out;
    }

    /**
     * The signs of every pair's 2b columns, per step of the schedule's period (period x nb/2 x 2b; pairs a step lacks
     * +1): blocks keep their columns in order (only their positions move); padding columns +1.
     */
    static int[] pairSignatures(BlockSchedule sch, int[] signs, int n, int b) {
        int steps = sch.period(), half = sch.blocks() / 2, q2 = 2 * b;
        int[] out = new int[steps * half * q2], padded = padded(signs, n, sch.blocks() * b);
        java.util.Arrays.fill(out, 1);
        // block copies: an element-wise loop over these 10^4 - 10^6 entries ran interpreted in a JVM's first calls
        for (int s = 0; s < steps; s++) {
            for (int k = 0; k < sch.pairs(s); k++) {
                for (int h = 0; h < 2; h++) {
                    System.arraycopy(padded, sch.block(s, sch.offset(s) + 2 * k + h) * b, out, (s * half + k) * q2 + h * b, b);
                }
            }
        }
        return out;
    }

    /**
     * For each buffer parity and step of a non-swapping schedule's period: the A, B and C pointer arrays (nb each) of
     * the update GEMM. Output j of pair k (block x = its first or second) is [Gi Gj; Vi Vj] Q_k(:, jb..jb+b) written
     * to x's position at the next step (step 0 of the next period after the last).
     */
    private static long[] pointerArrays(BlockSchedule sch, DevicePointer w0, DevicePointer w1, DevicePointer q, int b,
                                        int ld, int q2, int es) {
        int steps = sch.period(), nb = sch.blocks();
        long[] out = new long[2 * steps * 3 * nb];
        long[] wAddr = {address(w0), address(w1)};
        long qAddr = address(q), colBytes = (long) es * ld * b;
        for (int par = 0; par < 2; par++) {
            for (int s = 0; s < steps; s++) {
                int base = (par * steps + s) * 3 * nb;
                int[] next = sch.positions(s + 1);
                for (int k = 0; k < sch.pairs(s); k++) {
                    for (int hh = 0; hh < 2; hh++) {
                        int j = 2 * k + hh, pos = sch.offset(s) + j, x = sch.block(s, pos);
                        out[base + j] = wAddr[par] + (pos - hh) * colBytes;
                        out[base + nb + j] = qAddr + (long) es * ((long) k * q2 * q2 + (long) hh * b * q2);
                        out[base + 2 * nb + j] = wAddr[1 - par] + next[x] * colBytes;
                    }
                }
            }
        }
        return out;
    }

    /**
     * {@link #pointerArrays(BlockSchedule, DevicePointer, DevicePointer, DevicePointer, int, int, int, int)} on the
     * device (buffer blockedPtrs): the same buffers and shape give the same arrays, so they are uploaded once, as ints
     * (two a pointer, little-endian, as the device reads them).
     */
    private static DevicePointer pointerArrays(DeviceBuffers buf, BlockSchedule sch, DevicePointer w0, DevicePointer w1,
                                               DevicePointer q, int b, int ld, int q2, int es) {
        String key = (sch.swaps() ? "oddeven:" : "chess:") + sch.blocks() + ":" + b + ":" + ld + ":" + es + ":"
                + address(w0) + ":" + address(w1) + ":" + address(q);
        return buf.constant("blockedPtrs", key, () -> littleEndianWords(pointerArrays(sch, w0, w1, q, b, ld, q2, es)));
    }

    /** Each long as two ints, low word first: uploaded, the same bytes as the longs on a little-endian device. */
    static int[] littleEndianWords(long[] p) {
        int[] words = new int[2 * p.length];
        for (int i = 0; i < p.length; i++) {
            words[2 * i] = (int) p[i];
            words[2 * i + 1] = (int) (p[i] >>> 32);
        }
        return words;
    }

    /**
     * The sweeps' results: sigma always, U (m x n) into uOut and V (n x n) into vOut where those are given
     * (the caller's arrays: no host copies after).
     */
    private void download(DeviceBuffers buf, int m, int n, double[] uOut, double[] vOut) {
        if (uOut != null) DeviceBuffers.downloadInto(buf.get("blockedU", (long) m * n * el.bytes), uOut, doubles(m * n));
        if (vOut != null) DeviceBuffers.downloadInto(buf.get("blockedV", (long) n * n * el.bytes), vOut, doubles(n * n));
        sigma = DeviceBuffers.download(buf.get("blockedSigma", 8L * n), n, Precision.DOUBLE);
    }

    /** The doubles of count elements (two a complex one). */
    private int doubles(int count) {
        return el.complex() ? 2 * count : count;
    }

    private static long sync(CudaDevice dev) {
        dev.synchronize();
        return System.nanoTime();
    }

    private static long address(DevicePointer p) {
        return com.sun.jna.Pointer.nativeValue(p.jna());
    }

    /** cuBLAS and cuSOLVER through JNA, loaded on first use (one handle each, default stream). */
}
