package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.PageOutcome;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/** One page of Gauss-Jordan inversion on the GPU (kernel: gauss_jordan.cu). */
final class CudaGaussJordan {
    static final int BLOCK = 256;

    private CudaGaussJordan() {}

    /**
     * Inverts w (n x n) in place; the outcome says whether every pivot was nonzero and the kernel
     * time (transfers excluded).
     */
    static PageOutcome invert(CudaDevice dev, DeviceBuffers buf, double[] w, int n, Precision p) {
        long e = p.bytes();
        CUdeviceptr a = buf.get("A", (long) n * n * e), piv = buf.get("piv", (long) n * 4);
        CUdeviceptr col = buf.get("col", n * e), row = buf.get("row", n * e), sing = buf.get("singular", 4);
        DeviceBuffers.upload(a, w, p);
        DeviceBuffers.zero(sing, 4);
        String kernel = Kernel.GJ_INVERT.name(p);
        int grid = Math.max(1, Math.min(dev.cooperativeGrid(kernel, BLOCK), (int) (((long) n * n + BLOCK - 1) / BLOCK)));
        dev.synchronize();
        long t0 = System.nanoTime();
        dev.launchCooperative(kernel, grid, BLOCK, Pointer.to(Pointer.to(a), Pointer.to(new int[]{n}), Pointer.to(piv),
                Pointer.to(col), Pointer.to(row), Pointer.to(sing)));
        dev.synchronize();
        long nanos = System.nanoTime() - t0;
        int[] s = {0};
        CudaDevice.check(jcuda.driver.JCudaDriver.cuMemcpyDtoH(Pointer.to(s), sing, 4), "cuMemcpyDtoH");
        System.arraycopy(DeviceBuffers.download(a, n * n, p), 0, w, 0, n * n);
        return PageOutcome.direct(s[0] == 0, nanos);
    }
}
