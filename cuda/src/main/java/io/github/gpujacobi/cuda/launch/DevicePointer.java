package io.github.gpujacobi.cuda.launch;

import jcuda.driver.CUdeviceptr;

/**
 * A JCuda device pointer whose address can be handed to cuBLAS/cuSOLVER through JNA (they share
 * the primary context and the default stream with the JCuda kernels, so no copies or syncs).
 */
public final class DevicePointer extends CUdeviceptr {
    DevicePointer() {}

    private DevicePointer(CUdeviceptr base, long byteOffset) {
        super(base, byteOffset);
    }

    /** The address byteOffset bytes on, for kernels (JCuda) and libraries (jna) alike. */
    public DevicePointer at(long byteOffset) {
        return new DevicePointer(this, byteOffset);
    }

    public com.sun.jna.Pointer jna() {
        return new com.sun.jna.Pointer(getNativePointer() + getByteOffset());
    }
}
