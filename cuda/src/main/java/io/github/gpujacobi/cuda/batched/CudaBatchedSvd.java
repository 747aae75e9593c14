package io.github.gpujacobi.cuda.batched;

import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.DeviceTimeline;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.SideStream;
import io.github.gpujacobi.cuda.launch.SvdIntakeKernels;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.polish.PagePolish;
import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageLoop;
import io.github.gpujacobi.core.PageOutputs;
import io.github.gpujacobi.core.PageStats;
import io.github.gpujacobi.core.SvdScaling;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

import java.util.Arrays;

/**
 * Every page of a 3-D array (min(m, n) = 1 ... 256) in one launch of svd_batched.cu: up to 32 rows
 * (after the transpose of wide pages) one warp per page with the page in registers (svd_warp), from
 * {@code Tuning.pageBlockedSvdFrom} columns block Jacobi inside the page (blocked_pages.cu), else a
 * group of threads per page, laid out by {@link PagePlan} (teams of 8 to 32 lanes per column pair; the page
 * in shared memory while it fits, else worked on in place in global memory), the whole one-sided
 * Jacobi solve inside the group. Tall and square pages go up as they lie in the array, without a host
 * copy; wide pages are transposed on the host, as in the page loop. V comes back in double for both
 * precisions (the rotations are accumulated in double). With vectors, U leaves the GPU with unit columns (their norms,
 * the singular values, beside it) after one Newton-Schulz step, as the block kernels' V: U = A V keeps the one-sided
 * stopping tolerance, up to n^1.5 eps from orthogonal (svd_pages_normalize).
 */
public final class CudaBatchedSvd {
    public static boolean fits(int m, int n) {
        return PagePlan.svdTakes(m, n);
    }

    /**
     * Whether the last device-checked {@link #run} wrote every U and V entry finite and sorted every page on the
     * device (counted as they went out: those results need no host pass for api/OutputChecks; s is the caller's).
     */
    public boolean outputsFinite;

    /**
     * Solves all pages of in into s, u, v (as svd returns them, in their own precision) and records each page in stats.
     * The page kernels are built for double only: single pages are solved on a double copy (formed in float, U loses
     * orthogonality with every rotation, past n eps_single), so tol should be double's.
     */
    public void run(GpuContext gpu, PageArray in, double tol, int maxSweeps, int fixedSweeps,
             PageArray s, PageArray u, PageArray v, PageStats stats) {
        run(gpu, in, null, null, 0, tol, maxSweeps, fixedSweeps, s, u, v, stats);
    }

    /** Whether {@link #run} with options checks and scales pages of m x n on the device: tall ones (m >= n). */
    public static boolean checksOnDevice(int m, int n) {
        return m >= n && fits(m, n);
    }

    /**
     * As {@link #run(GpuContext, PageArray, double, int, int, PageArray, PageArray, PageArray, PageStats)} for the
     * caller's pages as they came ({@link #checksOnDevice}): each chunk goes up as it lies in the caller's array and is
     * checked there (InputChecks' errors, options o), measured into scaling (core/SvdScaling's decisions from the
     * device's line norms, within span) and scaled there, and the results are sorted there (core/PageAssembly.svd's
     * order, where U is kept in double with unit columns) and copied straight into s, u and v.
     */
    public void run(GpuContext gpu, PageArray in, SolverOptions o, SvdScaling scaling, double span, double tol,
                    int maxSweeps, int fixedSweeps, PageArray s, PageArray u, PageArray v, PageStats stats) {
        run(gpu, in, o, scaling, span, tol, maxSweeps, fixedSweeps, u != null, u != null ? u.cols() : 0,
                PageOutputs.PendingSvd.of(new PageOutputs.Svd(s, u, v)), stats);
    }

