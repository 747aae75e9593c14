package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.HsvdResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.core.HsvdAssembly;
import io.github.gpujacobi.core.InverseCheck;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageStats;
import io.github.gpujacobi.core.PageLoop;

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
    static final int DEFAULT_MAX_SWEEPS = 60;

    public String name() { return "cpu"; }

    public boolean isGpu() { return false; }

    public boolean supports(Operation op, String method) {
        return Methods.names(op).contains(method);
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

    public EigResult eig(final PageArray a, final SolverOptions o) {
        final int n = a.rows(), pages = a.pages();
        final Precision prec = a.precision();
        final PageArray values = PageArray.zeros(prec, n, 1, pages);
        final PageArray vectors = o.vectors() ? PageArray.zeros(prec, n, n, pages) : null;
        final PageStats stats = new PageStats(pages);
        final double tol = o.tolFor(prec, n);
        if (Methods.HYPERBOLIC.equals(o.method())) return indefiniteEig(a, o);
        final boolean auto = Methods.AUTO.equals(o.method());
        final String[] used = new String[pages];
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] w = a.pageAsDouble(k);
            PageAssembly.symmetrize(w, n);
            double[] v = o.vectors() ? new double[n * n] : null;
            double[] d = new double[n];
            if (auto && AutoEig.run(w, n, d, v, prec.eps(), tol, o, innerThreads(o, pages), stats, k)) {
                used[k] = Methods.HYPERBOLIC;
            } else {
                if (auto && n > 1) {
                    w = a.pageAsDouble(k); // the one-sided attempt destroyed it
                    PageAssembly.symmetrize(w, n);
                }
                used[k] = auto ? Methods.PARALLEL : o.method();
                TwoSidedJacobiEig solver = new TwoSidedJacobiEig(EigOrdering.of(used[k]), innerThreads(o, pages));
                solver.run(w, v, n, tol, o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps());
                stats.record(k, solver.sweeps, solver.rotations, solver.converged);
                for (int i = 0; i < n; i++) d[i] = w[i + i * n];
            }
            PageAssembly.eig(d, v, n, values, vectors, k);
        });
        return new EigResult(values, vectors, stats.report("cpu", AutoEig.label(o.method(), used), prec, notes(o)));
    }

    /** Method 'hyperbolic': Bunch-Parlett M = G J G', then the hyperbolic SVD of (G, J) (seed 003). */
    private EigResult indefiniteEig(final PageArray a, final SolverOptions o) {
        final int n = a.rows(), pages = a.pages();
        final Precision prec = a.precision();
        final PageArray values = PageArray.zeros(prec, n, 1, pages);
        final PageArray vectors = o.vectors() ? PageArray.zeros(prec, n, n, pages) : null;
        final PageStats stats = new PageStats(pages);
        final double tol = o.tolFor(prec, n);
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] w = a.pageAsDouble(k);
            PageAssembly.symmetrize(w, n);
            double[] d = new double[n];
            double[] v = o.vectors() ? new double[n * n] : null;
            IndefiniteEig solver = new IndefiniteEig();
            try {
                solver.run(w, n, d, v, prec.eps(), tol, o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps(),
                        innerThreads(o, pages));
            } catch (BunchParlett.Singular | HyperbolicJacobiSvd.NotFullRank e) {
                throw IndefiniteEig.singular(o, pages, k, e.getMessage());
            }
            stats.record(k, solver.sweeps, solver.rotations, solver.converged);
            PageAssembly.eig(d, v, n, values, vectors, k);
        });
        return new EigResult(values, vectors, stats.report("cpu", o.method(), prec, notes(o)));
    }

    public SvdResult svd(final PageArray a, final SolverOptions o) {
        final int m = a.rows(), n = a.cols(), pages = a.pages(), kmin = Math.min(m, n);
        final Precision prec = a.precision();
        final boolean vec = o.vectors();
        final PageArray s = PageArray.zeros(prec, kmin, 1, pages);
        final PageArray u = vec ? PageArray.zeros(prec, m, o.econ() ? kmin : m, pages) : null;
        final PageArray v = vec ? PageArray.zeros(prec, n, o.econ() ? kmin : n, pages) : null;
        final PageStats stats = new PageStats(pages);
        final boolean tall = m >= n;
        final int mm = tall ? m : n, nn = tall ? n : m; // work on A or A' so that mm >= nn
        final double tol = o.tolFor(prec, nn);
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] page = a.pageAsDouble(k);
            double[] w = tall ? page : PageAssembly.transpose(page, m, n);
            double[] vw = vec ? new double[nn * nn] : null;
            OneSidedJacobiSvd solver = new OneSidedJacobiSvd(innerThreads(o, pages));
            solver.run(w, vw, mm, nn, tol, o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            stats.record(k, solver.sweeps, solver.rotations, solver.converged);
            PageAssembly.svd(w, vw, mm, nn, tall, s, u, v, k);
        });
        return new SvdResult(u, s, v, stats.report("cpu", o.method(), prec, notes(o)));
    }

    public InverseResult inv(final PageArray a, final SolverOptions o) {
        final int n = a.rows(), pages = a.pages();
        final Precision prec = a.precision();
        final PageArray x = PageArray.zeros(prec, n, n, pages);
        final double[] rcond = new double[pages];
        final boolean[] singular = new boolean[pages];
        final String[] used = new String[pages];
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] w = a.pageAsDouble(k);
            double norm = InverseCheck.norm1(w, n);
            boolean ok = false;
            used[k] = Methods.GAUSS_JORDAN;
            if (!Methods.GAUSS_JORDAN.equals(o.method())) {
                double[] c = w.clone();
                ok = CholeskyInverse.invert(c, n);
                if (ok) { w = c; used[k] = Methods.CHOLESKY; }
                else if (Methods.CHOLESKY.equals(o.method())) {
                    throw new JacobiException(ErrorKind.NOT_SYMMETRIC, o.where()
                            + " is not symmetric positive definite, so Method 'cholesky' cannot invert it"
                            + (pages > 1 ? " (page " + (k + 1) + ")" : "") + "; use 'auto' or 'gaussjordan'");
                }
            }
            if (!ok) ok = GaussJordanInverse.invert(w, n, innerThreads(o, pages));
            rcond[k] = InverseCheck.finish(norm, w, n, ok);
            singular[k] = rcond[k] == 0;
            x.writePage(k, w);
        });
        String method = pages > 0 ? used[0] : o.method();
        for (String u : used) if (u != null && !u.equals(method)) method = "mixed";
        List<String> notes = notes(o);
        RunReport r = RunReport.direct("cpu", method, prec, pages, 0, notes);
        return new InverseResult(x, rcond, singular, r);
    }

    public HsvdResult hsvd(final PageArray g, final PageArray signs, final SolverOptions o) {
        final int m = g.rows(), n = g.cols(), pages = g.pages();
        final Precision prec = g.precision();
        final boolean vec = o.vectors();
        final PageArray s = PageArray.zeros(prec, n, 1, pages);
        final PageArray js = PageArray.zeros(prec, n, 1, pages);
        final PageArray u = vec ? PageArray.zeros(prec, m, o.econ() ? n : m, pages) : null;
        final PageArray v = vec ? PageArray.zeros(prec, n, n, pages) : null;
        final PageStats stats = new PageStats(pages);
        final double tol = o.tolFor(prec, n);
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] w = g.pageAsDouble(k);
            double[] j = signs.pageAsDouble(signs.pages() == 1 ? 0 : k);
            double[] vw = vec ? new double[n * n] : null;
            HyperbolicJacobiSvd solver = new HyperbolicJacobiSvd(prec.eps(), tol, innerThreads(o, pages));
            try {
                solver.run(w, vw, m, n, j, o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            } catch (HyperbolicJacobiSvd.NotFullRank e) {
                throw new JacobiException(ErrorKind.RANK_DEFICIENT, o.where() + " is not of full column rank"
                        + (pages > 1 ? " (page " + (k + 1) + ")" : "") + ": " + e.getMessage()
                        + "; the hyperbolic SVD needs linearly independent columns");
            }
            stats.record(k, solver.sweeps, solver.rotations, solver.converged);
            HsvdAssembly.page(w, vw, m, n, j, s, u, v, js, k);
        });
        return new HsvdResult(u, s, v, js, stats.report("cpu", o.method(), prec, notes(o)));
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
