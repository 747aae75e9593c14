package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.pointwise.CudaEig;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The blocked route for one real symmetric page with its fallbacks, shared by the real eig and the complex eig on its
 * real embedding: the blocked Jacobi on the Cholesky factor [7], else Bunch-Parlett and the blocked hyperbolic
 * Jacobi [4, 10], else the fused MCA kernel.
 */
public final class BlockedEigPage {
    private BlockedEigPage() {}

    /**
     * One symmetric page w (n x n, destroyed) by CudaBackend's blocked eig route: the blocked Jacobi on its Cholesky
     * factor, else Bunch-Parlett and the blocked hyperbolic Jacobi (counted in indefinite), else the fused MCA
     * kernel (counted in fallback). Eigenvalues unsorted in the outcome, vectors into v (null: not wanted).
     */
    public static PageOutcome solve(GpuContext gpu, double[] w, int n, double[] v, double tol, SolverOptions o,
                             AtomicInteger indefinite, AtomicInteger fallback) {
        // into the fused path's range first (entries beyond 2^1000 overflow the pair Gram matrices, whose
        // entries reach n max|a|); pages in range are left alone, so this changes nothing for them
        final int e = PageAssembly.scaleIntoRange(w);
        CudaBlockedSvd solver = new CudaBlockedSvd();
        double[] d = solver.eig(gpu, w, n, v, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
        if (d != null) {
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, scaledBack(d, e));
        }
        long tried = solver.computeNanos; // the failed Cholesky (and below, a failed Bunch-Parlett) count too
        if (!IndefiniteEig.diagonal(w, n)) {
            CudaIndefiniteEig hyp = new CudaIndefiniteEig();
            d = hyp.run(gpu, w, n, v, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            if (d != null) {
                indefinite.incrementAndGet();
                return new PageOutcome(hyp.sweeps, hyp.rotations, hyp.converged, tried + hyp.computeNanos, scaledBack(d, e));
            }
            tried += hyp.computeNanos;
        }
        fallback.incrementAndGet();
        CudaEig two = new CudaEig();
        two.polish = true;
        d = two.run(gpu, w, v, n, Precision.DOUBLE, CudaEig.FUSED_MCA, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
        return new PageOutcome(two.sweeps, two.rotations, two.converged, tried + two.computeNanos, scaledBack(d, e));
    }

    /** Eigenvalues of a page that {@link PageAssembly#scaleIntoRange} scaled by 2^-e, scaled back in place. */
    public static double[] scaledBack(double[] d, int e) {
        if (e != 0) for (int i = 0; i < d.length; i++) d[i] = Math.scalb(d[i], e);
        return d;
    }
}