    /**
     * As above (o null: no intake, as the first run) into outputs that may still be being allocated: wantV whether
     * they hold U and V, uCols U's columns; waited for only where the first chunk's results come down.
     */
    public void run(GpuContext gpu, PageArray in, SolverOptions o, SvdScaling scaling, double span, double tol,
                    int maxSweeps, int fixedSweeps, boolean wantV, int uCols, PageOutputs.PendingSvd pending,
                    PageStats stats) {
        final boolean intake = o != null;
        final PageArray a = intake || in.precision() == Precision.DOUBLE ? in : in.to(Precision.DOUBLE);
        final int m = a.rows(), n = a.cols(), pages = a.pages();
        final boolean tall = m >= n;
        final int cols = Math.min(m, n);
        // U to unit columns on the device where it has more than 8 columns, and its Newton-Schulz step [21] where U is
        // kept in double; up to 8 U is within n eps without it and the step's launches would triple those pages' time;
        // single U is rounded to float anyway
        final boolean normalizeU = wantV && cols > 8;
        final boolean polishU = normalizeU && in.precision() == Precision.DOUBLE;
        final int mm = tall ? m : n, nn = tall ? n : m, size = mm * nn;
        // the sorted results straight from the device where U has unit columns and the outputs' shapes are the page's
        // (single ones rounded to float as they come down)
        final boolean sortOnDevice = intake && tall && normalizeU && uCols == nn;
        final Precision p = Precision.DOUBLE;
        final ChessTournament ct = new ChessTournament(nn);
        final PagePlan plan = PagePlan.svd(mm, nn, p, wantV, gpu.device().maxSharedPerBlock);
        final int warp = PagePlan.warpClass(mm);
        final int chunk = (int) Math.max(1, Math.min(pages,
                Math.min(16384, CudaBatchedEig.MAX_BYTES_PER_LAUNCH / ((long) (size + nn * nn) * 8))));
        DevicePointer ud = gpu.buffer(Workspace.U, (long) chunk * size * p.bytes());
        DevicePointer sigd = normalizeU ? gpu.buffer(Workspace.SIGMA, 8L * chunk * Math.max(1, nn)) : null;
        DevicePointer vd = gpu.buffer(Workspace.V, wantV ? (long) chunk * nn * nn * 8 : 8);
        CUdeviceptr sw = gpu.buffer(Workspace.PAGE_SWEEPS, 4L * chunk), rot = gpu.buffer(Workspace.PAGE_ROTATIONS, 8L * chunk);
        final BlockedPagePlan bp = BlockedPagePlan.svd(gpu.tuning, nn, fixedSweeps);
        final CUdeviceptr blockPairs = bp != null ? gpu.constant(Workspace.BLOCK_PAIRS, "chess:" + bp.nb, bp.blocks::flat) : null;
        // the pointwise kernel's pairs, uploaded only where it runs (the other kernels take their own schedules)
        final CUdeviceptr pairs = bp == null && warp == 0 ? gpu.constant(Workspace.PAIRS, "chess:" + nn, ct::flat) : null;
        CUdeviceptr bad = sortOnDevice ? gpu.buffer(Workspace.OUTPUT_BAD, 8) : null;
        if (bad != null) DeviceBuffers.zero(bad, 8);
        final PageSolve solve = new PageSolve(gpu, bp, warp, plan, ct, blockPairs, pairs, ud, vd, sigd, sw, rot, mm, nn, tol,
                maxSweeps, fixedSweeps, wantV, normalizeU, polishU, in.precision() == Precision.DOUBLE);
        boolean hostAssembled = !sortOnDevice;
        Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(gpu, "svd pages " + m + " x " + n + " x " + pages) : null;
        if (ph != null) ph.mark("set-up");
        for (int first = 0; first < pages; first += chunk) {
            int count = Math.min(chunk, pages - first);
            if (intake) {
                intake(gpu, a, first, count, o, scaling, span, ud);
            } else if (tall) {
                DeviceBuffers.uploadPages(ud, a, first, count);
            } else {
                double[] host = new double[count * size];
                for (int k = 0; k < count; k++) {
                    System.arraycopy(PageAssembly.transpose(a.pageAsDouble(first + k), m, n), 0, host, k * size, size);
                }
                DeviceBuffers.upload(ud, host, p);
            }
            if (ph != null) ph.mark(intake ? "intake" : "upload");
            gpu.synchronize();
            // in parts only into outputs already made (the caller's arrays, a split call's windows, or new ones whose
            // allocation is done): early copies beside the zeroing of new ones slow both and cost more than they hide
            int parts = sortOnDevice && pending.made() ? DownloadParts.of(count, 8L * (size + nn * nn + nn)) : 1;
            if (parts > 1) { // the results of each part come down while the next parts are solved
                hostAssembled |= sortedInParts(gpu, solve, ud, sigd, vd, sw, rot, mm, nn, first, count, parts, bad, pending,
                        stats);
                if (ph != null) ph.mark("solve, sort and download in " + parts + " parts");
                continue;
            }
            long t0 = System.nanoTime();
            solve.launch(0, count);
            gpu.synchronize();
            stats.addComputeNanos(System.nanoTime() - t0);
            record(sw, rot, first, count, nn, stats);
            if (ph != null) ph.mark("solve and counters");
            if (sortOnDevice) {
                hostAssembled |= sorted(gpu, ud, sigd, vd, mm, nn, first, count, bad, pending);
            } else {
                PageOutputs.Svd out = pending.all();
                assemble(ud, sigd, vd, mm, nn, tall, first, count, normalizeU, out.s, out.u, out.v);
            }
            if (ph != null) ph.mark(sortOnDevice ? "sort and download" : "host assembly");
        }
        outputsFinite = !hostAssembled && DeviceBuffers.readCounter(bad) == 0;
        if (ph != null) {
            ph.mark("output count");
            ph.print();
        }
    }

