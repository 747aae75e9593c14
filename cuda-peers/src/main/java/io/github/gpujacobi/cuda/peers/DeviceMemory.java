package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.cuda.jna.CudaRuntime;

/**
 * The CUDA runtime calls that the cuSOLVER and cuBLAS benchmark rows, real and complex, share:
 * allocation, host-device copies, the identity right-hand side of getrs, reading devInfo. Every
 * status is checked; a failure is an UnsupportedOperationException, which the bench turns into a
 * "failed: ..." row.
 */
final class DeviceMemory {
    private static final int H2D = 1, D2H = 2, D2D = 3;

    private final CudaRuntime rt;

    DeviceMemory(CudaRuntime rt) { this.rt = rt; }

    static void check(int status, String what) {
        if (status != 0) throw new UnsupportedOperationException(what + " returned status " + status);
    }

    /** At least 8 bytes, so an empty input still gets a valid pointer. */
    Pointer alloc(long bytes) {
        PointerByReference p = new PointerByReference();
        check(rt.cudaMalloc(p, Math.max(8, bytes)), "cudaMalloc");
        return p.getValue();
    }

    /** Copies the first count numbers of d (or of f when d is null) to dst; returns the host staging buffer. */
    public Memory upload(Pointer dst, double[] d, float[] f, int count, long bytes) {
        Memory host = new Memory(bytes);
        if (d != null) host.write(0, d, 0, count);
        else host.write(0, f, 0, count);
        check(rt.cudaMemcpy(dst, host, bytes, H2D), "cudaMemcpy H2D");
        return host;
    }

    /** Writes the n x n identity (elements of es bytes, double or float real parts) to eye. */
    void uploadIdentity(Pointer eye, int n, long pageBytes, boolean dbl, int es) {
        Memory id = new Memory(pageBytes);
        id.clear();
        for (int i = 0; i < n; i++) {
            if (dbl) id.setDouble(((long) i * n + i) * es, 1.0);
            else id.setFloat(((long) i * n + i) * es, 1f);
        }
        check(rt.cudaMemcpy(eye, id, pageBytes, H2D), "cudaMemcpy H2D");
    }

    /** bytes from src into a fresh host buffer (at least 8 bytes long). */
    Memory download(Pointer src, long bytes) {
        Memory h = new Memory(Math.max(8, bytes));
        check(rt.cudaMemcpy(h, src, bytes, D2H), "cudaMemcpy D2H");
        return h;
    }

    /** The first int at src (devInfo). */
    int readInt(Pointer src) {
        Memory h = new Memory(4);
        check(rt.cudaMemcpy(h, src, 4, D2H), "cudaMemcpy D2H");
        return h.getInt(0);
    }

    /**
     * The page loop of the unbatched rows: copies each page of a0 (pageBytes apart) into work, which
     * the solver overwrites, and runs solve on it; then waits for the device and returns devInfo.
     */
    int eachPage(Pointer a0, Pointer work, long pageBytes, int pages, Runnable solve, Pointer info) {
        for (int k = 0; k < pages; k++) {
            check(rt.cudaMemcpy(work, a0.share(k * pageBytes), pageBytes, D2D), "cudaMemcpy D2D");
            solve.run();
        }
        check(rt.cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        return readInt(info);
    }

    /** Frees the non-null pointers. */
    void free(Pointer... pointers) {
        for (Pointer p : pointers) if (p != null) rt.cudaFree(p);
    }
}
