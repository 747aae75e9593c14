package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.HsvdResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Method;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.core.AccuracyContract;
import io.github.gpujacobi.core.BunchParlett;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.InversionPolicy;
import io.github.gpujacobi.core.Lapack;
import io.github.gpujacobi.core.NewtonSchulz;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.Residuals;
import io.github.gpujacobi.core.SvdScaling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The multithreaded CPU backend. Pages run in parallel; each page is computed in double arithmetic
 * (single input: with single's tolerance, rounded on output), which is never less accurate than
 * computing in float.
 */
public final class CpuBackend implements Backend {
    public String name() { return "cpu"; }

    public boolean isGpu() { return false; }

    public boolean supports(Operation op, String method) {
        Method m = Method.of(method);
        return m != null && m.appliesTo(op); // every method: the GPU's memory access ones run 'parallel'
    }

    public String defaultMethod(Operation op) {
        switch (op) {
            case EIG: return Methods.AUTO;
            case SVD: return Methods.ONE_SIDED;
            case INV: return Methods.AUTO;
            default: return Methods.HYPERBOLIC;
        }
    }

    public int autoThreshold(Operation op, Precision precision, int pages) { return 0; }

    public BackendInfo info() {
        Map<String, String> cpu = new java.util.LinkedHashMap<String, String>();
        cpu.put("name", System.getProperty("os.arch") + " CPU");
        cpu.put("cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
        cpu.put("maxHeapMB", String.valueOf(Runtime.getRuntime().maxMemory() >> 20));
        return new BackendInfo("cpu", true, Runtime.getRuntime().availableProcessors() + " threads",
                Collections.singletonList(cpu));
    }

    /** Pages in parallel on the option's thread count; no device time. */
    private static PageDriver driver(SolverOptions o) {
        return new PageDriver("cpu", o.threadsOrCores(), false, notes(o));
    }

    /** As {@link #driver(SolverOptions)}, the report naming the native LAPACK when order n's pages take it. */
    private static PageDriver driver(SolverOptions o, Lapack lapack, int n) {
        List<String> notes = notes(o);
        if (HyperbolicEig.nativeRoute(lapack, n, PageDriver.maxSweeps(o), o.fixedSweeps())) {
            notes.add("native LAPACK: " + lapack.describe());
        }
        return new PageDriver("cpu", o.threadsOrCores(), false, notes);
    }

    /**
     * 'auto' (the default) and 'blocked': {@link AutoEig}'s one-sided route for nonsingular pages, two-sided parallel
     * Jacobi for singular or diagonal ones; the report names the path ("mixed" when pages differed).
     */
    public EigResult eig(final PageArray a, final SolverOptions o) {
        if (Methods.HYPERBOLIC.equals(o.method())) return indefiniteEig(a, o);
        final int n = a.rows(), pages = a.pages(), inner = innerThreads(o, pages);
        final boolean check = checksInput(Operation.EIG, a, o);
        final double eps = a.precision().eps(), tol = o.tolFor(a.precision(), n);
        // 'blocked' (the GPU's one-sided Jacobi on a Cholesky factor) is the same route here
        final boolean auto = Methods.AUTO.equals(o.method()) || Methods.BLOCKED.equals(o.method());
        final double oneSidedTol = AccuracyContract.oneSidedTol(o, a.precision(), n);
        final String[] used = new String[pages];
        final boolean[] singular = new boolean[pages]; // the one-sided route refused a page that is not diagonal
        final Lapack lapack = lapack(o);
        EigResult r = driver(o, auto ? lapack : null, n).eig(a, o, o.method(), check, (k, p, v) -> {
            double[] d = new double[n], w = p.w;
            if (auto && PreconditionedEig.takes(lapack, p, n, o)) {
                PageOutcome pre = PreconditionedEig.run(w, p.maxAbs, p.exactSingle(), n, d, v, tol,
                        PageDriver.maxSweeps(o), a.precision(), lapack);
                if (pre != null) {
                    used[k] = Methods.CYCLIC;
                    return certified(pre, a, k, d, v, tol, inner);
                }
            }
            if (auto) {
                PageOutcome one = AutoEig.run(w, n, d, v, eps, oneSidedTol, o, inner, lapack);
                if (one != null) {
                    used[k] = Methods.HYPERBOLIC;
                    return certified(one, a, k, d, v, oneSidedTol, inner);
                }
                if (n > 1) { // the one-sided attempt destroyed the page
                    a.readPage(k, w);
                    PageAssembly.symmetrize(w, n);
                    singular[k] = !IndefiniteEig.diagonal(w, n);
                }
            }
            used[k] = auto ? Methods.PARALLEL : o.method();
            int e = PageAssembly.scaleIntoRange(w);
            TwoSidedJacobiEig solver = new TwoSidedJacobiEig(EigOrdering.of(used[k]), inner);
            solver.run(w, v, n, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            for (int i = 0; i < n; i++) d[i] = Math.scalb(w[i + i * n], e);
            return certified(new PageOutcome(solver.sweeps, solver.rotations, solver.converged, 0, d), a, k, d, v, tol, inner);
        });
        if (!auto) { // the report names what ran: the memory access methods are parallel Jacobi here
            return Methods.MEMORY_ACCESS.contains(o.method()) ? r.withReport(r.report().withMethod(Methods.PARALLEL)) : r;
        }
        RunReport rep = r.report().withMethod(AutoEig.label(o.method(), used));
        int count = 0, first = -1;
        for (int k = 0; k < pages; k++) if (singular[k]) { count++; if (first < 0) first = k; }
        if (count > 0) { // said, not silent: these eigenvalues are accurate relative to ||A||, not each to itself
            rep = rep.withNote((pages > 1 ? count + " of " + pages + " pages (first: " + (first + 1) + ")" : "the matrix")
                    + " numerically singular for Bunch-Parlett: two-sided Jacobi ran there, whose small eigenvalues are"
                    + " accurate relative to ||A||, not each to itself");
        }
        return new EigResult(r.values(), r.vectors(), rep);
    }

    /** Method 'hyperbolic': Bunch-Parlett M = G J G', then the hyperbolic SVD of (G, J) [4]. */
    private EigResult indefiniteEig(final PageArray a, final SolverOptions o) {
        final int n = a.rows(), pages = a.pages(), inner = innerThreads(o, pages);
        final Precision prec = a.precision();
        final double tol = AccuracyContract.oneSidedTol(o, prec, n);
        final Lapack lapack = lapack(o);
        return driver(o, lapack, n).eig(a, o, o.method(), checksInput(Operation.EIG, a, o), (k, p, v) -> {
            double[] d = new double[n], w = p.w;
            int e = IndefiniteEig.scaleNearOne(w); // as AutoEig: G ~ |M|^(1/2) is squared (1e160 overflowed, 1e-160 underflowed)
            HyperbolicEig solver = new HyperbolicEig();
            try {
                solver.run(w, n, d, v, prec.eps(), tol, PageDriver.maxSweeps(o), o.fixedSweeps(), inner, lapack);
            } catch (BunchParlett.Singular | HyperbolicJacobiSvd.NotFullRank failed) {
                throw IndefiniteEig.singular(o, pages, k, failed.getMessage());
            }
            if (e != 0) for (int i = 0; i < n; i++) d[i] = Math.scalb(d[i], e);
            return certified(new PageOutcome(solver.sweeps, solver.rotations, solver.converged, 0, d), a, k, d, v, tol, inner);
        });
    }

    /**
     * The page's eigenvectors polished to the contract's orthogonality ({@link NewtonSchulz}), and its outcome converged
     * only when the sweeps converged, the polish reached that bound and the residual is within what tol allows
     * ({@link AccuracyContract}): a result that misses the contract is never reported converged.
     */
    private static PageOutcome certified(PageOutcome r, PageArray a, int k, double[] d, double[] v, double tol, int threads) {
        if (v == null) return r;
        int n = a.rows();
        double target = AccuracyContract.orthogonality(a.precision(), n);
        // the residual's probes go through V with the polish's Gram matrix (one copy of V on a native BLAS)
        double[] probes = Residuals.eigProbes(d, n, 0), vx = new double[probes.length];
        boolean ok = NewtonSchulz.polish(v, n, n, target, threads, probes, probes.length / Math.max(1, n), vx) <= target
                && AccuracyContract.eigResidualMetByProbes(a, k, vx, tol);
        return ok || !r.converged ? r : new PageOutcome(r.sweeps, r.rotations, false, r.computeNanos, r.values);
    }

    public SvdResult svd(final PageArray a, final SolverOptions o) {
        final int inner = innerThreads(o, a.pages());
        final double tol = AccuracyContract.oneSidedTol(o, a.precision(), Math.min(a.rows(), a.cols()));
        final double target = AccuracyContract.orthogonality(a.precision(), Math.max(a.rows(), a.cols()));
        final Lapack lapack = lapack(o);
        return driver(o, lapack, Math.min(a.rows(), a.cols())).svd(a, o, o.method(), SvdScaling.CPU_SPAN, (k, w, vw, mm, nn) -> {
            if (PreconditionedJacobiSvd.pays(mm, nn)) { // QR-preconditioned where it pays
                PreconditionedJacobiSvd solver = new PreconditionedJacobiSvd(inner);
                double[] sigma = solver.run(w, vw, mm, nn, tol, PageDriver.maxSweeps(o), o.fixedSweeps(), target, lapack);
                return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, 0, sigma);
            }
            OneSidedJacobiSvd solver = new OneSidedJacobiSvd(inner);
            solver.run(w, vw, mm, nn, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, 0, null);
        });
    }

    public InverseResult inv(final PageArray a, final SolverOptions o) {
        final int inner = innerThreads(o, a.pages());
        final Lapack lapack = a.rows() >= HyperbolicEig.lapackFrom() ? lapack(o) : null;
        final boolean single = a.precision() == Precision.SINGLE;
        return InversionPolicy.invert(a, o, driver(o, lapack, a.rows()), new InversionPolicy.Inverter() {
            public PageOutcome cholesky(double[] w, int n) { return PageOutcome.direct(CholeskyInverse.invert(w, n), 0); }

            public PageOutcome gaussJordan(double[] w, int n, int page) {
                if (lapack != null) return PageOutcome.direct(LapackInverse.invert(lapack, w, n, single), 0);
                return PageOutcome.direct(GaussJordanInverse.invert(w, n, inner), 0);
            }
        });
    }

    public HsvdResult hsvd(final PageArray g, final PageArray signs, final SolverOptions o) {
        final int m = g.rows(), n = g.cols(), pages = g.pages(), inner = innerThreads(o, pages);
        final Precision prec = g.precision();
        final double tol = AccuracyContract.oneSidedTol(o, prec, n);
        final double target = AccuracyContract.orthogonality(prec, m);
        return driver(o).hsvd(g, signs, o, o.method(), SvdScaling.CPU_SPAN, (k, w, vw, j) -> {
            HyperbolicJacobiSvd solver = new HyperbolicJacobiSvd(prec.eps(), tol, inner);
            try {
                // V is accumulated also for the values alone: its growth tells a numerically rank-deficient G
                solver.run(w, vw != null ? vw : new double[n * n], m, n, j, PageDriver.maxSweeps(o), o.fixedSweeps());
            } catch (HyperbolicJacobiSvd.NotFullRank e) {
                throw PageDriver.rankDeficient(o, pages, k, e.getMessage());
            }
            if (vw == null) return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, 0, null);
            // U: the normalised columns of G W (all nonzero: G has full column rank), polished
            double[] sigma = new double[n];
            for (int c = 0; c < n; c++) {
                sigma[c] = Math.sqrt(Columns.dot(w, w, c * m, (c + 1) * m));
                for (int i = c * m; i < (c + 1) * m; i++) w[i] /= sigma[c];
            }
            boolean polished = NewtonSchulz.polish(w, m, n, null, false, target, inner) <= target;
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged && polished, 0, sigma);
        });
    }

    /**
     * eig of one page checks its input in the pass that reads the page ({@link io.github.gpujacobi.core.SymmetricPage}):
     * the same tests and errors as the API's, without its two passes before; inv of one page in the pass that takes
     * its 1-norm ({@link InversionPolicy}).
     */
    @Override
    public boolean checksInput(Operation op, PageArray a, SolverOptions o) {
        boolean onePage = a.pages() == 1 && a.rows() > 0 && a.rows() == a.cols();
        return onePage && (op == Operation.EIG || op == Operation.INV);
    }

    public boolean supportsComplex(Operation op) { return op != Operation.HSVD; }

    public ComplexEigResult eig(ComplexPageArray a, SolverOptions o) { return CpuComplex.eig(a, o, driver(o)); }

    public ComplexSvdResult svd(ComplexPageArray a, SolverOptions o) { return CpuComplex.svd(a, o, driver(o)); }

    public ComplexInverseResult inv(ComplexPageArray a, SolverOptions o) { return CpuComplex.inv(a, o, driver(o)); }

    /**
     * The native LAPACK ({@link Lapack#get}) with the option's thread count, or null: the pure-Java routes run.
     * OpenBLAS's threads are one process-wide setting; every call sets it from its own options.
     */
    static Lapack lapack(SolverOptions o) {
        Lapack l = Lapack.get();
        if (l != null) l.threads(o.threadsOrCores());
        return l;
    }

    /** Threads inside one page: all of them for a single page, none when pages already run in parallel. */
    static int innerThreads(SolverOptions o, int pages) {
        return pages == 1 ? o.threadsOrCores() : 1;
    }

    private static List<String> notes(SolverOptions o) {
        List<String> notes = new ArrayList<String>();
        if (Methods.MEMORY_ACCESS.contains(o.method())) {
            notes.add("memory access method '" + o.method() + "' is a GPU concept; the CPU ran parallel Jacobi");
        }
        return notes;
    }
}
