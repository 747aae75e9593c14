package io.github.gpujacobi.cuda;

import io.github.gpujacobi.cuda.batched.CudaBatchedEig;
import io.github.gpujacobi.cuda.batched.CudaBatchedSvd;
import io.github.gpujacobi.cuda.batched.GradedEigPages;
import io.github.gpujacobi.cuda.blocked.BlockedEigOnDevice;
import io.github.gpujacobi.cuda.blocked.BlockedEigPage;
import io.github.gpujacobi.cuda.blocked.BlockedSvdOnDevice;
import io.github.gpujacobi.cuda.blocked.CudaBlockedSvd;
import io.github.gpujacobi.cuda.complex.CudaComplex;
import io.github.gpujacobi.cuda.inverse.CudaBatchedInverse;
import io.github.gpujacobi.cuda.inverse.CudaCholesky;
import io.github.gpujacobi.cuda.inverse.CudaGaussJordan;
import io.github.gpujacobi.cuda.inverse.CudaPagesLu;
import io.github.gpujacobi.cuda.inverse.InverseOnDevice;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.LinkProbe;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.pointwise.CudaBunchParlett;
import io.github.gpujacobi.cuda.pointwise.CudaEig;
import io.github.gpujacobi.cuda.pointwise.CudaSvd;
import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.HsvdResult;
import io.github.gpujacobi.api.HostScan;
import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Method;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.OutputChecks;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.core.AccuracyContract;
import io.github.gpujacobi.core.Deferred;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.InversionPolicy;
import io.github.gpujacobi.core.NewtonSchulz;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutputs;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.SvdScaling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The CUDA backend: [1]'s two-sided Jacobi (TA/MA/SA/MCA), [3]'s classical Jacobi, [2]'s one-sided
 * SVD (one cooperative kernel launch per sweep each), the blocked one-sided Jacobi [11] for large
 * SVD and positive definite eig, batched kernels for pages of small matrices, [5]'s Gauss-Jordan
 * inversion (blocked [14], batched [15]) and its Cholesky path for SPD matrices. The page loop and
 * the inversion policy are core's (PageDriver, InversionPolicy); this class supplies the solvers.
 * Pages run one after the other on the same device buffers. Calls are serialised: one GPU, one context.
 * With several GPUs ('Gpus', default all visible) {@link CudaGpus} routes a call: pages split across
 * one such backend per GPU, a large blocked matrix to {@code CudaMultiGpuBlockedSvd}.
 */
public final class CudaBackend implements Backend {
    private final GpuContext gpu;
    /** The other GPUs, for the first backend (the one the provider creates); null on those others. */
    private final CudaGpus gpus;

    CudaBackend(CudaDevice dev) {
        this(dev, true);
    }

    CudaBackend(CudaDevice dev, boolean first) {
        this.gpu = new GpuContext(dev);
        this.gpus = first ? new CudaGpus(this) : null;
    }

    CudaDevice device() { return gpu.device(); }

    /** This backend's GPU as the solvers take it. */
    GpuContext context() { return gpu; }

    public String name() { return "cuda"; }

    public boolean isGpu() { return true; }

    /** The methods this backend runs (cyclic is CPU-only); a new one is one more entry here. */
    private static final Set<Method> METHODS = EnumSet.of(Method.AUTO, Method.PARALLEL, Method.CLASSICAL,
            Method.HYPERBOLIC, Method.TA, Method.MA, Method.SA, Method.MCA, Method.ONE_SIDED, Method.BLOCKED,
            Method.GAUSS_JORDAN, Method.CHOLESKY);

    public boolean supports(Operation op, String method) {
        Method m = Method.of(method);
        return m != null && m.appliesTo(op) && METHODS.contains(m);
    }

    public String defaultMethod(Operation op) {
        switch (op) {
            // auto: the batched kernels for small pages, blocked Jacobi from BLOCKED_FROM, else the pointwise kernels
            case EIG:
            case SVD: return Methods.AUTO;
            case HSVD: return Methods.HYPERBOLIC;
            default: return Methods.AUTO; // core/InversionPolicy: Cholesky for SPD pages, else Gauss-Jordan, as on the CPU
        }
    }

