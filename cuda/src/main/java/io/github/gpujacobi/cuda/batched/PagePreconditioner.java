package io.github.gpujacobi.cuda.batched;

import com.sun.jna.Memory;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Kernel;
import io.github.gpujacobi.cuda.launch.KernelArgs;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.SingleEigPages;
import io.github.gpujacobi.cuda.launch.Tuning;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.polish.PagePolish;
import jcuda.driver.CUdeviceptr;

/**
 * Double eig pages that start nearly diagonal, as the single-matrix routes start from cuSOLVER's eigenvectors [22]:
 * a float copy of every page goes through cuSOLVER's batched eigensolver (cusolverDnXsyevBatched in single), its
 * eigenvectors Q come back in double and are taken to orthogonal at double's rounding by Newton-Schulz steps [21]
 * (single leaves Q'Q - I near 1e-6, each step squares it). Two refinement steps [25] then take Q'AQ's off-diagonal
 * from single's rounding (relative to ||A||) to double's, by GEMMs, and the pages become B = Q'AQ: a few entries a
 * page still fail the relative test, and {@link #cleanUp} rotates just those, on B and Q (V = Q); a chunk with a page
 * of more such entries than n goes to the two-sided page sweeps on B (one or two, where from A they take eight to
 * ten), and V = Q W. (Without the refinements, the single pages' route on a double copy under single's tolerance: a
 * sweep or two.) Q'AQ is accurate to eps ||A|| only, which the contract allows on ungraded pages (the CPU's
 * PreconditionedEig and the single-matrix route by the same rule); a graded page, one whose entries lie outside the
 * products' safe range, or one the single solver failed on gets Q = I, so B = A and V = W exactly: the sweeps solve it
 * from the start, as without this class.
 */
final class PagePreconditioner {
    /** Pages whose largest entry lies outside [2^-SAFE, 2^SAFE] keep Q = I: Q'AQ's products stay in range. */
    static final int SAFE = 400;
    private static final Memory ONE = CudaLibraries.scalar(1, true), ZERO = CudaLibraries.scalar(0, true);
    private static final String FOR_WHAT = "Eig pages preconditioned in single";

    /** Refinement steps [25] after the Newton-Schulz steps: from single's accuracy, two reach double's rounding. */
    static final int REFINEMENTS = 2;

    private final GpuContext gpu;
    private final int n;
    private final int refinements;
    private final SingleEigPages single = new SingleEigPages();
    /** Where the last {@link #congruence} left Q (the refinements swap two buffers). */
    private DevicePointer q;
    /** Whether the last {@link #congruence} took every page from the single solver's vectors (none kept Q = I). */
    private boolean everyPage;
    /** Each page's rotations in the last {@link #cleanUp} that left a page unconverged (null after one that did not). */
    long[] cleanUpRotations;

    /**
     * @param refinements steps of {@link #REFINEMENTS}' kind before B = Q'AQ: worth their GEMMs where the sweeps run
     *                    under double's tolerance (single's needs none)
     */
    PagePreconditioner(GpuContext gpu, int n, int refinements) {
        this.gpu = gpu;
        this.n = n;
        this.refinements = refinements;
    }

    /**
     * Whether pages of order n in precision p start from the single solver's vectors: from
     * {@link Tuning#pagePreconditionedEigFrom} (single pages, which do so on a double copy in CudaBatchedEig:
     * {@link Tuning#pagePreconditionedSingleEigFrom}) up to the page kernels' largest order, where the double
     * block-Jacobi page kernels run (plan wide, the double plan of the order) and the libcusolver has XsyevBatched.
     */
    static boolean takes(Tuning t, int n, Precision p, BlockedPagePlan wide) {
        int from = p == Precision.DOUBLE ? t.pagePreconditionedEigFrom : t.pagePreconditionedSingleEigFrom;
        return wide != null && n >= from && n <= PagePlan.MAX_N && !SingleEigPages.unavailable();
    }

    /**
     * Whether a page with largest entry maxAbs and grading graded keeps Q = I (solved by the sweeps from the start):
     * graded (the sweeps' relative accuracy is what it needs), zero, or beyond the safe range.
     */
    static boolean plain(double maxAbs, boolean graded) {
        return graded || !(maxAbs >= Math.scalb(1.0, -SAFE) && maxAbs <= Math.scalb(1.0, SAFE));
    }

    /** The power of two that brings a page's largest entry maxAbs near 1 (any double page then fits float). */
    static int exponent(double maxAbs) {
        return maxAbs > 0 && !Double.isInfinite(maxAbs) ? -Math.getExponent(maxAbs) : 0;
    }

    /** Entries of a page (n x n). */
    long pageElements() {
        return (long) n * n;
    }

    /** Device bytes this class takes for count pages, beside the page route's own. */
    long bytes(int count) {
        long nn = (long) n * n;
        return count * (nn * 4 + nn * 8 + nn * 8 + (refinements > 0 ? nn * 8 + 8 : 0) + n * 4L + 12L);
    }

