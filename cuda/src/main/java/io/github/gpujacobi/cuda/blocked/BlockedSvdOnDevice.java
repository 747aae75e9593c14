package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Grading;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.PageOutputs;
import io.github.gpujacobi.core.SvdScaling;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.SvdIntakeKernels;
import io.github.gpujacobi.cuda.launch.SymmetricIntake;
import io.github.gpujacobi.cuda.launch.Workspace;

/**
 * The blocked SVD route ({@link CudaBlockedSvd}) with the page on the device from the caller's array to the caller's
 * results: the input's checks and core/SvdScaling's column norms (svd_intake.cu's svd_lines, the same bits as the
 * host's), the scaling, core/Grading's row test and row sort, and core/PageAssembly.svd's descending order with U's rows
 * put back are all made there, the sorted U and V copied straight into the results. The host touches the page only to
 * copy it, and reads n + m numbers.
 */
public final class BlockedSvdOnDevice {
    private final GpuContext gpu;
    /** Whether every U and V entry written so far was finite and every page sorted on the device (api/OutputChecks). */
    public boolean outputsFinite = true;

    public BlockedSvdOnDevice(GpuContext gpu) {
        this.gpu = gpu;
    }

    /** Whether it takes a's pages: tall (m >= n, as the host's route without a transpose), n > 1, U of n columns. */
    public static boolean takes(PageArray a, SolverOptions o) {
        int m = a.rows(), n = a.cols();
        return m >= n && n > 1 && (m == n || o.econ());
    }

    /**
     * Page k of a into the outputs' s, u, v page k each (wantV: whether they hold u and v), measured into scaling
     * (within span). Null, and nothing written, when the page's column norms span more than span:
     * core/ColumnScaledJacobi solves it after. The outputs may still be being allocated: waited for once the page is
     * solved.
     *
     * @throws io.github.gpujacobi.api.JacobiException NON_FINITE, as the host check would
     */
    public PageOutcome page(PageArray a, int k, SolverOptions o, SvdScaling scaling, double span, double tol,
                            int maxSweeps, int fixedSweeps, boolean wantV, PageOutputs.PendingSvd pending) {
        final int m = a.rows(), n = a.cols();
        final long count = (long) m * n;
        DevicePointer g = gpu.buffer(Workspace.BLOCKED_IN, 8L * count);
        DeviceBuffers.uploadPageAsDouble(g, a, k);
        DevicePointer e = gpu.buffer(Workspace.SVD_LINE_EXP, 4L * n), ssq = gpu.buffer(Workspace.SVD_LINE_SSQ, 8L * n);
        DevicePointer bad = gpu.buffer(Workspace.INTAKE_OUT, 8);
        DeviceBuffers.zero(bad, 8);
        SvdIntakeKernels.lines(gpu, Precision.DOUBLE, g, m, n, 1, true, e, ssq, bad);
        if (DeviceBuffers.readCounter(bad) != 0) InputChecks.requireFinite(a, o); // names the first NaN or Inf
        scaling.measure(k, DeviceBuffers.downloadInts(e, n), DeviceBuffers.download(ssq, n, Precision.DOUBLE), 0, n, span);
        if (!scaling.fits(k)) {
            outputsFinite = false; // solved on the host
            return null;
        }
        SymmetricIntake.scale(gpu, g, count, scaling.exponent(k));
        // graded rows sorted by decreasing max-norm before geqrf (CudaBlockedSvd.svd says why), on the device
        DevicePointer norms = gpu.buffer(Workspace.SVD_ROW_NORMS, 8L * m);
        DeviceBuffers.zero(norms, 8L * m);
        SvdIntakeKernels.rowNorms(gpu, g, m, n, norms);
        int[] rows = Grading.sortedRowsIfGraded(DeviceBuffers.download(norms, m, Precision.DOUBLE));
        DevicePointer in = g, order = null;
        if (rows != null) {
            order = gpu.buffer(Workspace.SVD_ROW_ORDER, 4L * m);
            DeviceBuffers.upload(order, rows);
            in = gpu.buffer(Workspace.SVD_ROWS, 8L * count);
            SvdIntakeKernels.gatherRows(gpu, g, in, m, n, order);
        }
        CudaBlockedSvd solver = new CudaBlockedSvd();
        DevicePointer uDev = solver.svd(gpu, in, m, n, wantV, tol, maxSweeps, fixedSweeps);
        final double[] sig = solver.sigma;
        PageOutcome r = new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, sig);
        PageOutputs.Svd out = pending.all(); // allocated while the page went up and was solved
        PageArray s = out.s, u = out.u, v = out.v;
        boolean positive = true;
        for (double x : sig) positive &= x > 0;
        if (!wantV || !positive) {
            // no vectors, or a zero (or NaN) value whose U column the host completes: core's assembly as on the host
            double[] w = null, vw = null;
            if (wantV) {
                outputsFinite = false;
                DevicePointer back = g; // the input's buffer is free once U is formed
                SvdIntakeKernels.gather(gpu, uDev, back, m, n, null, order, bad);
                w = DeviceBuffers.download(back, (int) count, Precision.DOUBLE);
                vw = DeviceBuffers.download(solver.vectors(gpu, n), n * n, Precision.DOUBLE);
            }
            PageAssembly.svd(w, sig, true, vw, m, n, true, s, u, v, k);
            return r;
        }
        int[] q = PageAssembly.descending(sig);
        double[] sorted = new double[n];
        for (int j = 0; j < n; j++) sorted[j] = sig[q[j]];
        s.writePage(k, sorted);
        DevicePointer cols = gpu.buffer(Workspace.INTAKE_ORDER, 4L * n);
        DeviceBuffers.upload(cols, q);
        DeviceBuffers.zero(bad, 8);
        // into buffers free once U is formed: the input's (geqrf's Q, or the page before its rows were sorted) and W's
        DevicePointer uOut = g, vOut = gpu.buffer(Workspace.BLOCKED_V, 8L * n * n);
        SvdIntakeKernels.gather(gpu, uDev, uOut, m, n, cols, order, bad);
        SvdIntakeKernels.gather(gpu, solver.vectors(gpu, n), vOut, n, n, cols, null, bad);
        DeviceBuffers.downloadPage(uOut, u, k);
        DeviceBuffers.downloadPage(vOut, v, k);
        outputsFinite &= DeviceBuffers.readCounter(bad) == 0;
        return r;
    }
}
