package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.cli.BatchCommandTest.Run;
import io.github.gpujacobi.testing.External;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.github.gpujacobi.cli.BatchCommandTest.batch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line by the conventions (picocli): option=value, typed values, --, --version, generated help. */
class MainTest {
    @TempDir
    Path dir;

    private static Run main(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        Run r = new Run();
        r.code = Main.run(args, new PrintStream(o, true), new PrintStream(e, true));
        r.out = new String(o.toByteArray(), StandardCharsets.UTF_8);
        r.err = new String(e.toByteArray(), StandardCharsets.UTF_8);
        return r;
    }

    @Test
    void optionEqualsValueAndDoubleDashWork() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('-a.mat', {'A': np.eye(2)})");
        Run r = batch("--op=eig", "--quiet", "--jobs=1", "-o", dir.resolve("o").toString(), "--", dir.resolve("-a.mat").toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(Files.isRegularFile(dir.resolve("o/-a_eig.mat")));
    }

    @Test
    void valuesAreTyped() {
        Run r = batch("--op", "eig", "--jobs", "1.5", "x.mat", "-o", "y");
        assertEquals(2, r.code);
        assertTrue(r.err.contains("'1.5' is not an int"), r.err);
        Run t = batch("--op", "eig", "--tol", "small", "x.mat", "-o", "y");
        assertEquals(2, t.code);
        assertTrue(t.err.contains("--tol"), t.err);
        Run inv = batch("--op", "inv", "--tol", "1e-10", "x.mat", "-o", "y");
        assertEquals(2, inv.code);
        assertTrue(inv.err.contains("--tol does not apply to --op inv"), inv.err);
        Run big = batch("--op", "eig", "--tol", "2", "x.mat", "-o", "y");
        assertEquals(2, big.code);
        assertTrue(big.err.contains("batch: Tol must be from 0 to below 1") && !big.err.contains("batch: batch:"), big.err);
        Run empty = batch("--op", "eig", "x.mat", "-o", "");
        assertEquals(2, empty.code);
        assertTrue(empty.err.contains("-o is empty"), empty.err);
        Run u = batch("--op", "eig", "--bogus", "x.mat", "-o", "y");
        assertEquals(2, u.code);
        assertTrue(u.err.contains("Unknown option: '--bogus'") && u.err.contains("try: gpujacobi batch --help"), u.err);
    }

    /** verify checks its arguments before its checks (a bad --methods ran for minutes, then failed two of them). */
    @Test
    void verifyRefusesBadArgumentsAtOnce() {
        Run m = main("verify", "--device", "cpu", "--methods", "parallel,foo");
        assertEquals(2, m.code, m.out + m.err);
        assertTrue(m.err.contains("--methods: unknown Method 'foo'"), m.err);
        Run s = main("verify", "--device", "cpu", "--sizes", "3,-1");
        assertEquals(2, s.code, s.out + s.err);
        assertTrue(s.err.contains("--sizes: sizes must be at least 1, got -1"), s.err);
        Run d = main("verify", "--device", "tpu");
        assertEquals(2, d.code, d.out + d.err);
        assertTrue(d.err.contains("--device: unknown device 'tpu'"), d.err);
        assertTrue(m.out.isEmpty() && s.out.isEmpty(), "no check ran: " + m.out + s.out);
    }

    @Test
    void versionAndHelp() {
        Run v = main("--version");
        assertEquals(0, v.code);
        assertEquals("gpujacobi " + Jacobi.version(), v.out.trim());
        assertEquals(0, main("batch", "--version").code);
        Run h = main("batch", "--help");
        assertEquals(0, h.code, h.err);
        for (Operation op : Operation.values()) {
            assertTrue(h.out.contains(String.join(", ", Methods.names(op))), op + " methods listed: " + h.out);
        }
        assertTrue(h.out.contains("(default: auto)") && h.out.contains("(default: keep)") && h.out.contains("(default: 1)"), h.out);
        Run top = main("--help");
        assertEquals(0, top.code);
        for (String c : new String[]{"batch", "bench", "info", "verify", "demo"}) assertTrue(top.out.contains(c), top.out);
        assertEquals(2, main().code);
        Run unknown = main("frobnicate");
        assertEquals(2, unknown.code);
        assertTrue(unknown.err.contains("unknown command 'frobnicate'"), unknown.err);
        assertEquals(0, main("help", "verify").code);
    }

    /** info --link measures each GPU's link; without one (CI) it says there is nothing to measure, and succeeds. */
    @Test
    void infoLinkWithoutAGpu() {
        Run r = main("info", "--link");
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("backend   cpu"), r.out);
        boolean gpu = r.out.contains("backend   cuda: ") && !r.out.contains("cuda: unavailable");
        assertTrue(gpu ? r.out.contains("pinned DMA: host to device") : r.out.contains("link      no GPU backend available"), r.out);
    }
}
