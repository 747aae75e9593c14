package io.github.gpujacobi.cuda.complex;

import io.github.gpujacobi.cuda.batched.CudaBatchedEig;
import io.github.gpujacobi.cuda.batched.CudaBatchedSvd;
import io.github.gpujacobi.cuda.batched.GradedEigPages;
import io.github.gpujacobi.cuda.batched.PagePlan;
import io.github.gpujacobi.cuda.blocked.BlockedEigPage;
import io.github.gpujacobi.cuda.blocked.CudaBlockedSvd;
import io.github.gpujacobi.cuda.blocked.CudaIndefiniteEig;
import io.github.gpujacobi.cuda.inverse.CudaCholesky;
import io.github.gpujacobi.cuda.inverse.CudaGaussJordan;
import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Scalar;
import io.github.gpujacobi.cuda.pointwise.CudaEig;
import io.github.gpujacobi.cuda.pointwise.CudaSvd;
import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.core.AccuracyContract;
import io.github.gpujacobi.core.ComplexEmbedding;
import io.github.gpujacobi.core.ComplexPageDriver;
import io.github.gpujacobi.core.ComplexSvdFactors;
import io.github.gpujacobi.core.Grading;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.NewtonSchulz;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageLoop;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.PageStats;
import io.github.gpujacobi.core.SvdScaling;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code CudaBackend}'s complex operations: core's {@link ComplexPageDriver} (pages in turn) with the
 * complex builds of the single-matrix kernels. Hermitian eig: the two-phase sweeps of eig_jacobi.cu
 * (MCA for 'auto'/'parallel'; ta, ma, sa, mca by name) with the unitary rotation of
 * core/ComplexRotation [19]; SVD: svd_jacobi.cu's one-sided sweeps, complex; inverse: the blocked
 * Gauss-Jordan and Cholesky paths with cuSOLVER/cuBLAS's C/Z routines. As on the CPU, the Jacobi
 * solvers compute single input in double complex with single's tolerance (the pointwise single
 * kernels lose orthogonality at large n, as in the real case). The real routes on the embedding compute in double
 * with double's tolerance for both precisions (unless Tol is given): their vectors pair up by Gram-Schmidt, and with
 * single's tolerance single pages came out over n eps from unitary. The default eig from
 * {@code Tuning.complexEmbedFrom} solves positive definite input by the complex blocked one-sided Jacobi on its
 * Cholesky factor ({@link CudaBlockedSvd} on complex elements, a quarter of the embedding's flops), indefinite input
 * by complex Bunch-Parlett and the complex blocked hyperbolic sweeps, both relatively accurate for graded input
 * [4, 6, 10]; a singular page by the real symmetric embedding of order 2n ({@link ComplexEmbedding}) through the real
 * blocked route ({@link BlockedEigPage}). The default svd from {@code Tuning.complexBlockedFrom} runs the
 * complex blocked one-sided Jacobi.
 * Several pages up to 128 x 128 (eig; svd: min(m, n) <= 128) go through the real batched page kernels on their
 * embeddings ({@link #batchedPages}, {@link #batchedSvdPages}).
 */
public final class CudaComplex {
    /** The method name the complex default runs (the fused MCA kernel has no complex build). */
    static final String DEFAULT_EIG = "mca";
    private CudaComplex() {}

    public static ComplexEigResult eig(final GpuContext gpu, ComplexPageArray a, final SolverOptions o,
                                PageDriver driver) {
        final int n = a.rows();
        final AtomicInteger embedded = new AtomicInteger(), indefinite = new AtomicInteger(), fallback = new AtomicInteger();
        // 'auto' keeps its promise of relative accuracy: graded indefinite pages go on to the real blocked route on the
        // embedding (Bunch-Parlett and blocked hyperbolic Jacobi), whatever their order
        final GradedEigPages graded = Methods.AUTO.equals(o.method()) && o.fixedSweeps() <= 0 ? new GradedEigPages(
                (w, nn, v) -> {
                    PageOutcome m = embeddedPage(gpu, w, nn, v, o, indefinite, fallback, 0);
                    return m != null && m.values != null ? m : null;
                }, 2) : null;
        if (Methods.AUTO.equals(o.method()) && a.pages() > 1 && n >= 1 && 2 * n <= PagePlan.MAX_N
                && o.fixedSweeps() <= 0) {
            ComplexEigResult r = batchedPages(gpu, a, o, driver, graded);
            return r.withReport(graded.report(r.report(), a.pages()));
        }
        final double tol = o.tolFor(a.precision(), n);
        final String method = Methods.AUTO.equals(o.method()) || Methods.PARALLEL.equals(o.method()) ? DEFAULT_EIG : o.method();
        final Scalar s = Scalar.Z;
        final boolean embed = Methods.AUTO.equals(o.method()) && n >= gpu.tuning.complexEmbedFrom;
        final AtomicInteger definite = new AtomicInteger(), hyperbolic = new AtomicInteger();
        ComplexEigResult r = new ComplexPageDriver(driver).eig(a, o, embed ? Methods.BLOCKED : method, (k, w, v) -> {
            long tried = 0;
            if (embed && n >= gpu.tuning.complexBlockedFrom) { // positive definite: the complex blocked route, else on
                // the input precision's tolerance, as the real blocked route: the sweeps compute in double and the
                // vectors' Newton-Schulz steps (two from single's tolerance) make them unitary to double's rounding
                final double btol = AccuracyContract.oneSidedTol(o, a.precision(), n);
                CudaBlockedSvd chol = new CudaBlockedSvd(BlockedScalar.COMPLEX);
                PageOutcome d = blockedDefinite(chol, gpu, w, n, v, btol, o);
                if (d != null) {
                    definite.incrementAndGet();
                    return d;
                }
                tried = chol.computeNanos; // a failed Cholesky's (and below Bunch-Parlett's) time counts towards the route taken
                if (!IndefiniteEig.diagonal(w, n, 2)) {
                    CudaIndefiniteEig h = new CudaIndefiniteEig(BlockedScalar.COMPLEX);
                    double[] hd = h.run(gpu, w, n, v, btol, PageDriver.maxSweeps(o), o.fixedSweeps());
                    if (hd != null) { // else singular: the embedding's route below decides
                        hyperbolic.incrementAndGet();
                        return new PageOutcome(h.sweeps, h.rotations, h.converged, tried + h.computeNanos, hd);
                    }
                    tried += h.computeNanos;
                }
            }
            if (embed) {
                PageOutcome m = embeddedPage(gpu, w, n, v, o, indefinite, fallback, tried);
                if (m != null && m.values != null) {
                    embedded.incrementAndGet();
                    return m;
                }
                if (m != null) tried = m.computeNanos; // the vectors did not pair up: the attempt's time counts
            }
            double[] keep = graded != null && !embed ? graded.keepIfGraded(w, n) : null;
            CudaEig solver = new CudaEig();
            solver.polish = Methods.AUTO.equals(o.method()) || Methods.PARALLEL.equals(o.method()); // the default's kernel
            double[] d = solver.run(gpu, w, v, n, s, method, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            PageOutcome two = new PageOutcome(solver.sweeps, solver.rotations, solver.converged, tried + solver.computeNanos, d);
            return keep != null ? graded.resolve(keep, n, v, two) : two;
        });
        if (graded != null && !embed) r = r.withReport(graded.report(r.report(), a.pages()));
        int pages = a.pages(), e = embedded.get(), c = definite.get() + hyperbolic.get();
        if (!embed) return r;
        if (e + c == 0) return r.withReport(r.report().withMethod(method)); // the embedding did not fit: two-sided ran
        String note = c == 0 ? "" : (pages > 1 ? c + " of " + pages + " pages" : "the matrix")
                + " through the complex blocked one-sided Jacobi"
                + (hyperbolic.get() == 0 ? " on the Cholesky factor" : definite.get() == 0
                ? " (indefinite: complex Bunch-Parlett and blocked hyperbolic Jacobi)"
                : " (on the Cholesky factor, or for indefinite pages complex Bunch-Parlett and hyperbolic Jacobi)");
        if (e > 0) note += (note.isEmpty() ? "" : "; ") + (pages > 1 ? e + " of " + pages + " pages" : "the matrix")
                + " through the real blocked route on the real symmetric embedding of order 2n"
                + (indefinite.get() > 0 ? " (indefinite: Bunch-Parlett and blocked hyperbolic Jacobi)" : "");
        return r.withReport(r.report().withMethod(e + c == pages ? Methods.BLOCKED : "mixed").withNote(note));
    }

    /**
     * One Hermitian page w (interleaved n x n, left as it was) by the real blocked route on its real symmetric
     * embedding of order 2n ({@link ComplexEmbedding}; {@link BlockedEigPage}), relatively accurate
     * for graded input of either sign; eigenvectors into v. Null when the embedding does not fit the heap; an outcome
     * without values (the attempt's time in computeNanos, {@code tried} included) when its vectors do not pair up.
     */
    static PageOutcome embeddedPage(GpuContext gpu, double[] w, int n, double[] v, SolverOptions o,
                                    AtomicInteger indefinite, AtomicInteger fallback, long tried) {
        long t0 = System.nanoTime();
        double[][] mv = ComplexEmbedding.allocate(w, n, v != null);
        if (mv == null) return null;
        int n2 = 2 * n;
        double[] mw = mv[0], vm = mv[1], d = new double[n];
        long host = System.nanoTime() - t0;
        PageOutcome m = BlockedEigPage.solve(gpu, mw, n2, vm, AccuracyContract.oneSidedTol(o, Precision.DOUBLE, n2), o, indefinite, fallback);
        long t1 = System.nanoTime();
        boolean paired = ComplexEmbedding.eigenpairs(m.values, vm, n, d, v);
        host += System.nanoTime() - t1; // the host's share counts as compute time: bench reports it
        return new PageOutcome(m.sweeps, m.rotations, m.converged, tried + m.computeNanos + host, paired ? d : null);
    }

    /**
     * A Hermitian page w (interleaved n x n, left as it was) that is positive definite: A = R^H R (zpotrf) and the
     * complex blocked one-sided Jacobi on X = R^H, relatively accurate for graded A = D H D as in the real case [6, 7];
     * eigenvalues (unsorted) in the outcome, vectors into v, by the given complex solver. Null when the factorisation
     * fails (not positive definite); the solver's computeNanos is then the failed attempt's time.
     */
    private static PageOutcome blockedDefinite(CudaBlockedSvd solver, GpuContext gpu, double[] w, int n,
                                               double[] v, double tol, SolverOptions o) {
        double[] x = w.clone(); // scaled into the Gram matrices' range as the real route does; w stays for the others
        int e = PageAssembly.scaleIntoRange(x);
        double[] d = solver.eig(gpu, x, n, v, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
        if (d == null) return null;
        if (e != 0) for (int i = 0; i < n; i++) d[i] = Math.scalb(d[i], e);
        return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, d);
    }

    /**
     * Hermitian pages of order n <= 128 (method 'auto', several pages): every page's real symmetric embedding of
     * order 2n ({@link ComplexEmbedding}) solved at once by the real batched page kernels (CudaBatchedEig: the
     * register, shared-memory or block-Jacobi kernels by 2n), then each page's eigenpairs taken back on the host;
     * a page whose vectors do not pair up (its sweeps cut short) is solved by the two-sided complex kernel instead,
     * which page by page takes several times longer.
     */
    private static ComplexEigResult batchedPages(GpuContext gpu, ComplexPageArray a, SolverOptions o,
                                                 PageDriver driver, final GradedEigPages graded) {
        final int n = a.rows(), n2 = 2 * n, pages = a.pages();
        final double tol2 = o.tolFor(Precision.DOUBLE, n2), tol = o.tolFor(a.precision(), n);
        final Scalar s = Scalar.Z;
        final AtomicInteger unpaired = new AtomicInteger();
        ComplexEigResult r = new ComplexPageDriver(driver).eigBatched(a, o, "batched", (w, v, stats) -> {
            double[][] d = new double[pages][];
            int chunk = (int) Math.max(1, Math.min(pages, CudaBatchedEig.MAX_BYTES_PER_LAUNCH / (8L * n2 * n2)));
            for (int first = 0; first < pages; first += chunk) {
                final int count = Math.min(chunk, pages - first);
                long t0 = System.nanoTime();
                double[] all = ComplexEmbedding.general(w, first, count, n, n);
                PageArray values = PageArray.zeros(Precision.DOUBLE, n2, 1, count);
                PageArray vectors = v != null ? PageArray.zeros(Precision.DOUBLE, n2, n2, count) : null;
                int[] sweeps = new int[count];
                long[] rotations = new long[count];
                boolean[] converged = new boolean[count];
                long host = System.nanoTime() - t0;
                CudaBatchedEig solver = new CudaBatchedEig();
                solver.run(gpu, PageArray.wrap(all, n2, n2, count), null, tol2, PageDriver.maxSweeps(o), 0, values, vectors,
                        sweeps, rotations, converged);
                long t1 = System.nanoTime();
                for (int j = 0; j < count; j++) {
                    int k = first + j;
                    d[k] = new double[n];
                    if (ComplexEmbedding.eigenpairs(values.pageAsDouble(j), vectors != null ? vectors.pageAsDouble(j) : null, n,
                            d[k], v != null ? v[k] : null)) {
                        double[] keep = Grading.indefiniteAndSpread(d[k]) ? graded.keepIfGraded(w[k], n) : null;
                        PageOutcome fast = new PageOutcome(sweeps[j], rotations[j], converged[j], 0, d[k]);
                        PageOutcome kept = keep != null ? graded.resolve(keep, n, v != null ? v[k] : null, fast) : fast;
                        d[k] = kept.values;
                        stats.record(k, kept);
                        continue;
                    }
                    unpaired.incrementAndGet();
                    CudaEig e = new CudaEig();
                    e.polish = true;
                    double[] dk = e.run(gpu, w[k], v != null ? v[k] : null, n, s, DEFAULT_EIG, tol, PageDriver.maxSweeps(o), 0);
                    for (int i = 0; i < n; i++) d[k][i] = dk != null ? dk[i] : w[k][2 * (i + i * n)];
                    stats.record(k, e.sweeps, e.rotations, e.converged, e.computeNanos);
                }
                // the host's embedding and pairing count as compute time, as on the single-matrix route
                stats.addComputeNanos(solver.computeNanos + host + System.nanoTime() - t1);
            }
            if (v != null) { // vectors paired up by Gram-Schmidt: polished to the contract's n eps [21], page by page
                final double target = AccuracyContract.orthogonality(a.precision(), n);
                long t2 = System.nanoTime();
                PageLoop.forEach(pages, Runtime.getRuntime().availableProcessors(), k -> {
                    if (NewtonSchulz.polish(v[k], n, n, null, true, target, 1) > target) stats.converged[k] = false;
                });
                stats.addComputeNanos(System.nanoTime() - t2);
            }
            return d;
        });
        int u = unpaired.get();
        return r.withReport(r.report().withNote((u == 0 ? "every page" : (pages - u) + " of " + pages + " pages")
                + " through the real batched page kernels on the real symmetric embedding of order 2n"
                + (u == 0 ? "" : "; the others' vectors did not pair up: two-sided complex Jacobi")));
    }

    public static ComplexSvdResult svd(final GpuContext gpu, ComplexPageArray a, final SolverOptions o,
                                PageDriver driver) {
        final Precision p = a.precision();
        final int kmin = Math.min(a.rows(), a.cols());
        final Scalar s = Scalar.Z;
        final double span = s.isDouble() ? SvdScaling.GPU_DOUBLE_SPAN : SvdScaling.GPU_SINGLE_SPAN;
        if (Methods.AUTO.equals(o.method()) && a.pages() > 1 && o.fixedSweeps() <= 0
                && CudaBatchedSvd.fits(2 * Math.max(a.rows(), a.cols()), 2 * kmin)) {
            return batchedSvdPages(gpu, a, o, driver, span);
        }
        // the kernels' class (double complex for single input too): U = A V / sigma is unitary only to the tolerance
        final double tol = AccuracyContract.oneSidedTol(o, s.isDouble() ? Precision.DOUBLE : p, kmin);
        final double target = AccuracyContract.orthogonality(p, Math.max(a.rows(), a.cols()));
        final boolean auto = Methods.AUTO.equals(o.method()) && o.fixedSweeps() <= 0;
        final boolean blocked = auto && kmin >= gpu.tuning.complexBlockedFrom;
        ComplexSvdResult r = new ComplexPageDriver(driver).svd(a, o, blocked ? Methods.BLOCKED : Methods.ONE_SIDED, span, (k, w, vw, mm, nn) -> {
            if (blocked) return blockedSvd(gpu, w, vw, mm, nn, tol, PageDriver.maxSweeps(o));
            CudaSvd solver = new CudaSvd();
            solver.run(gpu, w, vw, mm, nn, s, tol, PageDriver.maxSweeps(o), o.fixedSweeps(), null);
            if (vw == null || !auto) return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, null);
            double[] sigma = new double[nn]; // the default's U and V to the contract's n eps, as on the CPU
            boolean polished = ComplexSvdFactors.unitAndPolished(w, vw, mm, nn, sigma, target, Runtime.getRuntime().availableProcessors());
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged && polished, solver.computeNanos, sigma);
        });
        if (blocked) return r.withReport(r.report().withNote("the complex blocked one-sided Jacobi (ZGEMM updates)"));
        return r;
    }

    /**
     * Pages with min(m, n) <= 128 (method 'auto', several pages): every page's embedding M = [[X, -Y], [Y, X]]
     * (2mm x 2nn) at once through the real batched svd page kernels (CudaBatchedSvd), then each page's singular
     * triplets taken back on the host ({@link ComplexEmbedding#singularTriplets}); a page whose vectors do not pair
     * up goes to the complex one-sided kernel.
     */
    private static ComplexSvdResult batchedSvdPages(GpuContext gpu, ComplexPageArray a, SolverOptions o,
                                                    PageDriver driver, double span) {
        final Precision p = a.precision();
        final Scalar s = Scalar.Z;
        final AtomicInteger unpaired = new AtomicInteger();
        final int pages = a.pages();
        ComplexSvdResult r = new ComplexPageDriver(driver).svdBatched(a, o, "batched", span, (w, vw, mm, nn, stats) -> {
            final int m2 = 2 * mm, n2 = 2 * nn;
            final double tol2 = AccuracyContract.oneSidedTol(o, Precision.DOUBLE, n2), tol = AccuracyContract.oneSidedTol(o, p, nn);
            int chunk = (int) Math.max(1, Math.min(pages, CudaBatchedEig.MAX_BYTES_PER_LAUNCH / (8L * (m2 * n2 + n2 * n2))));
            for (int first = 0; first < pages; first += chunk) {
                final int count = Math.min(chunk, pages - first);
                long t0 = System.nanoTime();
                double[] all = ComplexEmbedding.general(w, first, count, mm, nn);
                PageArray sv = PageArray.zeros(Precision.DOUBLE, n2, 1, count);
                PageArray uv = vw != null ? PageArray.zeros(Precision.DOUBLE, m2, n2, count) : null;
                PageArray vv = vw != null ? PageArray.zeros(Precision.DOUBLE, n2, n2, count) : null;
                PageStats inner = new PageStats(count);
                long host = System.nanoTime() - t0;
                new CudaBatchedSvd().run(gpu, PageArray.wrap(all, m2, n2, count), tol2, PageDriver.maxSweeps(o), 0,
                        sv, uv, vv, inner);
                long t1 = System.nanoTime();
                for (int j = 0; j < count; j++) {
                    int k = first + j;
                    double[] y = new double[w[k].length];
                    if (ComplexEmbedding.singularTriplets(sv.pageAsDouble(j), uv != null ? uv.pageAsDouble(j) : null,
                            vv != null ? vv.pageAsDouble(j) : null, mm, nn, y, vw != null ? vw[k] : null)) {
                        System.arraycopy(y, 0, w[k], 0, y.length);
                        stats.record(k, inner.sweeps[j], inner.rotations[j], inner.converged[j]);
                        continue;
                    }
                    unpaired.incrementAndGet();
                    CudaSvd e = new CudaSvd();
                    e.run(gpu, w[k], vw != null ? vw[k] : null, mm, nn, s, tol, PageDriver.maxSweeps(o), 0, null);
                    stats.record(k, e.sweeps, e.rotations, e.converged, e.computeNanos);
                }
                stats.addComputeNanos(inner.computeNanos() + host + System.nanoTime() - t1);
            }
            if (vw == null) return null;
            // U = A V / sigma and the paired-up V polished to the contract's n eps [21], page by page
            final double target = AccuracyContract.orthogonality(p, mm);
            final double[][] sigma = new double[pages][nn];
            long t2 = System.nanoTime();
            PageLoop.forEach(pages, Runtime.getRuntime().availableProcessors(), k -> {
                if (!ComplexSvdFactors.unitAndPolished(w[k], vw[k], mm, nn, sigma[k], target, 1)) stats.converged[k] = false;
            });
            stats.addComputeNanos(System.nanoTime() - t2);
            return sigma;
        });
        int u = unpaired.get();
        return r.withReport(r.report().withNote((u == 0 ? "every page" : (pages - u) + " of " + pages + " pages")
                + " through the real batched svd page kernels on the real embedding [[X, -Y], [Y, X]]"
                + (u == 0 ? "" : "; the others' vectors did not pair up: complex one-sided Jacobi")));
    }

    /**
     * One page (w: mm x nn interleaved, mm >= nn; the driver's contract: A V over w, V into vw) through the complex
     * blocked one-sided Jacobi, QR-preconditioned as the real route.
     */
    private static PageOutcome blockedSvd(GpuContext gpu, double[] w, double[] vw, int mm, int nn,
                                          double tol, int maxSweeps) {
        CudaBlockedSvd solver = new CudaBlockedSvd(BlockedScalar.COMPLEX);
        solver.svd(gpu, w, mm, nn, vw, tol, maxSweeps, 0); // with vw: U (unit columns) over w, V into vw
        long t0 = System.nanoTime();
        double[] sigma = solver.sigma;
        if (vw != null) { // A V = U Sigma
            for (int c = 0; c < nn; c++)
                for (int i = 2 * c * mm, end = i + 2 * mm; i < end; i++) w[i] *= sigma[c];
        } else { // values only: a work array whose column norms are Sigma
            java.util.Arrays.fill(w, 0);
            for (int c = 0; c < nn; c++) w[2 * (c + c * mm)] = sigma[c];
        }
        long host = System.nanoTime() - t0;
        return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos + host, null);
    }

    public static ComplexInverseResult inv(final GpuContext gpu, ComplexPageArray a, SolverOptions o,
                                    PageDriver driver) {
        final Scalar s = Scalar.of(a.precision(), true);
        return new ComplexPageDriver(driver).inv(a, o, new ComplexPageDriver.Inverter() {
            public PageOutcome cholesky(double[] w, int n) { return CudaCholesky.invert(gpu, w, n, s); }

            public PageOutcome gaussJordan(double[] w, int n) { return CudaGaussJordan.invert(gpu, w, n, s); }
        });
    }
}
