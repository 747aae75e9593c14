package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.bench.Accuracy;
import io.github.gpujacobi.bench.BenchPeer;
import io.github.gpujacobi.bench.Measurement;
import io.github.gpujacobi.cuda.jna.CuBlas;
import io.github.gpujacobi.cuda.jna.CudaRuntime;

/**
 * cuBLAS getrfBatched + getriBatched as the benchmark row for page arrays [17] (what CuPy's batched
 * inv does): LU of every page in place, then the inverse into a second array. The timed region is
 * the two calls plus the device-to-device copy restoring the input they overwrite.
 */
final class CublasBatchedInversePeer implements BenchPeer {
    private final CuBlas blas;
    private final CudaRuntime rt;
    private final Pointer handle;

    CublasBatchedInversePeer(CuBlas blas, CudaRuntime rt, Pointer handle) {
        this.blas = blas;
        this.rt = rt;
        this.handle = handle;
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
        Pointer a0 = alloc(bytes), lu = alloc(bytes), c = alloc(bytes), piv = alloc(4L * n * pages), info = alloc(4L * pages);
        Pointer luArray = alloc(8L * pages), cArray = alloc(8L * pages);
        try {
            Memory host = new Memory(bytes);
            if (dbl) host.write(0, a.doubleData(), 0, a.length());
            else host.write(0, a.floatData(), 0, a.length());
            CusolverPeer.check(rt.cudaMemcpy(a0, host, bytes, 1), "cudaMemcpy H2D");
            pointerArray(luArray, lu, pageBytes, pages);
            pointerArray(cArray, c, pageBytes, pages);
            double[] ms = new double[repeats];
            int status = 0;
            for (int r = -1; r < repeats; r++) {
                long t0 = System.nanoTime();
                if (withTransfers) CusolverPeer.check(rt.cudaMemcpy(a0, host, bytes, 1), "cudaMemcpy H2D");
                CusolverPeer.check(rt.cudaMemcpy(lu, a0, bytes, 3), "cudaMemcpy D2D");
                CusolverPeer.check(dbl ? blas.cublasDgetrfBatched(handle, n, luArray, n, piv, info, pages)
                        : blas.cublasSgetrfBatched(handle, n, luArray, n, piv, info, pages), "getrfBatched");
                CusolverPeer.check(dbl ? blas.cublasDgetriBatched(handle, n, luArray, n, piv, cArray, n, info, pages)
                        : blas.cublasSgetriBatched(handle, n, luArray, n, piv, cArray, n, info, pages), "getriBatched");
                if (withTransfers) CusolverPeer.check(rt.cudaMemcpy(host, c, bytes, 2), "cudaMemcpy D2H");
                CusolverPeer.check(rt.cudaDeviceSynchronize(), "cudaDeviceSynchronize");
                if (r >= 0) ms[r] = (System.nanoTime() - t0) * 1e-6;
            }
            Memory st = new Memory(4);
            CusolverPeer.check(rt.cudaMemcpy(st, info, 4, 2), "cudaMemcpy D2H");
            status = st.getInt(0);
            double acc = Double.NaN;
            if (Accuracy.checked(a)) {
                Memory h = new Memory(pageBytes);
                CusolverPeer.check(rt.cudaMemcpy(h, c, pageBytes, 2), "cudaMemcpy D2H");
                PageArray x0 = dbl ? PageArray.wrap(h.getDoubleArray(0, n * n), n, n) : PageArray.wrap(h.getFloatArray(0, n * n), n, n);
                acc = Accuracy.inv(a.page(0), x0);
            }
            return new Measurement(Measurement.median(ms), acc, Double.NaN, status != 0 ? "info " + status : "");
        } finally {
            for (Pointer p : new Pointer[]{a0, lu, c, piv, info, luArray, cArray}) rt.cudaFree(p);
        }
    }

    private Pointer alloc(long bytes) {
        PointerByReference p = new PointerByReference();
        CusolverPeer.check(rt.cudaMalloc(p, Math.max(8, bytes)), "cudaMalloc");
        return p.getValue();
    }

    /** dst[k] = base + k * pageBytes, on the device. */
    private void pointerArray(Pointer dst, Pointer base, long pageBytes, int pages) {
        Memory h = new Memory(8L * pages);
        long b = Pointer.nativeValue(base);
        for (int k = 0; k < pages; k++) h.setLong(8L * k, b + k * pageBytes);
        CusolverPeer.check(rt.cudaMemcpy(dst, h, 8L * pages, 1), "cudaMemcpy H2D");
    }
}
