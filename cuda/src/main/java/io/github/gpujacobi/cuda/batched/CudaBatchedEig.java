package io.github.gpujacobi.cuda.batched;

import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.IntakeKernels;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.SvdIntakeKernels;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.polish.PagePolish;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.Deferred;
import io.github.gpujacobi.core.Grading;
import io.github.gpujacobi.core.PageOutputs;
import jcuda.driver.CUdeviceptr;

/**
 * Every page of a symmetric 3-D array (n = 1 ... 256) in one launch of eig_batched.cu: up to n = 32
 * one warp per page with the page in registers (eig_warp), above that a group of threads per page laid
 * out by {@link PagePlan} (the page in shared memory while it fits), from {@code Tuning.pageBlockedEigFrom}
 * block Jacobi inside the page (blocked_pages.cu, laid out by {@link BlockedPagePlan}), the
 * whole parallel-ordering Jacobi solve inside the warp or group. The pages go up as they lie in the array (MATLAB's column-major n x n x p), without a
 * host copy; the kernel symmetrizes while loading. Eigenvalues and V come back in double for both
 * precisions: the rotations are derived in double; V is accumulated in double, except single pages of
 * 17 ... 32 (in float) and of 64 and more (the block kernel works in float). V then takes one Newton-Schulz
 * step in double (inside the warp kernels for double pages and single 32 x 32 ones, {@link PagePolish} after
 * the group kernels in double and the block kernels): every page's V within n eps of orthogonal [21]
 * (CudaPageOrthogonalityTest). Ungraded double pages of the block kernels' orders in 'auto' start from a single
 * solver's eigenvectors, refined [25] ({@link PagePreconditioner}): the sweeps run on Q'AQ and V = Q W, which needs
 * no Newton-Schulz step where the sweeps rotated at most n pairs a page. Where the refinements left every page of a
 * chunk with at most n entries that fail the relative test, rotations of only those entries replace the sweeps
 * ({@link PagePreconditioner#cleanUp}: V = Q).
 */
public final class CudaBatchedEig {
    /** Pages per launch: bounds the device buffers (V of 512 pages of 256 x 256 is 256 MB). */
    public static final long MAX_BYTES_PER_LAUNCH = 256L << 20;

    public long computeNanos;

    public static boolean fits(int n) {
        return PagePlan.eigTakes(n);
    }

    /** Pages per launch for order n. */
    static int chunk(int n, int pages) {
        long perPage = Math.max(1L, (long) n * n * 8);
        return (int) Math.max(1, Math.min(pages, Math.min(16384, MAX_BYTES_PER_LAUNCH / perPage)));
    }

    /**
     * Whether each page's rows are graded ({@link Grading#graded}), from the device's checks of the pages; null when
     * {@link #run} made none.
     */
    public boolean[] graded;

    /**
     * Whether ungraded pages of the orders {@link PagePreconditioner#takes} start from a single-precision
     * solver's eigenvectors (absolute accuracy, which only the default 'auto' allows there); needs the device's
     * checks of the input (options given to {@link #run}).
     */
    public boolean precondition;

    /** The pages {@link #run} solved from the single solver's eigenvectors (Q'AQ). */
    public int preconditionedPages;

    /** The pages the single solver failed on, solved from the start instead. */
    public int preconditionFailures;

    /** The report's method where pages started from the single solver's eigenvectors. */
    public static final String PRECONDITIONED = "batched, preconditioned";

    /**
     * The report of a {@link #run} of pages pages: where some started from the single solver's eigenvectors, method
     * {@link #PRECONDITIONED} and a note saying which.
     */
    public RunReport report(RunReport r, int pages) {
        if (preconditionedPages == 0) return r;
        int rest = pages - preconditionedPages;
        String which = rest == 0 ? (pages > 1 ? "every page" : "the matrix") : preconditionedPages + " of " + pages + " pages";
        r = r.withMethod(PRECONDITIONED).withNote(which + " started from single-precision eigenvectors (cuSOLVER"
                + " XsyevBatched), refined in double (Ogita-Aishima steps, then Jacobi rotations on Q'AQ)");
        if (preconditionFailures > 0) {
            r = r.withNote("the single-precision solver failed on " + preconditionFailures + " of " + pages
                    + " pages: solved from the start");
        }
        return r;
    }

