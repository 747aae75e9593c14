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
        return Methods.names(op).contains(method) && !(op == Operation.EIG && Methods.HYPERBOLIC.equals(method));
    }

    public String defaultMethod(Operation op) {
        switch (op) {
            case EIG: return Methods.PARALLEL;
            case SVD: return Methods.ONE_SIDED;
            case INV: return Methods.AUTO;
            default: return Methods.HYPERBOLIC;
        }
    }

    public int autoThreshold(Operation op, Precision precision) { return 0; }

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
        final int[] sweeps = new int[pages];
        final long[] rots = new long[pages];
        final boolean[] conv = new boolean[pages];
        final double tol = o.tolFor(prec, n);
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] w = a.pageAsDouble(k);
            for (int j = 0; j < n; j++) for (int i = j + 1; i < n; i++) { // use (A+A')/2
                double s = 0.5 * (w[i + j * n] + w[j + i * n]);
                w[i + j * n] = s;
                w[j + i * n] = s;
            }
            double[] v = o.vectors() ? new double[n * n] : null;
            TwoSidedJacobiEig solver = new TwoSidedJacobiEig(EigOrdering.of(o.method()), innerThreads(o, pages));
            solver.run(w, v, n, tol, o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            sweeps[k] = solver.sweeps;
            rots[k] = solver.rotations;
            conv[k] = solver.converged;
            double[] d = new double[n];
            for (int i = 0; i < n; i++) d[i] = w[i + i * n];
            Integer[] order = ascending(d);
            double[] dv = new double[n];
            double[] vv = v == null ? null : new double[n * n];
            for (int j = 0; j < n; j++) {
                dv[j] = d[order[j]];
                if (v != null) System.arraycopy(v, order[j] * n, vv, j * n, n);
            }
            values.writePage(k, dv);
            if (vectors != null) vectors.writePage(k, vv);
        });
        return new EigResult(values, vectors, new RunReport("cpu", o.method(), prec, sweeps, rots, conv, 0, notes(o)));
    }

    public SvdResult svd(final PageArray a, final SolverOptions o) {
        final int m = a.rows(), n = a.cols(), pages = a.pages(), kmin = Math.min(m, n);
        final Precision prec = a.precision();
        final boolean vec = o.vectors();
        final int ucols = o.econ() ? kmin : m, vcols = o.econ() ? kmin : n;
        final PageArray s = PageArray.zeros(prec, kmin, 1, pages);
        final PageArray u = vec ? PageArray.zeros(prec, m, ucols, pages) : null;
        final PageArray v = vec ? PageArray.zeros(prec, n, vcols, pages) : null;
        final int[] sweeps = new int[pages];
        final long[] rots = new long[pages];
        final boolean[] conv = new boolean[pages];
        final boolean tall = m >= n;
        final int mm = tall ? m : n, nn = tall ? n : m; // work on A or A' so that mm >= nn
        final double tol = o.tolFor(prec, nn);
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] page = a.pageAsDouble(k);
            double[] w = tall ? page : transpose(page, m, n);
            double[] vw = new double[nn * nn];
            OneSidedJacobiSvd solver = new OneSidedJacobiSvd();
            solver.run(w, vw, mm, nn, tol, o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            sweeps[k] = solver.sweeps;
            rots[k] = solver.rotations;
            conv[k] = solver.converged;
            double[] sig = new double[nn];
            for (int j = 0; j < nn; j++) {
                double ss = 0;
                for (int i = 0; i < mm; i++) ss += w[i + j * mm] * w[i + j * mm];
                sig[j] = Math.sqrt(ss);
            }
            Integer[] order = ascending(negate(sig));
            double[] sv = new double[nn];
            // left vectors of the worked matrix: normalised columns of w, completed to a basis
            int leftCols = tall ? ucols : vcols;
            int rightCols = tall ? vcols : ucols;
            double[] left = new double[mm * leftCols];
            double[] right = new double[nn * rightCols];
            boolean[] have = new boolean[leftCols];
            for (int j = 0; j < nn; j++) {
                int src = order[j];
                sv[j] = sig[src];
                if (j < rightCols) System.arraycopy(vw, src * nn, right, j * nn, nn);
                if (j < leftCols && sig[src] > 0) {
                    for (int i = 0; i < mm; i++) left[i + j * mm] = w[i + src * mm] / sig[src];
                    have[j] = true;
                }
            }
            s.writePage(k, sv);
            if (vec) {
                Orthonormal.complete(left, mm, leftCols, have);
                (tall ? u : v).writePage(k, left);
                (tall ? v : u).writePage(k, right);
            }
        });
        return new SvdResult(u, s, v, new RunReport("cpu", o.method(), prec, sweeps, rots, conv, 0, notes(o)));
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
            double norm = norm1(w, n);
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
            if (!ok) ok = GaussJordanInverse.invert(w, n);
            if (!ok || n == 0) {
                if (!ok) java.util.Arrays.fill(w, Double.POSITIVE_INFINITY);
                singular[k] = !ok;
                rcond[k] = ok ? Double.POSITIVE_INFINITY : 0;
            } else {
                double ni = norm1(w, n);
                rcond[k] = norm == 0 || Double.isInfinite(ni) ? 0 : 1 / (norm * ni);
                singular[k] = !(rcond[k] > 0) || hasNonFinite(w);
                if (singular[k]) java.util.Arrays.fill(w, Double.POSITIVE_INFINITY);
            }
            x.writePage(k, w);
        });
        String method = pages > 0 ? used[0] : o.method();
        for (String u : used) if (u != null && !u.equals(method)) method = "mixed";
        List<String> notes = notes(o);
        RunReport r = RunReport.direct("cpu", method, prec, pages, 0, notes);
        return new InverseResult(x, rcond, singular, r);
    }

    public HsvdResult hsvd(PageArray g, PageArray signs, SolverOptions o) {
        throw new JacobiException(ErrorKind.BAD_OPTION, o.caller() + ": the hyperbolic SVD is not implemented yet");
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

    static double norm1(double[] a, int n) {
        double best = 0;
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = 0; i < n; i++) s += Math.abs(a[i + j * n]);
            best = Math.max(best, s);
        }
        return best;
    }

    private static boolean hasNonFinite(double[] a) {
        for (double x : a) if (Double.isNaN(x) || Double.isInfinite(x)) return true;
        return false;
    }

    static double[] transpose(double[] a, int m, int n) {
        double[] t = new double[m * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) t[j + i * n] = a[i + j * m];
        return t;
    }

    private static double[] negate(double[] x) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) y[i] = -x[i];
        return y;
    }

    /** Stable ascending order of indices by value. */
    static Integer[] ascending(final double[] d) {
        Integer[] idx = new Integer[d.length];
        for (int i = 0; i < d.length; i++) idx[i] = i;
        java.util.Arrays.sort(idx, (x, y) -> Double.compare(d[x], d[y]));
        return idx;
    }
}
