package io.github.gpujacobi.cli;

import io.github.gpujacobi.cli.BatchCommandTest.Run;
import io.github.gpujacobi.testing.External;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.github.gpujacobi.cli.BatchCommandTest.batch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The batch in a pipeline and in scripts: what it prints when, its exit status, and the result record's types. */
class BatchPipelineTest {
    @TempDir
    Path dir;

    /** Each file's lines are flushed when it finishes (all came at the end, so a redirected log stayed empty). */
    @Test
    void eachFilesLinesAreFlushedWhenItFinishes() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('a.mat', {'A': np.eye(3)}); "
                + "sio.savemat('b.mat', {'B': 2 * np.eye(3)})");
        final Path second = dir.resolve("out/b_eig.mat");
        final ByteArrayOutputStream text = new ByteArrayOutputStream();
        final List<String> flushedBeforeSecond = new ArrayList<String>();
        OutputStream watched = new OutputStream() {
            public void write(int b) { text.write(b); }

            public void flush() {
                if (!Files.exists(second)) flushedBeforeSecond.add(new String(text.toByteArray(), StandardCharsets.UTF_8));
            }
        };
        PrintStream out = new PrintStream(new java.io.BufferedOutputStream(watched, 1 << 16), false);
        int code = Main.run(new String[]{"batch", "--op", "eig", dir.resolve("a.mat").toString(), dir.resolve("b.mat").toString(),
                "-o", dir.resolve("out").toString()}, out, new PrintStream(new ByteArrayOutputStream(), true));
        assertEquals(0, code);
        String early = flushedBeforeSecond.isEmpty() ? "" : flushedBeforeSecond.get(flushedBeforeSecond.size() - 1);
        assertTrue(early.contains("done:    a.mat:A "), "a.mat's line was flushed before b.mat was done: " + early);
    }

    /** Without a terminal (a pipeline, this test) no progress display is drawn into the log. */
    @Test
    void noProgressDisplayWithoutATerminal() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('a.mat', {'A': np.eye(3)})");
        Run r = batch("--op", "eig", dir.resolve("a.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, r.code, r.out + r.err);
        assertFalse(r.err.contains("\r") || r.out.contains("\r"), r.err);
    }

    /** A vector beside matrices is skipped with its reason, exit 0 (it failed as "must be square": exit 1). */
    @Test
    void vectorsAreSkippedWithAReason() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('v.mat', {'A': np.eye(3), 'v': np.arange(5.0), "
                + "'w': np.ones((4, 1)), 's': np.array([[2.0]])})");
        for (String op : new String[]{"eig", "svd", "inv"}) {
            Run r = batch("--op", op, "--force", dir.resolve("v.mat").toString(), "-o", dir.resolve("out").toString());
            assertEquals(0, r.code, op + ": " + r.out + r.err);
            assertTrue(r.out.contains("v.mat: v is a vector (1x5 double), not a matrix"), r.out);
            assertTrue(r.out.contains("v.mat: w is a vector (4x1 double)"), r.out);
            assertTrue(r.out.contains("variables: 2 done, 2 skipped, 0 failed"), op + ": " + r.out);
        }
    }

    /** A --vars name that no input holds is a usage error naming it (a typo exited 0, having done nothing). */
    @Test
    void anUnknownVarsNameIsAUsageError() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('a.mat', {'A': np.eye(3)}); "
                + "sio.savemat('b.mat', {'B': np.eye(2)})");
        Run r = batch("--op", "eig", "--vars", "A,NOPE", dir.resolve("a.mat").toString(), dir.resolve("b.mat").toString(),
                "-o", dir.resolve("out").toString());
        assertEquals(2, r.code, r.out + r.err);
        assertTrue(r.err.contains("--vars NOPE: no such variable in any input"), r.err);
        assertFalse(Files.exists(dir.resolve("out/a_eig.mat")), "nothing is done");
        // a name one file holds is skipped, with its reason, in the files that do not
        Run some = batch("--op", "eig", "--vars", "B", dir.resolve("a.mat").toString(), dir.resolve("b.mat").toString(),
                "-o", dir.resolve("out").toString());
        assertEquals(0, some.code, some.out + some.err);
        assertTrue(some.out.contains("a.mat: B (--vars) is not in this file"), some.out);
        // also when the file that holds it is up to date (it is catalogued only then)
        Run again = batch("--op", "eig", "--vars", "B", dir.resolve("b.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, again.code, again.out + again.err);
        assertTrue(again.out.contains("up to date"), again.out);
    }

    /** -o naming an existing file (not a folder, not a .mat path) is a usage error. */
    @Test
    void outputNamingAnExistingFileIsAUsageError() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('a.mat', {'A': np.eye(3)})");
        Files.write(dir.resolve("notes.txt"), new byte[]{1});
        Run r = batch("--op", "eig", dir.resolve("a.mat").toString(), "-o", dir.resolve("notes.txt").toString());
        assertEquals(2, r.code, r.out + r.err);
        assertTrue(r.err.contains("notes.txt is an existing file, not a folder"), r.err);
    }

    /** Out of heap, the advice names what the command line reads (GPUJACOBI_JAVA_OPTS), not MATLAB's preferences. */
    @Test
    void heapAdviceFitsTheCommandLine() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; r = np.random.default_rng(1); B = r.standard_normal((2500, 2500)); "
                + "sio.savemat('big.mat', {'A': B + B.T})");
        ProcessBuilder pb = new ProcessBuilder(BatchCommandTest.Paths.javaExe(), "-Xmx96m", "-cp", System.getProperty("java.class.path"),
                "io.github.gpujacobi.cli.Main", "batch", "--op", "eig", "--device", "cpu", "big.mat", "-o", "out")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile());
        int code = pb.start().waitFor();
        String log = new String(Files.readAllBytes(dir.resolve("log")), StandardCharsets.UTF_8);
        assertEquals(1, code, log);
        assertTrue(log.contains("GPUJACOBI_JAVA_OPTS=-Xmx8g ./gpujacobi"), log);
        assertFalse(log.contains("Preferences > General") || log.contains("OCTAVE_JAVA_DIR"), log);
    }

    /** Record fields read back as numbers and logicals in Octave (source sizes were strings, converged int8). */
    @Test
    void recordFieldsAreNumbersAndLogicals() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('a.mat', {'A': np.diag([1.0, 2.0]), 'R': np.ones((2, 3))})");
        Run r = batch("--op", "eig", dir.resolve("a.mat").toString(), "-o", dir.resolve("a_eig.mat").toString());
        assertEquals(1, r.code, r.out + r.err);
        String oct = External.octave(dir, "g = load('a_eig.mat').gpujacobi; v = g.variables(1); "
                + "printf('%s %s %d %s %s %s %s\\n', v.name, class(v.converged), v.converged, class(g.source.bytes), "
                + "class(g.source.modified), g.not_done(1).name, g.not_done(1).status); "
                + "assert(g.source.bytes == " + Files.size(dir.resolve("a.mat")) + "); "
                + "assert(g.source.modified == " + Files.getLastModifiedTime(dir.resolve("a.mat")).toMillis() + ")");
        assertTrue(oct.contains("A logical 1 double double R failed"), oct);
    }

    /** --precision single notes how many entries it turns subnormal or 0 (they were flushed without a word). */
    @Test
    void precisionSingleNotesEntriesBelowItsRange() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; A = np.diag([1.0, 2.0, 3.0]); A[0, 1] = A[1, 0] = 1e-40; "
                + "A[0, 2] = A[2, 0] = 1e-39; sio.savemat('t.mat', {'T': A})");
        Run r = batch("--op", "eig", "--precision", "single", dir.resolve("t.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("t.mat:T ") && r.out.contains("--precision single: 4 entries of magnitude below 1.18e-38"), r.out);
        String notes = External.python(dir, "import scipy.io as sio; print(sio.loadmat('out/t_eig.mat')['gpujacobi'][0, 0]['variables'][0, 0]['notes'][0])");
        assertTrue(notes.contains("4 entries of magnitude below 1.18e-38"), notes);
    }

    /** A valid variable over MFL's 2 GB is refused in plain words naming file, variable and limit ("capacity < 0"). */
    @Test
    void aVariableOver2GbIsRefusedInPlainWords() throws Exception {
        // a sparse file: the header of a 17000 x 17000 double (2.3 GB) with a hole for its data, then a small variable
        External.python(dir, String.join("\n",
                "import numpy as np, scipy.io as sio, struct",
                "sio.savemat('b.mat', {'B': np.eye(2)}, do_compression=False); small = open('b.mat', 'rb').read()",
                "n = 17000; data = n * n * 8",
                "body = struct.pack('<IIIIIIii', 6, 8, 6, 0, 5, 8, n, n) + struct.pack('<HH', 1, 1) + b'X\\0\\0\\0' + struct.pack('<II', 9, data)",
                "elem = struct.pack('<II', 14, len(body) + data) + body",
                "f = open('big.mat', 'wb'); f.write(small[:128] + elem); f.seek(128 + len(elem) + data); f.write(small[128:]); f.close()"));
        Run r = batch("--op", "eig", dir.resolve("big.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains(dir.resolve("big.mat") + ": variable X is 2.3 GB (2312000056 bytes), over the 2 GB limit "
                + "(2147483647 bytes) of the .mat reader for one variable: variables over 2 GB are not supported"), r.err);
        assertFalse(r.err.contains("capacity") || r.out.contains("[MFL]"), r.out + r.err);
    }

    /** MFL's errors read as words naming the file, without Java class names. */
    @Test
    void readerErrorsHaveNoJavaClassNames() throws Exception {
        External.python(dir, String.join("\n",
                "import numpy as np, scipy.io as sio, struct",
                "sio.savemat('ok.mat', {'A': np.eye(3)}, do_compression=False); d = open('ok.mat', 'rb').read()",
                "open('tag.mat', 'wb').write(d + struct.pack('<II', 99, 8) + bytes(8))"));
        Run r = batch("--op", "eig", dir.resolve("tag.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains(dir.resolve("tag.mat") + ": not a readable MAT file: it holds an element of unknown type 99"), r.err);
        assertFalse(r.err.matches("(?s).*(java\\.|Exception|Unknown tag).*"), r.err);
        assertEquals("the file ends in the middle of a variable (truncated)",
                io.github.gpujacobi.mat.IoErrors.plain(new java.io.IOException(new java.io.EOFException())));
    }

    /** A file that failed after some variables were computed counts none of them as done (nothing was written). */
    @Test
    void variablesOfAFileThatFailedAreNotCountedAsDone() {
        BatchOptions opt = BatchOptions.parse(Arrays.asList("--op", "eig", "x.mat", "-o", "out"));
        BatchFileJob written = new BatchFileJob(new File("w.mat").toPath(), new File("out/w_eig.mat").toPath());
        written.lines.add(new BatchFileJob.VariableLine("A", "done", "3x3 double"));
        BatchFileJob full = new BatchFileJob(new File("f.mat").toPath(), new File("out/f_eig.mat").toPath());
        for (String v : new String[]{"A", "B", "C"}) full.lines.add(new BatchFileJob.VariableLine(v, "done", "3x3 double"));
        full.fileError = "cannot write out/f_eig.mat: No space left on device";
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = BatchSummary.print(Arrays.asList(written, full), new ArrayList<String>(), opt, 1.0,
                new PrintStream(o, true), new PrintStream(e, true), false);
        String out = new String(o.toByteArray(), StandardCharsets.UTF_8), err = new String(e.toByteArray(), StandardCharsets.UTF_8);
        assertEquals(1, code);
        assertTrue(out.contains("2 files (0 up to date, 1 failed); variables: 1 done, 0 skipped, 0 failed"), out);
        assertTrue(err.contains("f.mat: 3 variables computed but not written"), err);
        assertFalse(out.contains("done:    f.mat"), out);
    }
}
