package io.github.gpujacobi.cuda;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The complex kernels' arithmetic without a GPU: src/test/cuda/emulation/host_emulation.cpp includes
 * eig_jacobi.cu and svd_jacobi.cu, g++ compiles them as host code (CUDA built-ins stubbed, one block
 * of one thread), and the Hermitian eig (TA, MA, SA, MCA) and complex SVD sweeps are run to
 * convergence on random input with residual and orthogonality checked (1e-13); and jacobi_common.cuh's
 * signed_rotation_fast (the blocked pair kernels' rotations and hyperbolic rotations) on random pivots, and
 * cosine_low (the scale's low part of the one-sided hyperbolic sweeps) against long double, and the real one-sided
 * hyperbolic sweep (svd_jacobi.cu with signs: G W = U, W'JW = J, U's columns orthogonal), and eig_precondition.cu's
 * refinement of eigenvectors (E exactly antisymmetric, Q'AQ's off-diagonal squared by a step). Skipped without g++.
 */
class KernelHostEmulationTest {
    @TempDir
    Path dir;

    @Test
    void complexSweepsConvergeToUnitaryDecompositions() throws Exception {
        assumeTrue(onPath("g++"), "g++ is not installed");
        Path exe = dir.resolve("emu");
        String out = run(dir, "g++", "-std=c++17", "-O1", "-w", "-I" + abs("src/test/cuda/emulation"),
                "-I" + abs("src/main/cuda"), abs("src/test/cuda/emulation/host_emulation.cpp"), "-o", exe.toString());
        assertTrue(Files.isExecutable(exe), "g++ failed:\n" + out);
        String result = run(dir, exe.toString());
        assertTrue(result.contains("eig M=3 n=33") && result.contains("svd 40x33") && result.contains("signed rotations")
                && result.contains("cosine_low") && result.contains("hsvd 40x33") && result.contains("refine n=40 step 2"), result);
        assertTrue(result.trim().endsWith("all ok"), result);
    }

    private static String abs(String p) { return Paths.get(p).toAbsolutePath().toString(); }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Paths.get(d, tool))) return true;
        }
        return false;
    }

    private static String run(Path cwd, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true).start();
        byte[] bytes = readAll(p);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + String.join(" ", cmd));
        String s = new String(bytes, StandardCharsets.UTF_8);
        if (!cmd[0].equals("g++")) assertEquals(0, p.exitValue(), s);
        return s;
    }

    private static byte[] readAll(Process p) throws java.io.IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int r; (r = p.getInputStream().read(buf)) > 0; ) b.write(buf, 0, r);
        return b.toByteArray();
    }
}
