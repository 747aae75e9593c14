package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.Deferred;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.PageOutputs;
import io.github.gpujacobi.cuda.launch.CommonKernels;
import io.github.gpujacobi.cuda.launch.IntakeKernels;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.cuda.launch.Scalar;
import io.github.gpujacobi.cuda.launch.SymmetricIntake;
import io.github.gpujacobi.cuda.launch.Workspace;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The blocked eig route ({@link BlockedEigPage}) with the page on the device from the caller's array to the caller's
 * result: {@link SymmetricIntake} checks and symmetrises it there, and the sorted eigenvectors are gathered there and
 * copied straight into the result. The host touches the page only to copy it.
 */
public final class BlockedEigOnDevice {
    private final GpuContext gpu;

    public BlockedEigOnDevice(GpuContext gpu) {
        this.gpu = gpu;
    }

    /**
     * Page k of a into the outputs' values and vectors page k (wantV: whether they hold vectors); the outcome's values
     * are unsorted. The outputs may still be being allocated: waited for once the page is solved.
     */
    public PageOutcome page(PageArray a, int k, SolverOptions o, double tol, boolean wantV,
                            Deferred<PageOutputs.Eig> pending, AtomicInteger indefinite, AtomicInteger fallback) {
        final int n = a.rows();
        Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(gpu, "blocked eig page n=" + n) : null;
        DevicePointer page = BlockedEigPage.pageBuffer(gpu, n);
        SymmetricIntake in = SymmetricIntake.run(gpu, a, k, o, page);
        if (ph != null) ph.mark("intake");
        BlockedEigPage.Solved s = BlockedEigPage.solve(gpu, page, new BlockedEigPage.Facts(in.max, in.nonPositiveDiagonal,
                in.offDiagonal == 0), n, wantV, tol, o, indefinite, fallback);
        if (ph != null) ph.mark(String.format(java.util.Locale.ROOT, "solve (counted %.3f)", s.outcome.computeNanos / 1e6));
        PageOutputs.Eig out = pending.get();
        if (ph != null) ph.mark("outputs' wait");
        PageArray values = out.values, vectors = out.vectors;
        if (s.hostVectors != null) { // the two-sided fallback's vectors, on the host: the host pass checks them
            PageAssembly.eig(s.outcome.values, s.hostVectors, n, values, vectors, k);
            outputsFinite = false;
            return s.outcome;
        }
        PageOutcome r = finish(s.outcome, s.vectors, n, values, vectors, k);
        if (ph != null) {
            ph.mark("finish");
            ph.print();
        }
        return r;
    }

    /** Values sorted ascending into values page k, and the matching columns of u (on the device) into vectors page k. */
    private PageOutcome finish(PageOutcome r, DevicePointer u, int n, PageArray values, PageArray vectors, int k) {
        Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(gpu, "blocked eig finish n=" + n) : null;
        int[] order = PageAssembly.ascending(r.values);
        DevicePointer out = null, counts = null;
        if (vectors != null) { // the gather and the count run while the host writes the values
            DevicePointer perm = gpu.buffer(Workspace.INTAKE_ORDER, 4L * n);
            out = gpu.buffer(Workspace.INTAKE_VECTORS, 8L * n * n);
            DeviceBuffers.upload(perm, order);
            CommonKernels.gatherColumns(gpu, Scalar.D, u, out, n, perm);
            // the vectors' non-finite entries counted on the device (intake.cu's general checks), as they go out: unit
            // columns round to single without overflow, so the count holds for either output class
            counts = gpu.buffer(Workspace.INTAKE_GENERAL, 4 * 8L);
            DeviceBuffers.zero(counts, 4 * 8L);
            IntakeKernels.general(gpu, Precision.DOUBLE, out, n, false, counts);
        }
        double[] sorted = new double[n];
        for (int j = 0; j < n; j++) sorted[j] = r.values[order[j]];
        values.writePage(k, sorted);
        for (int j = 0; j < n; j++) { // as stored: a single output can overflow where the double did not
            double x = values.get(j, 0, k);
            outputsFinite &= !Double.isInfinite(x) && !Double.isNaN(x);
        }
        if (ph != null) ph.mark("sort, gather, count and values");
        if (vectors == null) return r;
        DeviceBuffers.downloadPage(out, vectors, k);
        if (ph != null) ph.mark("download");
        outputsFinite &= DeviceBuffers.readCounters(counts, 4)[0] == 0;
        if (ph != null) {
            ph.mark("counters");
            ph.print();
        }
        return r;
    }

    private boolean outputsFinite = true;

    /**
     * Whether every page so far came out finite, values and vectors, as counted on the device (false once a page was
     * assembled on the host): CudaBackend then skips api/OutputChecks' host pass.
     */
    public boolean outputsFinite() {
        return outputsFinite;
    }

}
