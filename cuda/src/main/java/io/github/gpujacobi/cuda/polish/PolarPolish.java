package io.github.gpujacobi.cuda.polish;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.CudaLibraries;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Workspace;
import jcuda.driver.JCudaDriver;

/**
 * Newton-Schulz steps U := U (3I - U'U) / 2 on an n x n device matrix (two GEMMs each), which take U to its polar
 * factor, the nearest orthogonal matrix [21], moving each column by about as much as it lacked. The blocked sweeps'
 * U (unit columns of X W) is orthogonal only to the stopping tolerance, where an accumulated W is orthogonal to the
 * rounding: one step from double's tolerance, two from single's.
 */
public final class PolarPolish {
    private PolarPolish() {}

    /** Steps on u (buffers polishT, polishQ as scratch): two where tol is single's (above 1e-12), else one. */
    public static void steps(GpuContext gpu, BlockedScalar el, DevicePointer u, int n,
                      double tol) {
        if (n < 2) return;
        CudaLibraries lib = gpu.libraries("Method 'blocked'");
        long bytes = (long) n * n * el.bytes;
        DevicePointer t = gpu.buffer(Workspace.POLISH_T, bytes), q = gpu.buffer(Workspace.POLISH_Q, bytes);
        for (int k = 0, steps = tol > 1e-12 ? 2 : 1; k < steps; k++) {
            CudaDevice.check(JCudaDriver.cuMemcpyDtoD(q, u, bytes), "cuMemcpyDtoD");
            batched(lib, el, u, t, q, n, 1);
            CudaDevice.check(JCudaDriver.cuMemcpyDtoD(u, q, bytes), "cuMemcpyDtoD");
        }
        gpu.synchronize();
    }

    /**
     * One step on the n x n factor u (elements el) of another solver: the two-sided kernels' complex V, whose rotations
     * leave it about n^1.5 eps from unitary, to the contract's n eps.
     */
    public static void once(GpuContext gpu, BlockedScalar el, DevicePointer u, int n) {
        if (n < 2) return;
        CudaLibraries lib = gpu.libraries("the eigenvectors' polish");
        long bytes = (long) n * n * el.bytes;
        DevicePointer t = gpu.buffer(Workspace.POLISH_T, bytes), q = gpu.buffer(Workspace.POLISH_Q, bytes);
        CudaDevice.check(JCudaDriver.cuMemcpyDtoD(q, u, bytes), "cuMemcpyDtoD");
        batched(lib, el, u, t, q, n, 1);
        CudaDevice.check(JCudaDriver.cuMemcpyDtoD(u, q, bytes), "cuMemcpyDtoD");
        gpu.synchronize();
    }

    /**
     * One Newton-Schulz step [21] on each of count q2 x q2 matrices R (in r, and in q as R P, P exchanging the column
     * halves for a swapping schedule, else I): q := R (3I - R'R) / 2 P = 1.5 R P - 0.5 R (R' (R P)), so the roundings
     * of the rotations do not add up in V over the steps (t: scratch). R = I (a pair that did not rotate) stays I
     * exactly.
     */
    public static void batched(CudaLibraries lib, BlockedScalar el, DevicePointer r, DevicePointer t, DevicePointer q, int q2,
                       int count) {
        long stride = (long) q2 * q2;
        el.gemmStridedBatched(lib, el.adjoint, 0, q2, q2, q2, el.one, r.jna(), q2, stride, q.jna(), q2, stride, el.zero,
                t.jna(), q2, stride, count, "gemmStridedBatched R'R");
        el.gemmStridedBatched(lib, 0, 0, q2, q2, q2, el.minusHalf, r.jna(), q2, stride, t.jna(), q2, stride, el.threeHalves,
                q.jna(), q2, stride, count, "gemmStridedBatched polish");
    }

}