    /**
     * Pages first .. first + count - 1 of the caller's a into ud (double) as the solver takes them: checked (the
     * errors of api/InputChecks), measured into scaling and scaled, a page beyond the span zeros (ColumnScaledJacobi
     * solves it on the host afterwards).
     */
    private static void intake(GpuContext gpu, PageArray a, int first, int count, SolverOptions o, SvdScaling scaling,
                               double span, CUdeviceptr ud) {
        final int m = a.rows(), n = a.cols(), size = m * n;
        final Precision p = a.precision();
        CUdeviceptr raw = p == Precision.DOUBLE ? ud : gpu.buffer(Workspace.SVD_RAW, (long) count * size * p.bytes());
        Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(gpu, "svd intake " + count) : null;
        DeviceBuffers.uploadPages(raw, a, first, count);
        if (ph != null) ph.mark("upload");
        CUdeviceptr e = gpu.buffer(Workspace.SVD_LINE_EXP, 4L * count * n), ssq = gpu.buffer(Workspace.SVD_LINE_SSQ, 8L * count * n);
        CUdeviceptr bad = gpu.buffer(Workspace.INTAKE_OUT, 8);
        DeviceBuffers.zero(bad, 8);
        SvdIntakeKernels.lines(gpu, p, raw, m, n, count, true, e, ssq, bad);
        if (DeviceBuffers.readCounter(bad) != 0) InputChecks.requireFinite(a, o); // names the first NaN or Inf
        if (ph != null) ph.mark("lines");
        final int[] exps = DeviceBuffers.downloadInts(e, count * n);
        final int[] factor = new int[count];
        if (SvdScaling.plainlyWithin(exps, m, span)) { // the usual case: no page needs its sums looked at
            for (int k = 0; k < count; k++) scaling.asItIs(first + k);
            if (ph != null) ph.mark("line exponents");
        } else {
            final double[] sums = DeviceBuffers.download(ssq, count * n, Precision.DOUBLE);
            if (ph != null) ph.mark("line downloads");
            // pages apart on the cores: thousands of pages' decisions took milliseconds on one thread
            PageLoop.forRange(0, count, Runtime.getRuntime().availableProcessors(), 256, (from, to) -> {
                for (int k = from; k < to; k++) {
                    scaling.measure(first + k, exps, sums, k * n, n, span);
                    factor[k] = scaling.fits(first + k) ? scaling.exponent(first + k) : Integer.MIN_VALUE;
                }
            });
        }
        boolean convert = p != Precision.DOUBLE;
        for (int k = 0; k < count && !convert; k++) convert = factor[k] != 0;
        if (ph != null) {
            ph.mark("measure");
            ph.print();
        }
        if (!convert) return; // double pages as they came: already in place
        CUdeviceptr f = gpu.buffer(Workspace.SVD_PAGE_EXP, 4L * count);
        DeviceBuffers.upload(f, factor);
        SvdIntakeKernels.scalePages(gpu, p, raw, ud, size, count, f);
    }