    /**
     * A (count double pages at a, checked) to B = Q'AQ in place; Q kept for {@link #vectors}. The pages flagged in
     * plain keep B = A (Q = I). Returns the pages the single solver failed on (they too keep B = A), or -1 when it could
     * not run at all: nothing was written and the pages are to be solved as they are.
     *
     * @param exponents each page's {@link #exponent}
     */
    int congruence(DevicePointer a, int count, int[] exponents, boolean[] plain) {
        final long nn = (long) n * n;
        CudaLibraries lib = gpu.libraries(FOR_WHAT);
        DevicePointer f = gpu.buffer(Workspace.PRECOND_PAGES_SINGLE, 4 * nn * count);
        DevicePointer values = gpu.buffer(Workspace.PRECOND_PAGES_VALUES, 4L * n * count);
        DevicePointer info = gpu.buffer(Workspace.PRECOND_PAGES_INFO, 4L * count);
        DevicePointer exps = gpu.buffer(Workspace.PRECOND_PAGES_EXPONENTS, 4L * count);
        Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(gpu, "precondition " + n + " x " + count) : null;
        DeviceBuffers.upload(exps, exponents);
        gpu.launchOver(Kernel.PRECOND_PAGES_TO_FLOAT.kernelName(), nn * count, KernelArgs.of(a, f, nn, count, exps));
        if (ph != null) ph.mark("to float");
        if (!single.solve(gpu, FOR_WHAT, f, values, info, n, count)) return -1;
        if (ph != null) ph.mark("XsyevBatched");
        int[] st = DeviceBuffers.downloadInts(info, count);
        int failed = 0;
        int[] flags = new int[count];
        everyPage = true;
        for (int k = 0; k < count; k++) {
            if (st[k] != 0 && !plain[k]) failed++;
            flags[k] = plain[k] || st[k] != 0 ? 1 : 0;
            everyPage &= flags[k] == 0;
        }
        q = gpu.buffer(Workspace.PRECOND_PAGES_Q, 8 * nn * count);
        DevicePointer flagged = gpu.buffer(Workspace.PRECOND_PAGES_PLAIN, 4L * count);
        DeviceBuffers.upload(flagged, flags);
        gpu.launchOver(Kernel.PRECOND_PAGES_TO_DOUBLE.kernelName(), nn * count, KernelArgs.of(f, q, n, count, flagged));
        // Q'Q - I from near 1e-6 to 1e-12, then to the rounding (the refinements' own steps finish what the first
        // starts); Q = I stays I exactly
        if (ph != null) ph.mark("to double");
        int pre = refinements > 0 ? 1 : 2;
        for (int k = 0; k < pre; k++) PagePolish.run(gpu, q, n, count);
        if (ph != null) ph.mark("Newton-Schulz");
        DevicePointer c = gpu.buffer(Workspace.PRECOND_PAGES_PRODUCT, 8 * nn * count);
        double off = pre >= 2 ? 0 : afterOneStep(n);
        for (int r = 0; r < refinements; r++) {
            refine(lib, a, c, flagged, exps, count, off);
            off = 0;
        }
        if (ph != null) ph.mark("refinements");
        gemm(lib, 0, a, q, c, count, "A Q");
        gemm(lib, 1, q, c, a, count, "Q'(A Q)"); // the sweeps' kernel makes it exactly symmetric as it loads it
        if (ph != null) {
            ph.mark("Q'AQ");
            ph.print();
        }
        return failed;
    }

    /**
     * One refinement step of Q [25] (count pages, A at a; ||I - Q'Q|| within orthogonality, or the rounding where
     * 0): S = Q'AQ, the correction M = I + E from it (eig_precondition.cu), Q := Q M and the Newton-Schulz steps that
     * take Q M, within ||E||_F^2 + orthogonality of orthogonal, to the rounding. c: an n x n scratch page each.
     */
    private void refine(CudaLibraries lib, DevicePointer a, DevicePointer c, DevicePointer plain, DevicePointer exps,
                        int count, double orthogonality) {
        final long nn = (long) n * n;
        DevicePointer s = gpu.buffer(Workspace.PRECOND_PAGES_S, 8 * nn * count);
        if (s == q) s = gpu.buffer(Workspace.PRECOND_PAGES_Q, 8 * nn * count); // the buffer Q is not in
        DevicePointer norms = gpu.buffer(Workspace.PRECOND_PAGES_ENORM, 8L * count);
        gemm(lib, 0, a, q, c, count, "A Q");
        gemm(lib, 1, q, c, s, count, "Q'(A Q)");
        gpu.launch(Kernel.PRECOND_PAGES_REFINE.kernelName(), count, 256, KernelArgs.of(s, c, n, plain, exps, norms));
        gemm(lib, 0, q, c, s, count, "Q (I + E)");
        q = s;
        double[] e = DeviceBuffers.download(norms, count, Precision.DOUBLE);
        double largest = 0;
        for (double x : e) largest = Math.max(largest, x);
        for (int k = newtonSchulzSteps(largest, orthogonality); k > 0; k--) PagePolish.run(gpu, q, n, count);
    }

