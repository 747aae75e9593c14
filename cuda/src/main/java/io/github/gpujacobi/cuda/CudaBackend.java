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
import io.github.gpujacobi.core.BunchParlett;
import io.github.gpujacobi.core.HsvdAssembly;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.InverseCheck;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageStats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The CUDA backend: seed 000's two-sided Jacobi (TA/MA/SA/MCA), seed 002's classical Jacobi, seed
 * 001's one-sided SVD (one cooperative kernel launch per sweep each), seed 004's Gauss-Jordan
 * inversion and its Cholesky path for SPD matrices. Pages run one after the
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
                    || Methods.CLASSICAL.equals(method) || Methods.HYPERBOLIC.equals(method) || Methods.AUTO.equals(method);
            case SVD: return Methods.ONE_SIDED.equals(method) || Methods.AUTO.equals(method);
            case INV: return Methods.GAUSS_JORDAN.equals(method) || Methods.CHOLESKY.equals(method)
                    || Methods.AUTO.equals(method);
            case HSVD: return Methods.HYPERBOLIC.equals(method) || Methods.AUTO.equals(method);
            default: return false;
        }
    }

    public String defaultMethod(Operation op) {
        switch (op) {
            case EIG: return Methods.PARALLEL; // the batched kernel where pages fit a block, else fused MCA
            case SVD: return Methods.ONE_SIDED;
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
            // inv still loops over pages on the GPU: 100 pages of 256x256 0.24 vs 0.13 s on the CPU.
            if (op == Operation.EIG || op == Operation.SVD) return 8;
            return op == Operation.INV ? 512 : 128;
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
        if (!BATCHED_OFF && (pages > 1 || nn <= 64) && CudaBatchedSvd.fits(dev, m, n, p, vec)) {
            try {
                new CudaBatchedSvd().run(dev, buffers, a, o.tolFor(p, nn), o.maxSweepsOr(DEFAULT_MAX_SWEEPS),
                        o.fixedSweeps(), s, u, v, stats);
            } catch (JacobiException e) {
                throw afterFailure(e);
            }
            return new SvdResult(u, s, v, stats.deviceReport("cuda", "batched", p, notes()));
        }
        try {
            for (int k = 0; k < pages; k++) {
                double[] page = a.pageAsDouble(k);
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
        return new SvdResult(u, s, v, stats.deviceReport("cuda", Methods.ONE_SIDED, p, notes()));
    }

    /**
     * Like the CPU backend: 'cholesky' (and 'auto' for exactly symmetric input) tries the SPD path
     * first; 'auto' falls back to Gauss-Jordan when the Cholesky factorisation fails.
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
            for (int k = 0; k < pages; k++) {
                double[] w = a.pageAsDouble(k);
                double norm = InverseCheck.norm1(w, n);
                boolean ok = false;
                used[k] = Methods.GAUSS_JORDAN;
                if (!Methods.GAUSS_JORDAN.equals(o.method()) && exactlySymmetric(w, n)) {
                    double[] c = w.clone();
                    ok = CudaCholesky.invert(dev, buffers, c, n, p);
                    if (ok) {
                        w = c;
                        used[k] = Methods.CHOLESKY;
                        compute += CudaCholesky.lastComputeNanos;
                    }
                }
                if (!ok && Methods.CHOLESKY.equals(o.method())) {
                    throw new JacobiException(ErrorKind.NOT_SYMMETRIC, o.where()
                            + " is not symmetric positive definite, so Method 'cholesky' cannot invert it"
                            + (pages > 1 ? " (page " + (k + 1) + ")" : "") + "; use 'auto' or 'gaussjordan'");
                }
                if (!ok) {
                    ok = CudaGaussJordan.invert(dev, buffers, w, n, p);
                    compute += CudaGaussJordan.lastComputeNanos;
                }
                rcond[k] = InverseCheck.finish(norm, w, n, ok);
                singular[k] = rcond[k] == 0;
                x.writePage(k, w);
            }
        } catch (JacobiException e) {
            throw afterFailure(e);
        }
        String method = pages > 0 ? used[0] : o.method();
        for (String u : used) if (u != null && !u.equals(method)) method = "mixed";
        return new InverseResult(x, rcond, singular,
                RunReport.direct("cuda", method, p, pages, 0, notes()).withComputeNanos(compute));
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
        try {
            for (int k = 0; k < pages; k++) {
                double[] w = g.pageAsDouble(k);
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
