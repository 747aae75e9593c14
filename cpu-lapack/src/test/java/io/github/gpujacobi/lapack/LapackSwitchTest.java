package io.github.gpujacobi.lapack;

import io.github.gpujacobi.core.Lapack;
import io.github.gpujacobi.testing.JvmProbe;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * -Dgpujacobi.cpu.lapack=false (docs/tuning.md) keeps the CPU on its pure-Java routes although the binding is on the
 * class path: the lookup runs once per JVM, so each setting is probed in a JVM of its own.
 */
class LapackSwitchTest {
    /** Prints whether the native LAPACK was found in this JVM, and why not. */
    public static final class Probe {
        public static void main(String[] args) {
            System.out.println((Lapack.get() != null) + " " + Lapack.absence());
        }
    }

    @Test
    void switchedOffKeepsThePureJavaRoutes() throws Exception {
        assertEquals("true", probe());
        assertEquals("false switched off (-Dgpujacobi.cpu.lapack=false)", probe("-Dgpujacobi.cpu.lapack=false"));
    }

    private static String probe(String... options) throws Exception {
        return JvmProbe.run(Probe.class, options);
    }
}
