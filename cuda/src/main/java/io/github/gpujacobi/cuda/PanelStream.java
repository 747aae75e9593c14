package io.github.gpujacobi.cuda;

import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/**
 * A non-blocking stream beside the legacy default one, with two events, for the blocked
 * Gauss-Jordan's look-ahead: the next panel's factorisation runs here while the default stream
 * finishes the current update; and for syevd beside a factorisation ({@link CudaHyperbolicPrecondition#startEigh}). Its address goes to cuSOLVER through JNA. One per context
 * ({@link CudaDevice#sideStream}), destroyed with it.
 */
final class PanelStream extends CUstream {
    /** Recorded on the default stream when the next panel's columns are up to date. */
    final CUevent columnsReady = new CUevent();
    /** Recorded here when the panel is factorised. */
    final CUevent panelReady = new CUevent();

    PanelStream() {
        CudaDevice.check(JCudaDriver.cuStreamCreate(this, CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate");
        CudaDevice.check(JCudaDriver.cuEventCreate(columnsReady, CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
        CudaDevice.check(JCudaDriver.cuEventCreate(panelReady, CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
    }

    com.sun.jna.Pointer jna() {
        return new com.sun.jna.Pointer(getNativePointer());
    }

    /** This stream waits for what the default stream has queued so far. */
    void awaitDefault() {
        CudaDevice.check(JCudaDriver.cuEventRecord(columnsReady, null), "cuEventRecord");
        CudaDevice.check(JCudaDriver.cuStreamWaitEvent(this, columnsReady, 0), "cuStreamWaitEvent");
    }

    /** Marks the end of what this stream has queued so far. */
    void recordPanel() {
        CudaDevice.check(JCudaDriver.cuEventRecord(panelReady, this), "cuEventRecord");
    }

    /** The host waits for what this stream has queued so far. */
    void synchronize() {
        CudaDevice.check(JCudaDriver.cuStreamSynchronize(this), "cuStreamSynchronize");
    }

    /** Destroys the stream and its events (before their context goes). */
    void destroy() {
        JCudaDriver.cuEventDestroy(columnsReady);
        JCudaDriver.cuEventDestroy(panelReady);
        JCudaDriver.cuStreamDestroy(this);
    }

    /** The default stream waits for the last {@link #recordPanel}. */
    void defaultAwaitsPanel() {
        CudaDevice.check(JCudaDriver.cuStreamWaitEvent(null, panelReady, 0), "cuStreamWaitEvent");
    }
}