    /**
     * Whether every value and vector entry {@link #run} wrote is finite (counted on the device as they went out: the
     * results need no host pass for api/OutputChecks).
     */
    public boolean outputsFinite;

    /**
     * Solves all pages of a; fills values/vectors (sorted as eig returns them) and the per-page report arrays. With
     * options o (null: the caller checked the input), the device checks each page as it arrives, with InputChecks'
     * errors, and records {@link #graded}.
     */
    public void run(GpuContext gpu, PageArray a, SolverOptions o, double tol, int maxSweeps, int fixedSweeps,
             PageArray values, PageArray vectors, int[] sweeps, long[] rotations, boolean[] converged) {
        run(gpu, a, o, tol, maxSweeps, fixedSweeps, vectors != null, Deferred.done(new PageOutputs.Eig(values, vectors)),
                sweeps, rotations, converged);
    }

    /**
     * As above into outputs that may still be being allocated (wantV: whether they hold vectors); waited for only
     * where the first chunk's results come down.
     */
    public void run(GpuContext gpu, PageArray a, SolverOptions o, double tol, int maxSweeps, int fixedSweeps,
             boolean wantV, Deferred<PageOutputs.Eig> pending, int[] sweeps, long[] rotations, boolean[] converged) {
        final int n = a.rows(), pages = a.pages(), nn = n * n;
        final Precision p = a.precision();
        Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(gpu, "eig pages " + n + " x " + pages) : null;
        final ChessTournament ct = new ChessTournament(n);
        final int half = ct.pairsPerStep(), steps = ct.steps();
        final PagePlan plan = PagePlan.eig(n, p, wantV, gpu.device().maxSharedPerBlock);
        final int warp = PagePlan.warpClass(n);
        final int chunk = chunk(n, pages);
        DevicePointer ad = gpu.buffer(Workspace.A, (long) chunk * nn * p.bytes());
        CUdeviceptr dd = gpu.buffer(Workspace.D, (long) chunk * n * 8);
        DevicePointer vd = gpu.buffer(Workspace.V, wantV ? (long) chunk * nn * 8 : 8);
        CUdeviceptr sw = gpu.buffer(Workspace.PAGE_SWEEPS, 4L * chunk), rot = gpu.buffer(Workspace.PAGE_ROTATIONS, 8L * chunk);
        final BlockedPagePlan bp = BlockedPagePlan.eig(gpu.tuning, n, p, fixedSweeps);
        final CUdeviceptr blockPairs = bp != null ? gpu.constant(Workspace.BLOCK_PAIRS, "chess:" + bp.nb, bp.blocks::flat) : null;
        // the pointwise kernel's pairs, uploaded only where it runs (the other kernels take their own schedules)
        final CUdeviceptr pairs = bp == null && warp == 0 ? gpu.constant(Workspace.PAIRS, "chess:" + n, ct::flat) : null;
        CUdeviceptr dSorted = gpu.buffer(Workspace.D_SORTED, (long) chunk * n * 8);
        DevicePointer vSorted = wantV ? gpu.buffer(Workspace.V_SORTED, (long) chunk * nn * 8) : null;
        CUdeviceptr checks = o != null ? gpu.buffer(Workspace.PAGE_CHECKS, 5L * 8 * chunk) : null;
        if (o != null) graded = new boolean[pages];
        // single pages are preconditioned on a double copy, swept by the double kernels (plan wide) under single's tol
        final BlockedPagePlan wide = p == Precision.DOUBLE ? bp : bp != null ? BlockedPagePlan.eig(gpu.tuning, n,
                Precision.DOUBLE, fixedSweeps) : null;
        final PagePreconditioner pre = precondition && o != null && PagePreconditioner.takes(gpu.tuning, n, p, wide)
                ? new PagePreconditioner(gpu, n, p == Precision.DOUBLE ? PagePreconditioner.REFINEMENTS : 0) : null;
        CUdeviceptr bad = gpu.buffer(Workspace.OUTPUT_BAD, 8);
        DeviceBuffers.zero(bad, 8);
        PageOutputs.Eig out = null;
        if (ph != null) ph.mark("set-up");
        for (int first = 0; first < pages; first += chunk) {
            int count = Math.min(chunk, pages - first);
            long[] cleanedRotations = null; // a clean-up's rotations before the sweeps took over
            DeviceBuffers.uploadPages(ad, a, first, count);
            if (ph != null) ph.mark("upload");
            double[] st = o != null ? check(gpu, checks, ad, a, first, count, o) : null;
            if (ph != null) ph.mark("check");
            gpu.synchronize();
            long t0 = System.nanoTime();
            DevicePointer vOut = vd;
            if (bp != null) {
                DevicePointer swept = pre != null ? precondition(gpu, pre, ad, p, st, first, count) : null;
                boolean started = swept != null;
                if (ph != null) ph.mark("precondition");
                // refined pages: only the entries that still fail the test are rotated, on Q itself (V = Q)
                if (started && pre.cleanUp(swept, dd, tol, sw, rot, count, wantV)) {
                    if (wantV) vOut = pre.cleanedVectors();
                    if (ph != null) ph.mark("clean-up");
                } else {
                    cleanedRotations = started ? pre.cleanUpRotations : null;
                    // the double plan of a single chunk on its double copy has the same blocks, so the same schedule
                    PageKernels.eigBlocked(gpu, started ? Precision.DOUBLE : p, started ? wide : bp, count, started ? swept : ad,
                            dd, vd, blockPairs, n, tol, maxSweeps, sw, rot, wantV);
                    if (ph != null) ph.mark("sweeps");
                    if (wantV && started) vOut = pre.vectors(vd, count);
                    // W of a page that rotated at most n pairs is I + E with E at its rotations' rounding
                    // (blocked_pages.cu): V = Q W is as orthogonal as the refined Q; otherwise one Newton-Schulz step [21]
                    boolean nearIdentity = wantV && started && pre.refines() && rotatedAtMost(rot, count, n);
                    if (wantV && !nearIdentity) PagePolish.run(gpu, vOut, n, count);
                    if (ph != null) ph.mark("Q W and polish");
                }
            } else if (warp > 0) {
                PageKernels.eigWarp(gpu, p, warp, count, ad, dd, vd, n, fixedSweeps > 0 ? 0 : tol, maxSweeps, fixedSweeps, sw,
                        rot, wantV);
            } else {
                PageKernels.eigGroup(gpu, p, plan, count, ad, dd, vd, pairs, n, half, steps, fixedSweeps > 0 ? 0 : tol,
                        maxSweeps, fixedSweeps, sw, rot, wantV);
                // double V of the group kernel (33 ... 63) is over n eps from orthogonal before this step [21]
                if (wantV && p == Precision.DOUBLE) PagePolish.run(gpu, vd, n, count);
            }
            gpu.synchronize();
            computeNanos += System.nanoTime() - t0;
            if (ph != null) ph.mark("solve");
            // sorted as PageAssembly.eig sorts, on the device, and copied straight into the results
            IntakeKernels.sortEigPages(gpu, dd, vOut, dSorted, vSorted, n, count, wantV, bad);
            if (ph != null) ph.mark("sort");
            if (out == null) out = pending.get();
            if (ph != null) ph.mark("outputs' wait");
            DeviceBuffers.downloadPages(dSorted, out.values, first, count);
            if (wantV) DeviceBuffers.downloadPages(vSorted, out.vectors, first, count);
            if (ph != null) ph.mark("download");
            final int[] s = new int[count];
            final long[] r = new long[count];
            DeviceBuffers.readPageCounters(sw, rot, s, r);
            if (ph != null) ph.mark("counters");
            for (int k = 0; k < count; k++) {
                sweeps[first + k] = Math.abs(s[k]);
                rotations[first + k] = r[k] + (cleanedRotations != null ? cleanedRotations[k] : 0);
                converged[first + k] = s[k] > 0 || n <= 1;
            }
        }
        outputsFinite = DeviceBuffers.readCounter(bad) == 0;
        if (ph != null) {
            ph.mark("output count");
            ph.print();
        }
    }