    /**
     * A bound on ||I - Q'Q|| after one Newton-Schulz step from single's eigenvectors: their distance from orthogonal is
     * near n eps_single (a backward stable solver's), taken 8 times over, and the step squares it [21].
     */
    static double afterOneStep(int n) {
        double single = 8.0 * n * 0x1p-24;
        return single * single;
    }

    /**
     * Newton-Schulz steps that take Q M (M = I + E, E antisymmetric with ||E||_F = e at most 1/4, ||I - Q'Q|| within
     * orthogonality) from ||I - (QM)'QM|| <= e^2 + orthogonality to double's rounding: each step squares it [21].
     */
    static int newtonSchulzSteps(double e, double orthogonality) {
        int steps = 0;
        for (double f = e * e + orthogonality; f > 0x1p-52; f = f * f) steps++;
        return steps;
    }

    /** Whether the pages are refined [25] to double's rounding before the sweeps (which then rotate few pairs). */
    boolean refines() {
        return refinements > 0;
    }

    /**
     * The refined pages' last step in place of the sweeps (eig_precondition.cu's clean-up): on B = Q'AQ at b (count
     * pages, from {@link #congruence} with refinements), Jacobi rotations of only the entries that still fail the
     * relative test [6] under tol, at most n a page, applied with wantQ to Q too, which is then V
     * ({@link #cleanedVectors}). Every page's eigenvalues go to values, its sweep count (1, signed by convergence) and
     * rotations to sweeps and rotations. Returns whether every page converged; where one did not, the sweeps are to
     * take the pages from here (B = Q'AQ still holds, with this Q) and {@link #cleanUpRotations} holds each page's
     * rotations so far. Not run (false, nothing written) where a page kept Q = I: the sweeps solve it from the start.
     */
    boolean cleanUp(DevicePointer b, CUdeviceptr values, double tol, CUdeviceptr sweeps, CUdeviceptr rotations, int count,
                    boolean wantQ) {
        cleanUpRotations = null;
        if (!everyPage || refinements == 0) return false;
        int staged = stagedBytes(n, gpu.device().maxSharedPerBlock);
        DevicePointer unconverged = gpu.buffer(Workspace.PRECOND_PAGES_UNCONVERGED, 8);
        DeviceBuffers.zero(unconverged, 8);
        gpu.launchShared(Kernel.PRECOND_PAGES_CLEANUP.kernelName(), count, 256, staged, KernelArgs.of(b, q, values, n, tol,
                n, wantQ ? 1 : 0, staged > 0 ? 1 : 0, sweeps, rotations, unconverged));
        if (DeviceBuffers.readCounter(unconverged) == 0) return true;
        cleanUpRotations = DeviceBuffers.readCounters(rotations, count);
        return false;
    }

    /** The clean-up kernel's own shared memory (its static arrays, rounded up). */
    static final int CLEANUP_STATIC_BYTES = 16 << 10;

    /**
     * The dynamic shared memory of a clean-up launch on pages of order n: the page (n^2 doubles) where it fits beside
     * the kernel's own arrays in maxShared bytes a block, so that its rotations work in shared memory; else 0 (in place).
     */
    static int stagedBytes(int n, int maxShared) {
        long bytes = 8L * n * n;
        return bytes + CLEANUP_STATIC_BYTES <= maxShared ? (int) bytes : 0;
    }

    /** V after a {@link #cleanUp} that converged: Q with its rotations. */
    DevicePointer cleanedVectors() {
        return q;
    }

    /** V = Q W for the sweeps' vectors w (count pages), into a buffer of this class's, which is returned. */
    DevicePointer vectors(DevicePointer w, int count) {
        final long nn = (long) n * n;
        DevicePointer v = gpu.buffer(Workspace.PRECOND_PAGES_PRODUCT, 8 * nn * count);
        gemm(gpu.libraries(FOR_WHAT), 0, q, w, v, count, "Q W");
        return v;
    }

    /** c := op(x) y page by page (op: 0 none, 1 transposed), n x n double pages. */
    private void gemm(CudaLibraries lib, int opX, DevicePointer x, DevicePointer y, DevicePointer c, int count, String what) {
        long nn = (long) n * n;
        CudaLibraries.status(lib.blas.cublasDgemmStridedBatched(lib.blasHandle, opX, 0, n, n, n, ONE, x.jna(), n, nn,
                y.jna(), n, nn, ZERO, c.jna(), n, nn, count), "gemmStridedBatched " + what);
    }
}
