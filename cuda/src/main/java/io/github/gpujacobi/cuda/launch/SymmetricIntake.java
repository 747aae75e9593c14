package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;

/**
 * A symmetric page on its way in: uploaded straight from the caller's array (single converted to double on the way),
 * then checked and made exactly symmetric on the device in one pass (intake.cu), so that the host makes no pass of
 * its own over the page (the checks of api/InputChecks, core/PageAssembly's symmetrisation and its range scan).
 * The errors are InputChecks' own.
 */
public final class SymmetricIntake {
    /** max |a_ij|, max |a_ij - a_ji| and max off-diagonal |a_ij| of the page as it came. */
    public final double max, asym, offDiagonal;
    /** Whether a diagonal entry is not positive: the page is not positive definite (potrf would fail). */
    public final boolean nonPositiveDiagonal;

    private SymmetricIntake(long[] out) {
        max = Double.longBitsToDouble(out[0]);
        asym = Double.longBitsToDouble(out[1]);
        offDiagonal = Double.longBitsToDouble(out[2]);
        nonPositiveDiagonal = out[4] != 0;
    }

    /**
     * Page k of a (n x n) into dst (n x n doubles), checked and symmetrised.
     *
     * @throws io.github.gpujacobi.api.JacobiException NON_FINITE or NOT_SYMMETRIC, as the host checks would
     */
    public static SymmetricIntake run(GpuContext gpu, PageArray a, int k, SolverOptions o, DevicePointer dst) {
        int n = a.rows();
        Profiling.Phases ph = Profiling.ON ? new Profiling.Phases(gpu, "symmetric intake n=" + n) : null;
        DeviceBuffers.uploadPageAsDouble(dst, a, k);
        if (ph != null) ph.mark("upload");
        DevicePointer out = gpu.buffer(Workspace.INTAKE_OUT, 5 * 8L);
        DeviceBuffers.zero(out, 5 * 8L);
        IntakeKernels.symmetric(gpu, dst, n, out);
        long[] found = DeviceBuffers.readCounters(out, 5);
        if (ph != null) {
            ph.mark("check");
            ph.print();
        }
        if (found[3] != 0) InputChecks.requireFinite(a, o); // names the first NaN or Inf
        SymmetricIntake s = new SymmetricIntake(found);
        InputChecks.requireSymmetric(s.max, s.asym, a, k, o);
        return s;
    }

    /** p := 2^e p for count doubles on the device (nothing for e = 0): exact unless an entry leaves the range. */
    public static void scale(GpuContext gpu, DevicePointer p, long count, int e) {
        if (e == 0) return;
        IntakeKernels.scale(gpu, p, count, e);
    }
}
