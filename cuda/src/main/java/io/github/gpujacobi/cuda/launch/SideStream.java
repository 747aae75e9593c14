package io.github.gpujacobi.cuda.launch;

import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/**
 * The context's second stream: non-blocking, beside the legacy default one, with two events to order the two. The blocked
 * Gauss-Jordan runs the next panel's factorisation here while the default stream finishes the current update
 * ({@code CudaGaussJordan}); the eig and svd preconditioners run syevd here beside a factorisation
 * ({@code CudaHyperbolicPrecondition.startEigh}). Its address goes to cuSOLVER through JNA. One per context
 * ({@link CudaDevice#sideStream}), destroyed with it.
 */
public final class SideStream extends CUstream {
    /** Recorded on the default stream by {@link #awaitDefault} (the Gauss-Jordan: the next panel's columns are up to date). */
    final CUevent defaultMark = new CUevent();
    /** Recorded here by {@link #mark} (the Gauss-Jordan: the panel is factorised). */
    final CUevent sideMark = new CUevent();

    SideStream() {
        CudaDevice.check(JCudaDriver.cuStreamCreate(this, CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate");
        CudaDevice.check(JCudaDriver.cuEventCreate(defaultMark, CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
        CudaDevice.check(JCudaDriver.cuEventCreate(sideMark, CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
    }

    public com.sun.jna.Pointer jna() {
        return new com.sun.jna.Pointer(getNativePointer());
    }

    /** This stream waits for what the default stream has queued so far. */
    public void awaitDefault() {
        CudaDevice.check(JCudaDriver.cuEventRecord(defaultMark, null), "cuEventRecord");
        CudaDevice.check(JCudaDriver.cuStreamWaitEvent(this, defaultMark, 0), "cuStreamWaitEvent");
    }

    /** Marks the end of what this stream has queued so far. */
    public void mark() {
        CudaDevice.check(JCudaDriver.cuEventRecord(sideMark, this), "cuEventRecord");
    }

    /** The host waits for what this stream has queued so far. */
    public void synchronize() {
        CudaDevice.check(JCudaDriver.cuStreamSynchronize(this), "cuStreamSynchronize");
    }

    /** Destroys the stream and its events (before their context goes). */
    void destroy() {
        JCudaDriver.cuEventDestroy(defaultMark);
        JCudaDriver.cuEventDestroy(sideMark);
        JCudaDriver.cuStreamDestroy(this);
    }

    /** The default stream waits for the last {@link #mark}. */
    public void defaultAwaitsMark() {
        CudaDevice.check(JCudaDriver.cuStreamWaitEvent(null, sideMark, 0), "cuStreamWaitEvent");
    }
}
