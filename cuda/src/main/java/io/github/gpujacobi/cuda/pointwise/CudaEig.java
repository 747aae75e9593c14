package io.github.gpujacobi.cuda.pointwise;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CommonKernels;
import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Kernel;
import io.github.gpujacobi.cuda.launch.Scalar;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.polish.PagePolish;
import io.github.gpujacobi.cuda.polish.PolarPolish;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import jcuda.driver.CUdeviceptr;

/**
 * One page of the symmetric eigensolver on the GPU: the two-sided parallel Jacobi of [1]
 * (eig_jacobi.cu, methods ta/ma/sa/mca) or the classical max-pivot Jacobi of [3]
 * (classical_jacobi.cu). One launch per sweep; the rotation counter read back after it is the only
 * host synchronisation of a sweep.
 */
public final class CudaEig {
    /** Whether V gets the contract's polish (the default routes set it; the named kernels run as published). */
    public boolean polish;

    /** Method name (in run reports) of the one-phase MCA kernel, the GPU's default for large pages. */
    public static final String FUSED_MCA = "mca-fused";

    public int sweeps;
    public long rotations;
    public boolean converged;
    /** Sweep loop time, transfers excluded. */
    public long computeNanos;

    /**
     * @param w      n x n symmetric page (column-major), read only
     * @param method ta, ma, sa, mca, mca-fused or classical
     * @param v      receives V (column-major) when non-null
     * @return the eigenvalues, unsorted
     */
    public double[] run(GpuContext gpu, double[] w, double[] v, int n, Precision p, String method,
                 double tol, int maxSweeps, int fixedSweeps) {
        return run(gpu, w, v, n, Scalar.of(p, false), method, tol, maxSweeps, fixedSweeps);
    }

