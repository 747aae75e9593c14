package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.SymmetricIntake;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.pointwise.CudaEig;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;
import jcuda.driver.JCudaDriver;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The blocked route for one real symmetric page with its fallbacks, shared by the real eig (from the host's copy of a
 * page, or from the device after {@link SymmetricIntake}: {@link BlockedEigOnDevice}) and the complex eig on its real
 * embedding: the blocked Jacobi on the Cholesky factor [7], else Bunch-Parlett and the blocked hyperbolic Jacobi
 * [4, 10], else the fused MCA kernel. The page waits in its workspace on the device; each attempt works on a copy,
 * scaled there.
 */
public final class BlockedEigPage {
    private BlockedEigPage() {}

    /** What the route reads of a page before it starts. */
    static final class Facts {
        /** max |a_ij|. */
        final double max;
        /** A diagonal entry not positive: not positive definite, no Cholesky attempt. */
        final boolean nonPositiveDiagonal;
        /** No off-diagonal entry: two-sided Jacobi returns the diagonal exactly. */
        final boolean diagonal;

        Facts(double max, boolean nonPositiveDiagonal, boolean diagonal) {
            this.max = max;
            this.nonPositiveDiagonal = nonPositiveDiagonal;
            this.diagonal = diagonal;
        }
    }

    /** The route's result: the outcome (eigenvalues unsorted) and where the eigenvectors are. */
    static final class Solved {
        final PageOutcome outcome;
        /** The eigenvectors on the device (n x n), or null when they are in {@link #hostVectors} or not wanted. */
        final DevicePointer vectors;
        /** The eigenvectors of the two-sided fallback, on the host (null otherwise). */
        final double[] hostVectors;

        Solved(PageOutcome outcome, DevicePointer vectors, double[] hostVectors) {
            this.outcome = outcome;
            this.vectors = vectors;
            this.hostVectors = hostVectors;
        }
    }

    /** The workspace a page waits in for {@link #solve(GpuContext, DevicePointer, Facts, int, boolean, double, SolverOptions, AtomicInteger, AtomicInteger)}. */
    static DevicePointer pageBuffer(GpuContext gpu, int n) {
        return gpu.buffer(Workspace.INTAKE_PAGE, 8L * n * n);
    }

    /**
     * One symmetric page w (n x n, destroyed) by CudaBackend's blocked eig route: the blocked Jacobi on its Cholesky
     * factor, else Bunch-Parlett and the blocked hyperbolic Jacobi (counted in indefinite), else the fused MCA
     * kernel (counted in fallback). Eigenvalues unsorted in the outcome, vectors into v (null: not wanted).
     */
    public static PageOutcome solve(GpuContext gpu, double[] w, int n, double[] v, double tol, SolverOptions o,
                                    AtomicInteger indefinite, AtomicInteger fallback) {
        DevicePointer page = pageBuffer(gpu, n);
        DeviceBuffers.upload(page, w, Precision.DOUBLE);
        Facts f = new Facts(PageAssembly.maxAbs(w), IndefiniteEig.nonPositiveDiagonal(w, n, 1), IndefiniteEig.diagonal(w, n));
        Solved s = solve(gpu, page, f, n, v != null, tol, o, indefinite, fallback);
        if (v != null && s.vectors != null) DeviceBuffers.downloadInto(s.vectors, v, n * n);
        else if (v != null) System.arraycopy(s.hostVectors, 0, v, 0, n * n);
        return s.outcome;
    }

    /** The route on the page in {@link #pageBuffer} (kept: each attempt copies it), whose facts are f. */
    static Solved solve(GpuContext gpu, DevicePointer page, Facts f, int n, boolean wantV, double tol, SolverOptions o,
                        AtomicInteger indefinite, AtomicInteger fallback) {
        final long count = (long) n * n;
        // PageAssembly.scaleIntoRange's exponent: entries beyond 2^1000 overflow the pair Gram matrices (which reach
        // n max|a|), subnormal ones lose digits; pages in range are left alone
        int top = f.max == 0 ? 0 : Math.getExponent(f.max);
        final int e = top > 1000 ? top - 1000 : top < -1000 ? top : 0;
        long tried = 0;
        if (!f.nonPositiveDiagonal) {
            CudaBlockedSvd solver = new CudaBlockedSvd();
            DevicePointer g = solver.input(gpu, n);
            copy(g, page, count);
            SymmetricIntake.scale(gpu, g, count, -e);
            double[] d = solver.eig(gpu, g, n, wantV, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            if (d != null) {
                return new Solved(new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos,
                        scaledBack(d, e)), wantV ? solver.vectors(gpu, n) : null, null);
            }
            tried = solver.computeNanos; // the failed Cholesky (and below, a failed Bunch-Parlett) count too
        }
        if (!f.diagonal) {
            CudaIndefiniteEig hyp = new CudaIndefiniteEig();
            DevicePointer m = hyp.input(gpu, n);
            copy(m, page, count);
            int near = Math.getExponent(Math.scalb(f.max, -e)); // IndefiniteEig.scaleNearOne's exponent
            SymmetricIntake.scale(gpu, m, count, -e - near);
            double[] d = hyp.run(gpu, m, near, n, wantV, null, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            if (d != null) {
                indefinite.incrementAndGet();
                return new Solved(new PageOutcome(hyp.sweeps, hyp.rotations, hyp.converged, tried + hyp.computeNanos,
                        scaledBack(d, e)), wantV ? new CudaBlockedSvd().vectors(gpu, n) : null, null);
            }
            tried += hyp.computeNanos;
        }
        // singular or diagonal: the fused MCA kernel on the host's copy of the page, in double
        fallback.incrementAndGet();
        SymmetricIntake.scale(gpu, page, count, -e);
        double[] w = DeviceBuffers.download(page, (int) count, Precision.DOUBLE);
        double[] v = wantV ? new double[(int) count] : null;
        CudaEig two = new CudaEig();
        two.polish = true;
        double[] d = two.run(gpu, w, v, n, Precision.DOUBLE, CudaEig.FUSED_MCA, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
        return new Solved(new PageOutcome(two.sweeps, two.rotations, two.converged, tried + two.computeNanos,
                scaledBack(d, e)), null, v);
    }

    /** Eigenvalues of a page that {@link PageAssembly#scaleIntoRange} scaled by 2^-e, scaled back in place. */
    public static double[] scaledBack(double[] d, int e) {
        if (e != 0) for (int i = 0; i < d.length; i++) d[i] = Math.scalb(d[i], e);
        return d;
    }

    private static void copy(DevicePointer dst, DevicePointer src, long doubles) {
        CudaDevice.check(JCudaDriver.cuMemcpyDtoD(dst, src, 8 * doubles), "cuMemcpyDtoD page");
    }
}
