package io.github.gpujacobi.cuda.inverse;

import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Deferred;
import io.github.gpujacobi.core.InverseCheck;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.PageOutputs;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.IntakeKernels;
import io.github.gpujacobi.cuda.launch.Scalar;
import io.github.gpujacobi.cuda.launch.Tuning;
import io.github.gpujacobi.cuda.launch.Workspace;

/**
 * Gauss-Jordan inversion ({@link CudaGaussJordan}) with each page on the device from the caller's array to the
 * result: the input checks (finite entries; for 'auto', whether the page is exactly symmetric), both 1-norms of
 * RCOND and the inverse's finiteness are found on the device (intake.cu), so the host only copies the page in and
 * the inverse out. The policy is core/InversionPolicy's: 'auto' gives an exactly symmetric page to the SPD attempt
 * first, which this route leaves to that policy ({@link #run} returns null); RCOND and the singular rule are
 * {@link InverseCheck}'s.
 */
public final class InverseOnDevice {
    private InverseOnDevice() {}

    /**
     * Whether {@link #run} takes a call: 'auto' or 'gaussjordan' on orders the batched kernels do not take, except
     * page arrays that cuBLAS's batched LU takes ({@link CudaPagesLu}).
     */
    public static boolean takes(Tuning t, PageArray a, SolverOptions o) {
        return a.rows() > CudaBatchedInverse.MAX_N && !CudaPagesLu.takes(t, a.rows(), a.pages())
                && (Methods.AUTO.equals(o.method()) || Methods.GAUSS_JORDAN.equals(o.method()));
    }

    /** The inverses of a's pages in turn; null (nothing returned) when 'auto' meets an exactly symmetric page. */
    public static InverseResult run(GpuContext gpu, PageArray a, SolverOptions o, PageDriver driver) {
        final int n = a.rows(), pages = a.pages();
        final Precision p = a.precision();
        final Scalar s = Scalar.of(p, false);
        final boolean auto = Methods.AUTO.equals(o.method());
        Deferred<PageArray> pending = PageOutputs.zerosLater(p, n, n, pages); // made while the first page is inverted
        PageArray x = null;
        double[] rcond = new double[pages];
        boolean[] singular = new boolean[pages];
        long compute = 0;
        for (int k = 0; k < pages; k++) {
            DevicePointer in = CudaGaussJordan.input(gpu, n, s);
            DeviceBuffers.uploadPages(in, a, k, 1); // in the page's own precision, as the elimination works
            long[] st = scan(gpu, in, n, p, auto);
            if (st[0] != 0) InputChecks.requireFinite(a, o); // names the first NaN or Inf
            if (auto && st[1] == 0) return null;
            InverseCheck.Norm normA = InverseCheck.norm(Double.longBitsToDouble(st[2]), Double.longBitsToDouble(st[3]));
            PageOutcome r = CudaGaussJordan.invertOnDevice(gpu, n, s);
            compute += r.computeNanos;
            DevicePointer out = CudaGaussJordan.output(gpu, n, s);
            long[] sx = r.converged ? scan(gpu, out, n, p, false) : null;
            if (x == null) x = pending.get();
            if (sx == null || sx[0] != 0) { // broke down or overflowed: InverseCheck's rule (Inf, as MATLAB's inv; RCOND 0)
                double[] inf = new double[n * n];
                rcond[k] = InverseCheck.finish(normA, inf, n, false);
                x.writePage(k, inf);
            } else {
                DeviceBuffers.downloadPagesAsIs(out, x, k, 1);
                rcond[k] = InverseCheck.rcond(normA, InverseCheck.norm(Double.longBitsToDouble(sx[2]),
                        Double.longBitsToDouble(sx[3])));
            }
            singular[k] = rcond[k] == 0;
        }
        return new InverseResult(pending.get(), rcond, singular, driver.directReport(Methods.GAUSS_JORDAN, p, pages, compute));
    }

    /**
     * Every page at once by the batched kernels ({@link CudaBatchedInverse#takes}), RCOND from the norms they found;
     * a page whose norms left the range (or whose inverse broke down) is finished on the host by InverseCheck.
     */
    public static InverseResult pages(GpuContext gpu, PageArray a, SolverOptions o, PageDriver driver) {
        final int n = a.rows(), pages = a.pages();
        Deferred<PageArray> pending = PageOutputs.zerosLater(a.precision(), n, n, pages);
        CudaBatchedInverse batch = new CudaBatchedInverse();
        boolean[] eliminated = batch.run(gpu, a, pending, o);
        PageArray x = pending.get();
        double[] rcond = new double[pages];
        boolean[] singular = new boolean[pages];
        for (int k = 0; k < pages; k++) {
            double na = batch.norms[2 * k], nx = batch.norms[2 * k + 1];
            if (eliminated[k] && na < Double.POSITIVE_INFINITY && nx < Double.POSITIVE_INFINITY && nx > 0) {
                rcond[k] = InverseCheck.rcond(InverseCheck.norm(na, 0), InverseCheck.norm(nx, 0)); // finite sums: X finite
            } else {
                double[] w = x.pageAsDouble(k);
                rcond[k] = InverseCheck.finish(InverseCheck.norm1Of(a.pageAsDouble(k), n), w, n, eliminated[k]);
                x.writePage(k, w);
            }
            singular[k] = rcond[k] == 0;
        }
        return new InverseResult(x, rcond, singular, driver.directReport(Methods.GAUSS_JORDAN, a.precision(), pages,
                batch.computeNanos));
    }

    /** intake.cu's general checks of the n x n page at m (element type p): non-finite, asymmetric, the two 1-norms. */
    private static long[] scan(GpuContext gpu, DevicePointer m, int n, Precision p, boolean symmetry) {
        DevicePointer out = gpu.buffer(Workspace.INTAKE_GENERAL, 4 * 8L);
        DeviceBuffers.zero(out, 4 * 8L);
        IntakeKernels.general(gpu, p, m, n, symmetry, out);
        return DeviceBuffers.readCounters(out, 4);
    }
}