    /** Whether each of count pages rotated at most most pairs (their rotation counters on the device). */
    private static boolean rotatedAtMost(CUdeviceptr rot, int count, long most) {
        for (long r : DeviceBuffers.readCounters(rot, count)) if (r > most) return false;
        return true;
    }

    /**
     * The device's checks of pages first .. first + count - 1 (in ad as they came): InputChecks' errors, grading.
     * Returns the checks' 5 numbers a page (IntakeKernels.pages).
     */
    private double[] check(GpuContext gpu, CUdeviceptr checks, CUdeviceptr ad, PageArray a, int first, int count, SolverOptions o) {
        int n = a.rows();
        IntakeKernels.pages(gpu, a.precision(), ad, n, count, Grading.GRADED_SPAN, checks);
        double[] st = DeviceBuffers.download(checks, 5 * count, Precision.DOUBLE);
        for (int k = 0; k < count; k++) {
            if (st[5 * k + 2] != 0) InputChecks.requireFinite(a, o); // names the first NaN or Inf
            InputChecks.requireSymmetric(st[5 * k], st[5 * k + 1], a, first + k, o);
            graded[first + k] = st[5 * k + 3] != 0;
        }
        return st;
    }

    /**
     * The chunk's pages at ad (precision p) to Q'AQ (PagePreconditioner), unless every page is to be solved from the
     * start; st: the checks' numbers. The double pages the sweeps then take when it ran (V is Q times their vectors):
     * ad itself, or for single pages a double copy, made only where every page of the chunk is preconditioned (a page
     * solved from the start is faster in the single kernels); null when it did not run.
     */
    private DevicePointer precondition(GpuContext gpu, PagePreconditioner pre, DevicePointer ad, Precision p, double[] st,
                                       int first, int count) {
        boolean[] plain = new boolean[count];
        int[] exponents = new int[count];
        int taken = 0;
        for (int k = 0; k < count; k++) {
            plain[k] = PagePreconditioner.plain(st[5 * k], graded[first + k]);
            exponents[k] = PagePreconditioner.exponent(st[5 * k]);
            if (!plain[k]) taken++;
        }
        boolean widen = p != Precision.DOUBLE;
        long nn = pre.pageElements(), bytes = pre.bytes(count) + (widen ? 8L * nn * count : 0);
        if (taken == 0 || (widen && taken < count) || gpu.freeMemory() < bytes + (bytes >> 2)) return null;
        DevicePointer pages = ad;
        if (widen) { // exactly, into double (every page's exponent 0)
            pages = gpu.buffer(Workspace.PRECOND_PAGES_WIDE, 8L * nn * count);
            DevicePointer zero = gpu.buffer(Workspace.PRECOND_PAGES_EXPONENTS, 4L * count);
            DeviceBuffers.zero(zero, 4L * count);
            SvdIntakeKernels.scalePages(gpu, p, ad, pages, nn, count, zero);
        }
        int failed = pre.congruence(pages, count, exponents, plain);
        if (failed < 0) return null;
        preconditionedPages += taken - failed;
        preconditionFailures += failed;
        return pages;
    }
}
