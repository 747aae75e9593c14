package io.github.gpujacobi.release;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Where the build left the release files, and small readers for what the JDK does not read (tar, zip modes). */
final class Release {
    private Release() {}

    static Path root() {
        Path here = Paths.get("").toAbsolutePath();
        return Files.isDirectory(here.resolve("release")) ? here : here.getParent();
    }

    static String version() {
        String v = System.getProperty("gpujacobi.version");
        assertTrue(v != null && !v.isEmpty(), "the build passes gpujacobi.version (release/pom.xml)");
        return v;
    }

    static Path dist(String name) {
        Path p = root().resolve("dist").resolve(name);
        assertTrue(Files.isRegularFile(p), p + " is missing: mvn -B -DskipTests package builds it");
        return p;
    }

    /** One tar entry: its name, modification time (seconds), mode and content. */
    record TarEntry(String name, long mtime, int mode, char type, byte[] data) {
        String text() { return new String(data, StandardCharsets.UTF_8); }
    }

    /** The entries of a .tar.gz (ustar and GNU long names), in archive order. */
    static List<TarEntry> readTarGz(Path file) throws IOException {
        byte[] all;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            all = in.readAllBytes();
        }
        List<TarEntry> entries = new ArrayList<>();
        String longName = null;
        for (int at = 0; at + 512 <= all.length; ) {
            byte[] h = Arrays.copyOfRange(all, at, at + 512);
            if (h[0] == 0) break;
            String name = field(h, 0, 100);
            int mode = (int) octal(h, 100, 8);
            long size = octal(h, 124, 12), mtime = octal(h, 136, 12);
            char type = (char) h[156];
            String prefix = field(h, 345, 155);
            byte[] data = Arrays.copyOfRange(all, at + 512, at + 512 + (int) size);
            at += 512 + (int) ((size + 511) / 512 * 512);
            if (type == 'L') {
                longName = new String(data, StandardCharsets.UTF_8).replace("\0", "");
                continue;
            }
            if (longName != null) {
                name = longName;
                longName = null;
            } else if (!prefix.isEmpty() && h[257] == 'u' && h[262] == 0) {
                name = prefix + "/" + name;   // POSIX ustar prefix (GNU format keeps other data there)
            }
            entries.add(new TarEntry(name, mtime, mode, type, data));
        }
        return entries;
    }

    private static String field(byte[] h, int off, int len) {
        int end = off;
        while (end < off + len && h[end] != 0) end++;
        return new String(h, off, end - off, StandardCharsets.UTF_8);
    }

    private static long octal(byte[] h, int off, int len) {
        String s = field(h, off, len).trim();
        return s.isEmpty() ? 0 : Long.parseLong(s, 8);
    }

    /** Unix modes of a zip's entries from its central directory (java.util.zip does not expose them). */
    static Map<String, Integer> zipUnixModes(Path zip) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(zip)).order(ByteOrder.LITTLE_ENDIAN);
        int eocd = b.limit() - 22;
        while (eocd >= 0 && b.getInt(eocd) != 0x06054b50) eocd--;
        assertTrue(eocd >= 0, zip + ": no end of central directory");
        int count = b.getShort(eocd + 10) & 0xffff, at = b.getInt(eocd + 16);
        Map<String, Integer> modes = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            assertTrue(b.getInt(at) == 0x02014b50, zip + ": bad central directory entry " + i);
            int nameLen = b.getShort(at + 28) & 0xffff, extraLen = b.getShort(at + 30) & 0xffff,
                    commentLen = b.getShort(at + 32) & 0xffff;
            int external = b.getInt(at + 38);
            byte[] name = new byte[nameLen];
            b.get(at + 46, name);
            modes.put(new String(name, StandardCharsets.UTF_8), (external >>> 16) & 07777);
            at += 46 + nameLen + extraLen + commentLen;
        }
        return modes;
    }

    /** A finished process: its exit status, stdout and stderr. */
    record Run(int code, String out, String err) {
        String describe() { return "exit " + code + "\nstdout:\n" + out + "\nstderr:\n" + err; }
    }

    static Run run(Path dir, Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        pb.environment().putAll(env);
        File out = File.createTempFile("gpujacobi-out", ".txt"), err = File.createTempFile("gpujacobi-err", ".txt");
        try {
            Process p = pb.redirectOutput(out).redirectError(err).redirectInput(ProcessBuilder.Redirect.PIPE).start();
            p.getOutputStream().close();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail(String.join(" ", command) + " did not finish in 180 s");
            }
            return new Run(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
        } finally {
            Files.deleteIfExists(out.toPath());
            Files.deleteIfExists(err.toPath());
        }
    }
}
