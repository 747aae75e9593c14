package io.github.gpujacobi.cuda.batched;

import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Workspace;
import io.github.gpujacobi.cuda.polish.PagePolish;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.PageAssembly;
import io.github.gpujacobi.core.PageLoop;
import io.github.gpujacobi.core.PageStats;
import jcuda.driver.CUdeviceptr;

import java.util.Arrays;

/**
 * Every page of a 3-D array (min(m, n) = 1 ... 256) in one launch of svd_batched.cu: up to 32 rows
 * (after the transpose of wide pages) one warp per page with the page in registers (svd_warp), from
 * {@code Tuning.pageBlockedSvdFrom} columns block Jacobi inside the page (blocked_pages.cu), else a
 * group of threads per page, laid out by {@link PagePlan} (teams of 8 to 32 lanes per column pair; the page
 * in shared memory while it fits, else worked on in place in global memory), the whole one-sided
 * Jacobi solve inside the group. Tall and square pages go up as they lie in the array, without a host
 * copy; wide pages are transposed on the host, as in the page loop. V comes back in double for both
 * precisions (the rotations are accumulated in double). With vectors, U leaves the GPU with unit columns (their norms,
 * the singular values, beside it) after one Newton-Schulz step, as the block kernels' V: U = A V keeps the one-sided
 * stopping tolerance, up to n^1.5 eps from orthogonal (svd_pages_normalize).
 */
public final class CudaBatchedSvd {
    public static boolean fits(int m, int n) {
        return PagePlan.svdTakes(m, n);
    }

    /**
     * Solves all pages of in into s, u, v (as svd returns them, in their own precision) and records each page in stats.
     * The page kernels are built for double only: single pages are solved on a double copy (formed in float, U loses
     * orthogonality with every rotation, past n eps_single), so tol should be double's.
     */
    public void run(GpuContext gpu, PageArray in, double tol, int maxSweeps, int fixedSweeps,
             PageArray s, PageArray u, PageArray v, PageStats stats) {
        final PageArray a = in.precision() == Precision.DOUBLE ? in : in.to(Precision.DOUBLE);
        final int m = a.rows(), n = a.cols(), pages = a.pages();
        final boolean tall = m >= n, wantV = u != null;
        final int cols = Math.min(m, n);
        // U's Newton-Schulz step [21] where U is kept in double and has more than 8 columns; up to 8 U is within n eps
        // without it and the step's launches would triple those pages' time; single U is rounded to float anyway
        final boolean polishU = wantV && in.precision() == Precision.DOUBLE && cols > 8;
        final int mm = tall ? m : n, nn = tall ? n : m, size = mm * nn;
        final Precision p = Precision.DOUBLE;
        final ChessTournament ct = new ChessTournament(nn);
        final PagePlan plan = PagePlan.svd(mm, nn, p, wantV, gpu.device().maxSharedPerBlock);
        final int warp = PagePlan.warpClass(mm);
        final int chunk = (int) Math.max(1, Math.min(pages,
                Math.min(16384, CudaBatchedEig.MAX_BYTES_PER_LAUNCH / ((long) (size + nn * nn) * 8))));
        DevicePointer ud = gpu.buffer(Workspace.U, (long) chunk * size * p.bytes());
        CUdeviceptr sigd = polishU ? gpu.buffer(Workspace.SIGMA, 8L * chunk * Math.max(1, nn)) : null;
        DevicePointer vd = gpu.buffer(Workspace.V, wantV ? (long) chunk * nn * nn * 8 : 8);
        CUdeviceptr sw = gpu.buffer(Workspace.PAGE_SWEEPS, 4L * chunk), rot = gpu.buffer(Workspace.PAGE_ROTATIONS, 8L * chunk);
        final BlockedPagePlan bp = BlockedPagePlan.svd(gpu.tuning, nn, fixedSweeps);
        final CUdeviceptr blockPairs = bp != null ? gpu.constant(Workspace.BLOCK_PAIRS, "chess:" + bp.nb, bp.blocks::flat) : null;
        // the pointwise kernel's pairs, uploaded only where it runs (the other kernels take their own schedules)
        final CUdeviceptr pairs = bp == null && warp == 0 ? gpu.constant(Workspace.PAIRS, "chess:" + nn, ct::flat) : null;
        for (int first = 0; first < pages; first += chunk) {
            int count = Math.min(chunk, pages - first);
            if (tall) {
                DeviceBuffers.uploadPages(ud, a, first, count);
            } else {
                double[] host = new double[count * size];
                for (int k = 0; k < count; k++) {
                    System.arraycopy(PageAssembly.transpose(a.pageAsDouble(first + k), m, n), 0, host, k * size, size);
                }
                DeviceBuffers.upload(ud, host, p);
            }
            gpu.synchronize();
            long t0 = System.nanoTime();
            if (bp != null) {
                PageKernels.svdBlocked(gpu, bp, count, ud, vd, blockPairs, mm, nn, tol, maxSweeps, sw, rot, wantV);
                if (wantV) PagePolish.run(gpu, vd, nn, count);
            } else if (warp > 0) {
                CUdeviceptr partners = gpu.constant(Workspace.PARTNERS, "partners:" + nn, () -> PagePlan.partners(ct));
                PageKernels.svdWarp(gpu, warp, count, ud, vd, partners, mm, nn, ct.steps(), tol, maxSweeps, fixedSweeps, sw,
                        rot, wantV);
            } else {
                PageKernels.svdGroup(gpu, plan, count, ud, vd, pairs, mm, nn, ct.pairsPerStep(), ct.steps(), tol, maxSweeps,
                        fixedSweeps, sw, rot, wantV);
            }
            // V of the group kernel (33 ... 39 columns, or more than 32 rows) in double input: as the eig pages' V
            if (bp == null && warp == 0 && wantV && in.precision() == Precision.DOUBLE) PagePolish.run(gpu, vd, nn, count);
            final int columns = count * nn;
            if (polishU && columns > 0) {  // U to unit columns (sigma) and its Newton-Schulz step, as V's
                PageKernels.svdNormalize(gpu, ud, sigd, mm, columns);
                PagePolish.run(gpu, ud, mm, nn, count);
            }
            gpu.synchronize();
            stats.addComputeNanos(System.nanoTime() - t0);
            double[] out = DeviceBuffers.download(ud, count * size, p);
            double[] sigma = polishU ? DeviceBuffers.download(sigd, columns, Precision.DOUBLE) : null;
            double[] vout = wantV ? DeviceBuffers.download(vd, count * nn * nn, Precision.DOUBLE) : null;
            final int[] sweeps = new int[count];
            final long[] rotations = new long[count];
            DeviceBuffers.readPageCounters(sw, rot, sweeps, rotations);
            final int at = first;
            PageLoop.forEach(count, Runtime.getRuntime().availableProcessors(), k -> { // pages apart: on all cores
                double[] w = new double[size];
                System.arraycopy(out, k * size, w, 0, size);
                double[] vw = null;
                if (wantV) {
                    vw = new double[nn * nn];
                    System.arraycopy(vout, k * nn * nn, vw, 0, nn * nn);
                }
                if (polishU) PageAssembly.svd(w, Arrays.copyOfRange(sigma, k * nn, (k + 1) * nn), true, vw, mm, nn, tall, s, u, v,
                        at + k);
                else PageAssembly.svd(w, vw, mm, nn, tall, s, u, v, at + k);
                stats.record(at + k, Math.abs(sweeps[k]), rotations[k], sweeps[k] > 0 || nn <= 1);
            });
        }
    }
}