    /**
     * The same for element type s: a complex page is Hermitian and interleaved (w, v: 2 n^2 numbers),
     * solved by the complex builds of the two-phase kernels (ta, ma, sa, mca; no fused or classical build).
     */
    public double[] run(GpuContext gpu, double[] w, double[] v, int n, Scalar s, String method,
                 double tol, int maxSweeps, int fixedSweeps) {
        if (s.complex && (method.equals(FUSED_MCA) || Methods.CLASSICAL.equals(method))) {
            throw new IllegalArgumentException("no complex build of the " + method + " eig kernel");
        }
        Precision p = s.precision;
        long e = s.bytes(), nn = (long) n * n;
        DevicePointer vd = gpu.buffer(Workspace.V, nn * e);
        CUdeviceptr a = gpu.buffer(Workspace.A, nn * e), diag = gpu.buffer(Workspace.DIAG, n * (long) p.bytes());
        CUdeviceptr counter = gpu.buffer(Workspace.COUNTER, 8);
        DeviceBuffers.upload(a, w, p);
        boolean wantV = v != null;
        if (wantV) CommonKernels.identity(gpu, s, vd, n);
        Sweep sweep = Methods.CLASSICAL.equals(method)
                ? classical(gpu, a, vd, diag, counter, n, p, fixedSweeps > 0 ? 0 : tol, wantV)
                : parallel(gpu, a, vd, counter, n, s, method, tol, fixedSweeps > 0, wantV);
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        converged = n <= 1;
        gpu.synchronize();
        long t0 = System.nanoTime();
        for (sweeps = 0; sweeps < limit && !(converged && fixedSweeps == 0) && n > 1; ) {
            sweeps++;
            DeviceBuffers.zero(counter, 8);
            sweep.launch();
            long r = DeviceBuffers.readCounter(counter); // the one host synchronisation of a sweep
            rotations += r;
            converged = sweep.converged(r);
        }
        if (fixedSweeps > 0) converged = false;
        // a default route's V to orthogonal at n eps, as LAPACK's (docs/accuracy.md): one Newton-Schulz step [21]
        if (wantV && polish && fixedSweeps == 0 && !method.equals("ta")) {
            if (s == Scalar.D) {
                PagePolish.run(gpu, vd, n, 1);
                gpu.synchronize();
            } else if (s == Scalar.Z) {
                PolarPolish.once(gpu, BlockedScalar.COMPLEX, vd, n);
            }
        }
        computeNanos = System.nanoTime() - t0;
        PointwiseKernels.diag(gpu, s, a, diag, n);
        double[] d = DeviceBuffers.download(diag, n, p);
        if (wantV) {
            int parts = s.parts();
            double[] vv = DeviceBuffers.download(vd, (int) nn * parts, p);
            if (method.equals("ta")) { // TA keeps V row-major
                for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) for (int r = 0; r < parts; r++) {
                    v[(i + j * n) * parts + r] = vv[(j + i * n) * parts + r];
                }
            } else {
                System.arraycopy(vv, 0, v, 0, (int) nn * parts);
            }
        }
        return d;
    }

    /** One sweep's launch and how its rotation count decides convergence. */
    private interface Sweep {
        void launch();

        boolean converged(long rotationsInSweep);
    }

    private static Sweep parallel(GpuContext gpu, CUdeviceptr a, CUdeviceptr vd, CUdeviceptr counter, int n, Scalar s,
                                  String method, double tol, boolean fixed, boolean wantV) {
        ChessTournament ct = new ChessTournament(n);
        int half = ct.pairsPerStep(), steps = ct.steps();
        CUdeviceptr pairs = gpu.constant(Workspace.PAIRS, "chess:" + n, ct::flat);
        CUdeviceptr x = gpu.buffer(Workspace.X, (long) n * n * s.bytes()), cs = gpu.buffer(Workspace.CS, 2L * half * s.bytes());
        boolean fused = method.equals(FUSED_MCA);
        if (fused) method = "mca";
        Kernel kernel = Kernel.eigSweep(method, fused);
        // only MCA reads row i's pair; the others get any valid pointer
        CUdeviceptr rowPair = method.equals("mca") ? gpu.constant(Workspace.ROW_PAIR, "rows:" + n, ct::rowPairs) : pairs;
        // the seed's geometry: a block per pair, a thread per element (n rounded up to a warp); 1024 was
        // fastest for the fused kernel at n = 1024 (512: +13%, 256: +37%, two blocks per SM: +43%)
        int block = Math.min(1024, Math.max(32, (n + 31) / 32 * 32));
        int grid = Math.max(1, Math.min(gpu.cooperativeGrid(kernel.name(s), block), half));
        return new Sweep() {
            public void launch() {
                PointwiseKernels.eigSweep(gpu, kernel, s, grid, block, a, x, vd, pairs, rowPair, n, half, steps, tol, fixed,
                        cs, counter, wantV);
            }

            public boolean converged(long r) { return r == 0; }
        };
    }

    private static Sweep classical(GpuContext gpu, CUdeviceptr a, CUdeviceptr vd, CUdeviceptr diag, CUdeviceptr counter,
                                   int n, Precision p, double tol, boolean wantV) {
        // enough blocks that each scans a few columns: the max search is O(n^2) per rotation
        int grid = Math.max(1, Math.min(gpu.cooperativeGrid(Kernel.CLASSICAL.name(p), PointwiseKernels.BLOCK), n / 4));
        long budget = (long) n * (n - 1) / 2;
        CUdeviceptr partW = gpu.buffer(Workspace.PART_W, grid * p.bytes()), partK = gpu.buffer(Workspace.PART_K, grid * 8L);
        CUdeviceptr partA = gpu.buffer(Workspace.PART_A, 3L * grid * p.bytes());
        PointwiseKernels.diag(gpu, Scalar.of(p, false), a, diag, n);
        return new Sweep() {
            public void launch() {
                PointwiseKernels.classical(gpu, p, grid, a, vd, diag, n, budget, tol, partW, partK, partA, counter, wantV);
            }

            // the kernel stops early once the largest pivot is negligible
            public boolean converged(long r) { return r < budget; }
        };
    }
}
