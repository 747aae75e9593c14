package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.pointwise.CudaBunchParlett;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.HyperbolicPreconditioner;
import io.github.gpujacobi.core.IndefiniteEig;

/**
 * Eigenpairs of a nonsingular symmetric indefinite page on the GPU by the route of [4, 10]:
 * M = G J G' (Bunch-Parlett with complete pivoting, {@link CudaBunchParlett}), then the blocked
 * one-sided hyperbolic Jacobi on (G, J) ({@link CudaBlockedSvd#hyperbolic}): G W = U Sigma, so the
 * eigenvalues are sigma_c^2 j_c and the eigenvectors U, each to the relative accuracy that complete
 * pivoting and the relative stopping rule give graded M. From n = 1024 the sweeps run on Y = G P instead, P from
 * syevd's eigenvectors of M ({@link HyperbolicPreconditioner}, {@link CudaHyperbolicPrecondition}), wherever P is
 * J-orthogonal to working precision (then a sweep or none instead of a dozen); syevd runs beside Bunch-Parlett on a
 * side stream.
 * Everything runs in double on the device;
 * only M goes up and the eigenpairs come down. For complex elements ({@link BlockedScalar#COMPLEX}: M Hermitian,
 * interleaved) the same steps in complex arithmetic, M = G J G^H.
 */
public final class CudaIndefiniteEig {
    public int sweeps;
    public long rotations;
    public boolean converged;
    /** Factorisation plus sweeps, transfers excluded (also when {@link #run} returned null); and the factorisation's share. */
    public long computeNanos, factorNanos;
    /** Why the route gave up (M singular, numerically or exactly), when {@link #run} returned null. */
    String singular;
    private final BlockedScalar el;

    public CudaIndefiniteEig() { this(BlockedScalar.REAL); }

    public CudaIndefiniteEig(BlockedScalar el) { this.el = el; }

    /**
     * @param a n x n symmetric page (read only)
     * @param v n x n, set to the eigenvectors when non-null (holds nothing usable when null is returned)
     * @return the eigenvalues (unsorted), or null when M is singular
     */
    public double[] run(GpuContext gpu, double[] a, int n, double[] v, double tol, int maxSweeps,
                 int fixedSweeps) {
        double[] w = a.clone();
        int e = IndefiniteEig.scaleNearOne(w);
        DevicePointer m = input(gpu, n);
        DeviceBuffers.upload(m, w, Precision.DOUBLE);
        return run(gpu, m, e, n, v != null, v, tol, maxSweeps, fixedSweeps);
    }

    /** The device buffer the page goes into for {@link #run(GpuContext, DevicePointer, int, int, boolean, double[], double, int, int)}. */
    DevicePointer input(GpuContext gpu, int n) {
        return gpu.buffer(Workspace.BP_A, (long) el.bytes * n * n);
    }

    /**
     * As {@link #run(GpuContext, double[], int, double[], double, int, int)} for the page already in
     * m = {@link #input} (destroyed), scaled by 2^-e to entries near one; the eigenvectors, when wanted, are left in
     * CudaBlockedSvd's vectors buffer and copied into v unless it is null.
     */
    public double[] run(GpuContext gpu, DevicePointer m, int e, int n, boolean wantV, double[] v, double tol,
                        int maxSweeps, int fixedSweeps) {
        Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(gpu, "indefinite eig wall n=" + n) : null;
        boolean pre = CudaHyperbolicPrecondition.wanted(gpu, n, fixedSweeps, el);
        DevicePointer copy = pre ? gpu.buffer(Workspace.HYP_M, (long) el.bytes * n * n) : null;
        if (pre) CudaDevice.check(jcuda.driver.JCudaDriver.cuMemcpyDtoD(copy, m, (long) el.bytes * n * n), "cuMemcpyDtoD M");
        CudaHyperbolicPrecondition ops = pre ? new CudaHyperbolicPrecondition(gpu, el, n) : null;
        // syevd of M's copy beside Bunch-Parlett: the side stream waits for the copy, Bunch-Parlett is queued first,
        // then syevd
        if (pre) ops.readyBeside(copy);
        if (ph != null) ph.mark("set-up");
        CudaBunchParlett f = new CudaBunchParlett(el);
        boolean factored = false;
        try {
            f.launch(gpu, m, n, pre);
            if (pre) ops.startEigh(copy);
            f.finish(gpu, n);
            factored = f.singular == null;
        } finally {
            if (pre && !factored) ops.endEigh(); // no preconditioning follows: the side stream's work ends here
        }
        factorNanos = f.nanos;
        if (ph != null) ph.mark("bunch-parlett");
        if (Profiling.ON) {
            System.err.printf(java.util.Locale.ROOT, "bunch-parlett n=%d: %.1f ms%s%s%n", n, factorNanos / 1e6,
                    pre ? " (syevd beside it)" : "", f.singular != null ? " (singular)" : "");
        }
        if (f.singular != null) {
            singular = f.singular;
            computeNanos = factorNanos;
            return null;
        }
        DevicePointer g = f.g;
        int[] signs = f.signs;
        long preNanos = 0;
        boolean preconditioned = false;
        if (pre) { // M's copy is spent either way; Bunch-Parlett's input (m) is scratch
            long t0 = System.nanoTime();
            HyperbolicPreconditioner<DevicePointer> p = new HyperbolicPreconditioner<DevicePointer>();
            long bytes = (long) el.bytes * n * n;
            try { // the solver handle goes back to the default stream whatever happens here, a failed allocation too
                DevicePointer y = gpu.buffer(Workspace.HYP_Y, bytes);
                if (p.apply(ops, copy, g, gpu.buffer(Workspace.HYP_P, bytes), m, y, signs)) { // its eigh takes startEigh's result
                    g = y;
                    signs = p.signs;
                    preconditioned = true;
                }
            } finally {
                ops.endEigh();
            }
            ops.finish();
            preNanos = System.nanoTime() - t0;
            if (Profiling.ON) {
                System.err.printf(java.util.Locale.ROOT, "hyperbolic precondition n=%d: %.1f ms, %s%n", n, preNanos / 1e6,
                        p.skipped == null ? String.format(java.util.Locale.ROOT, "%d Newton-Schulz steps, residual %.1e",
                                p.steps, p.residual) : "not taken: " + p.skipped);
            }
        }
        if (ph != null) ph.mark("precondition");
        CudaBlockedSvd s = new CudaBlockedSvd(el);
        s.hyperbolic(gpu, g, n, signs, preconditioned, wantV, v, tol, maxSweeps, fixedSweeps); // U into v unless null (unused if singular)
        sweeps = s.sweeps;
        rotations = s.rotations;
        converged = s.converged;
        computeNanos = factorNanos + preNanos + s.computeNanos;
        if (ph != null) {
            ph.mark("sweeps");
            ph.print();
        }
        if (Profiling.ON) {
            System.err.printf(java.util.Locale.ROOT, "indefinite eig n=%d: %.2f ms counted%n", n, computeNanos / 1e6);
        }
        double[] d = new double[n];
        for (int c = 0; c < n && singular == null; c++) {
            if (s.rankDeficient || !(s.sigma[c] > 0)) singular = "numerically: a hyperbolic pair had no real angle";
            d[c] = Math.scalb(s.sigma[c] * s.sigma[c] * signs[c], e);
        }
        return singular != null ? null : d;
    }
}
