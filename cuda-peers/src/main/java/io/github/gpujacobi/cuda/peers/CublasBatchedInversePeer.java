package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.bench.Accuracy;
import io.github.gpujacobi.bench.BenchPeer;
import io.github.gpujacobi.bench.Measurement;
import io.github.gpujacobi.cuda.jna.CuBlas;
import io.github.gpujacobi.cuda.jna.CudaRuntime;

import static io.github.gpujacobi.cuda.peers.DeviceMemory.check;

/**
 * cuBLAS getrfBatched + getriBatched as the benchmark row for page arrays [17] (what CuPy's batched
 * inv does): LU of every page in place, then the inverse into a second array. The timed region is
 * the two calls plus the device-to-device copy restoring the input they overwrite.
 */
final class CublasBatchedInversePeer implements BenchPeer {
    private final CuBlas blas;
    private final CudaRuntime rt;
    private final Pointer handle;
    private final DeviceMemory mem;

    CublasBatchedInversePeer(CuBlas blas, CudaRuntime rt, Pointer handle) {
        this.blas = blas;
        this.rt = rt;
        this.handle = handle;
        this.mem = new DeviceMemory(rt);
    }

    public String name() { return "cublas getrfBatched+getriBatched"; }

    public boolean isGpujacobi() { return false; }

    public String op() { return "inv"; }

    public boolean applies(PageArray input) { return input.pages() > 1; }

    public String unsupported(PageArray input) { return null; }

    public Measurement measure(PageArray a, int repeats, boolean withTransfers) {
        int n = a.rows(), pages = a.pages();
        boolean dbl = a.precision() == Precision.DOUBLE;
        int es = dbl ? 8 : 4;
        long pageBytes = (long) n * n * es, bytes = pageBytes * pages;
        Pointer a0 = mem.alloc(bytes), lu = mem.alloc(bytes), c = mem.alloc(bytes), piv = mem.alloc(4L * n * pages), info = mem.alloc(4L * pages);
        Pointer luArray = mem.alloc(8L * pages), cArray = mem.alloc(8L * pages);
        try {
            Memory host = mem.upload(a0, a.doubleData(), a.floatData(), a.length(), bytes);
            pointerArray(luArray, lu, pageBytes, pages);
            pointerArray(cArray, c, pageBytes, pages);
            Runnable call = () -> {
                if (withTransfers) check(rt.cudaMemcpy(a0, host, bytes, 1), "cudaMemcpy H2D");
                check(rt.cudaMemcpy(lu, a0, bytes, 3), "cudaMemcpy D2D");
                check(dbl ? blas.cublasDgetrfBatched(handle, n, luArray, n, piv, info, pages)
                        : blas.cublasSgetrfBatched(handle, n, luArray, n, piv, info, pages), "getrfBatched");
                check(dbl ? blas.cublasDgetriBatched(handle, n, luArray, n, piv, cArray, n, info, pages)
                        : blas.cublasSgetriBatched(handle, n, luArray, n, piv, cArray, n, info, pages), "getriBatched");
                if (withTransfers) check(rt.cudaMemcpy(host, c, bytes, 2), "cudaMemcpy D2H");
                check(rt.cudaDeviceSynchronize(), "cudaDeviceSynchronize");
            };
            // warmed up as gpujacobi's rows are (several whole calls where the whole call is timed)
            io.github.gpujacobi.bench.TimedRuns.warmUp(call, withTransfers);
            double[] ms = new double[repeats];
            for (int r = 0; r < repeats; r++) {
                long t0 = System.nanoTime();
                call.run();
                ms[r] = (System.nanoTime() - t0) * 1e-6;
            }
            int status = mem.readInt(info);
            double acc = Double.NaN;
            if (Accuracy.checked(a)) {
                Memory h = mem.download(c, pageBytes);
                PageArray x0 = dbl ? PageArray.wrap(h.getDoubleArray(0, n * n), n, n) : PageArray.wrap(h.getFloatArray(0, n * n), n, n);
                acc = Accuracy.inv(a.page(0), x0);
            }
            return new Measurement(Measurement.median(ms), acc, Double.NaN, status != 0 ? "info " + status : "");
        } finally {
            mem.free(a0, lu, c, piv, info, luArray, cArray);
        }
    }

    /** dst[k] = base + k * pageBytes, on the device. */
    private void pointerArray(Pointer dst, Pointer base, long pageBytes, int pages) {
        Memory h = new Memory(8L * pages);
        long b = Pointer.nativeValue(base);
        for (int k = 0; k < pages; k++) h.setLong(8L * k, b + k * pageBytes);
        check(rt.cudaMemcpy(dst, h, 8L * pages, 1), "cudaMemcpy H2D");
    }
}
