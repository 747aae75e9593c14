package io.github.gpujacobi.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.gpujacobi.testing.JvmProbe;
import io.github.gpujacobi.testing.SwitchProbe;
import org.junit.jupiter.api.Test;

/**
 * java-core's user properties (docs/tuning.md), each set and its effect observed: gpujacobi.hyperbolicAccept per call,
 * gpujacobi.cpu.svdQr and gpujacobi.gpu.complexAuto (read once when their classes load) in a JVM of their own.
 */
class UserSwitchesTest {
    @Test
    void hyperbolicAcceptFixesTheAcceptedResidual() {
        String before = System.getProperty("gpujacobi.hyperbolicAccept");
        try {
            System.clearProperty("gpujacobi.hyperbolicAccept");
            assertEquals(100 * 0x1p-52, HyperbolicPreconditioner.accept(100), "unset: max(16, n) eps");
            System.setProperty("gpujacobi.hyperbolicAccept", "1e-9");
            assertEquals(1e-9, HyperbolicPreconditioner.accept(100));
        } finally {
            if (before == null) System.clearProperty("gpujacobi.hyperbolicAccept");
            else System.setProperty("gpujacobi.hyperbolicAccept", before);
        }
    }

    @Test
    void svdQrAndComplexAutoAreReadAtLoad() throws Exception {
        assertEquals("true true", probe());
        assertEquals("false true", probe("-Dgpujacobi.cpu.svdQr=false"));
        assertEquals("true false", probe("-Dgpujacobi.gpu.complexAuto=false"));
    }

    /** SwitchProbe's line in a fresh JVM on this test's class path with the given options. */
    private static String probe(String... options) throws Exception {
        return JvmProbe.run(SwitchProbe.class, options);
    }
}
