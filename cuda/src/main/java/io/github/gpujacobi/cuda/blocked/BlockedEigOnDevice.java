package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.cuda.launch.CommonKernels;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Scalar;
import io.github.gpujacobi.cuda.launch.SymmetricIntake;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.pointwise.CudaEig;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.api.SolverOptions;
import jcuda.driver.JCudaDriver;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The blocked eig route ({@link BlockedEigPage}: Cholesky and blocked Jacobi, else Bunch-Parlett and
 * the blocked hyperbolic Jacobi, else two-sided Jacobi) with the page on the device from the caller's array to the
 * caller's result: {@link SymmetricIntake} checks and symmetrises it there, the scalings run there, and the sorted
 * eigenvectors are gathered there and copied straight into the result. The host touches the page only to copy it.
 */
public final class BlockedEigOnDevice {
    private final GpuContext gpu;

    public BlockedEigOnDevice(GpuContext gpu) {
        this.gpu = gpu;
    }

    /** Page k of a into values and vectors (null: not wanted) page k; the outcome's values are unsorted. */
    public PageOutcome page(PageArray a, int k, SolverOptions o, double tol, PageArray values, PageArray vectors,
                     AtomicInteger indefinite, AtomicInteger fallback) {
        final int n = a.rows();
        final long count = (long) n * n;
        final boolean wantV = vectors != null;
        DevicePointer page = gpu.buffer(Workspace.INTAKE_PAGE, 8 * count);
        SymmetricIntake in = SymmetricIntake.run(gpu, a, k, o, page);
        // PageAssembly.scaleIntoRange's exponent, from the maximum the intake found
        int top = in.max == 0 ? 0 : Math.getExponent(in.max);
        final int e = top > 1000 ? top - 1000 : top < -1000 ? top : 0;
        final double max = Math.scalb(in.max, -e);
        long tried = 0;
        if (!in.nonPositiveDiagonal) {
            CudaBlockedSvd solver = new CudaBlockedSvd();
            DevicePointer g = solver.input(gpu, n);
            copy(g, page, count);
            SymmetricIntake.scale(gpu, g, count, -e);
            double[] d = solver.eig(gpu, g, n, wantV, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            if (d != null) {
                return finish(new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos,
                        BlockedEigPage.scaledBack(d, e)), solver.vectors(gpu, n), n, values, vectors, k);
            }
            tried = solver.computeNanos;
        }
        if (in.offDiagonal != 0) {
            CudaIndefiniteEig hyp = new CudaIndefiniteEig();
            DevicePointer m = hyp.input(gpu, n);
            copy(m, page, count);
            int near = Math.getExponent(max); // IndefiniteEig.scaleNearOne's exponent
            SymmetricIntake.scale(gpu, m, count, -e - near);
            double[] d = hyp.run(gpu, m, near, n, wantV, null, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            if (d != null) {
                indefinite.incrementAndGet();
                return finish(new PageOutcome(hyp.sweeps, hyp.rotations, hyp.converged, tried + hyp.computeNanos,
                        BlockedEigPage.scaledBack(d, e)), new CudaBlockedSvd().vectors(gpu, n), n, values, vectors, k);
            }
            tried += hyp.computeNanos;
        }
        // singular or diagonal (IndefiniteEig.diagonal: no off-diagonal entry): two-sided Jacobi on the host's copy of the page, as blockedEigPage does
        fallback.incrementAndGet();
        SymmetricIntake.scale(gpu, page, count, -e);
        double[] w = DeviceBuffers.download(page, (int) count, Precision.DOUBLE);
        double[] v = wantV ? new double[(int) count] : null;
        CudaEig two = new CudaEig();
        two.polish = true;
        double[] d = two.run(gpu, w, v, n, Precision.DOUBLE, CudaEig.FUSED_MCA, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
        PageOutcome r = new PageOutcome(two.sweeps, two.rotations, two.converged, tried + two.computeNanos, BlockedEigPage.scaledBack(d, e));
        PageAssembly.eig(r.values, v, n, values, vectors, k);
        return r;
    }

    /** Values sorted ascending into values page k, and the matching columns of u (on the device) into vectors page k. */
    private PageOutcome finish(PageOutcome r, DevicePointer u, int n, PageArray values, PageArray vectors, int k) {
        Integer[] order = PageAssembly.ascending(r.values);
        double[] sorted = new double[n];
        int[] q = new int[n];
        for (int j = 0; j < n; j++) {
            q[j] = order[j];
            sorted[j] = r.values[order[j]];
        }
        values.writePage(k, sorted);
        if (vectors == null) return r;
        DevicePointer perm = gpu.buffer(Workspace.INTAKE_ORDER, 4L * n), out = gpu.buffer(Workspace.INTAKE_VECTORS, 8L * n * n);
        DeviceBuffers.upload(perm, q);
        CommonKernels.gatherColumns(gpu, Scalar.D, u, out, n, perm);
        DeviceBuffers.downloadPage(out, vectors, k);
        return r;
    }

    private static void copy(DevicePointer dst, DevicePointer src, long doubles) {
        CudaDevice.check(JCudaDriver.cuMemcpyDtoD(dst, src, 8 * doubles), "cuMemcpyDtoD page");
    }

}
