package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.AccuracyContract;
import io.github.gpujacobi.core.ComplexAssembly;
import io.github.gpujacobi.core.ComplexPageDriver;
import io.github.gpujacobi.core.ComplexSvdFactors;
import io.github.gpujacobi.core.NewtonSchulz;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.SvdScaling;

/**
 * {@link CpuBackend}'s complex operations: the shared {@link ComplexPageDriver} (pages in parallel)
 * with the CPU's per-page solvers, each page in double complex arithmetic (single input: single's
 * tolerance, rounded on output).
 */
final class CpuComplex {
    private CpuComplex() {}

    /**
     * 'auto' (the default): {@link ComplexCholeskyEig} for a Hermitian positive definite page (pivoted Cholesky, then
     * one-sided Jacobi on the factor), {@link ComplexIndefiniteEig} for an indefinite one (the real route on its real
     * symmetric embedding), two-sided parallel Jacobi for singular and diagonal pages; the report names the path
     * ("mixed" when pages differed). Named methods run two-sided Jacobi in their ordering.
     */
    static ComplexEigResult eig(final ComplexPageArray a, final SolverOptions o, PageDriver driver) {
        final int n = a.rows(), pages = a.pages();
        final double tol = o.tolFor(a.precision(), n), oneSidedTol = AccuracyContract.oneSidedTol(o, a.precision(), n);
        final double target = AccuracyContract.orthogonality(a.precision(), n);
        final boolean auto = Methods.AUTO.equals(o.method());
        final boolean parallel = !Methods.CYCLIC.equals(o.method());
        final String[] used = new String[pages];
        ComplexEigResult r = new ComplexPageDriver(driver).eig(a, o, auto ? Methods.PARALLEL : o.method(), (k, w, v) -> {
            int inner = CpuBackend.innerThreads(o, pages);
            if (auto && n > 1) {
                double[] d = new double[n];
                ComplexCholeskyEig pd = new ComplexCholeskyEig(inner);
                if (pd.run(w, n, d, v, oneSidedTol, o.maxSweepsOr(PageDriver.DEFAULT_MAX_SWEEPS), o.fixedSweeps())) {
                    used[k] = ONE_SIDED_ON_CHOLESKY;
                    return new PageOutcome(pd.sweeps, pd.rotations, pd.converged && polished(v, n, target, inner), 0, d);
                }
                System.arraycopy(a.pageAsDouble(k), 0, w, 0, w.length); // the attempt destroyed the page
                ComplexAssembly.hermitianize(w, n);
                ComplexIndefiniteEig indefinite = new ComplexIndefiniteEig();
                if (indefinite.run(w, n, d, v, a.precision().eps(), oneSidedTol, o, inner)) {
                    used[k] = Methods.HYPERBOLIC;
                    return new PageOutcome(indefinite.sweeps, indefinite.rotations,
                            indefinite.converged && polished(v, n, target, inner), 0, d);
                }
            }
            used[k] = auto ? Methods.PARALLEL : o.method();
            int e = PageAssembly.scaleIntoRange(w);
            ComplexJacobiEig solver = new ComplexJacobiEig(parallel, inner);
            solver.run(w, v, n, tol, o.maxSweepsOr(PageDriver.DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            if (e != 0) for (int i = 0; i < n; i++) w[2 * (i + i * n)] = Math.scalb(w[2 * (i + i * n)], e);
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged && polished(v, n, target, inner), 0, null);
        });
        if (!auto || n == 0) return r; // an empty page calls no solver
        return r.withReport(r.report().withMethod(AutoEig.label(Methods.PARALLEL, used)));
    }

    /**
     * The interleaved n x n eigenvectors v (null: none wanted) polished to the contract's orthogonality
     * ({@link NewtonSchulz}); false when they could not be brought within it.
     */
    private static boolean polished(double[] v, int n, double target, int threads) {
        return v == null || NewtonSchulz.polish(v, n, n, null, true, target, threads) <= target;
    }

    /** The report's method for a page solved by {@link ComplexCholeskyEig}. */
    static final String ONE_SIDED_ON_CHOLESKY = "cholesky+onesided";

    static ComplexSvdResult svd(final ComplexPageArray a, final SolverOptions o, PageDriver driver) {
        final int pages = a.pages();
        final double tol = AccuracyContract.oneSidedTol(o, a.precision(), Math.min(a.rows(), a.cols()));
        final double target = AccuracyContract.orthogonality(a.precision(), Math.max(a.rows(), a.cols()));
        return new ComplexPageDriver(driver).svd(a, o, o.method(), SvdScaling.CPU_SPAN, (k, w, vw, mm, nn) -> {
            int inner = CpuBackend.innerThreads(o, pages);
            ComplexJacobiSvd solver = new ComplexJacobiSvd(inner);
            solver.run(w, vw, mm, nn, tol, o.maxSweepsOr(PageDriver.DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            if (vw == null) return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, 0, null);
            double[] sigma = new double[nn];
            boolean polished = ComplexSvdFactors.unitAndPolished(w, vw, mm, nn, sigma, target, inner);
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged && polished, 0, sigma);
        });
    }

    static ComplexInverseResult inv(final ComplexPageArray a, final SolverOptions o, PageDriver driver) {
        final int inner = CpuBackend.innerThreads(o, a.pages());
        return new ComplexPageDriver(driver).inv(a, o, new ComplexPageDriver.Inverter() {
            public PageOutcome cholesky(double[] w, int n) { return PageOutcome.direct(ComplexCholeskyInverse.invert(w, n), 0); }

            public PageOutcome gaussJordan(double[] w, int n) { return PageOutcome.direct(ComplexGaussJordan.invert(w, n, inner), 0); }
        });
    }
}
