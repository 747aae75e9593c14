package io.github.gpujacobi.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.gpujacobi.testing.SwitchProbe;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(Arrays.asList(java));
        cmd.addAll(Arrays.asList(options));
        cmd.addAll(Arrays.asList("-cp", System.getProperty("java.class.path"), SwitchProbe.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) p.destroyForcibly();
        assertEquals(0, p.exitValue(), out.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8).trim();
    }
}
