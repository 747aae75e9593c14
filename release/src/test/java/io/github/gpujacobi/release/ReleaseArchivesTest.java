package io.github.gpujacobi.release;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The three release archives in dist/ hold what their README install steps use, with fixed entry times
 * (reproducible), and the sums file lists each with its true SHA-256.
 */
class ReleaseArchivesTest {
    private static final String V = Release.version();

    private static List<String> zipNames(Path zip) throws IOException {
        List<String> names = new ArrayList<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            z.stream().forEach(e -> names.add(e.getName()));
        }
        return names;
    }

    private static byte[] zipEntry(Path zip, String name) throws IOException {
        try (ZipFile z = new ZipFile(zip.toFile())) {
            ZipEntry e = z.getEntry(name);
            assertTrue(e != null, zip.getFileName() + " has no " + name);
            return z.getInputStream(e).readAllBytes();
        }
    }

    /** Every file of the toolbox folder, relative to it, with '/' separators. */
    private static List<String> toolboxFiles() throws IOException {
        Path dir = Release.root().resolve("matlab").resolve("gpujacobi");
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString().replace('\\', '/')).sorted().toList();
        }
    }

    private static void sameTimeEverywhere(Path zip) throws IOException {
        Set<Long> times = new HashSet<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            z.stream().forEach(e -> times.add(e.getTime()));
        }
        assertEquals(1, times.size(), zip.getFileName() + ": entry times differ (not reproducible): " + times);
    }

    @Test
    void matlabArchiveIsTheToolboxFolderWithItsJar() throws IOException {
        Path zip = Release.dist("gpujacobi-matlab-" + V + ".zip");
        List<String> names = zipNames(zip);
        for (String f : toolboxFiles()) assertTrue(names.contains("gpujacobi/" + f), "gpujacobi/" + f + " missing from " + zip);
        for (String needed : new String[]{"gpujacobi/gpujacobi_setup.m", "gpujacobi/Contents.m", "gpujacobi/LICENSE",
                "gpujacobi/private/gj_jar.m", "gpujacobi/functionSignatures.json"})
            assertTrue(names.contains(needed), needed + " missing from " + zip);
        for (String n : names) assertTrue(n.startsWith("gpujacobi/"), n + " is outside the toolbox folder");
        // gj_jar looks for the jar beside the .m files
        assertArrayEquals(Files.readAllBytes(Release.dist("gpujacobi-toolbox.jar")),
                zipEntry(zip, "gpujacobi/gpujacobi-toolbox.jar"), "the archive's toolbox jar is dist/gpujacobi-toolbox.jar");
        sameTimeEverywhere(zip);
    }

    @Test
    void octaveArchiveIsThePackageWithFixedTimes() throws IOException {
        Path tgz = Release.dist("gpujacobi-octave-" + V + ".tar.gz");
        byte[] head = Files.readAllBytes(tgz);
        assertEquals(0, head[4] | head[5] | head[6] | head[7], "gzip header carries a time (gzip -n keeps it reproducible)");
        List<Release.TarEntry> entries = Release.readTarGz(tgz);
        List<String> names = entries.stream().map(Release.TarEntry::name).toList();
        for (String needed : new String[]{"gpujacobi/DESCRIPTION", "gpujacobi/INDEX", "gpujacobi/COPYING",
                "gpujacobi/inst/PKG_ADD", "gpujacobi/inst/PKG_DEL", "gpujacobi/inst/gpujacobi-toolbox.jar"})
            assertTrue(names.contains(needed), needed + " missing from " + tgz);
        for (String f : toolboxFiles()) {
            if (f.equals("functionSignatures.json")) {
                assertFalse(names.contains("gpujacobi/inst/" + f), "MATLAB-only " + f + " in the Octave package");
            } else {
                assertTrue(names.contains("gpujacobi/inst/" + f), "gpujacobi/inst/" + f + " missing from " + tgz);
            }
        }
        long stamp = Instant.parse(System.getProperty("gpujacobi.timestamp")).getEpochSecond();
        for (Release.TarEntry e : entries) assertEquals(stamp, e.mtime(), e.name() + ": time is not the build's fixed one");
        assertEquals(names.stream().sorted().toList(), names, "entries in name order");
        String description = entries.stream().filter(e -> e.name().equals("gpujacobi/DESCRIPTION")).findFirst().orElseThrow()
                .text();
        assertTrue(description.contains("\nVersion: " + V + "\n"), description);
        assertTrue(description.contains("\nMaintainer: gpujacobi maintainers <gpujacobi@users.noreply.github.com>\n"),
                "the package names the project's address: " + description);
        assertArrayEquals(Files.readAllBytes(Release.dist("gpujacobi-toolbox.jar")),
                entries.stream().filter(e -> e.name().equals("gpujacobi/inst/gpujacobi-toolbox.jar")).findFirst().orElseThrow().data());
    }

    @Test
    void commandLineArchiveHoldsTheJarAndLaunchers() throws IOException {
        Path zip = Release.dist("gpujacobi-cli-" + V + ".zip");
        String base = "gpujacobi-" + V + "/";
        Map<String, Integer> modes = Release.zipUnixModes(zip);
        for (String needed : new String[]{"bin/gpujacobi", "bin/gpujacobi.cmd", "lib/gpujacobi.jar", "LICENSE"})
            assertTrue(modes.containsKey(base + needed), base + needed + " missing from " + zip + ": " + modes.keySet());
        assertEquals(0755, modes.get(base + "bin/gpujacobi"), "the sh launcher is executable");
        assertArrayEquals(Files.readAllBytes(Release.dist("gpujacobi.jar")), zipEntry(zip, base + "lib/gpujacobi.jar"));
        String cmd = new String(zipEntry(zip, base + "bin/gpujacobi.cmd"), StandardCharsets.UTF_8);
        assertTrue(cmd.contains("\r\n") && !cmd.replace("\r\n", "").contains("\n"), "the .cmd launcher has CRLF line ends");
        String sh = new String(zipEntry(zip, base + "bin/gpujacobi"), StandardCharsets.UTF_8);
        assertFalse(sh.contains("\r"), "the sh launcher has LF line ends");
        for (String launcher : new String[]{sh, cmd})
            assertFalse(launcher.contains("mvn"), "a release launcher builds nothing");
        sameTimeEverywhere(zip);
    }

    @Test
    void sumsFileListsEachArchiveWithItsSha256() throws IOException, NoSuchAlgorithmException {
        Path sums = Release.dist("gpujacobi-" + V + ".sha256");
        List<String> listed = new ArrayList<>();
        for (String line : Files.readAllLines(sums)) {
            if (line.isBlank()) continue;
            String[] f = line.split(" [ *]", 2);   // sha256sum's format: hash, space, '*' or ' ', file name
            assertEquals(2, f.length, "bad line in " + sums + ": " + line);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(Release.dist(f[1])));
            assertEquals(HexFormat.of().formatHex(digest), f[0].toLowerCase(), f[1] + ": sum does not match");
            listed.add(f[1]);
        }
        assertEquals(List.of("gpujacobi-cli-" + V + ".zip", "gpujacobi-matlab-" + V + ".zip",
                "gpujacobi-octave-" + V + ".tar.gz"), listed.stream().sorted().toList());
    }
}
