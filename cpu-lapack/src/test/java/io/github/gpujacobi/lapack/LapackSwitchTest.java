package io.github.gpujacobi.lapack;

import io.github.gpujacobi.core.Lapack;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(Arrays.asList(java));
        cmd.addAll(Arrays.asList(options));
        cmd.addAll(Arrays.asList("-cp", System.getProperty("java.class.path"), Probe.class.getName()));
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
