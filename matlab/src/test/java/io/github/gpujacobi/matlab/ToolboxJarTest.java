package io.github.gpujacobi.matlab;

import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What MATLAB's Java 8 JVM gets from dist/gpujacobi-toolbox.jar: only Java 8 (or older) bytecode,
 * none of the bench, command-line or plotting dependencies, only the natives it calls, and the
 * backend services; and that the toolbox folder's Contents.m names the jar's version.
 */
class ToolboxJarTest {
    private static Path root() {
        Path here = Paths.get("").toAbsolutePath();
        return Files.isDirectory(here.resolve("dist")) ? here : here.getParent();
    }

    private static JarFile toolboxJar() throws IOException {
        Path jar = root().resolve("dist").resolve("gpujacobi-toolbox.jar");
        assertTrue(Files.exists(jar), jar + " is missing: build the bundle module (mvn -B -DskipTests package)");
        return new JarFile(jar.toFile());
    }

    private static List<String> names(JarFile jar) {
        List<String> names = new ArrayList<String>();
        for (Enumeration<? extends ZipEntry> e = jar.entries(); e.hasMoreElements(); ) names.add(e.nextElement().getName());
        return names;
    }

    @Test
    void everyClassRunsOnJava8() throws IOException {
        List<String> newer = new ArrayList<String>();
        try (JarFile jar = toolboxJar()) {
            for (String name : names(jar)) {
                if (!name.endsWith(".class")) continue;
                try (InputStream in = jar.getInputStream(jar.getEntry(name)); DataInputStream d = new DataInputStream(in)) {
                    d.readInt();
                    d.readUnsignedShort();
                    int major = d.readUnsignedShort();
                    if (major > 52) newer.add(name + " (class file " + major + ")");
                }
            }
        }
        assertTrue(newer.isEmpty(), "newer than Java 8: " + newer);
    }

    @Test
    void holdsOnlyWhatTheToolboxCalls() throws IOException {
        String[] forbidden = {"org/ejml/", "org/knowm/", "org/apache/", "de/", "us/hebi/", "com/madgag/",
                "io/github/gpujacobi/bench/", "io/github/gpujacobi/cli/", "io/github/gpujacobi/mat/",
                "io/github/gpujacobi/cuda/peers/", "io/github/gpujacobi/matrices/", "io/github/gpujacobi/shaded/", "META-INF/versions/",
                "lib/libJNvPTXCompiler", "lib/libJNvrtc", "lib/libJCudaRuntime",
                "META-INF/services/io.github.gpujacobi.bench.",
                // the CPU backend's native LAPACK is for the command line and the Java API only
                "org/bytedeco/", "io/github/gpujacobi/lapack/", "META-INF/services/io.github.gpujacobi.core.Lapack"};
        try (JarFile jar = toolboxJar()) {
            List<String> names = names(jar);
            for (String name : names)
                for (String f : forbidden) assertTrue(!name.startsWith(f), name + " should not be in the toolbox jar");
            for (String name : names) {
                if (name.startsWith("com/sun/jna/") && !name.endsWith(".class") && !name.endsWith("/"))
                    assertTrue(name.startsWith("com/sun/jna/linux-x86-64/"), "JNA native of another platform: " + name);
            }
            for (String needed : new String[]{"io/github/gpujacobi/bridge/Bridge.class",
                    "io/github/gpujacobi/cuda/gpujacobi.fatbin", "io/github/gpujacobi/version.properties",
                    "com/sun/jna/linux-x86-64/libjnidispatch.so", "jcuda/driver/JCudaDriver.class"})
                assertTrue(names.contains(needed), needed + " missing");
            assertTrue(names.stream().anyMatch(n -> n.startsWith("lib/libJCudaDriver-")), "JCuda driver native missing");
            String services = new String(readAll(jar, "META-INF/services/io.github.gpujacobi.api.BackendProvider"),
                    StandardCharsets.UTF_8);
            assertTrue(services.contains("io.github.gpujacobi.cpu.CpuBackendProvider")
                    && services.contains("io.github.gpujacobi.cuda.CudaBackendProvider"), services);
        }
        long size = Files.size(root().resolve("dist").resolve("gpujacobi-toolbox.jar"));
        // a ceiling just above today's size, so that a jar that grows is noticed and its stated size updated
        assertTrue(size < 3_970_000, "toolbox jar grew to " + size + " bytes (docs/architecture.md states its size)");
    }

    @Test
    void theAllInOneJarDropsUnusedNativesAndRelocatesMfl() throws IOException {
        Path path = root().resolve("dist").resolve("gpujacobi.jar");
        assertTrue(Files.exists(path), path + " is missing: build the bundle module");
        try (JarFile jar = new JarFile(path.toFile())) {
            List<String> names = names(jar);
            assertTrue(names.stream().noneMatch(n -> n.startsWith("us/hebi/")), "MFL not relocated");
            assertTrue(names.stream().anyMatch(n -> n.startsWith("io/github/gpujacobi/shaded/mfl/")), "relocated MFL missing");
            assertTrue(names.stream().noneMatch(n -> n.startsWith("lib/libJNvPTXCompiler") || n.startsWith("lib/libJNvrtc")
                    || n.startsWith("lib/libJCudaRuntime")), "unused JCuda natives");
            assertTrue(names.contains("io/github/gpujacobi/cli/Main.class"));
            assertTrue(names.contains("io/github/gpujacobi/lapack/OpenBlasLapack.class")
                    && names.contains("META-INF/services/io.github.gpujacobi.core.Lapack"), "the native LAPACK binding");
            assertTrue(names.stream().anyMatch(n -> n.startsWith("org/bytedeco/openblas/linux-x86_64/")), "OpenBLAS natives");
            assertEquals("io.github.gpujacobi.cli.Main", jar.getManifest().getMainAttributes().getValue("Main-Class"));
        }
    }

    @Test
    void contentsVersionMatchesTheJar() throws IOException {
        String contents = new String(Files.readAllBytes(root().resolve("matlab").resolve("gpujacobi").resolve("Contents.m")),
                StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("(?m)^% Version (\\S+) \\d{2}-[A-Z][a-z]{2}-\\d{4}$").matcher(contents);
        assertTrue(m.find(), "Contents.m needs a line '% Version x.y.z dd-Mmm-yyyy' for ver");
        try (JarFile jar = toolboxJar()) {
            assertEquals(jar.getManifest().getMainAttributes().getValue("Implementation-Version"), m.group(1));
        }
        assertTrue(contents.startsWith("% gpujacobi"), "the first line names the toolbox");
    }

    @Test
    void functionSignaturesNameEveryPublicFunction() throws IOException {
        Path dir = root().resolve("matlab").resolve("gpujacobi");
        String json = new String(Files.readAllBytes(dir.resolve("functionSignatures.json")), StandardCharsets.UTF_8);
        List<String> functions = new ArrayList<String>();
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".m") && !n.equals("Contents.m"))
                    .forEach(n -> functions.add(n.substring(0, n.length() - 2)));
        }
        Collections.sort(functions);
        assertTrue(functions.size() >= 6, functions.toString());
        for (String f : functions) assertTrue(json.contains("\"" + f + "\": {"), f + " has no entry in functionSignatures.json");
    }

    private static byte[] readAll(JarFile jar, String name) throws IOException {
        ZipEntry e = jar.getEntry(name);
        assertTrue(e != null, name + " missing");
        try (InputStream in = jar.getInputStream(e)) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            byte[] b = new byte[8192];
            for (int n; (n = in.read(b)) > 0; ) out.write(b, 0, n);
            return out.toByteArray();
        }
    }
}
