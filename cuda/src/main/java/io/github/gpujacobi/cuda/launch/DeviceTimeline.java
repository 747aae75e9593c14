package io.github.gpujacobi.cuda.launch;

import jcuda.driver.CUevent;
import jcuda.driver.JCudaDriver;

/**
 * Events on the default stream around the parts of a call queued there one after the other: the host waits for one
 * part's end (to copy that part's results out while the next parts run) and reads the device time from the first
 * part's start to the last part's end. Made and closed by the call on its GPU's thread.
 */
public final class DeviceTimeline implements AutoCloseable {
    private final CUevent start = new CUevent();
    private final CUevent[] ends;
    /** How many events exist: the start first, then the ends in order. */
    private int made;

    public DeviceTimeline(int parts) {
        ends = new CUevent[parts];
        try {
            CudaDevice.check(JCudaDriver.cuEventCreate(start, 0), "cuEventCreate");
            made = 1;
            for (int j = 0; j < parts; j++) {
                ends[j] = new CUevent();
                CudaDevice.check(JCudaDriver.cuEventCreate(ends[j], 0), "cuEventCreate");
                made = j + 2;
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Marks the start of the first part, before its first launch. */
    public void start() {
        CudaDevice.check(JCudaDriver.cuEventRecord(start, null), "cuEventRecord");
    }

    /** Marks the end of part j, after its last launch. */
    public void end(int j) {
        CudaDevice.check(JCudaDriver.cuEventRecord(ends[j], null), "cuEventRecord");
    }

    /** The host waits until part j's work is done. */
    public void awaitEnd(int j) {
        CudaDevice.check(JCudaDriver.cuEventSynchronize(ends[j]), "cuEventSynchronize");
    }

    /** The device time from the start to the last part's end, once that is done. */
    public long nanos() {
        CUevent last = ends[ends.length - 1];
        awaitEnd(ends.length - 1);
        float[] ms = {0};
        CudaDevice.check(JCudaDriver.cuEventElapsedTime(ms, start, last), "cuEventElapsedTime");
        return (long) (ms[0] * 1e6);
    }

    @Override
    public void close() {
        if (made > 0) JCudaDriver.cuEventDestroy(start);
        for (int j = 0; j < made - 1; j++) JCudaDriver.cuEventDestroy(ends[j]);
        made = 0;
    }
}