    /**
     * Crossover orders above which the GPU beats the CPU backend: below them, launch and transfer costs dominate.
     */
    public int autoThreshold(Operation op, Precision precision, int pages) {
        if (pages > 1) {
            // several pages: the batched kernels (eig, svd, and inv_batched.cu's Gauss-Jordan; larger inv pages loop
            // over the blocked path) are ahead from n = 8, below which the copies dominate
            if (op == Operation.EIG || op == Operation.SVD || op == Operation.INV) return 8;
            return 128;
        }
        switch (op) {
            case EIG: return 48;
            case SVD:
            case HSVD: return 64; // the same sweep kernel
            default: return 128;
        }
    }

    public BackendInfo info() {
        if (gpus != null) return gpus.info();
        return new BackendInfo("cuda", true, gpu.device().name + ", CUDA driver " + gpu.device().describe().get("driver"),
                Collections.singletonList(gpu.device().describe()));
    }

    /**
     * Whether 'auto' takes the blocked one-sided Jacobi (CudaBlockedSvd) for pages that the batched kernels do not
     * take: from {@code Tuning.blockedFrom} in double, always in single, which it computes in double so that the
     * vectors stay orthogonal (the pointwise single kernels' drift from orthogonal grows with n).
     */
    private boolean blockedByDefault(int n, Precision p) {
        return p == Precision.SINGLE || n >= gpu.tuning.blockedFrom;
    }

    /**
     * The blocked eig route, the batched eig kernels and the Gauss-Jordan inversion of large pages check their pages
     * themselves, on the device (launch.SymmetricIntake, {@link InverseOnDevice}, intake.cu), when the call runs on this
     * GPU alone or its pages are split over GPUs and every share's route checks (no host pass beside the devices').
     */
    @Override
    public boolean checksInput(Operation op, PageArray a, SolverOptions o) {
        List<PageArray> routed = routed(op, a, o);
        boolean own = a.rows() > 0 && !routed.isEmpty();
        for (PageArray r : routed) {
            own &= op == Operation.EIG ? takesBlockedEig(r, o)
                    || (!Methods.HYPERBOLIC.equals(o.method()) && batched(o.method(), r.rows(), r.pages()))
                    : op == Operation.SVD ? svdOnDevice(r, o)
                    : op == Operation.INV && (InverseOnDevice.takes(gpu.tuning, r, o) || CudaBatchedInverse.takes(r, o));
        }
        return own;
    }

    /**
     * The batched and the blocked eig routes and the svd routes that check their input on the device count their
     * outputs' non-finite entries there too ({@link DeviceOutputs}; a split call gathers its shares' counts);
     * {@link #eig} and {@link #svd} then make api/OutputChecks' host pass only where that count (or a page solved on
     * the host) asks for it.
     */
    @Override
    public boolean checksOutput(Operation op, PageArray a, SolverOptions o) {
        List<PageArray> routed = routed(op, a, o);
        boolean own = a.rows() > 0 && a.cols() > 0 && !routed.isEmpty();
        for (PageArray r : routed) {
            own &= op == Operation.EIG ? batchedEigRoute(r, o) || takesBlockedEig(r, o) : op == Operation.SVD && svdOnDevice(r, o);
        }
        return own;
    }

    /**
     * The arrays whose routes run a call: a itself on one GPU, each share size's pages when they are split over GPUs
     * ({@link CudaGpus#shares}); none for one matrix across GPUs (its route checks on the host).
     */
    private List<PageArray> routed(Operation op, PageArray a, SolverOptions o) {
        if (gpus == null || gpus.onOneDevice(op, a, o)) return Collections.singletonList(a);
        List<PageArray> shares = gpus.shares(op, a, o);
        return shares != null ? shares : Collections.<PageArray>emptyList();
    }

    /** Whether {@link #eigHere} takes the batched page kernels (CudaBatchedEig). */
    private static boolean batchedEigRoute(PageArray a, SolverOptions o) {
        if (BlockedPageRoute.takesEig(o, a)) return true;
        String m = o.method();
        return !Methods.HYPERBOLIC.equals(m) && !Methods.BLOCKED.equals(m) && batched(m, a.rows(), a.pages());
    }

    /** The three svd routes of {@link #svdHere}. */
    private enum SvdRoute { BLOCKED, BATCHED, ONE_SIDED }