    /**
     * The device's sort of pages first .. first + count - 1 (U unit columns in ud, their norms in sigd, V in vd) into
     * the outputs' s, u, v, each copied out as soon as its array is made; a page with a value that is not positive is
     * assembled on the host instead (its U completed, core/Orthonormal). Whether any page was.
     */
    private static boolean sorted(GpuContext gpu, DevicePointer ud, DevicePointer sigd, DevicePointer vd, int mm, int nn,
                                  int first, int count, CUdeviceptr bad, PageOutputs.PendingSvd out) {
        SortedPages sorted = new SortedPages(gpu, ud, sigd, vd, mm, nn, count, bad);
        sorted.sort(0, count);
        final PageArray s = out.s(), u = out.u();
        DeviceBuffers.downloadPages(sorted.s, s, first, count);
        DeviceBuffers.downloadPages(sorted.u, u, first, count); // while V may still be being zeroed
        final PageArray v = out.v();
        DeviceBuffers.downloadPages(sorted.v, v, first, count);
        return assembleFlagged(sorted.host, ud, sigd, vd, mm, nn, first, count, s, u, v);
    }

    /**
     * As {@link #sorted} with the chunk's pages solved and sorted in parts queued one after the other on the default
     * stream: each part's results come down on the side stream (staged) while the GPU solves the next parts, so only the
     * last part's copies add to the call. The device time is the parts' span on the device.
     */
    private static boolean sortedInParts(GpuContext gpu, PageSolve solve, DevicePointer ud, DevicePointer sigd,
                                         DevicePointer vd, CUdeviceptr sw, CUdeviceptr rot, int mm, int nn, int first,
                                         int count, int parts, CUdeviceptr bad, PageOutputs.PendingSvd out, PageStats stats) {
        SortedPages sorted = new SortedPages(gpu, ud, sigd, vd, mm, nn, count, bad);
        final int[] from = DownloadParts.bounds(count, parts);
        final PageArray s, u, v;
        final SideStream copies = gpu.sideStream();
        try (DeviceTimeline timeline = new DeviceTimeline(parts)) {
            timeline.start();
            for (int j = 0; j < parts; j++) { // every part queued before any comes down
                solve.launch(from[j], from[j + 1] - from[j]);
                sorted.sort(from[j], from[j + 1] - from[j]);
                timeline.end(j);
            }
            s = out.s();
            u = out.u();
            v = out.v();
            for (int j = 0; j < parts; j++) {
                int f = from[j], c = from[j + 1] - f;
                timeline.awaitEnd(j);
                DeviceBuffers.downloadPagesOn(copies, sorted.s.at(8L * f * sorted.sLen), s, first + f, c);
                DeviceBuffers.downloadPagesOn(copies, sorted.u.at(8L * f * sorted.uLen), u, first + f, c);
                DeviceBuffers.downloadPagesOn(copies, sorted.v.at(8L * f * sorted.vLen), v, first + f, c);
            }
            stats.addComputeNanos(timeline.nanos());
        } finally { // a failure leaves no copy reading the device buffers it frees (and is the one reported)
            JCudaDriver.cuStreamSynchronize(copies);
        }
        record(sw, rot, first, count, nn, stats);
        return assembleFlagged(sorted.host, ud, sigd, vd, mm, nn, first, count, s, u, v);
    }

    /**
     * A chunk's sorted results on the device (svd_intake.cu's sort: S, U and V in svd's order, a flag for each page to
     * assemble on the host) and the sort of a range of its pages into them, from the solved U (unit columns), sigma and V.
     */
    private static final class SortedPages {
        private final GpuContext gpu;
        private final DevicePointer ud, sigd, vd;
        private final CUdeviceptr bad;
        private final int mm, nn;
        /** Doubles a page of S, U and V. */
        final long sLen, uLen, vLen;
        final DevicePointer s, u, v, host;

