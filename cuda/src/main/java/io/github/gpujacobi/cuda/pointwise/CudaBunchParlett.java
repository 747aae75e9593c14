package io.github.gpujacobi.cuda.pointwise;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.BunchParlett;
import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * Bunch-Parlett's symmetric indefinite factorisation with complete pivoting on the GPU, M = G J G'
 * [4, 10]: core/BunchParlett's steps and pivot rule ({@link BunchParlett#ALPHA}) in one cooperative
 * launch of bunch_parlett.cu (two grid barriers per pivot step, no host round trip), so the
 * hyperbolic route does not factorise on the host. G stays on the
 * device for the blocked hyperbolic sweeps. For complex elements ({@link BlockedScalar#COMPLEX}) the same kernel's
 * complex build factors a Hermitian M = G J G^H.
 */
public final class CudaBunchParlett {
    /**
     * Trailing columns per block at the start: 8 (as many warps as columns), and 32 for real M while syevd runs beside
     * it (CudaIndefiniteEig): there the kernel's many blocks and syevd's kernels slow each other, and fewer blocks leave
     * syevd most SMs; wider, Bunch-Parlett outlasts syevd. Complex M keeps 8 beside heevd, which it outlasts with 32.
     * Alone, fewer blocks are slower: each step reads and writes the whole trailing matrix, so the factorisation is
     * bound by memory traffic, not by its grid barriers.
     */
    private int columnsPerBlock(boolean beside) {
        return beside && !el.complex() ? 32 : 8;
    }

    /** bunch_parlett.cu's bp::Pivot: three doubles and three ints, padded to 40 bytes. */
    private static final int PIVOT_BYTES = 40;

    /** The factor G (n x n, device buffer "bpG", rows in M's order) after {@link #factor}. */
    public DevicePointer g;
    /** J's diagonal, +-1. */
    public int[] signs;
    /** Null, or why M is singular (core/BunchParlett's message). */
    public String singular;
    public long nanos;
    private final BlockedScalar el;

    public CudaBunchParlett() { this(BlockedScalar.REAL); }

    public CudaBunchParlett(BlockedScalar el) { this.el = el; }

    /**
     * Factors the symmetric n x n page M (lower triangle used) already on the device in buffer a,
     * which is destroyed.
     */
    public void factor(GpuContext gpu, DevicePointer a, int n) {
        launch(gpu, a, n, false);
        finish(gpu, n);
    }

    private long t0;

    /**
     * {@link #factor}'s kernel, queued on the default stream; {@link #finish} waits for it. beside: syevd is about to run
     * on a side stream ({@link #columnsPerBlock}).
     */
    public void launch(GpuContext gpu, DevicePointer a, int n, boolean beside) {
        if (n == 0) {
            g = gpu.buffer(Workspace.BP_G, 8);
            return;
        }
        // at most n warps (8 a block): fewer blocks for small n make each grid barrier cheaper
        int columns = columnsPerBlock(beside);
        int grid = Math.max(1, Math.min(gpu.cooperativeGrid(el.bunchParlett().kernelName(), PointwiseKernels.BLOCK), (n + columns - 1) / columns));
        g = gpu.buffer(Workspace.BP_G, (long) el.bytes * n * n);
        DevicePointer j = gpu.buffer(Workspace.BP_J, 8L * n), perm = gpu.buffer(Workspace.BP_PERM, 4L * n), lcol = gpu.buffer(Workspace.BP_L, 2L * el.bytes * n);
        DevicePointer partial = gpu.buffer(Workspace.BP_PARTIAL, (long) PIVOT_BYTES * grid), state = gpu.buffer(Workspace.BP_STATE, 16);
        DeviceBuffers.zero(g, (long) el.bytes * n * n);
        gpu.synchronize();
        t0 = System.nanoTime();
        PointwiseKernels.bunchParlett(gpu, el, grid, a, n, g, j, perm, lcol, partial, state, BunchParlett.ALPHA);
    }

    /** Waits for {@link #launch}'s kernel (a read on the default stream): the state, J's signs, the time since launch. */
    public void finish(GpuContext gpu, int n) {
        if (n == 0) {
            signs = new int[0];
            return;
        }
        DevicePointer state = gpu.buffer(Workspace.BP_STATE, 16), j = gpu.buffer(Workspace.BP_J, 8L * n);
        int[] st = new int[3];
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(st), state, 12), "cuMemcpyDtoH Bunch-Parlett state");
        nanos = System.nanoTime() - t0;
        singular = st[2] != 0 ? BunchParlett.zeroSchurComplement(st[2]) : null;
        double[] jd = DeviceBuffers.download(j, n, Precision.DOUBLE);
        signs = new int[n];
        for (int i = 0; i < n; i++) signs[i] = jd[i] > 0 ? 1 : -1;
    }
}
