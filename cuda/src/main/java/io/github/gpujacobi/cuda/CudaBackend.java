package io.github.gpujacobi.cuda;

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
import io.github.gpujacobi.core.ColumnScaledJacobi;
import io.github.gpujacobi.core.HsvdAssembly;
import io.github.gpujacobi.cpu.BunchParlett;
import io.github.gpujacobi.cpu.IndefiniteEig;
import io.github.gpujacobi.core.InverseCheck;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageStats;
import io.github.gpujacobi.core.SvdScaling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The CUDA backend: seed 000's two-sided Jacobi (TA/MA/SA/MCA), seed 002's classical Jacobi, seed
 * 001's one-sided SVD (one cooperative kernel launch per sweep each), seed 004's Gauss-Jordan
 * inversion (blocked, and batched for small pages) and its Cholesky path for SPD matrices. Pages run one after the
 * other on the same device buffers. Calls are serialised: one GPU, one context.
 */
public final class CudaBackend implements Backend {
    static final int DEFAULT_MAX_SWEEPS = 60;

    private final CudaDevice dev;
    private final DeviceBuffers buffers = new DeviceBuffers();

    CudaBackend(CudaDevice dev) {
        this.dev = dev;
    }

    public String name() { return "cuda"; }

    public boolean isGpu() { return true; }

    public boolean supports(Operation op, String method) {
        switch (op) {
            case EIG: return Methods.MEMORY_ACCESS.contains(method) || Methods.PARALLEL.equals(method)
                    || Methods.CLASSICAL.equals(method) || Methods.HYPERBOLIC.equals(method) || Methods.AUTO.equals(method)
                    || Methods.BLOCKED.equals(method);
            case SVD: return Methods.ONE_SIDED.equals(method) || Methods.AUTO.equals(method) || Methods.BLOCKED.equals(method);
            case INV: return Methods.GAUSS_JORDAN.equals(method) || Methods.CHOLESKY.equals(method)
                    || Methods.AUTO.equals(method);
            case HSVD: return Methods.HYPERBOLIC.equals(method) || Methods.AUTO.equals(method);
            default: return false;
        }
    }

    public String defaultMethod(Operation op) {
        switch (op) {
            // auto: the batched kernels for small pages, blocked Jacobi from BLOCKED_FROM, else the pointwise kernels
            case EIG:
            case SVD: return Methods.AUTO;
            case HSVD: return Methods.HYPERBOLIC;
            default: return Methods.GAUSS_JORDAN;
        }
    }

