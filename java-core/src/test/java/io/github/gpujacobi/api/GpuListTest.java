package io.github.gpujacobi.api;

import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The 'Gpus' option: parsing, the device index it replaces, and its errors (no GPU needed). */
class GpuListTest {
    @Test
    void parsesListsAndAll() {
        assertArrayEquals(new int[]{0, 1}, GpuList.parse("f", "0,1"));
        assertArrayEquals(new int[]{2, 0, 0}, GpuList.parse("f", " [2 0, 0] "));
        assertNull(GpuList.parse("f", "all"));
        assertNull(GpuList.parse("f", ""));
        assertEquals("0,1", GpuList.format(new int[]{0, 1}));
        assertEquals("all", GpuList.format(null));
    }

    @Test
    void badListsNameTheOption() {
        for (String bad : new String[]{"0;1", "x", "-1", "1.5"}) {
            JacobiException e = assertThrows(JacobiException.class, () -> GpuList.parse("gpu_eig", bad));
            assertEquals(ErrorKind.BAD_OPTION, e.kind());
            assertTrue(e.getMessage().startsWith("gpu_eig: Gpus must list GPU indices"), e.getMessage());
        }
        assertThrows(JacobiException.class, () -> GpuList.check("f", new int[GpuList.MAX + 1]));
    }

    @Test
    void deviceIndexIsAOneGpuList() {
        SolverOptions o = SolverOptions.defaults();
        assertNull(o.gpus());
        assertArrayEquals(new int[]{3}, o.withDeviceIndex(3).gpus());
        assertFalse(o.withDeviceIndex(3).gpusGiven());
        SolverOptions g = o.withGpus("1,0");
        assertArrayEquals(new int[]{1, 0}, g.gpus());
        assertTrue(g.toString().contains("gpus=1,0"));
        g.gpus()[0] = 7; // a copy
        assertArrayEquals(new int[]{1, 0}, g.gpus());
        assertNull(g.withGpus("all").gpus());
    }

    @Test
    void gpusWithDeviceCpuIsRefused() {
        PageArray a = PageArray.wrap(Matrices.symmetric(new Random(1), 4), 4, 4);
        SolverOptions o = SolverOptions.defaults().withCaller("gpu_eig").withDevice(Device.CPU).withGpus(new int[]{0, 1});
        JacobiException e = assertThrows(JacobiException.class, () -> Jacobi.eig(a, o));
        assertEquals("gpu_eig: Gpus 0,1 selects GPUs, but Device is 'cpu'; use Device 'gpu' or 'auto'", e.getMessage());
        // Device 'auto' without a GPU runs on the CPU whatever the list
        if (Backends.get().gpu() == null) {
            EigResult r = Jacobi.eig(a, o.withDevice(Device.AUTO));
            assertEquals("cpu", r.report().backend());
        }
    }
}
