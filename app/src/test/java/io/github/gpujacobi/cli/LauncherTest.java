package io.github.gpujacobi.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ./gpujacobi rebuilds the jar when a source is newer than it (after a git pull), and only then; it runs the
 * jar through the release archive's launcher.
 */
class LauncherTest {
    @TempDir
    Path dir;

    @Test
    void staleJarIsRebuiltFreshJarIsNot() throws Exception {
        Path launcher = Paths.get("..", "gpujacobi").toAbsolutePath().normalize();
        Path copy = dir.resolve("gpujacobi");
        Files.copy(launcher, copy);
        Path release = Paths.get("..", "release", "src", "launcher", "gpujacobi").toAbsolutePath().normalize();
        Files.copy(release, Files.createDirectories(dir.resolve("release/src/launcher")).resolve("gpujacobi"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        // stand-ins for mvn (counts builds) and java (prints its arguments)
        script(bin.resolve("mvn"), "#!/bin/sh\necho build >> \"" + dir.resolve("builds") + "\"\n");
        script(bin.resolve("java"), "#!/bin/sh\necho \"java $*\"\n");
        Path src = Files.createDirectories(dir.resolve("app/src/main/java")).resolve("A.java");
        Files.write(src, "class A {}".getBytes(StandardCharsets.UTF_8));
        Path jar = Files.createDirectories(dir.resolve("dist")).resolve("gpujacobi.jar");
        Files.write(jar, new byte[]{1});
        long now = System.currentTimeMillis();
        Files.setLastModifiedTime(jar, FileTime.fromMillis(now - 60000));
        Files.setLastModifiedTime(src, FileTime.fromMillis(now - 1000));

        String first = run(copy, bin);
        assertTrue(first.contains("app/src/main/java/A.java is newer than the jar"), first);
        assertTrue(first.contains("-jar " + jar + " info"), first);
        assertEquals(1, builds());
        String second = run(copy, bin);
        assertEquals(1, builds(), "an up-to-date jar is not rebuilt: " + second);
        Files.setLastModifiedTime(dir.resolve("app/src/main/java"), FileTime.fromMillis(now + 5000));
        Path pom = dir.resolve("pom.xml");
        Files.write(pom, "<project/>".getBytes(StandardCharsets.UTF_8));
        Files.setLastModifiedTime(pom, FileTime.fromMillis(now + 60000));
        run(copy, bin);
        assertEquals(2, builds(), "a newer pom.xml rebuilds");
    }

    private int builds() throws Exception {
        Path f = dir.resolve("builds");
        return Files.exists(f) ? Files.readAllLines(f).size() : 0;
    }

    private static void script(Path p, String text) throws Exception {
        Files.write(p, text.getBytes(StandardCharsets.UTF_8));
        assertTrue(p.toFile().setExecutable(true));
    }

    private String run(Path launcher, Path bin) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", launcher.toString(), "info").redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().remove("GPUJACOBI_NO_REBUILD");
        pb.environment().remove("JAVA_HOME");
        Process p = pb.start();
        byte[] out = readAll(p);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(out, StandardCharsets.UTF_8));
        return new String(out, StandardCharsets.UTF_8);
    }

    private static byte[] readAll(Process p) throws Exception {
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        int r;
        while ((r = p.getInputStream().read(buf)) > 0) o.write(buf, 0, r);
        return o.toByteArray();
    }

}
