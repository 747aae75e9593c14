package io.github.gpujacobi.testing;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A main class run in a fresh JVM on the test's class path: for switches a class reads once, when it loads. */
public final class JvmProbe {
    private JvmProbe() {}

    /** The trimmed output of main run with the given JVM options; fails the test unless it exits with 0. */
    public static String run(Class<?> main, String... options) throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(Arrays.asList(java));
        cmd.addAll(Arrays.asList(options));
        cmd.addAll(Arrays.asList("-cp", System.getProperty("java.class.path"), main.getName()));
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
