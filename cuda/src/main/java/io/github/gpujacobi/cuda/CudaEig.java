package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

import java.util.Locale;

/** One page of the two-sided parallel Jacobi eigensolver on the GPU (kernels: eig_jacobi.cu). */
final class CudaEig {
    static final int BLOCK = 256;

    int sweeps;
    long rotations;
    boolean converged;
    /** Sweep loop time, transfers excluded. */
    long computeNanos;

    /**
     * @param w      n x n symmetric page (column-major), read only
     * @param method ta, ma, sa or mca
     * @param v      receives V (column-major) when non-null
     * @return the eigenvalues, unsorted
     */
    double[] run(CudaDevice dev, DeviceBuffers buf, double[] w, double[] v, int n, Precision p, String method,
                 double tol, int maxSweeps, int fixedSweeps) {
        ChessTournament ct = new ChessTournament(n);
        int half = ct.pairsPerStep(), steps = ct.steps();
        long e = p.bytes();
        long nn = (long) n * n;
        CUdeviceptr a = buf.get("A", nn * e), x = buf.get("X", nn * e), vd = buf.get("V", nn * e);
        CUdeviceptr pairs = buf.get("pairs", 4L * Math.max(2, ct.flat().length)), cs = buf.get("cs", 2L * half * e);
        int[] rowPairs = ct.rowPairs();
        CUdeviceptr rowPair = buf.get("rowPair", 4L * Math.max(1, rowPairs.length));
        CUdeviceptr counter = buf.get("counter", 8), diag = buf.get("diag", n * e);
        DeviceBuffers.upload(a, w, p);
        DeviceBuffers.upload(pairs, ct.flat().length == 0 ? new int[2] : ct.flat());
        if (rowPairs.length > 0) DeviceBuffers.upload(rowPair, rowPairs);
        boolean wantV = v != null;
        if (wantV) {
            double[] id = new double[(int) nn];
            for (int i = 0; i < n; i++) id[i + i * n] = 1;
            DeviceBuffers.upload(vd, id, p);
        }
        String kernel = "eig_sweep_" + method + (p == Precision.DOUBLE ? "_d" : "_f");
        int grid = Math.max(1, Math.min(dev.cooperativeGrid(kernel, BLOCK), (int) Math.min(Integer.MAX_VALUE, (half * (long) n + BLOCK - 1) / BLOCK)));
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        converged = n <= 1;
        dev.synchronize();
        long t0 = System.nanoTime();
        for (sweeps = 0; sweeps < limit && !(converged && fixedSweeps == 0) && steps > 0; ) {
            sweeps++;
            DeviceBuffers.zero(counter, 8);
            Pointer params = Pointer.to(Pointer.to(a), Pointer.to(x), Pointer.to(vd), Pointer.to(pairs),
                    Pointer.to(rowPair), Pointer.to(new int[]{n}), Pointer.to(new int[]{half}),
                    Pointer.to(new int[]{steps}), DeviceBuffers.scalar(tol, p),
                    Pointer.to(new int[]{fixedSweeps > 0 ? 1 : 0}), Pointer.to(cs), Pointer.to(counter),
                    Pointer.to(new int[]{wantV ? 1 : 0}));
            dev.launchCooperative(kernel, grid, BLOCK, params);
            long r = DeviceBuffers.readCounter(counter); // the one host synchronisation of a sweep
            rotations += r;
            converged = r == 0;
        }
        if (fixedSweeps > 0) converged = false;
        computeNanos = System.nanoTime() - t0;
        dev.launch("diag" + (p == Precision.DOUBLE ? "_d" : "_f"), (n + BLOCK - 1) / BLOCK, BLOCK,
                Pointer.to(Pointer.to(a), Pointer.to(diag), Pointer.to(new int[]{n})));
        double[] d = DeviceBuffers.download(diag, n, p);
        if (wantV) {
            double[] vv = DeviceBuffers.download(vd, (int) nn, p);
            if (method.toLowerCase(Locale.ROOT).equals("ta")) { // TA keeps V row-major
                for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) v[i + j * n] = vv[j + i * n];
            } else {
                System.arraycopy(vv, 0, v, 0, (int) nn);
            }
        }
        return d;
    }
}
