package io.github.gpujacobi.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs Octave and Python (numpy/scipy) from tests as independent writers and readers of .mat
 * files. They are required: .ci/run installs them, and a missing one fails the test with a message.
 */
public final class External {
    private External() {}

    /** Runs a python3 script with numpy and scipy; returns its stdout. */
    public static String python(Path dir, String script) {
        return run(dir, Arrays.asList(pythonExe(), "-c", script));
    }

    /**
     * Runs a python3 script of assertions (one line each) and checks that it ran to its end: a failed
     * assert exits non-zero, and the closing print('ok') must appear.
     */
    public static void pythonChecks(Path dir, String... lines) {
        String out = python(dir, String.join("\n", lines) + "\nprint('ok')");
        assertTrue(out.contains("ok"), out);
    }

    /** Runs Octave code; returns its stdout. */
    public static String octave(Path dir, String code) {
        return run(dir, Arrays.asList("octave", "--no-gui", "--no-window-system", "--quiet", "--norc", "--eval", code));
    }

    /** The python3 found with numpy and scipy, looked for once per test JVM (each probe starts an interpreter). */
    private static String python;

    private static synchronized String pythonExe() {
        if (python != null) return python;
        for (String p : new String[]{"python3", "/usr/bin/python3"}) {
            try {
                Process pr = new ProcessBuilder(p, "-c", "import numpy, scipy.io").redirectErrorStream(true).start();
                if (pr.waitFor(60, TimeUnit.SECONDS) && pr.exitValue() == 0) return python = p;
            } catch (IOException | InterruptedException ignored) {
                // try the next one
            }
        }
        fail("python3 with numpy and scipy is required for this test (.ci/run installs it)");
        return null;
    }

    public static String run(Path dir, List<String> cmd) {
        try {
            File log = Files.createTempFile("ext", ".log").toFile();
            Process p = new ProcessBuilder(new ArrayList<String>(cmd)).directory(dir.toFile())
                    .redirectErrorStream(true).redirectOutput(log).start();
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail(cmd.get(0) + " timed out");
            }
            String out = new String(Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8);
            log.delete();
            assertEquals(0, p.exitValue(), cmd.get(0) + " failed:\n" + out);
            return out;
        } catch (IOException e) {
            fail(cmd.get(0) + " is required for this test (.ci/run installs it): " + e.getMessage());
            return null;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
