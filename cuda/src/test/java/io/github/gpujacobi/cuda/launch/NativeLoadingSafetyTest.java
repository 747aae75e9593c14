package io.github.gpujacobi.cuda.launch;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A library planted under JCuda's fixed extraction name in java.io.tmpdir (and a tampered
 * copy in our own cache folder) must never run in the user's JVM. The test compiles a library whose
 * constructor writes a marker file, plants it, and runs the backend discovery in a fresh JVM with
 * java.io.tmpdir, the home and XDG_CACHE_HOME in a private temporary folder.
 */
class NativeLoadingSafetyTest {
    @TempDir
    Path root;
    Path tmp, cache, home, marker, planted;

    @BeforeEach
    void plant() throws Exception {
        tmp = Files.createDirectories(root.resolve("tmp"));
        cache = Files.createDirectories(root.resolve("cache"));
        home = Files.createDirectories(root.resolve("home"));
        marker = root.resolve("planted-code-ran");
        Path src = root.resolve("planted.c");
        Files.write(src, ("#include <stdio.h>\n__attribute__((constructor)) static void planted(void) {\n"
                + "  FILE *f = fopen(\"" + marker + "\", \"w\"); if (f) { fputs(\"ran\", f); fclose(f); }\n}\n")
                .getBytes(StandardCharsets.US_ASCII));
        planted = tmp.resolve(JCudaNatives.fileName());
        Process gcc = new ProcessBuilder("gcc", "-shared", "-fPIC", "-o", planted.toString(), src.toString())
                .redirectErrorStream(true).start();
        String out = read(gcc.getInputStream());
        assertEquals(0, gcc.waitFor(), "gcc (needed by this test) failed: " + out);
    }

    @Test
    void plantedLibraryRunsWhenLoaded() throws Exception {
        run("system-load", planted.toString());
        assertTrue(Files.exists(marker), "control: the planted library's constructor should write the marker");
    }

