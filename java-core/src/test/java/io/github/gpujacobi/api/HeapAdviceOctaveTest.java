package io.github.gpujacobi.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The heap advice for Octave once said java.opts in Octave's start folder, which Octave 7.3
 * ignores. Follows the advice given now (OCTAVE_JAVA_DIR naming a folder with java.opts and a link
 * to octave.jar) and checks java.lang.Runtime.maxMemory from inside Octave; also that the old advice
 * indeed has no effect. Octave is required (.ci/run installs it).
 */
class HeapAdviceOctaveTest {
    static final String MAX = "printf('maxMemoryMB=%d\\n', javaMethod('getRuntime', 'java.lang.Runtime').maxMemory() / 2^20)";

    @TempDir
    Path dir;

    @Test
    void octaveJavaDirWithJavaOptsSetsTheHeap() throws Exception {
        assertTrue(HeapAdvice.TEXT.contains("OCTAVE_JAVA_DIR") && HeapAdvice.TEXT.contains("octave.jar"), HeapAdvice.TEXT);
        Path start = Files.createDirectories(dir.resolve("start"));
        Path javaDir = Files.createDirectories(dir.resolve("octave-java"));
        String jar = line(octave(start, null, "disp(fullfile(OCTAVE_HOME, 'share', 'octave', version, 'm', 'java', "
                + "'octave.jar'))"), "/");
        Files.createSymbolicLink(javaDir.resolve("octave.jar"), Paths.get(jar));
        Files.write(javaDir.resolve("java.opts"), "-Xmx345m\n".getBytes(StandardCharsets.US_ASCII));
        long mb = maxMemoryMb(octave(start, javaDir, MAX));
        assertTrue(Math.abs(mb - 345) <= 10, "Octave's JVM heap " + mb + " MB, asked for 345 MB"); // the JVM rounds

        // the old advice: java.opts in the start folder, no OCTAVE_JAVA_DIR
        Files.write(start.resolve("java.opts"), "-Xmx345m\n".getBytes(StandardCharsets.US_ASCII));
        long old = maxMemoryMb(octave(start, null, MAX));
        assertTrue(Math.abs(old - 345) > 10, "Octave now reads java.opts from its start folder (" + old
                + " MB): the advice may mention it again");
    }

    private static long maxMemoryMb(String out) {
        return Long.parseLong(line(out, "maxMemoryMB=").substring("maxMemoryMB=".length()));
    }

    private static String line(String out, String prefix) {
        for (String l : out.split("\n")) if (l.startsWith(prefix)) return l.trim();
        throw new AssertionError("no line starting with " + prefix + " in:\n" + out);
    }

    private static String octave(Path cwd, Path javaDir, String code) throws IOException, InterruptedException {
        List<String> cmd = Arrays.asList("octave", "--no-gui", "--no-window-system", "--quiet", "--norc", "--eval", code);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().remove("OCTAVE_JAVA_DIR");
        if (javaDir != null) pb.environment().put("OCTAVE_JAVA_DIR", javaDir.toString());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            fail("octave is required for this test (.ci/run installs it): " + e.getMessage());
            return null;
        }
        byte[] out = readAll(p);
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("octave timed out");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text;
    }

    private static byte[] readAll(Process p) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int r; (r = p.getInputStream().read(buf)) > 0; ) b.write(buf, 0, r);
        return b.toByteArray();
    }
}
