package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.ComplexAssembly;
import io.github.gpujacobi.core.ComplexRotation;
import io.github.gpujacobi.core.InverseCheck;
import io.github.gpujacobi.core.PageLoop;
import io.github.gpujacobi.core.PageStats;
import io.github.gpujacobi.core.SvdScaling;

import java.util.List;
import java.util.Locale;

/**
 * {@link CpuBackend}'s complex operations: pages in parallel through the shared {@link PageLoop},
 * each page in double complex arithmetic (single input: single's tolerance, rounded on output).
 */
final class CpuComplex {
    private CpuComplex() {}

    static ComplexEigResult eig(final ComplexPageArray a, final SolverOptions o, List<String> notes) {
        final int n = a.rows(), pages = a.pages();
        final Precision prec = a.precision();
        final PageArray values = PageArray.zeros(prec, n, 1, pages);
        final ComplexPageArray vectors = o.vectors() ? ComplexPageArray.zeros(prec, n, n, pages) : null;
        final PageStats stats = new PageStats(pages);
        final double tol = o.tolFor(prec, n);
        final boolean parallel = !Methods.CYCLIC.equals(o.method());
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] w = a.pageAsDouble(k);
            ComplexAssembly.hermitianize(w, n);
            double[] v = o.vectors() ? new double[2 * n * n] : null;
            ComplexJacobiEig solver = new ComplexJacobiEig(parallel, CpuBackend.innerThreads(o, pages));
            solver.run(w, v, n, tol, o.maxSweepsOr(PageDriver.DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            stats.record(k, solver.sweeps, solver.rotations, solver.converged);
            ComplexAssembly.eig(w, v, n, values, vectors, k);
        });
        return new ComplexEigResult(values, vectors, stats.report("cpu", o.method(), prec, notes));
    }

    static ComplexSvdResult svd(final ComplexPageArray a, final SolverOptions o, List<String> notes) {
        final int m = a.rows(), n = a.cols(), pages = a.pages(), kmin = Math.min(m, n);
        final Precision prec = a.precision();
        final boolean vec = o.vectors();
        final PageArray s = PageArray.zeros(prec, kmin, 1, pages);
        final ComplexPageArray u = vec ? ComplexPageArray.zeros(prec, m, o.econ() ? kmin : m, pages) : null;
        final ComplexPageArray v = vec ? ComplexPageArray.zeros(prec, n, o.econ() ? kmin : n, pages) : null;
        final PageStats stats = new PageStats(pages);
        final boolean tall = m >= n;
        final int mm = tall ? m : n, nn = tall ? n : m; // work on A or A^H so that mm >= nn
        final double tol = o.tolFor(prec, nn);
        final ComplexPageArray work = tall ? a : conjugateTranspose(a);
        // an interleaved page is a real 2mm x nn array with the same column norms: the real path's scaling [8]
        final SvdScaling scaling = SvdScaling.of(work.asRealColumns(), SvdScaling.CPU_SPAN);
        for (int k = 0; k < pages; k++) {
            if (!scaling.fits(k)) {
                throw new JacobiException(ErrorKind.BAD_SCALING, String.format(Locale.ROOT,
                        "%s%s has column norms spanning about 1e%d; the complex SVD handles spans up to 1e%d for now "
                                + "(scale the columns closer together)", o.where(), pages > 1 ? " (page " + (k + 1) + ")" : "",
                        Math.round(scaling.spanDecades(k)), Math.round(Math.log10(SvdScaling.CPU_SPAN))));
            }
        }
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] w = work.pageAsDouble(k);
            scaling.scale(w, k);
            double[] vw = vec ? new double[2 * nn * nn] : null;
            ComplexJacobiSvd solver = new ComplexJacobiSvd(CpuBackend.innerThreads(o, pages));
            solver.run(w, vw, mm, nn, tol, o.maxSweepsOr(PageDriver.DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            stats.record(k, solver.sweeps, solver.rotations, solver.converged);
            ComplexAssembly.svd(w, vw, mm, nn, tall, s, u, v, k);
        });
        scaling.unscale(s);
        return new ComplexSvdResult(u, s, v, stats.report("cpu", o.method(), prec, notes));
    }

    static ComplexInverseResult inv(final ComplexPageArray a, final SolverOptions o, List<String> notes) {
        final int n = a.rows(), pages = a.pages();
        final Precision prec = a.precision();
        final ComplexPageArray x = ComplexPageArray.zeros(prec, n, n, pages);
        final double[] rcond = new double[pages];
        final boolean[] singular = new boolean[pages];
        final String[] used = new String[pages];
        PageLoop.forEach(pages, o.threadsOrCores(), k -> {
            double[] w = a.pageAsDouble(k);
            double norm = InverseCheck.norm1(moduli(w, n), n);
            boolean ok = false;
            used[k] = Methods.GAUSS_JORDAN;
            if (!Methods.GAUSS_JORDAN.equals(o.method())) { // auto: Cholesky first for Hermitian positive definite pages
                double[] c = w.clone();
                ok = ComplexCholeskyInverse.invert(c, n);
                if (ok) { w = c; used[k] = Methods.CHOLESKY; }
                else if (Methods.CHOLESKY.equals(o.method())) {
                    throw new JacobiException(ErrorKind.NOT_SYMMETRIC, o.where()
                            + " is not Hermitian positive definite, so Method 'cholesky' cannot invert it"
                            + (pages > 1 ? " (page " + (k + 1) + ")" : "") + "; use 'auto' or 'gaussjordan'");
                }
            }
            if (!ok) ok = ComplexGaussJordan.invert(w, n, CpuBackend.innerThreads(o, pages));
            rcond[k] = InverseCheck.finish(norm, moduli(w, n), n, ok); // the 1-norm of complex A is that of |A|
            singular[k] = rcond[k] == 0;
            if (singular[k]) java.util.Arrays.fill(w, Double.POSITIVE_INFINITY);
            x.writePage(k, w);
        });
        String method = pages > 0 ? used[0] : o.method();
        for (String u : used) if (u != null && !u.equals(method)) method = "mixed";
        RunReport r = RunReport.direct("cpu", method, prec, pages, 0, notes);
        return new ComplexInverseResult(x, rcond, singular, r);
    }

    /** |a_ij| of an interleaved n x n page (Inf or NaN where a part is). */
    private static double[] moduli(double[] w, int n) {
        double[] m = new double[n * n];
        for (int i = 0; i < n * n; i++) m[i] = ComplexRotation.abs(w[2 * i], w[2 * i + 1]);
        return m;
    }

    /** A^H page by page, in a's precision (exact: a transpose and a sign). */
    private static ComplexPageArray conjugateTranspose(ComplexPageArray a) {
        ComplexPageArray t = ComplexPageArray.zeros(a.precision(), a.cols(), a.rows(), a.pages());
        for (int k = 0; k < a.pages(); k++) t.writePage(k, ComplexAssembly.conjugateTranspose(a.pageAsDouble(k), a.rows(), a.cols()));
        return t;
    }
}