        SortedPages(GpuContext gpu, DevicePointer ud, DevicePointer sigd, DevicePointer vd, int mm, int nn, int count,
                    CUdeviceptr bad) {
            this.gpu = gpu;
            this.ud = ud;
            this.sigd = sigd;
            this.vd = vd;
            this.bad = bad;
            this.mm = mm;
            this.nn = nn;
            sLen = Math.max(1, nn);
            uLen = (long) mm * nn;
            vLen = (long) nn * nn;
            s = gpu.buffer(Workspace.SVD_SORTED_S, 8L * count * sLen);
            u = gpu.buffer(Workspace.SVD_SORTED_U, 8L * count * uLen);
            v = gpu.buffer(Workspace.SVD_SORTED_V, 8L * count * vLen);
            host = gpu.buffer(Workspace.SVD_HOST_PAGES, 4L * count);
        }

        /** Queues the sort of count pages from page from. */
        void sort(int from, int count) {
            SvdIntakeKernels.sortPages(gpu, sigd.at(8L * from * nn), ud.at(8L * from * uLen), vd.at(8L * from * vLen),
                    s.at(8L * from * sLen), u.at(8L * from * uLen), v.at(8L * from * vLen), mm, nn, count, true,
                    host.at(4L * from), bad);
        }
    }

    /** The pages the device's sort flagged (a value not positive), assembled on the host; whether there was any. */
    private static boolean assembleFlagged(CUdeviceptr host, DevicePointer ud, DevicePointer sigd, DevicePointer vd, int mm,
                                           int nn, int first, int count, PageArray s, PageArray u, PageArray v) {
        final int size = mm * nn;
        int[] onHost = DeviceBuffers.downloadInts(host, count);
        boolean any = false;
        for (int k = 0; k < count; k++) {
            if (onHost[k] == 0) continue;
            any = true;
            double[] w = DeviceBuffers.download(ud.at(8L * k * size), size, Precision.DOUBLE);
            double[] sig = DeviceBuffers.download(sigd.at(8L * k * nn), nn, Precision.DOUBLE);
            double[] vw = DeviceBuffers.download(vd.at(8L * k * nn * nn), nn * nn, Precision.DOUBLE);
            PageAssembly.svd(w, sig, true, vw, mm, nn, true, s, u, v, first + k);
        }
        return any;
    }

    /** Each page's sweeps and rotations (the kernels' counters) into stats. */
    private static void record(CUdeviceptr sw, CUdeviceptr rot, int first, int count, int nn, PageStats stats) {
        final int[] sweeps = new int[count];
        final long[] rotations = new long[count];
        DeviceBuffers.readPageCounters(sw, rot, sweeps, rotations);
        for (int k = 0; k < count; k++) stats.record(first + k, Math.abs(sweeps[k]), rotations[k], sweeps[k] > 0 || nn <= 1);
    }

    /** The launches that solve pages of the chunk's buffers in place: the page kernel, V's and U's finishing steps. */
    private static final class PageSolve {
        private final GpuContext gpu;
        private final BlockedPagePlan bp;
        private final int warp, mm, nn, maxSweeps, fixedSweeps;
        private final PagePlan plan;
        private final ChessTournament ct;
        private final CUdeviceptr blockPairs, pairs, partners, sw, rot;
        private final DevicePointer ud, vd, sigd;
        private final double tol;
        private final boolean wantV, normalizeU, polishU, doubleInput;

