package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/** One page of the one-sided Jacobi SVD on the GPU (kernels: svd_jacobi.cu), m >= n. */
final class CudaSvd {
    static final int BLOCK = 256;

    int sweeps;
    long rotations;
    boolean converged;
    /** Sweep loop time, transfers excluded. */
    long computeNanos;

    /**
     * @param w  m x n, overwritten with A V (orthogonal columns)
     * @param vw n x n, set to V when non-null
     */
    void run(CudaDevice dev, DeviceBuffers buf, double[] w, double[] vw, int m, int n, Precision p, double tol,
             int maxSweeps, int fixedSweeps) {
        ChessTournament ct = new ChessTournament(n);
        int half = ct.pairsPerStep(), steps = ct.steps();
        long e = p.bytes();
        CUdeviceptr u = buf.get("U", (long) m * n * e), v = buf.get("V", (long) n * n * e);
        CUdeviceptr pairs = buf.get("pairs", 4L * Math.max(2, ct.flat().length)), counter = buf.get("counter", 8);
        DeviceBuffers.upload(u, w, p);
        DeviceBuffers.upload(pairs, ct.flat().length == 0 ? new int[2] : ct.flat());
        boolean wantV = vw != null;
        if (wantV) {
            double[] id = new double[n * n];
            for (int i = 0; i < n; i++) id[i + i * n] = 1;
            DeviceBuffers.upload(v, id, p);
        }
        String kernel = "svd_sweep" + (p == Precision.DOUBLE ? "_d" : "_f");
        int grid = Math.max(1, Math.min(dev.cooperativeGrid(kernel, BLOCK), half));
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        converged = n <= 1;
        dev.synchronize();
        long t0 = System.nanoTime();
        for (sweeps = 0; sweeps < limit && !(converged && fixedSweeps == 0) && steps > 0; ) {
            sweeps++;
            DeviceBuffers.zero(counter, 8);
            Pointer params = Pointer.to(Pointer.to(u), Pointer.to(v), Pointer.to(pairs), Pointer.to(new int[]{m}),
                    Pointer.to(new int[]{n}), Pointer.to(new int[]{half}), Pointer.to(new int[]{steps}),
                    DeviceBuffers.scalar(tol, p), Pointer.to(new int[]{fixedSweeps > 0 ? 1 : 0}),
                    Pointer.to(counter), Pointer.to(new int[]{wantV ? 1 : 0}));
            dev.launchCooperative(kernel, grid, BLOCK, params);
            long r = DeviceBuffers.readCounter(counter);
            rotations += r;
            converged = r == 0;
        }
        if (fixedSweeps > 0) converged = false;
        computeNanos = System.nanoTime() - t0;
        System.arraycopy(DeviceBuffers.download(u, m * n, p), 0, w, 0, m * n);
        if (wantV) System.arraycopy(DeviceBuffers.download(v, n * n, p), 0, vw, 0, n * n);
    }
}