    /**
     * Crossover orders above which the GPU beats the CPU backend, from the H100 runs in
     * docs/benchmarks (2026-11-22): eig n=64 6 sweeps 2.3 ms GPU vs 8.4 ms CPU (16 cores); svd n=256
     * 9.9 vs 472 ms; inv n=256 2.4 vs 72 ms. Below these, launch and transfer costs dominate.
     */
    public int autoThreshold(Operation op, Precision precision, int pages) {
        if (pages > 1) {
            // eig and svd: the batched kernels (one block per page) run 2000 pages of 64x64 in 15 ms
            // (eig, double) and 20 ms (svd) against 638 and 1039 ms on 16 CPU cores, 8x8 svd pages in
            // 0.28 vs 12 ms (H100, docs/benchmarks); below n = 8 the copies dominate (not measured).
            // inv: the batched Gauss-Jordan kernels (inv_batched.cu) invert 2000 pages of 8x8 in 0.07 ms
            // against 3.5 ms on 16 CPU cores; larger pages loop over the blocked path, 100 pages of
            // 256x256 in 100 vs 212 ms (H100, docs/benchmarks/gpu-h100-2026-11-23-inverse.md).
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
        return new BackendInfo("cuda", true, dev.name + ", CUDA driver " + dev.describe().get("driver"),
                Collections.singletonList(dev.describe()));
    }

    /**
     * Order from which 'auto' takes the blocked one-sided Jacobi (CudaBlockedSvd) in double for pages
     * that the batched kernels do not take (override: -Dgpujacobi.cuda.blockedFrom). H100, 2026-11-23:
     * n = 512 blocked 34.7 vs pointwise 31.1 ms (svd), 32.3 vs 29.7 (eig, SPD); n = 1024 88 vs 120
     * and 82 vs 137. Single precision always takes it: it computes in double, so its vectors stay
     * orthogonal (pointwise single: ||V'V - I|| = 4.8e-3 at n = 777).
     */
    static final int BLOCKED_FROM = Integer.getInteger("gpujacobi.cuda.blockedFrom", 768);

    private static boolean blockedByDefault(int n, Precision p) {
        return p == Precision.SINGLE || n >= BLOCKED_FROM;
    }

    public synchronized EigResult eig(PageArray a, SolverOptions o) {
        dev.makeCurrent();
        int n = a.rows(), pages = a.pages();
        Precision p = a.precision();
        // the default: the one-phase (fused) MCA kernel, 27% faster than the seed's two-phase MCA at n = 1024
        String method = Methods.PARALLEL.equals(o.method()) || Methods.AUTO.equals(o.method()) ? CudaEig.FUSED_MCA : o.method();
        PageArray values = PageArray.zeros(p, n, 1, pages);
        PageArray vectors = o.vectors() ? PageArray.zeros(p, n, n, pages) : null;
        PageStats stats = new PageStats(pages);
        if (Methods.HYPERBOLIC.equals(o.method())) return indefiniteEig(a, o);
        boolean auto = Methods.AUTO.equals(o.method());
        if (Methods.BLOCKED.equals(o.method()) || (auto && blockedByDefault(n, p) && !batched(o.method(), n, pages, p, o.vectors()))) {
            return blockedEig(a, o);
        }
        if (batched(o.method(), n, pages, p, o.vectors())) {
            try {
                CudaBatchedEig solver = new CudaBatchedEig();
                solver.run(dev, buffers, a, o.tolFor(p, n), o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps(),
                        values, vectors, stats.sweeps, stats.rotations, stats.converged);
                stats.addComputeNanos(solver.computeNanos);
            } catch (JacobiException e) {
                throw afterFailure(e);
            }
            return new EigResult(values, vectors,
                    stats.deviceReport("cuda", "batched", p, notes()));
        }
        try {
            for (int k = 0; k < pages; k++) {
                double[] w = a.pageAsDouble(k);
                PageAssembly.symmetrize(w, n);
                double[] v = o.vectors() ? new double[n * n] : null;
                CudaEig solver = new CudaEig();
                double[] d = solver.run(dev, buffers, w, v, n, p, method, o.tolFor(p, n),
                        o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps());
                stats.record(k, solver.sweeps, solver.rotations, solver.converged, solver.computeNanos);
                PageAssembly.eig(d, v, n, values, vectors, k);
            }
        } catch (JacobiException e) {
            throw afterFailure(e);
        }
        return new EigResult(values, vectors,
                stats.deviceReport("cuda", method, p, notes()));
    }

    /**
     * The one-launch batched kernel serves the default method for pages that fit a block's shared
     * memory, and single pages up to n = 64 (where the sweep kernels are launch-latency bound).
     * Explicit ta/ma/sa/mca/classical keep their own kernels (seed 000's Table I measures them).
     */
    private boolean batched(String method, int n, int pages, Precision p, boolean vectors) {
        boolean defaultMethod = (Methods.PARALLEL.equals(method) || Methods.AUTO.equals(method)) && !BATCHED_OFF;
        return defaultMethod && CudaBatchedEig.fits(dev, n, p, vectors) && (pages > 1 || n <= 64);
    }

    private static final boolean BATCHED_OFF = Boolean.getBoolean("gpujacobi.cuda.noBatched");

    public synchronized SvdResult svd(PageArray a, SolverOptions o) {
        dev.makeCurrent();
        int m = a.rows(), n = a.cols(), pages = a.pages(), kmin = Math.min(m, n);
        Precision p = a.precision();
        boolean tall = m >= n, vec = o.vectors();
        int mm = tall ? m : n, nn = tall ? n : m;
        PageArray s = PageArray.zeros(p, kmin, 1, pages);
        PageArray u = vec ? PageArray.zeros(p, m, o.econ() ? kmin : m, pages) : null;
        PageArray v = vec ? PageArray.zeros(p, n, o.econ() ? kmin : n, pages) : null;
        PageStats stats = new PageStats(pages);
        boolean batchedFits = !BATCHED_OFF && (pages > 1 || nn <= 64) && CudaBatchedSvd.fits(dev, m, n, p, vec);
        boolean blocked = Methods.BLOCKED.equals(o.method())
                || (Methods.AUTO.equals(o.method()) && blockedByDefault(nn, p) && !batchedFits);
        // 1e-200 / 1e200 pages scaled by 2^e (exact) for the kernels; wider column spans to the CPU [8]
        // (the blocked path computes in double whatever the input precision)
        double span = p == Precision.DOUBLE || blocked ? SvdScaling.GPU_DOUBLE_SPAN : SvdScaling.GPU_SINGLE_SPAN;
        SvdScaling scaling = SvdScaling.of(a, span);
        PageArray in = scaling.scaled(a);
        if (blocked) {
            blockedSvd(in, scaling, o, s, u, v, stats);
            List<String> notes = unscaled(a, scaling, span, o, s, u, v, stats);
            return new SvdResult(u, s, v, stats.deviceReport("cuda", Methods.BLOCKED, p, notes));
        }
        if (batchedFits) {
            try {
                new CudaBatchedSvd().run(dev, buffers, in, o.tolFor(p, nn), o.maxSweepsOr(DEFAULT_MAX_SWEEPS),
                        o.fixedSweeps(), s, u, v, stats);
            } catch (JacobiException e) {
                throw afterFailure(e);
            }
            List<String> notes = unscaled(a, scaling, span, o, s, u, v, stats);
            return new SvdResult(u, s, v, stats.deviceReport("cuda", "batched", p, notes));
        }
        try {
            for (int k = 0; k < pages; k++) {
                if (!scaling.fits(k)) continue;
                double[] page = in.pageAsDouble(k);
                double[] w = tall ? page : PageAssembly.transpose(page, m, n);
                double[] vw = vec ? new double[nn * nn] : null;
                CudaSvd solver = new CudaSvd();
                double[] sig = solver.run(dev, buffers, w, vw, mm, nn, p, o.tolFor(p, nn),
                        o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps(), null);
                stats.record(k, solver.sweeps, solver.rotations, solver.converged, solver.computeNanos);
                PageAssembly.svd(w, sig, true, vw, mm, nn, tall, s, u, v, k);
            }
        } catch (JacobiException e) {
            throw afterFailure(e);
        }
        List<String> notes = unscaled(a, scaling, span, o, s, u, v, stats);
        return new SvdResult(u, s, v, stats.deviceReport("cuda", Methods.ONE_SIDED, p, notes));
    }

    /** Singular values scaled back; pages beyond the kernels' safe span solved on the CPU, with a note each. */
    private List<String> unscaled(PageArray a, SvdScaling scaling, double span, SolverOptions o, PageArray s,
                                  PageArray u, PageArray v, PageStats stats) {
        List<String> notes = notes();
        int nn = Math.min(a.rows(), a.cols());
        for (int k = 0; k < a.pages(); k++) {
            if (scaling.fits(k)) continue;
            ColumnScaledJacobi.page(a, k, o.tolFor(a.precision(), nn), o.maxSweepsOr(DEFAULT_MAX_SWEEPS),
                    o.fixedSweeps(), s, u, v, stats);
            notes.add(scaling.note(k, a.pages(), "GPU", span));
        }
        scaling.unscale(s);
        return notes;
    }

    /** Blocked one-sided Jacobi on every page that fits the scaled range (in double, whatever the input precision). */
    private void blockedSvd(PageArray in, SvdScaling scaling, SolverOptions o, PageArray s, PageArray u, PageArray v,
                            PageStats stats) {
        int m = in.rows(), n = in.cols(), pages = in.pages();
        Precision p = in.precision();
        boolean tall = m >= n, vec = o.vectors();
        int mm = tall ? m : n, nn = tall ? n : m;
        try {
            for (int k = 0; k < pages; k++) {
                if (!scaling.fits(k)) continue;
                double[] page = in.pageAsDouble(k);
                double[] w = tall ? page : PageAssembly.transpose(page, m, n);
                CudaBlockedSvd solver = new CudaBlockedSvd();
                solver.svd(dev, buffers, w, mm, nn, vec, o.tolFor(p, nn), o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps());
                stats.record(k, solver.sweeps, solver.rotations, solver.converged, solver.computeNanos);
                PageAssembly.svd(solver.u, solver.sigma, true, solver.v, mm, nn, tall, s, u, v, k);
            }
        } catch (JacobiException e) {
            throw afterFailure(e);
        }
    }

    /**
     * Blocked one-sided Jacobi on the Cholesky factor of every positive definite page [7]; a page
     * whose factorisation fails (indefinite or singular) runs the fused MCA kernel instead, in double
     * for single input, and the report says so.
     */
    private EigResult blockedEig(PageArray a, SolverOptions o) {
        int n = a.rows(), pages = a.pages();
        Precision p = a.precision();
        PageArray values = PageArray.zeros(p, n, 1, pages);
        PageArray vectors = o.vectors() ? PageArray.zeros(p, n, n, pages) : null;
        PageStats stats = new PageStats(pages);
        int fallback = 0;
        try {
            for (int k = 0; k < pages; k++) {
                double[] w = a.pageAsDouble(k);
                PageAssembly.symmetrize(w, n);
                CudaBlockedSvd solver = new CudaBlockedSvd();
                double[] d = solver.eig(dev, buffers, w, n, o.vectors(), o.tolFor(p, n),
                        o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps());
                if (d != null) {
                    stats.record(k, solver.sweeps, solver.rotations, solver.converged, solver.computeNanos);
                    PageAssembly.eig(d, solver.v, n, values, vectors, k);
                    continue;
                }
                fallback++;
                double[] v = o.vectors() ? new double[n * n] : null;
                CudaEig two = new CudaEig();
                d = two.run(dev, buffers, w, v, n, Precision.DOUBLE, CudaEig.FUSED_MCA, o.tolFor(p, n),
                        o.maxSweepsOr(DEFAULT_MAX_SWEEPS), o.fixedSweeps());
                stats.record(k, two.sweeps, two.rotations, two.converged, two.computeNanos);
                PageAssembly.eig(d, v, n, values, vectors, k);
            }
        } catch (JacobiException e) {
            throw afterFailure(e);
        }
        List<String> notes = notes();
        String method = fallback == 0 ? Methods.BLOCKED : fallback == pages ? CudaEig.FUSED_MCA : "mixed";
        if (fallback > 0) notes.add((pages > 1 ? fallback + " of " + pages + " pages" : "the matrix")
                + " not positive definite (Cholesky failed): two-sided Jacobi (fused MCA, in double) instead of blocked");
        return new EigResult(values, vectors, stats.deviceReport("cuda", method, p, notes));
    }

    /**
     * Like the CPU backend: 'cholesky' (and 'auto' for exactly symmetric input) tries the SPD path
     * first; 'auto' falls back to Gauss-Jordan when the Cholesky factorisation fails. Gauss-Jordan
     * runs on every page at once in the batched kernels for orders up to
     * {@link CudaBatchedInverse#MAX_N}, else page by page on the blocked path.
     */
    public synchronized InverseResult inv(PageArray a, SolverOptions o) {
        dev.makeCurrent();
        int n = a.rows(), pages = a.pages();
        Precision p = a.precision();
        PageArray x = PageArray.zeros(p, n, n, pages);
        double[] rcond = new double[pages];
        boolean[] singular = new boolean[pages];
        String[] used = new String[pages];
        long compute = 0;
        try {
            InverseOutcome[] batched = null; // Gauss-Jordan of every page, already in x
            if (!Methods.CHOLESKY.equals(o.method()) && CudaBatchedInverse.fits(n) && pages > 0) {
                CudaBatchedInverse batch = new CudaBatchedInverse();
                batched = batch.run(dev, buffers, a, x);
                compute = batch.computeNanos;
            }
            for (int k = 0; k < pages; k++) {
                double[] w = batched != null && Methods.GAUSS_JORDAN.equals(o.method()) ? null : a.pageAsDouble(k);
                InverseOutcome r = null;
                used[k] = Methods.GAUSS_JORDAN;
                if (!Methods.GAUSS_JORDAN.equals(o.method()) && exactlySymmetric(w, n)) {
                    double[] c = w.clone();
                    r = CudaCholesky.invert(dev, buffers, c, n, p);
                    if (r != null) {
                        x.writePage(k, c);
                        used[k] = Methods.CHOLESKY;
                        compute += CudaCholesky.lastComputeNanos;
                    }
                }
                if (r == null && Methods.CHOLESKY.equals(o.method())) {
                    throw new JacobiException(ErrorKind.NOT_SYMMETRIC, o.where()
                            + " is not symmetric positive definite, so Method 'cholesky' cannot invert it"
                            + (pages > 1 ? " (page " + (k + 1) + ")" : "") + "; use 'auto' or 'gaussjordan'");
                }
                if (r == null && batched != null) {
                    r = batched[k];
                } else if (r == null) {
                    r = CudaGaussJordan.invert(dev, buffers, w, n, p);
                    compute += CudaGaussJordan.lastComputeNanos;
                    x.writePage(k, w);
                }
                record(r, x, k, n, rcond, singular);
            }
        } catch (JacobiException e) {
            throw afterFailure(e);
        }
        String method = pages > 0 ? used[0] : o.method();
        for (String u : used) if (u != null && !u.equals(method)) method = "mixed";
        return new InverseResult(x, rcond, singular,
                RunReport.direct("cuda", method, p, pages, 0, notes()).withComputeNanos(compute));
    }

    /** RCOND and the singular flag of page k from the device's norms; a singular page becomes Inf, as MATLAB's inv. */
    private static void record(InverseOutcome r, PageArray x, int k, int n, double[] rcond, boolean[] singular) {
        singular[k] = r.singular();
        rcond[k] = r.rcond();
        if (singular[k]) {
            double[] inf = new double[n * n];
            InverseCheck.finish(0, inf, n, false);
            x.writePage(k, inf);
        }
    }

    private static boolean exactlySymmetric(double[] w, int n) {
        for (int j = 0; j < n; j++) for (int i = 0; i < j; i++) if (w[i + j * n] != w[j + i * n]) return false;
        return true;
    }

    /**
     * Method 'hyperbolic': M = G J G' by Bunch-Parlett on the host (O(n^3) once), then the hyperbolic
     * sweeps on the GPU; eigenvalues ||(G W)_c||^2 j_c, eigenvectors the normalised columns of G W.
     */
    private EigResult indefiniteEig(PageArray a, SolverOptions o) {
        int n = a.rows(), pages = a.pages();
        Precision p = a.precision();
        PageArray values = PageArray.zeros(p, n, 1, pages);
        PageArray vectors = o.vectors() ? PageArray.zeros(p, n, n, pages) : null;
        PageStats stats = new PageStats(pages);
        try {
            for (int k = 0; k < pages; k++) {
                double[] w = a.pageAsDouble(k);
                PageAssembly.symmetrize(w, n);
                BunchParlett.Factor f;
                try {
                    f = BunchParlett.factor(w, n);
                } catch (BunchParlett.Singular e) {
                    throw IndefiniteEig.singular(o, pages, k, e.getMessage());
                }
                CudaSvd solver = new CudaSvd();
                solver.run(dev, buffers, f.g, null, n, n, p, o.tolFor(p, n), o.maxSweepsOr(DEFAULT_MAX_SWEEPS),
                        o.fixedSweeps(), f.j);
                double[] d = new double[n];
                double[] v = o.vectors() ? new double[n * n] : null;
                if (solver.rankDeficient || !IndefiniteEig.eigenpairs(f.g, f.j, n, d, v)) {
                    throw IndefiniteEig.singular(o, pages, k, "numerically: a hyperbolic pair had no real angle");
                }
                stats.record(k, solver.sweeps, solver.rotations, solver.converged, solver.computeNanos);
                PageAssembly.eig(d, v, n, values, vectors, k);
            }
        } catch (JacobiException e) {
            throw afterFailure(e);
        }
        return new EigResult(values, vectors,
                stats.deviceReport("cuda", Methods.HYPERBOLIC, p, notes()));
    }

    /** Seed 003's one-sided hyperbolic Jacobi: the SVD sweep kernel with J's signs, pages in turn. */
    public synchronized HsvdResult hsvd(PageArray g, PageArray signs, SolverOptions o) {
        dev.makeCurrent();
        int m = g.rows(), n = g.cols(), pages = g.pages();
        Precision p = g.precision();
        boolean vec = o.vectors();
        PageArray s = PageArray.zeros(p, n, 1, pages), js = PageArray.zeros(p, n, 1, pages);
        PageArray u = vec ? PageArray.zeros(p, m, o.econ() ? n : m, pages) : null;
        PageArray v = vec ? PageArray.zeros(p, n, n, pages) : null;
        PageStats stats = new PageStats(pages);
        SvdScaling scaling = SvdScaling.hsvd(g, p == Precision.DOUBLE ? SvdScaling.GPU_DOUBLE_SPAN
                : SvdScaling.GPU_SINGLE_SPAN, o);
        try {
            for (int k = 0; k < pages; k++) {
                double[] w = g.pageAsDouble(k);
                scaling.scale(w, k);
                double[] j = signs.pageAsDouble(signs.pages() == 1 ? 0 : k);
                double[] norm0 = columnNorms(w, m, n);
                double[] ww = vec ? new double[n * n] : null;
                CudaSvd solver = new CudaSvd();
                solver.run(dev, buffers, w, ww, m, n, p, o.tolFor(p, n), o.maxSweepsOr(DEFAULT_MAX_SWEEPS),
                        o.fixedSweeps(), j);
                double[] norm = columnNorms(w, m, n);
                for (int c = 0; c < n && !solver.rankDeficient; c++) {
                    solver.rankDeficient = !(norm[c] > n * p.eps() * norm0[c]);
                }
                if (solver.rankDeficient) {
                    throw new JacobiException(ErrorKind.RANK_DEFICIENT, o.where() + " is not of full column rank"
                            + (pages > 1 ? " (page " + (k + 1) + ")" : "") + ": a column pair became numerically "
                            + "dependent; the hyperbolic SVD needs linearly independent columns");
                }
                stats.record(k, solver.sweeps, solver.rotations, solver.converged, solver.computeNanos);
                HsvdAssembly.page(w, ww, m, n, j, s, u, v, js, k);
            }
        } catch (JacobiException e) {
            throw afterFailure(e);
        }
        scaling.unscale(s);
        return new HsvdResult(u, s, v, js,
                stats.deviceReport("cuda", Methods.HYPERBOLIC, p, notes()));
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

    /** After out-of-memory the cached buffers go, so the CPU fallback and later calls start clean. */
    private JacobiException afterFailure(JacobiException e) {
        if (e.kind() == ErrorKind.OUT_OF_MEMORY) buffers.release();
        return e;
    }

    private List<String> notes() {
        return new ArrayList<String>(Collections.singletonList(dev.name));
    }
}