        PageSolve(GpuContext gpu, BlockedPagePlan bp, int warp, PagePlan plan, ChessTournament ct, CUdeviceptr blockPairs,
                  CUdeviceptr pairs, DevicePointer ud, DevicePointer vd, DevicePointer sigd, CUdeviceptr sw, CUdeviceptr rot,
                  int mm, int nn, double tol, int maxSweeps, int fixedSweeps, boolean wantV, boolean normalizeU,
                  boolean polishU, boolean doubleInput) {
            this.gpu = gpu;
            this.bp = bp;
            this.warp = warp;
            this.plan = plan;
            this.ct = ct;
            this.blockPairs = blockPairs;
            this.pairs = pairs;
            // made here, not between the launches of parts: its first upload would wait for the kernels queued before it
            this.partners = bp == null && warp > 0
                    ? gpu.constant(Workspace.PARTNERS, "partners:" + nn, () -> PagePlan.partners(ct)) : null;
            this.ud = ud;
            this.vd = vd;
            this.sigd = sigd;
            this.sw = sw;
            this.rot = rot;
            this.mm = mm;
            this.nn = nn;
            this.tol = tol;
            this.maxSweeps = maxSweeps;
            this.fixedSweeps = fixedSweeps;
            this.wantV = wantV;
            this.normalizeU = normalizeU;
            this.polishU = polishU;
            this.doubleInput = doubleInput;
        }

        /** Queues the solve of count pages from page from of the buffers. */
        void launch(int from, int count) {
            DevicePointer u = ud.at(8L * from * mm * nn), v = wantV ? vd.at(8L * from * nn * nn) : vd;
            CUdeviceptr s = sw.withByteOffset(4L * from), r = rot.withByteOffset(8L * from);
            if (bp != null) {
                PageKernels.svdBlocked(gpu, bp, count, u, v, blockPairs, mm, nn, tol, maxSweeps, s, r, wantV);
                if (wantV) PagePolish.run(gpu, v, nn, count);
            } else if (warp > 0) {
                PageKernels.svdWarp(gpu, warp, count, u, v, partners, mm, nn, ct.steps(), tol, maxSweeps, fixedSweeps, s, r,
                        wantV);
            } else {
                PageKernels.svdGroup(gpu, plan, count, u, v, pairs, mm, nn, ct.pairsPerStep(), ct.steps(), tol, maxSweeps,
                        fixedSweeps, s, r, wantV);
            }
            // V of the group kernel (33 ... 39 columns, or more than 32 rows) in double input: as the eig pages' V
            if (bp == null && warp == 0 && wantV && doubleInput) PagePolish.run(gpu, v, nn, count);
            final int columns = count * nn;
            if (normalizeU && columns > 0) {  // U to unit columns (sigma) and, in double, its Newton-Schulz step, as V's
                PageKernels.svdNormalize(gpu, u, sigd.at(8L * from * nn), mm, columns);
                if (polishU) PagePolish.run(gpu, u, mm, nn, count);
            }
        }
    }

    /** The host's assembly of pages first .. first + count - 1 (core/PageAssembly.svd), pages apart on all cores. */
    private static void assemble(CUdeviceptr ud, CUdeviceptr sigd, CUdeviceptr vd, final int mm, final int nn,
                                 final boolean tall, final int first, int count, final boolean normalized, final PageArray s,
                                 final PageArray u, final PageArray v) {
        final int size = mm * nn;
        final boolean wantV = u != null;
        final double[] out = DeviceBuffers.download(ud, count * size, Precision.DOUBLE);
        final double[] sigma = normalized ? DeviceBuffers.download(sigd, count * nn, Precision.DOUBLE) : null;
        final double[] vout = wantV ? DeviceBuffers.download(vd, count * nn * nn, Precision.DOUBLE) : null;
        PageLoop.forEach(count, Runtime.getRuntime().availableProcessors(), k -> { // pages apart: on all cores
            double[] w = new double[size];
            System.arraycopy(out, k * size, w, 0, size);
            double[] vw = null;
            if (wantV) {
                vw = new double[nn * nn];
                System.arraycopy(vout, k * nn * nn, vw, 0, nn * nn);
            }
            if (normalized) PageAssembly.svd(w, Arrays.copyOfRange(sigma, k * nn, (k + 1) * nn), true, vw, mm, nn, tall, s, u, v,
                    first + k);
            else PageAssembly.svd(w, vw, mm, nn, tall, s, u, v, first + k);
        });
    }
}
