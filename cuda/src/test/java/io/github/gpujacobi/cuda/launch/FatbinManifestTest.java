package io.github.gpujacobi.cuda.launch;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The committed fatbin was built from the committed kernel sources: their SHA-256 must match the
 * manifest build-kernels.sh wrote next to the fatbin. Needs no nvcc, so every build checks it.
 */
class FatbinManifestTest {
    @Test
    void manifestMatchesKernelSources() throws Exception {
        Map<String, String> listed = new HashMap<>();
        try (InputStream in = CudaDevice.class.getResourceAsStream(CudaDevice.FATBIN + ".sources")) {
            assertNotNull(in, "gpujacobi.fatbin.sources is missing: run cuda/build-kernels.sh");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2 && f[0].matches("[0-9a-f]{64}")) listed.put(f[1], f[0]);
            }
        }
        assertNotNull(CudaDevice.class.getResource(CudaDevice.FATBIN), "the fatbin resource is missing");
        Path dir = Paths.get("src/main/cuda");
        TreeSet<String> sources = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.{cu,cuh}")) {
            for (Path p : ds) sources.add(p.getFileName().toString());
        }
        assertEquals(sources, new TreeSet<>(listed.keySet()), "kernel sources added or removed since the fatbin was built: run cuda/build-kernels.sh");
        for (String name : sources) {
            assertEquals(listed.get(name), sha256(dir.resolve(name)),
                    name + " changed since the fatbin was built: run cuda/build-kernels.sh and commit the fatbin");
        }
        assertTrue(sources.contains("kernels.cu"));
    }

    private static String sha256(Path p) throws IOException, java.security.NoSuchAlgorithmException {
        byte[] d = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p));
        StringBuilder sb = new StringBuilder();
        for (byte b : d) sb.append(String.format("%02x", b));
        return sb.toString();
    }
}
