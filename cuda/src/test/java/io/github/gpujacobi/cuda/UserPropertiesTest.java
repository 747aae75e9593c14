package io.github.gpujacobi.cuda;

import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.GpuContext;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.gpujacobi.api.JacobiException;
import org.junit.jupiter.api.Test;

/**
 * The CUDA backend's user properties (docs/tuning.md), each set and its effect read back where the backend reads it,
 * without a GPU: the device index, the GPU list, the multi-GPU threshold and the device memory cache. The profiling
 * switch is TuningTest's.
 */
class UserPropertiesTest {
    /** Sets name to value for the body, then restores what was there. */
    private static void with(String name, String value, Runnable body) {
        String before = System.getProperty(name);
        System.setProperty(name, value);
        try {
            body.run();
        } finally {
            if (before == null) System.clearProperty(name); else System.setProperty(name, before);
        }
    }

    @Test
    void deviceChoosesTheFirstGpu() {
        assertEquals("gpujacobi.cuda.device", CudaDevice.DEVICE_PROPERTY);
        if (System.getProperty(CudaDevice.DEVICE_PROPERTY) == null) assertEquals(0, CudaDevice.firstIndex(), "unset: GPU 0");
        with(CudaDevice.DEVICE_PROPERTY, "3", () -> assertEquals(3, CudaDevice.firstIndex()));
    }

    @Test
    void gpusListsTheDevicesOfACall() {
        assertEquals("gpujacobi.cuda.gpus", CudaGpus.GPUS_PROPERTY);
        with(CudaGpus.GPUS_PROPERTY, "0,0,1", () -> assertArrayEquals(new int[]{0, 0, 1}, CudaGpus.fromProperty("eig")));
        with(CudaGpus.GPUS_PROPERTY, "all", () -> assertNull(CudaGpus.fromProperty("eig"), "all: every visible GPU"));
        with(CudaGpus.GPUS_PROPERTY, "zero", () -> {
            JacobiException e = assertThrows(JacobiException.class, () -> CudaGpus.fromProperty("eig"));
            assertTrue(e.getMessage().contains("-Dgpujacobi.cuda.gpus"), e.getMessage());
        });
    }

    @Test
    void multiGpuFromSetsTheOrderOfTheSplit() {
        if (System.getProperty("gpujacobi.cuda.multiGpuFrom") == null) {
            assertEquals(Integer.MAX_VALUE, CudaGpus.multiFrom(), "unset: one matrix never splits");
        }
        with("gpujacobi.cuda.multiGpuFrom", "4096", () -> assertEquals(4096, CudaGpus.multiFrom()));
    }

    @Test
    void cacheMbBoundsTheKeptDeviceMemory() {
        assertEquals("gpujacobi.cuda.cacheMB", GpuContext.CACHE_PROPERTY);
        with(GpuContext.CACHE_PROPERTY, "64", () -> assertEquals(64L << 20, GpuContext.cacheBytes(141L << 30)));
        with(GpuContext.CACHE_PROPERTY, "lots", () -> assertEquals(512L << 20, GpuContext.cacheBytes(8L << 30), "unreadable: the default"));
        if (System.getProperty(GpuContext.CACHE_PROPERTY) == null) {
            assertEquals(512L << 20, GpuContext.cacheBytes(8L << 30), "a small GPU: 512 MB");
            assertEquals(4L << 30, GpuContext.cacheBytes(141L << 30), "a large GPU: 4 GB at most");
            assertEquals(2L << 30, GpuContext.cacheBytes(64L << 30), "between: 1/32 of its memory");
        }
    }
}
