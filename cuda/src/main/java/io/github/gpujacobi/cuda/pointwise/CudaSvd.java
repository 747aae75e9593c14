package io.github.gpujacobi.cuda.pointwise;

import io.github.gpujacobi.cuda.launch.CommonKernels;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Kernel;
import io.github.gpujacobi.cuda.launch.Scalar;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.polish.PagePolish;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import jcuda.driver.CUdeviceptr;

/**
 * One page of the one-sided Jacobi SVD of [2] on the GPU (svd_jacobi.cu), m >= n: the
 * orthogonalisation kernel, one launch per sweep with the rotation counter read back after it,
 * then the column-scaling kernel. With signs (the hyperbolic SVD of [4]) the same sweeps apply
 * hyperbolic transformations to pairs of unequal sign and the result is left unscaled (G W, W).
 */
public final class CudaSvd {
    public int sweeps;
    public long rotations;
    public boolean converged;
    /** Sweep loop and scaling time, transfers excluded. */
    public long computeNanos;

    /** Set when a hyperbolic pair had no real angle: G is not (numerically) of full column rank. */
    public boolean rankDeficient;

    /**
     * @param w     m x n, overwritten with U (A V with unit columns; zero columns stay zero), or with
     *              G W when signs are given
     * @param vw    n x n, set to V (or W) when non-null
     * @param signs J's diagonal for the hyperbolic SVD, or null for the ordinary SVD
     * @return the column norms of A V (singular values, unsorted); null with signs
     */
    public double[] run(GpuContext gpu, double[] w, double[] vw, int m, int n, Precision p, double tol,
                 int maxSweeps, int fixedSweeps, double[] signs) {
        return run(gpu, w, vw, m, n, Scalar.of(p, false), tol, maxSweeps, fixedSweeps, signs);
    }

    /**
     * The same for element type s. A complex page (interleaved, w: 2 m n numbers, vw: 2 n^2) runs the
     * complex Hestenes sweeps (Gram entries ||a_p||^2, ||a_q||^2, a_p^H a_q and the unitary rotation of
     * core/ComplexRotation); w comes back as A V, unscaled, and the result is null (the caller takes
     * the column norms). No signs for complex.
     */
    public double[] run(GpuContext gpu, double[] w, double[] vw, int m, int n, Scalar s, double tol,
                 int maxSweeps, int fixedSweeps, double[] signs) {
        if (s.complex && signs != null) throw new IllegalArgumentException("no complex hyperbolic SVD kernel");
        final Precision p = s.precision;
        final ChessTournament ct = new ChessTournament(n);
        int half = ct.pairsPerStep(), steps = ct.steps();
        long e = s.bytes();
        DevicePointer u = gpu.buffer(Workspace.U, (long) m * n * e), v = gpu.buffer(Workspace.V, (long) n * n * e);
        CUdeviceptr sig = gpu.buffer(Workspace.SIGMA, n * (long) p.bytes()), counter = gpu.buffer(Workspace.COUNTER, 16);
        CUdeviceptr sgn = new CUdeviceptr(); // null: the ordinary SVD
        if (signs != null) {
            sgn = gpu.buffer(Workspace.SIGNS, n * e);
            DeviceBuffers.upload(sgn, signs, p);
        }
        CUdeviceptr pairs = gpu.constant(Workspace.PAIRS, "chess:" + n, ct::flat);
        DeviceBuffers.upload(u, w, p);
        boolean wantV = vw != null;
        if (wantV) CommonKernels.identity(gpu, s, v, n);
        int grid = Math.max(1, Math.min(gpu.cooperativeGrid(Kernel.SVD_SWEEP.name(s), PointwiseKernels.BLOCK), half));
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        converged = n <= 1;
        gpu.synchronize();
        long t0 = System.nanoTime();
        for (sweeps = 0; sweeps < limit && !(converged && fixedSweeps == 0) && steps > 0; ) {
            sweeps++;
            DeviceBuffers.zero(counter, 16);
            PointwiseKernels.svdSweep(gpu, s, grid, u, v, pairs, m, n, half, steps, tol, fixedSweeps > 0, counter, wantV, sgn);
            long[] r = DeviceBuffers.readCounters(counter, 2); // the one host synchronisation of a sweep
            rotations += r[0];
            converged = r[0] == 0;
            if (r[1] != 0) {
                rankDeficient = true;
                break;
            }
        }
        if (fixedSweeps > 0) converged = false;
        boolean scale = signs == null && !s.complex;
        if (n > 0 && scale) PointwiseKernels.svdScale(gpu, p, u, sig, m, n);
        // U (unit columns once scaled) and V to orthogonal at n eps, as LAPACK's (docs/accuracy.md): one Newton-Schulz
        // step each [21]; zero columns of U stay zero and leave the others alone
        if (scale && wantV && s == Scalar.D && fixedSweeps == 0 && !rankDeficient) {
            PagePolish.run(gpu, u, m, n, 1);
            PagePolish.run(gpu, v, n, 1);
        }
        gpu.synchronize();
        computeNanos = System.nanoTime() - t0;
        int parts = s.parts();
        System.arraycopy(DeviceBuffers.download(u, m * n * parts, p), 0, w, 0, m * n * parts);
        if (wantV) System.arraycopy(DeviceBuffers.download(v, n * n * parts, p), 0, vw, 0, n * n * parts);
        return scale ? DeviceBuffers.download(sig, n, p) : null;
    }
}
