package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.ComplexPageDriver;
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

    static ComplexEigResult eig(final ComplexPageArray a, final SolverOptions o, PageDriver driver) {
        final int n = a.rows(), pages = a.pages();
        final double tol = o.tolFor(a.precision(), n);
        final boolean parallel = !Methods.CYCLIC.equals(o.method());
        // 'auto' (the CPU's default eig method, which picks among the real solvers) runs parallel here:
        // the report names what ran
        String ran = Methods.AUTO.equals(o.method()) ? Methods.PARALLEL : o.method();
        return new ComplexPageDriver(driver).eig(a, o, ran, (k, w, v) -> {
            int e = PageAssembly.scaleIntoRange(w);
            ComplexJacobiEig solver = new ComplexJacobiEig(parallel, CpuBackend.innerThreads(o, pages));
            solver.run(w, v, n, tol, o.maxSweepsOr(PageDriver.DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            if (e != 0) for (int i = 0; i < n; i++) w[2 * (i + i * n)] = Math.scalb(w[2 * (i + i * n)], e);
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, 0, null);
        });
    }

    static ComplexSvdResult svd(final ComplexPageArray a, final SolverOptions o, PageDriver driver) {
        final int pages = a.pages();
        final double tol = o.tolFor(a.precision(), Math.min(a.rows(), a.cols()));
        return new ComplexPageDriver(driver).svd(a, o, o.method(), SvdScaling.CPU_SPAN, (k, w, vw, mm, nn) -> {
            ComplexJacobiSvd solver = new ComplexJacobiSvd(CpuBackend.innerThreads(o, pages));
            solver.run(w, vw, mm, nn, tol, o.maxSweepsOr(PageDriver.DEFAULT_MAX_SWEEPS), o.fixedSweeps());
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, 0, null);
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