    @Test
    void backendDiscoveryNeverLoadsPlantedLibraries() throws Exception {
        // a tampered copy where our cache would be, in a private folder: replaced, not loaded
        Path ours = cache.resolve("gpujacobi").resolve("natives").resolve(jcudaVersion());
        Files.createDirectories(ours);
        for (Path p = ours; !p.equals(cache); p = p.getParent()) Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        Files.copy(planted, ours.resolve(JCudaNatives.fileName()));

        String out = run("backends");
        assertFalse(Files.exists(marker), "a planted library ran:\n" + out);
        Path extracted = Paths.get(line(out, "extracted="));
        assertEquals(ours.toRealPath().resolve(JCudaNatives.fileName()), extracted);
        assertArrayEquals(JCudaNatives.sha256(bundled()), JCudaNatives.sha256(Files.readAllBytes(extracted)),
                "the cached copy must be the bundled library");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(extracted.getParent())));
        assertTrue(out.contains("backend cuda"), out);
    }

    /** Our own folder left open (an old umask, a careless chmod) is closed to 0700 and its copy verified. */
    @Test
    void ownLooseCacheIsClosedAndVerified() throws Exception {
        Path ours = cache.resolve("gpujacobi").resolve("natives").resolve(jcudaVersion());
        Files.createDirectories(ours);
        Files.setPosixFilePermissions(cache.resolve("gpujacobi"), PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(ours, PosixFilePermissions.fromString("rwxrwxr-x"));
        Files.copy(planted, ours.resolve(JCudaNatives.fileName()));

        String out = run("backends");
        assertFalse(Files.exists(marker), "a planted library ran:\n" + out);
        Path extracted = Paths.get(line(out, "extracted="));
        assertEquals(ours.toRealPath().resolve(JCudaNatives.fileName()), extracted);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(ours)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache.resolve("gpujacobi"))));
        assertArrayEquals(JCudaNatives.sha256(bundled()), JCudaNatives.sha256(Files.readAllBytes(extracted)));
    }

    /** A cache folder owned by someone else (needs root to set up: skipped otherwise) is never used. */
    @Test
    void foreignCacheIsNotUsed() throws Exception {
        Path ours = cache.resolve("gpujacobi").resolve("natives").resolve(jcudaVersion());
        Files.createDirectories(ours);
        Files.setPosixFilePermissions(cache.resolve("gpujacobi"), PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.copy(planted, ours.resolve(JCudaNatives.fileName()));
        try {
            Files.setOwner(cache.resolve("gpujacobi"),
                    cache.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        } catch (IOException | UnsupportedOperationException e) {
            org.junit.jupiter.api.Assumptions.abort("cannot give a folder to user nobody here: " + e);
        }

        String out = run("backends");
        assertFalse(Files.exists(marker), "a planted library ran:\n" + out);
        Path extracted = Paths.get(line(out, "extracted="));
        assertFalse(extracted.startsWith(cache.toRealPath()), "a folder others may write to was used: " + extracted);
        assertFalse(extracted.equals(planted.toRealPath()), "JCuda's shared tmpdir name was used");
        assertTrue(extracted.getParent().getFileName().toString().startsWith("gpujacobi-natives-"), extracted.toString());
        assertEquals(hex(JCudaNatives.sha256(bundled())), line(out, "sha256="));
    }

    /**
     * An empty element in LD_LIBRARY_PATH puts the working folder on java.library.path, where JCuda's initialiser
     * (System.loadLibrary, after our verified copy was loaded) found and ran a planted library. A stand-in
     * libcuda.so.1 without functions lets the driver library load here without a GPU or an NVIDIA driver.
     */
    @Test
    void aLibraryInTheWorkingFolderIsNeverLoaded() throws Exception {
        Path work = Files.createDirectories(root.resolve("work"));
        Files.copy(planted, work.resolve(JCudaNatives.fileName()));
        Path stub = Files.createDirectories(root.resolve("stub"));
        Path empty = root.resolve("empty.c");
        Files.write(empty, "int gpujacobi_stub;\n".getBytes(StandardCharsets.US_ASCII));
        Process gcc = new ProcessBuilder("gcc", "-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-o",
                stub.resolve("libcuda.so.1").toString(), empty.toString()).redirectErrorStream(true).start();
        String built = read(gcc.getInputStream());
        assertEquals(0, gcc.waitFor(), built);

        Map<String, String> env = new HashMap<String, String>();
        env.put("LD_LIBRARY_PATH", ":" + stub); // the empty first element: the working folder
        String out = run(work, env, "load");
        assertFalse(Files.exists(marker), "a planted library ran:\n" + out);
        assertTrue(out.contains("refused=the CUDA driver library is not loaded: JCuda would also load "
                + work.toRealPath().resolve(JCudaNatives.fileName())), out);

        // without the planted file the same set-up loads the verified copy (so the refusal above is the planted file's)
        Files.delete(work.resolve(JCudaNatives.fileName()));
        String clean = run(work, env, "load");
        assertTrue(clean.contains("loaded=" + cache.toRealPath()), clean);
    }

    @Test
    void cpuDeviceLoadsNothingNative() throws Exception {
        String out = run("cpu");
        assertFalse(Files.exists(marker), "a planted library ran:\n" + out);
        assertEquals("null", line(out, "extracted="), "device cpu must not even extract the CUDA library");
        assertFalse(Files.exists(cache.resolve("gpujacobi")), "device cpu must not create the native folder");
    }

    private String run(String... args) throws Exception {
        return run(null, new HashMap<String, String>(), args);
    }

    /** The probe in a fresh JVM, in folder cwd (null: this one), with extra environment variables. */
    private String run(Path cwd, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<String>(Arrays.asList(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-Djava.io.tmpdir=" + tmp, "-Duser.home=" + home,
                "-cp", System.getProperty("java.class.path"), NativeLoadingProbe.class.getName()));
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("XDG_CACHE_HOME", cache.toString());
        pb.environment().put("HOME", home.toString());
        pb.environment().putAll(env);
        if (cwd != null) pb.directory(cwd.toFile());
        Process p = pb.start();
        String out = read(p.getInputStream());
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(String.format("%02x", x & 0xff));
        return sb.toString();
    }

    private static String line(String out, String key) {
        for (String l : out.split("\n")) if (l.startsWith(key)) return l.substring(key.length()).trim();
        throw new AssertionError("no " + key + " in:\n" + out);
    }

    private static String jcudaVersion() { return jcuda.JCudaVersion.get(); }

    private static byte[] bundled() throws IOException {
        try (InputStream in = NativeLoadingSafetyTest.class.getResourceAsStream("/lib/" + JCudaNatives.fileName())) {
            return read(in).getBytes(StandardCharsets.ISO_8859_1);
        }
    }

    private static String read(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        for (int r; (r = in.read(buf)) > 0; ) b.write(buf, 0, r);
        return new String(b.toByteArray(), StandardCharsets.ISO_8859_1);
    }

}
