package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.SideStream;
import io.github.gpujacobi.cuda.launch.Workspace;
import com.sun.jna.Memory;
import com.sun.jna.ptr.IntByReference;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.HyperbolicPreconditioner;
import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * {@link HyperbolicPreconditioner}'s operations on the device, for {@link CudaIndefiniteEig}: syevd / heevd, on the
 * side stream beside the factorisation ({@link #readyBeside}, {@link #startEigh}, {@link #endEigh}): Bunch-Parlett
 * (barrier-bound) and syevd (latency-bound) each leave most of the GPU idle, and the preconditioner needs both only
 * afterwards. Also gemm, and
 * the scalings by the real J, J_Y and S through cuBLAS's dgmm, which treats an interleaved complex matrix as a real one
 * of twice the rows (leading dimension 2n; a row scaling then takes each entry of x twice).
 */
final class CudaHyperbolicPrecondition implements HyperbolicPreconditioner.Ops<DevicePointer> {
    private final GpuContext gpu;
    private final CudaLibraries lib;
    private final BlockedScalar el;
    private final int n, r; // r reals an element

    CudaHyperbolicPrecondition(GpuContext gpu, BlockedScalar el, int n) {
        this.gpu = gpu;
        this.lib = gpu.libraries("Method 'blocked'");
        this.el = el;
        this.n = n;
        this.r = el.bytes / 8;
    }

    /**
     * Whether order n is preconditioned: the positive definite eig's size threshold ({@code Tuning.preconditionFrom}),
     * no fixed sweep count, room for M's copy, Q, P, Y and syevd's workspace beside Bunch-Parlett's and the sweeps'
     * buffers (about 12 n^2 elements), and 2 n^2 reals indexable by cuBLAS's int.
     */
    static boolean wanted(GpuContext gpu, int n, int fixedSweeps, BlockedScalar el) {
        return n >= Math.max(2, gpu.tuning.preconditionFrom) && fixedSweeps == 0
                && 2L * n * n <= Integer.MAX_VALUE && gpu.freeMemory() >= 12L * n * n * el.bytes;
    }

    /** The side stream of a {@link #startEigh} whose result {@link #eigh} has not yet taken, else null. */
    private SideStream pending;

    /**
     * Queues syevd of a on the context's side stream, after what {@link #readyBeside} made it wait for; {@link #eigh} on
     * the same a then waits for it instead of computing. The caller queues its own factorisation on the default stream
     * first, so that a solver call blocking the host still overlaps it.
     */
    void startEigh(DevicePointer a) {
        SideStream side = gpu.sideStream();
        CudaLibraries.status(lib.solver.cusolverDnSetStream(lib.solverHandle, side.jna()), "cusolverDnSetStream");
        pending = side;
        try {
            BlockedPreconditioner.syevd(gpu, el, a, n, gpu.buffer(Workspace.HYP_W, 8L * n), gpu.buffer(Workspace.HYP_INFO, 4));
        } catch (RuntimeException ex) {
            endEigh();
            throw ex;
        }
    }

    /**
     * Before {@link #startEigh}: the buffers and workspace it uses, allocated now (an allocation may synchronise the
     * device), and the side stream made to wait for what the default stream has queued so far (a's contents).
     */
    void readyBeside(DevicePointer a) {
        DevicePointer w = gpu.buffer(Workspace.HYP_W, 8L * n);
        gpu.buffer(Workspace.HYP_INFO, 4);
        BlockedPreconditioner.syevdWorkspace(gpu, el, el.syevdWork(lib, n, a.jna(), n, w.jna()));
        gpu.sideStream().awaitDefault();
    }

    /** Waits for a {@link #startEigh} and gives the solver handle back to the default stream (nothing if none). */
    void endEigh() {
        if (pending == null) return;
        SideStream side = pending;
        pending = null;
        try {
            side.synchronize();
        } finally {
            CudaLibraries.status(lib.solver.cusolverDnSetStream(lib.solverHandle, null), "cusolverDnSetStream");
        }
    }

    @Override
    public boolean eigh(DevicePointer a, double[] w) {
        DevicePointer wDev = gpu.buffer(Workspace.HYP_W, 8L * n);
        if (pending != null) {
            endEigh();
            if (!BlockedPreconditioner.succeeded(gpu.buffer(Workspace.HYP_INFO, 4))) return false;
        } else if (!BlockedPreconditioner.syevd(gpu, el, a, n, wDev)) {
            return false;
        }
        System.arraycopy(DeviceBuffers.download(wDev, n, Precision.DOUBLE), 0, w, 0, n);
        return true;
    }

    @Override
    public void gemm(boolean adjoint, DevicePointer a, DevicePointer b, double alpha, double beta, DevicePointer c) {
        el.gemm(lib, adjoint ? el.adjoint : 0, 0, n, n, n, constant(alpha), a.jna(), n, b.jna(), n, constant(beta), c.jna(),
                n, "gemm (hyperbolic preconditioning)");
    }

    @Override
    public void scaleColumns(DevicePointer a, double[] x, DevicePointer out) {
        dgmm(1, a, upload(x, 1), out);
    }

    @Override
    public void scaleRows(DevicePointer a, double[] x, DevicePointer out) {
        dgmm(0, a, upload(x, r), out);
    }

    @Override
    public void subtractDiagonal(DevicePointer a, double[] x) {
        // the real parts of the diagonal: every r (n + 1)-th double
        CudaLibraries.status(lib.blas.cublasDaxpy_v2(lib.blasHandle, n, MINUS_ONE, upload(x, 1).jna(), 1, a.jna(),
                r * (n + 1)), "axpy (hyperbolic preconditioning)");
    }

    @Override
    public double maxAbs(DevicePointer a) {
        IntByReference at = new IntByReference();
        CudaLibraries.status(lib.blas.cublasIdamax_v2(lib.blasHandle, r * n * n, a.jna(), 1, at), "idamax");
        double[] v = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(v), a.at(8L * (at.getValue() - 1)), 8), "cuMemcpyDtoH idamax");
        return Math.abs(v[0]);
    }

    /** x, each entry `times` times in a row, in the device buffer hypX (stream-ordered after its last reader). */
    private DevicePointer upload(double[] x, int times) {
        double[] h = x;
        if (times > 1) {
            h = new double[times * x.length];
            for (int i = 0; i < h.length; i++) h[i] = x[i / times];
        }
        DevicePointer d = gpu.buffer(Workspace.HYP_X, 8L * r * n);
        DeviceBuffers.upload(d, h, Precision.DOUBLE);
        return d;
    }

    /** out := a diag(x) (mode 1) or diag(x) a (mode 0), a viewed as a real r n x n matrix. */
    private void dgmm(int mode, DevicePointer a, DevicePointer x, DevicePointer out) {
        CudaLibraries.status(lib.blas.cublasDdgmm(lib.blasHandle, mode, r * n, n, a.jna(), r * n, x.jna(), 1, out.jna(),
                r * n), "dgmm (hyperbolic preconditioning)");
    }

    /** The element type's scalar for the 1, 0 and -1/2 that HyperbolicPreconditioner passes. */
    private Memory constant(double v) {
        if (v == 1) return el.one;
        if (v == 0) return el.zero;
        if (v == -0.5) return el.minusHalf;
        throw new IllegalArgumentException("no constant " + v);
    }

    private static final Memory MINUS_ONE = new Memory(8);

    static {
        MINUS_ONE.setDouble(0, -1);
    }

    /** Synchronises, so the caller's timing ends with the work. */
    void finish() { gpu.synchronize(); }
}
