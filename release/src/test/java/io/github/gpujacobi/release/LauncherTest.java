package io.github.gpujacobi.release;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The command-line archive as a user gets it: unpacked anywhere, its launcher runs the jar with nothing but
 * Java; --help of the launcher and of every command goes to stdout with status 0; on Java 23+ no JVM warning
 * (restricted native access, sun.misc.Unsafe) reaches the terminal; bench draws its PNG without PDF libraries.
 */
class LauncherTest {
    private static final String[] COMMANDS = {"batch", "bench", "info", "verify", "demo"};
    private static Path unpacked;

    @BeforeAll
    static void unpack() throws IOException {
        unpacked = Files.createTempDirectory("gpujacobi-cli");
        Path zip = Release.dist("gpujacobi-cli-" + Release.version() + ".zip");
        try (ZipFile z = new ZipFile(zip.toFile())) {
            for (ZipEntry e : z.stream().toList()) {
                Path to = unpacked.resolve(e.getName()).normalize();
                assertTrue(to.startsWith(unpacked), "entry outside the archive's folder: " + e.getName());
                if (e.isDirectory()) {
                    Files.createDirectories(to);
                } else {
                    Files.createDirectories(to.getParent());
                    try (InputStream in = z.getInputStream(e)) {
                        Files.copy(in, to);
                    }
                }
            }
        }
    }

    @AfterAll
    static void remove() throws IOException {
        try (Stream<Path> s = Files.walk(unpacked)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private static Path launcher() {
        return unpacked.resolve("gpujacobi-" + Release.version()).resolve("bin").resolve("gpujacobi");
    }

    private static Release.Run gpujacobi(Path javaHome, Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("sh", launcher().toString()));
        cmd.addAll(List.of(args));
        return Release.run(dir, Map.of("JAVA_HOME", javaHome.toString()), cmd.toArray(new String[0]));
    }

    private static Path thisJava() {
        return Paths.get(System.getProperty("java.home"));
    }

    /** A Java 23 or newer installed beside this one (/usr/lib/jvm), where the JVM's warnings appear. */
    private static Optional<Path> newJava() throws IOException {
        if (Runtime.version().feature() >= 23) return Optional.of(thisJava());
        Path jvms = Paths.get("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) return Optional.empty();
        try (Stream<Path> s = Files.list(jvms)) {
            for (Path home : s.sorted().toList()) {
                Path release = home.resolve("release");
                if (!Files.isRegularFile(release) || !Files.isExecutable(home.resolve("bin/java"))) continue;
                for (String line : Files.readAllLines(release)) {
                    if (!line.startsWith("JAVA_VERSION=\"")) continue;
                    String v = line.substring(14).replaceAll("[^0-9].*", "");
                    if (!v.isEmpty() && Integer.parseInt(v) >= 23) return Optional.of(home);
                }
            }
        }
        return Optional.empty();
    }

    @Test
    void helpOfTheLauncherAndEveryCommandGoesToStdout() throws Exception {
        Release.Run top = gpujacobi(thisJava(), unpacked, "--help");
        assertEquals(0, top.code(), top.describe());
        assertTrue(top.out().startsWith("Usage: gpujacobi"), top.describe());
        assertEquals("", top.err(), top.describe());
        for (String c : COMMANDS) {
            for (String[] args : new String[][]{{c, "--help"}, {"help", c}}) {
                Release.Run r = gpujacobi(thisJava(), unpacked, args);
                assertEquals(0, r.code(), String.join(" ", args) + ": " + r.describe());
                assertTrue(r.out().contains("Usage: gpujacobi " + c), String.join(" ", args) + ": " + r.describe());
                assertEquals("", r.err(), String.join(" ", args) + ": " + r.describe());
            }
        }
        Release.Run v = gpujacobi(thisJava(), unpacked, "--version");
        assertEquals("gpujacobi " + Release.version(), v.out().trim(), v.describe());
    }

    @Test
    void repositoryLauncherHelpGoesToStdout() throws Exception {
        Release.Run r = Release.run(Release.root(), Map.of("GPUJACOBI_NO_REBUILD", "1"), "bash", "./gpujacobi", "--help");
        assertEquals(0, r.code(), r.describe());
        assertTrue(r.out().startsWith("Usage: gpujacobi"), r.describe());
        assertEquals("", r.err(), r.describe());
    }

    @Test
    void noJvmWarningsOnNewJava(@TempDir Path tmp) throws Exception {
        Optional<Path> java = newJava();
        assumeTrue(java.isPresent(), "no Java 23+ here: the warnings it prints cannot be checked");
        Path input = Release.root().resolve("examples").resolve("data").resolve("covariances.mat");
        Release.Run batch = gpujacobi(java.get(), tmp, "batch", "--op", "eig", "--device", "cpu", "--quiet",
                input.toString(), "-o", tmp.resolve("out").toString());
        assertEquals(0, batch.code(), batch.describe());
        assertFalse(batch.err().contains("WARNING"), "batch on " + java.get() + ": " + batch.describe());
        Release.Run info = gpujacobi(java.get(), tmp, "info");
        assertEquals(0, info.code(), info.describe());
        assertFalse(info.err().contains("WARNING"), "info on " + java.get() + ": " + info.describe());
    }

    @Test
    void benchDrawsItsPngWithTheShippedJar(@TempDir Path tmp) throws Exception {
        Path png = tmp.resolve("plot.png");
        Release.Run r = gpujacobi(thisJava(), tmp, "bench", "--op", "inv", "--n", "8", "--repeat", "1",
                "--impl", "cpu", "--plot", png.toString());
        assertEquals(0, r.code(), r.describe());
        byte[] magic = Files.readAllBytes(png);
        assertTrue(magic.length > 1000, "plot of " + magic.length + " bytes");
        assertArrayEquals(new byte[]{(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(magic, 4), "not a PNG");
    }
}
