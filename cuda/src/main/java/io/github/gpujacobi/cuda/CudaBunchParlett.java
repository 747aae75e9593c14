package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.BunchParlett;
import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * Bunch-Parlett's symmetric indefinite factorisation with complete pivoting on the GPU, M = G J G'
 * [4, 10]: core/BunchParlett's steps and pivot rule ({@link BunchParlett#ALPHA}) in one cooperative
 * launch of bunch_parlett.cu (two grid barriers per pivot step, no host round trip), so the
 * hyperbolic route no longer factorises on the host (15.8 s at n = 4096 on 2 cores). G stays on the
 * device for the blocked hyperbolic sweeps. For complex elements ({@link BlockedScalar#COMPLEX}) the same kernel's
 * complex build factors a Hermitian M = G J G^H.
 */
final class CudaBunchParlett {
    private static final int BLOCK = 256;
    /**
     * Trailing columns per block at the start: 8 (as many warps as columns), and 32 for real M while syevd runs beside
     * it ({@link CudaHyperbolicPrecondition#OVERLAP}): there the kernel's many blocks (128 at n = 1024, one an SM) and
     * syevd's kernels slowed each other, and fewer blocks leave syevd most SMs. H100, 2026-11-28
     * (docs/benchmarks/gpu-h100-2026-11-28c.md), Bunch-Parlett beside syevd with 8 / 16 / 32 columns a block:
     * 13.6-14.1 / 11.4-12.0 / 11.5 ms at n = 1024 (alone 8 and 11 ms), 48 / 42 / 33 ms at 2048; the whole indefinite eig,
     * double, 3072: 143 / 148 / 132 ms, 4096: 288 / 284 / 280 ms. Wider was slower: with 48 / 64 columns Bunch-Parlett
     * outlasts syevd (H200, 2026-11-28, docs/benchmarks/gpu-h200-2026-11-28b.md, single 1024: 32 14.6-15.1, 48 15.1-16.4,
     * 64 18.0-18.2 ms; double 2048: 44.7, 51.7, 59.5-59.7). Complex M keeps 8 beside heevd (measured that way;
     * alone its 32 took 335 ms at 4096 where heevd takes 219).
     */
    private int columnsPerBlock(boolean beside) {
        return beside && !el.complex() ? 32 : 8;
    }

    /** bunch_parlett.cu's bp::Pivot: three doubles and three ints, padded to 40 bytes. */
    private static final int PIVOT_BYTES = 40;

    /** The factor G (n x n, device buffer "bpG", rows in M's order) after {@link #factor}. */
    DevicePointer g;
    /** J's diagonal, +-1. */
    int[] signs;
    /** Null, or why M is singular (core/BunchParlett's message). */
    String singular;
    long nanos;
    private final BlockedScalar el;

    CudaBunchParlett() { this(BlockedScalar.REAL); }

    CudaBunchParlett(BlockedScalar el) { this.el = el; }

    /**
     * Factors the symmetric n x n page M (lower triangle used) already on the device in buffer a,
     * which is destroyed.
     */
    void factor(CudaDevice dev, DeviceBuffers buf, DevicePointer a, int n) {
        launch(dev, buf, a, n, false);
        finish(buf, n);
    }

    private long t0;

    /**
     * {@link #factor}'s kernel, queued on the default stream; {@link #finish} waits for it. beside: syevd is about to run
     * on a side stream ({@link #columnsPerBlock}).
     */
    void launch(CudaDevice dev, DeviceBuffers buf, DevicePointer a, int n, boolean beside) {
        if (n == 0) {
            g = buf.get("bpG", 8);
            return;
        }
        String kernel = el.bunchParlett().kernelName();
        // at most n warps (8 a block): fewer blocks for small n make each grid barrier cheaper
        int columns = columnsPerBlock(beside);
        int grid = Math.max(1, Math.min(dev.cooperativeGrid(kernel, BLOCK), (n + columns - 1) / columns));
        g = buf.get("bpG", (long) el.bytes * n * n);
        DevicePointer j = buf.get("bpJ", 8L * n), perm = buf.get("bpPerm", 4L * n), lcol = buf.get("bpL", 2L * el.bytes * n);
        DevicePointer partial = buf.get("bpPartial", (long) PIVOT_BYTES * grid), state = buf.get("bpState", 16);
        DeviceBuffers.zero(g, (long) el.bytes * n * n);
        dev.synchronize();
        t0 = System.nanoTime();
        dev.launchCooperative(kernel, grid, BLOCK, Pointer.to(Pointer.to(a), Pointer.to(new int[]{n}), Pointer.to(g),
                Pointer.to(j), Pointer.to(perm), Pointer.to(lcol), Pointer.to(partial), Pointer.to(state),
                Pointer.to(new double[]{BunchParlett.ALPHA})));
    }

    /** Waits for {@link #launch}'s kernel (a read on the default stream): the state, J's signs, the time since launch. */
    void finish(DeviceBuffers buf, int n) {
        if (n == 0) {
            signs = new int[0];
            return;
        }
        DevicePointer state = buf.get("bpState", 16), j = buf.get("bpJ", 8L * n);
        int[] st = new int[3];
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(st), state, 12), "cuMemcpyDtoH Bunch-Parlett state");
        nanos = System.nanoTime() - t0;
        singular = st[2] != 0 ? BunchParlett.zeroSchurComplement(st[2]) : null;
        double[] jd = DeviceBuffers.download(j, n, Precision.DOUBLE);
        signs = new int[n];
        for (int i = 0; i < n; i++) signs[i] = jd[i] > 0 ? 1 : -1;
    }
}
