package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.cuda.jna.CuBlas;
import io.github.gpujacobi.cuda.jna.JnaLibrariesAccess;
import io.github.gpujacobi.cuda.jna.JnaLibraries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MATLAB searches its own static class path first and ships its own JNA (4.x in older releases, 5.14
 * in R2024b): with that JNA ahead of ours, the CUDA backend must still link (no NoSuchMethodError) or
 * give way to the CPU with a one-line reason. Runs a child JVM with that class path.
 */
class JnaCompatibilityTest {
    @Test
    void versionsFromFourPointFiveOnAreSupported() {
        assertFalse(JnaLibrariesAccess.supported("4.4.1"));
        assertFalse(JnaLibrariesAccess.supported("3.5.2"));
        assertFalse(JnaLibrariesAccess.supported("none"));
        assertTrue(JnaLibrariesAccess.supported("4.5.0"));
        assertTrue(JnaLibrariesAccess.supported("4.5.2"));
        assertTrue(JnaLibrariesAccess.supported("5.14.0"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"4.5.2", "5.14.0"})
    void withMatlabsJnaFirstTheToolboxRunsAndTheCudaPathFailsGracefully(String version) throws Exception {
        Path old = Paths.get("target", "old-jna", "jna-" + version + ".jar");
        Path deps = Paths.get("target", "test-classpath.txt");
        assertTrue(Files.exists(old) && Files.exists(deps), "run through Maven (generate-test-resources copies JNA " + version + ")");
        String cp = old.toAbsolutePath() + File.pathSeparator + Paths.get("target", "test-classes").toAbsolutePath()
                + File.pathSeparator + Paths.get("target", "classes").toAbsolutePath() + File.pathSeparator
                + new String(Files.readAllBytes(deps), StandardCharsets.UTF_8).trim();
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> out = run(java, "-Xmx256m", "-cp", cp, Probe.class.getName());
        String all = String.join("\n", out);
        assertTrue(out.contains("jna=" + version), all);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("inv=ok ")), all);
        assertTrue(out.stream().noneMatch(l -> l.contains("BROKEN")), all);
        // the API JNA 4.5 and 5.x share is enough: loading cuBLAS either works or fails for want of the library, not of JNA
        assertTrue(out.stream().anyMatch(l -> l.equals("cublas=loaded") || l.startsWith("cublas=refused libcublas ")), all);
        String cuda = out.stream().filter(l -> l.startsWith("cuda=")).findFirst().orElse("");
        if (cuda.startsWith("cuda=false")) {
            // no GPU (or no driver) here: the auto device ran on the CPU and said why the GPU did not
            assertTrue(out.stream().anyMatch(l -> l.equals("inv=ok cpu")), all);
            assertTrue(cuda.length() > "cuda=false ".length(), all);
        }
    }

    /**
     * A runtime without java.desktop (the jlink'd JRE of the GPU machine, a headless server): JNA's
     * Native names java.awt.Window in public signatures, so reflection over its methods failed there
     * with NoClassDefFoundError and every GPU path with it; the bindings must load (or fail only for
     * want of the CUDA library).
     */
    @Test
    void withoutJavaDesktopTheBindingsStillLoad() throws Exception {
        Path deps = Paths.get("target", "test-classpath.txt");
        assertTrue(Files.exists(deps), "run through Maven (generate-test-resources writes the class path)");
        String cp = Paths.get("target", "test-classes").toAbsolutePath() + File.pathSeparator
                + Paths.get("target", "classes").toAbsolutePath() + File.pathSeparator
                + new String(Files.readAllBytes(deps), StandardCharsets.UTF_8).trim();
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> out = run(java, "-Xmx256m", "--limit-modules",
                "java.base,java.logging,java.management,java.xml,java.naming,jdk.unsupported", "-cp", cp, Probe.class.getName());
        String all = String.join("\n", out);
        assertTrue(out.stream().anyMatch(l -> l.equals("cublas=loaded") || l.startsWith("cublas=refused libcublas ")), all);
        assertTrue(out.stream().noneMatch(l -> l.contains("BROKEN") || l.contains("java/awt")), all);
    }

    private static List<String> run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<String>();
        try (java.io.BufferedReader r = new java.io.BufferedReader(
                new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) lines.add(l);
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join("\n", lines));
        return lines;
    }

    /** Runs in the child JVM: what a MATLAB session with an old JNA first would see. */
    public static final class Probe {
        public static void main(String[] args) {
            System.out.println("jna=" + JnaLibraries.version());
            for (BackendInfo b : Jacobi.backends()) {
                if (b.name().equals("cuda")) System.out.println("cuda=" + b.available() + " " + b.summary());
            }
            try {
                InverseResult x = Jacobi.inv(PageArray.wrap(new double[]{4, 1, 1, 3}, 2, 2), SolverOptions.defaults());
                System.out.println("inv=ok " + x.report().backend());
            } catch (Throwable e) {
                System.out.println("inv=BROKEN " + e);
            }
            try {
                JnaLibraries.load("cublas", CuBlas.class);
                System.out.println("cublas=loaded");
            } catch (JacobiException e) {
                System.out.println("cublas=refused " + e.getMessage());
            } catch (Throwable e) {
                System.out.println("cublas=BROKEN " + e);
            }
        }
    }
}