    /** The route {@link #svdHere} takes (after {@link BlockedPageRoute}'s change of method). */
    private SvdRoute svdRoute(PageArray a, SolverOptions o) {
        final int m = a.rows(), n = a.cols(), nn = Math.min(m, n);
        boolean batchedFits = (a.pages() > 1 || nn <= 64) && CudaBatchedSvd.fits(m, n);
        if (Methods.BLOCKED.equals(o.method()) || (Methods.AUTO.equals(o.method()) && blockedByDefault(nn, a.precision())
                && !batchedFits)) return SvdRoute.BLOCKED;
        return batchedFits ? SvdRoute.BATCHED : SvdRoute.ONE_SIDED;
    }

    /** Whether {@link #svdHere} checks, scales and sorts on the device (BlockedSvdOnDevice, CudaBatchedSvd's intake). */
    private boolean svdOnDevice(PageArray a, SolverOptions o) {
        if (BlockedPageRoute.takesSvd(o, a)) o = BlockedPageRoute.asPages(o);
        switch (svdRoute(a, o)) {
            case BLOCKED: return BlockedSvdOnDevice.takes(a, o);
            case BATCHED: return CudaBatchedSvd.checksOnDevice(a.rows(), a.cols());
            default: return false;
        }
    }

    /** Whether {@link #eigHere} takes {@link #blockedEig}. */
    private boolean takesBlockedEig(PageArray a, SolverOptions o) {
        int n = a.rows();
        return Methods.BLOCKED.equals(o.method()) || (Methods.AUTO.equals(o.method()) && blockedByDefault(n, a.precision())
                && !batched(o.method(), n, a.pages()));
    }

    /** Pages in turn on the one device; reports carry the summed kernel time. */
    private PageDriver driver() {
        return driver(1);
    }

    /** threads > 1 only where the pages' host work touches no device (one context, one stream: pages in turn). */
    private PageDriver driver(int threads) {
        return new PageDriver("cuda", threads, true, notes());
    }

    public EigResult eig(final PageArray a, final SolverOptions o) {
        return checked(Operation.EIG, a, o, () -> gpus != null ? gpus.eig(a, o) : eigHere(a, o),
                r -> new PageArray[]{r.values(), r.vectors()});
    }

    public SvdResult svd(final PageArray a, final SolverOptions o) {
        return checked(Operation.SVD, a, o, () -> gpus != null ? gpus.svd(a, o) : svdHere(a, o),
                r -> new PageArray[]{r.s(), r.u(), r.v()});
    }

    /**
     * The call, then the output check its routes did not count on the device ({@link #checksOutput}); under the
     * profiling switch, the time of each.
     */
    private <R> R checked(Operation op, PageArray a, SolverOptions o, Supplier<R> call, Function<R, PageArray[]> outputs) {
        long t0 = Profiling.ON ? System.nanoTime() : 0;
        DeviceOutputs.reset();
        R r = call.get();
        long t1 = Profiling.ON ? System.nanoTime() : 0;
        if (checksOutput(op, a, o) && !DeviceOutputs.clear()) {
            OutputChecks.requireFinite(outputs.apply(r), true, name(), o, a, false);
        }
        if (Profiling.ON) {
            System.err.printf(java.util.Locale.ROOT, "cuda %s %s: %.2f ms, output checks %.2f ms%n", op.label(), a.describe(),
                    (t1 - t0) / 1e6, (System.nanoTime() - t1) / 1e6);
        }
        return r;
    }

    public InverseResult inv(PageArray a, SolverOptions o) {
        return gpus != null ? gpus.inv(a, o) : invHere(a, o);
    }

