package io.github.gpujacobi.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * java-core's user property (docs/tuning.md), set and its effect observed: gpujacobi.hyperbolicAccept per call.
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
}
