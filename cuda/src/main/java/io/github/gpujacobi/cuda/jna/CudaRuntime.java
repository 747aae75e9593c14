package io.github.gpujacobi.cuda.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;

/** The few CUDA runtime calls the cuSOLVER peers need (device memory, copies, synchronisation). */
public interface CudaRuntime extends Library {
    int cudaMalloc(PointerByReference ptr, long size);

    int cudaFree(Pointer ptr);

    /** kind: 1 host to device, 2 device to host, 3 device to device. */
    int cudaMemcpy(Pointer dst, Pointer src, long count, int kind);

    int cudaDeviceSynchronize();

    static CudaRuntime load() { return JnaLibraries.load("cudart", CudaRuntime.class); }
}