    /** eig on this backend's GPU alone. */
    synchronized EigResult eigHere(final PageArray a, final SolverOptions o) {
        gpu.makeCurrent();
        try {
            if (BlockedPageRoute.takesEig(o, a)) return BlockedPageRoute.noted(eigHere(a, BlockedPageRoute.asPages(o)), a);
            if (Methods.HYPERBOLIC.equals(o.method())) return indefiniteEig(a, o);
            final int n = a.rows(), pages = a.pages();
            final Precision p = a.precision();
            final double tol = o.tolFor(p, n);
            boolean batched = batched(o.method(), n, pages);
            if (takesBlockedEig(a, o)) return blockedEig(a, o);
            // 'auto' keeps its promise of relative accuracy: graded indefinite pages go on to the blocked route
            final AtomicInteger indefinite = new AtomicInteger(), fallback = new AtomicInteger();
            final GradedEigPages graded = Methods.AUTO.equals(o.method()) && o.fixedSweeps() <= 0 ? new GradedEigPages(
                    (w, nn, v) -> BlockedEigPage.solve(gpu, w, nn, v, AccuracyContract.oneSidedTol(o, p, nn), o, indefinite, fallback), 1) : null;
            if (batched) {
                final Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(null, "batched eig call") : null;
                final CudaBatchedEig solver = new CudaBatchedEig();
                // absolute accuracy on ungraded pages: the default's contract (graded pages are solved from A); a sweep
                // limit below the default keeps the sweeps on A, as on the CPU (HyperbolicEig.nativeRoute)
                solver.precondition = Methods.AUTO.equals(o.method()) && o.fixedSweeps() <= 0
                        && PageDriver.maxSweeps(o) >= PageDriver.DEFAULT_MAX_SWEEPS;
                EigResult r = driver().eigBatched(a, o, "batched", (out, stats) -> {
                    if (ph != null) ph.mark("driver's set-up");
                    solver.run(gpu, a, o, tol, PageDriver.maxSweeps(o), o.fixedSweeps(),
                            o.vectors(), out, stats.sweeps, stats.rotations, stats.converged);
                    stats.addComputeNanos(solver.computeNanos);
                    if (ph != null) ph.mark("solve");
                    if (graded != null) graded.resolve(a, solver.graded, out.get().values, out.get().vectors, stats);
                    if (ph != null) ph.mark("graded pages");
                });
                // pages solved again on the host route are not in the device's count; single values can overflow on
                // the way out, so the values (n a page) are looked at here
                if (ph != null) ph.mark("driver's report");
                DeviceOutputs.found(solver.outputsFinite && (graded == null || graded.resolved() == 0)
                        && HostScan.allFinite(r.values()));
                r = r.withReport(solver.report(r.report(), pages));
                if (ph != null) {
                    ph.mark("values' check and report");
                    ph.print();
                }
                return graded != null ? r.withReport(graded.report(r.report(), pages)) : r;
            }
            // the default: the one-phase (fused) MCA kernel, 27% faster than the seed's two-phase MCA at n = 1024
            final String method = Methods.PARALLEL.equals(o.method()) || Methods.AUTO.equals(o.method())
                    ? CudaEig.FUSED_MCA : o.method();
            EigResult r = driver().eig(a, o, method, (k, w, v) -> {
                double[] keep = graded != null ? graded.keepIfGraded(w, n) : null;
                CudaEig solver = new CudaEig();
                solver.polish = method.equals(CudaEig.FUSED_MCA); // the default's kernel ('auto', 'parallel')
                int e = PageAssembly.scaleIntoRange(w); // as the CPU's two-sided route: squares of 1e308 overflow
                double[] d = solver.run(gpu, w, v, n, p, method, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
                PageOutcome two = new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos,
                        BlockedEigPage.scaledBack(d, e));
                return keep != null ? graded.resolve(keep, n, v, two) : two;
            });
            return graded != null ? r.withReport(graded.report(r.report(), pages)) : r;
        } catch (JacobiException e) {
            throw afterFailure(e);
        } finally {
            gpu.trim();
        }
    }

    /**
     * Blocked one-sided Jacobi on the Cholesky factor of every positive definite page [7]; an
     * indefinite page (Cholesky fails) takes the hyperbolic route on the GPU (CudaIndefiniteEig:
     * Bunch-Parlett, then the blocked hyperbolic Jacobi [4, 10]), relatively accurate whatever the
     * signs; a singular or diagonal page runs the fused MCA kernel instead, in double for single
     * input, and the report says so.
     */
    private EigResult blockedEig(PageArray a, final SolverOptions o) {
        final int n = a.rows(), pages = a.pages();
        final double tol = AccuracyContract.oneSidedTol(o, a.precision(), n);
        final AtomicInteger fallback = new AtomicInteger(), indefinite = new AtomicInteger();
        // the page stays on the device from the intake's checks to the sorted vectors (BlockedEigOnDevice)
        final BlockedEigOnDevice route = new BlockedEigOnDevice(gpu);
        EigResult r = driver().eigBatched(a, o, Methods.BLOCKED, (out, stats) -> {
            for (int k = 0; k < pages; k++) stats.record(k, route.page(a, k, o, tol, o.vectors(), out, indefinite, fallback));
        });
        DeviceOutputs.found(route.outputsFinite());
        int f = fallback.get(), h = indefinite.get();
        if (h > 0) {
            r = new EigResult(r.values(), r.vectors(), r.report().withNote((pages > 1 ? h + " of " + pages + " pages" : "the matrix")
                    + " indefinite: Bunch-Parlett and blocked hyperbolic Jacobi on the GPU"));
        }
        if (f == 0) return r;
        RunReport report = r.report().withMethod(f == pages ? CudaEig.FUSED_MCA : "mixed")
                .withNote((pages > 1 ? f + " of " + pages + " pages" : "the matrix")
                        + " singular or diagonal: two-sided Jacobi (fused MCA, in double) instead of blocked");
        return new EigResult(r.values(), r.vectors(), report);
    }

    /**
     * The one-launch batched kernel serves the default method for pages up to n = 256 (PagePlan),
     * and single matrices up to n = 64 (where the sweep kernels are launch-latency bound).
     * Explicit ta/ma/sa/mca/classical keep their own kernels ([1]'s Table I measures them).
     */
    private static boolean batched(String method, int n, int pages) {
        boolean defaultMethod = Methods.PARALLEL.equals(method) || Methods.AUTO.equals(method);
        return defaultMethod && CudaBatchedEig.fits(n) && (pages > 1 || n <= 64);
    }

    /** svd on this backend's GPU alone. */
    synchronized SvdResult svdHere(final PageArray a, final SolverOptions o) {
        gpu.makeCurrent();
        final int m = a.rows(), n = a.cols(), pages = a.pages(), nn = Math.min(m, n);
        final Precision p = a.precision();
        final double tol = AccuracyContract.oneSidedTol(o, p, nn);
        try {
            if (BlockedPageRoute.takesSvd(o, a)) return BlockedPageRoute.noted(svdHere(a, BlockedPageRoute.asPages(o)), a);
            SvdRoute route = svdRoute(a, o);
            if (route == SvdRoute.BLOCKED && BlockedSvdOnDevice.takes(a, o)) {
                // the page on the device from the caller's array to the sorted results (checks, scaling, row grading)
                final double span = SvdScaling.GPU_DOUBLE_SPAN;
                final SvdScaling scaling = SvdScaling.unmeasured(pages);
                final BlockedSvdOnDevice onDevice = new BlockedSvdOnDevice(gpu);
                SvdResult r = driver().svdBatched(a, o, Methods.BLOCKED, scaling, span, (out, stats) -> {
                    for (int k = 0; k < pages; k++) {
                        PageOutcome page = onDevice.page(a, k, o, scaling, span, tol, PageDriver.maxSweeps(o), o.fixedSweeps(),
                                o.vectors(), out);
                        if (page != null) stats.record(k, page);
                    }
                });
                DeviceOutputs.found(onDevice.outputsFinite && HostScan.allFinite(r.s()));
                return r;
            }
            if (route == SvdRoute.BLOCKED) {
                // computes in double whatever the input class: the double kernels' safe span [8]
                return driver().svd(a, o, Methods.BLOCKED, SvdScaling.GPU_DOUBLE_SPAN, (k, w, vw, mm, nnn) -> {
                    CudaBlockedSvd solver = new CudaBlockedSvd();
                    solver.svd(gpu, w, mm, nnn, vw, tol, PageDriver.maxSweeps(o), o.fixedSweeps()); // U over w, V into vw
                    return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, solver.sigma);
                });
            }
            // 1e-200 / 1e200 pages scaled by 2^e (exact) for the kernels; wider column spans to the CPU [8]
            final double span = p == Precision.DOUBLE ? SvdScaling.GPU_DOUBLE_SPAN : SvdScaling.GPU_SINGLE_SPAN;
            if (route == SvdRoute.BATCHED && CudaBatchedSvd.checksOnDevice(m, n)) {
                // checked, measured, scaled and sorted on the device (CudaBatchedSvd's intake)
                final Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(null, "batched svd call") : null;
                final SvdScaling scaling = SvdScaling.unmeasured(pages);
                final double pageTol = AccuracyContract.oneSidedTol(o, Precision.DOUBLE, nn);
                final CudaBatchedSvd solver = new CudaBatchedSvd();
                SvdResult r = driver().svdBatched(a, o, "batched", scaling, span, (out, stats) -> {
                    if (ph != null) ph.mark("driver's set-up");
                    solver.run(gpu, a, o, scaling, span, pageTol, PageDriver.maxSweeps(o), o.fixedSweeps(), o.vectors(),
                            PageOutputs.uCols(m, n, o.econ()), out, stats);
                    if (ph != null) ph.mark("solve");
                });
                if (ph != null) ph.mark("driver's scaling and report");
                boolean fit = true;
                for (int k = 0; k < pages; k++) fit &= scaling.fits(k); // else ColumnScaledJacobi wrote that page
                DeviceOutputs.found(solver.outputsFinite && fit && HostScan.allFinite(r.s()));
                if (ph != null) {
                    ph.mark("values' check");
                    ph.print();
                }
                return r;
            }
            if (route == SvdRoute.BATCHED) {
                final SvdScaling scaling = SvdScaling.of(a, span);
                final PageArray in = scaling.scaled(a);
                final double pageTol = AccuracyContract.oneSidedTol(o, Precision.DOUBLE, nn); // CudaBatchedSvd solves single pages in double
                return driver().svdBatched(a, o, "batched", scaling, span, (out, stats) ->
                        new CudaBatchedSvd().run(gpu, in, null, null, 0, pageTol, PageDriver.maxSweeps(o), o.fixedSweeps(),
                                o.vectors(), PageOutputs.uCols(m, n, o.econ()), out, stats));
            }
            return driver().svd(a, o, Methods.ONE_SIDED, span, (k, w, vw, mm, nnn) -> {
                CudaSvd solver = new CudaSvd();
                double[] sig = solver.run(gpu, w, vw, mm, nnn, p, tol, PageDriver.maxSweeps(o), o.fixedSweeps(), null);
                return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, sig);
            });
        } catch (JacobiException e) {
            throw afterFailure(e);
        } finally {
            gpu.trim();
        }
    }

    /**
     * The shared policy (core/InversionPolicy) over this device's Cholesky and Gauss-Jordan. Several
     * pages of orders up to {@link CudaBatchedInverse#MAX_N} are all inverted at once by the batched
     * Gauss-Jordan kernels instead (unless Method 'cholesky'): one launch for every page beats a
     * Cholesky launch sequence per page, and partial pivoting is as accurate on SPD pages [15]; pages
     * from {@link Tuning#invPagesLuFrom} to {@link CudaPagesLu#MAX_N} by cuBLAS's batched LU (CudaPagesLu).
     * Single matrices and larger pages go page by page (Cholesky first for 'auto' on SPD input).
     */
    /** inv on this backend's GPU alone. */
    synchronized InverseResult invHere(final PageArray a, final SolverOptions o) {
        gpu.makeCurrent();
        final Precision p = a.precision();
        final int n = a.rows(), pages = a.pages();
        try {
            if (CudaBatchedInverse.takes(a, o)) return InverseOnDevice.pages(gpu, a, o, driver());
            if (InverseOnDevice.takes(gpu.tuning, a, o)) {
                InverseResult r = InverseOnDevice.run(gpu, a, o, driver());
                if (r != null) return r;
                InputChecks.requireFinite(a, o); // an exactly symmetric page for 'auto': the policy below, the host's checks
            }
            final PageArray all;
            final boolean[] eliminated;
            final long batchNanos;
            final boolean lu = !Methods.CHOLESKY.equals(o.method()) && CudaPagesLu.takes(gpu.tuning, n, pages);
            if (lu) {
                CudaPagesLu pagesLu = new CudaPagesLu();
                Deferred<PageArray> pending = PageOutputs.zerosLater(p, n, n, pages);
                eliminated = pagesLu.run(gpu, a, pending);
                all = pending.get();
                batchNanos = pagesLu.computeNanos;
            } else if (!Methods.CHOLESKY.equals(o.method()) && CudaBatchedInverse.fits(n)
                    && (pages > 1 || Methods.GAUSS_JORDAN.equals(o.method()))) {
                CudaBatchedInverse batch = new CudaBatchedInverse();
                Deferred<PageArray> pending = PageOutputs.zerosLater(p, n, n, pages);
                eliminated = batch.run(gpu, a, pending, null);
                all = pending.get();
                batchNanos = batch.computeNanos;
            } else {
                all = null;
                eliminated = null;
                batchNanos = 0;
            }
            // with every page inverted by the batch, what is left (norms, RCOND, the copies) is host work: on all cores
            InverseResult r = InversionPolicy.invert(a, o, driver(all != null ? Runtime.getRuntime().availableProcessors() : 1),
                    new InversionPolicy.Inverter() {
                public PageOutcome cholesky(double[] w, int n) {
                    if (all != null) return PageOutcome.direct(false, 0); // the batched Gauss-Jordan has it already
                    return CudaCholesky.invert(gpu, w, n, p);
                }

                public PageOutcome gaussJordan(double[] w, int n, int page) {
                    if (all == null) return CudaGaussJordan.invert(gpu, w, n, p);
                    all.readPage(page, w);
                    return PageOutcome.direct(eliminated[page], 0);
                }
            });
            if (lu) r = r.withReport(r.report().withNote(CudaPagesLu.NOTE));
            return batchNanos == 0 ? r : r.withReport(r.report().withComputeNanos(r.report().computeNanos() + batchNanos));
        } catch (JacobiException e) {
            throw afterFailure(e);
        } finally {
            gpu.trim();
        }
    }

    /**
     * Method 'hyperbolic' (the pointwise sweeps of [4]): M = G J G' by Bunch-Parlett on the GPU
     * (CudaBunchParlett), then the hyperbolic sweeps of svd_jacobi.cu, both in double whatever the
     * page's precision; eigenvalues ||(G W)_c||^2 j_c, eigenvectors the normalised columns of G W.
     */
    private EigResult indefiniteEig(final PageArray a, final SolverOptions o) {
        final int n = a.rows(), pages = a.pages();
        final Precision p = a.precision();
        final double tol = AccuracyContract.oneSidedTol(o, p, n);
        return driver().eig(a, o, Methods.HYPERBOLIC, (k, w, v) -> {
            DevicePointer m = gpu.buffer(Workspace.BP_A, 8L * n * n);
            DeviceBuffers.upload(m, w, Precision.DOUBLE);
            CudaBunchParlett f = new CudaBunchParlett();
            f.factor(gpu, m, n);
            if (f.singular != null) throw IndefiniteEig.singular(o, pages, k, f.singular);
            double[] g = DeviceBuffers.download(f.g, n * n, Precision.DOUBLE), j = new double[n];
            for (int i = 0; i < n; i++) j[i] = f.signs[i];
            CudaSvd solver = new CudaSvd();
            // in double for single input too (as the blocked path): single sweeps leave V far from orthogonal
            solver.run(gpu, g, null, n, n, Precision.DOUBLE, tol, PageDriver.maxSweeps(o), o.fixedSweeps(), j);
            double[] d = new double[n];
            if (solver.rankDeficient || !IndefiniteEig.eigenpairs(g, j, n, d, v)) {
                throw IndefiniteEig.singular(o, pages, k, "numerically: a hyperbolic pair had no real angle");
            }
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, f.nanos + solver.computeNanos, d);
        });
    }

    /** On the first GPU of the 'Gpus' list (pages are not split: the signs may be shared by all pages). */
    public HsvdResult hsvd(PageArray g, PageArray signs, SolverOptions o) {
        return gpus != null ? gpus.first(o).hsvdHere(g, signs, o) : hsvdHere(g, signs, o);
    }

    /** The one-sided hyperbolic Jacobi of [4]: the SVD sweep kernel with J's signs, pages in turn. */
    synchronized HsvdResult hsvdHere(PageArray g, PageArray signs, final SolverOptions o) {
        gpu.makeCurrent();
        final int m = g.rows(), n = g.cols(), pages = g.pages();
        final Precision p = g.precision();
        // in double for single input too, as the CPU: float sweeps leave U about n^1.5 eps_single from orthogonal [21]
        final double tol = AccuracyContract.oneSidedTol(o, Precision.DOUBLE, n);
        final double target = AccuracyContract.orthogonality(p, m);
        try {
            double span = p == Precision.DOUBLE ? SvdScaling.GPU_DOUBLE_SPAN : SvdScaling.GPU_SINGLE_SPAN;
            return driver().hsvd(g, signs, o, Methods.HYPERBOLIC, span, (k, w, ww, j) -> {
                double[] norm0 = columnNorms(w, m, n);
                CudaSvd solver = new CudaSvd();
                solver.run(gpu, w, ww, m, n, Precision.DOUBLE, tol, PageDriver.maxSweeps(o), o.fixedSweeps(), j);
                double[] norm = columnNorms(w, m, n);
                boolean deficient = solver.rankDeficient;
                for (int c = 0; c < n && !deficient; c++) deficient = !(norm[c] > n * p.eps() * norm0[c]);
                if (deficient) throw PageDriver.rankDeficient(o, pages, k, "a column pair became numerically dependent");
                if (ww == null) return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, null);
                // U: the unit columns of G W (none zero: G has full column rank), polished to the contract's n eps [21]
                for (int c = 0; c < n; c++) for (int i = c * m; i < (c + 1) * m; i++) w[i] /= norm[c];
                boolean polished = NewtonSchulz.polish(w, m, n, null, false, target, Runtime.getRuntime().availableProcessors())
                        <= target;
                return new PageOutcome(solver.sweeps, solver.rotations, solver.converged && polished, solver.computeNanos, norm);
            });
        } catch (JacobiException e) {
            throw afterFailure(e);
        } finally {
            gpu.trim();
        }
    }

    private static double[] columnNorms(double[] w, int m, int n) {
        double[] norm = new double[n];
        for (int c = 0; c < n; c++) {
            double ss = 0;
            for (int i = 0; i < m; i++) ss += w[i + c * m] * w[i + c * m];
            norm[c] = Math.sqrt(ss);
        }
        return norm;
    }

    /** Complex input: Hermitian eig, SVD and inverse ({@link CudaComplex}); no complex hsvd. */
    public boolean supportsComplex(Operation op) { return op != Operation.HSVD; }

    public synchronized ComplexEigResult eig(ComplexPageArray a, SolverOptions o) {
        gpu.makeCurrent();
        try {
            return CudaComplex.eig(gpu, a, o, driver());
        } catch (JacobiException e) {
            throw afterFailure(e);
        } finally {
            gpu.trim();
        }
    }

    public synchronized ComplexSvdResult svd(ComplexPageArray a, SolverOptions o) {
        gpu.makeCurrent();
        try {
            return CudaComplex.svd(gpu, a, o, driver());
        } catch (JacobiException e) {
            throw afterFailure(e);
        } finally {
            gpu.trim();
        }
    }

    public synchronized ComplexInverseResult inv(ComplexPageArray a, SolverOptions o) {
        gpu.makeCurrent();
        try {
            return CudaComplex.inv(gpu, a, o, driver());
        } catch (JacobiException e) {
            throw afterFailure(e);
        } finally {
            gpu.trim();
        }
    }

    /** The host-device link of this backend's GPU, measured now ({@link LinkProbe}). */
    @Override
    public synchronized List<String> measureLink() {
        try {
            return LinkProbe.measure(gpu);
        } catch (JacobiException e) {
            throw afterFailure(e);
        }
    }

    /** Frees the device buffers, the cuSOLVER/cuBLAS handles and the context (Jacobi.release()). */
    public synchronized String release() {
        long freed = releaseHere();
        if (gpus != null) freed += gpus.release();
        return "released " + (freed >> 20) + " MB of device buffers, the pinned host staging buffers, the library handles and the CUDA context"
                + (gpus != null && gpus.opened() > 0 ? "s" : "");
    }

    /** This GPU's buffers, handles and context; the bytes freed. */
    synchronized long releaseHere() {
        return gpu.release();
    }

    /**
     * Drops every GPU context this backend holds (this GPU's and the other listed GPUs'), with their buffers, handles
     * and streams, without working through them: the way out of a sticky CUDA error, after which a context runs no
     * more work. The next call creates them again. Results of calls in flight are lost; call it between calls.
     */
    synchronized void dropContexts() {
        gpu.discard();
        if (gpus != null) gpus.dropContexts();
    }

    /** This GPU's context alone ({@link #dropContexts}). */
    synchronized void dropHere() {
        gpu.discard();
    }

    /** After out-of-memory the cached buffers go, so the CPU fallback and later calls start clean. */
    private JacobiException afterFailure(JacobiException e) {
        if (e.kind() == ErrorKind.OUT_OF_MEMORY) gpu.workspaces().release();
        return StickyRecovery.afterFailure(this, e); // a context lost to a sticky error is re-created for the next call
    }

    List<String> notes() {
        return new ArrayList<String>(Collections.singletonList(gpu.device().name));
    }
}
