package io.github.gpujacobi.cli;

import io.github.gpujacobi.cli.BatchCommandTest.Run;
import io.github.gpujacobi.mat.InputChecksum;
import io.github.gpujacobi.mat.ResultFile;
import io.github.gpujacobi.mat.ResultRecord;
import io.github.gpujacobi.testing.External;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Struct;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.github.gpujacobi.cli.BatchCommandTest.batch;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What "up to date" compares, how results take their names, temporary files, damaged and linked results. */
class BatchCommitTest {
    @TempDir
    Path dir;

    private void save(String file, String dict) {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('" + file + "', " + dict + ")");
    }

    private String eigenvalues(String file) {
        return External.python(dir, "import scipy.io as sio; print(sio.loadmat('" + file + "')['A_D'].ravel())").trim();
    }

    private static String[] temporaries(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".part")).sorted().toArray(String[]::new);
        }
    }

    /** A different input of the same size and modification time (tar --mtime, a reproducible build) is not current. */
    @Test
    void anInputWithTheSameSizeAndDateButOtherBytesIsComputedAgain() throws Exception {
        save("a.mat", "{'A': np.diag([1.0, 2.0])}");
        Path in = dir.resolve("a.mat");
        FileTime t = Files.getLastModifiedTime(in);
        String out = dir.resolve("out").toString();
        assertEquals(0, batch("--op", "eig", "--quiet", in.toString(), "-o", out).code);
        long size = Files.size(in);
        save("a.mat", "{'A': np.diag([3.0, 4.0])}");
        Files.setLastModifiedTime(in, t);
        assertEquals(size, Files.size(in));
        Run again = batch("--op", "eig", in.toString(), "-o", out);
        assertEquals(0, again.code, again.out + again.err);
        assertFalse(again.out.contains(": up to date"), again.out);
        assertEquals("[3. 4.]", eigenvalues("out/a_eig.mat"));
        assertEquals(InputChecksum.of(in), ResultRecord.of(dir.resolve("out/a_eig.mat")).source().get("sha256"),
                "the record holds the SHA-256 of the input's bytes");
        // the content decides: the same bytes under a new date are still up to date
        Files.setLastModifiedTime(in, FileTime.fromMillis(t.toMillis() + 3_600_000));
        Run touched = batch("--op", "eig", in.toString(), "-o", out);
        assertTrue(touched.out.contains(": up to date"), touched.out);
    }

    /** A result whose record has no checksum (an earlier version's) is computed again, not trusted. */
    @Test
    void aResultWithoutAChecksumIsComputedAgain() throws Exception {
        save("a.mat", "{'A': np.diag([1.0, 2.0])}");
        Path in = dir.resolve("a.mat"), result = dir.resolve("out/a_eig.mat");
        assertEquals(0, batch("--op", "eig", "--quiet", in.toString(), "-o", dir.resolve("out").toString()).code);
        ResultRecord r = ResultRecord.of(result);
        Map<String, String> source = new java.util.LinkedHashMap<String, String>(r.source());
        source.remove("sha256");
        Files.delete(result);
        ResultFile old = ResultFile.create(result);
        old.write("A_D", Mat5.newScalar(99));
        Struct record = Mat5.newStruct().set("operation", Mat5.newString("eig")).set("version", Mat5.newString("old"))
                .set(ResultRecord.SOURCE, ResultRecord.optionsStruct(source))
                .set(ResultRecord.OPTIONS, ResultRecord.optionsStruct(r.options()));
        old.write(ResultRecord.NAME, record);
        old.commit();
        Run again = batch("--op", "eig", in.toString(), "-o", dir.resolve("out").toString());
        assertFalse(again.out.contains(": up to date"), again.out);
        assertEquals("[1. 2.]", eigenvalues("out/a_eig.mat"));
    }

    /** A user's file that takes the result's name while the batch computes is not overwritten at the end. */
    @Test
    void aFileThatAppearsWhileTheBatchComputesIsNotOverwritten() throws Exception {
        save("big.mat", "{'A': (lambda x: x + x.T)(np.random.default_rng(1).standard_normal((150, 150))), "
                + "'B': np.eye(150), 'C': np.eye(150), 'D': np.eye(150), 'E': np.eye(150), 'F': np.eye(150)}");
        Path out = Files.createDirectories(dir.resolve("out")), target = out.resolve("big_eig.mat");
        CompletableFuture<Run> run = CompletableFuture.supplyAsync(() ->
                batch("--op", "eig", "--quiet", dir.resolve("big.mat").toString(), "-o", out.toString()));
        long t0 = System.nanoTime();
        while (temporaries(out).length == 0 && !run.isDone() && System.nanoTime() - t0 < 60e9) Thread.sleep(2);
        assertFalse(run.isDone(), "the batch should still be computing");
        byte[] mine = "the user's own file".getBytes(StandardCharsets.UTF_8);
        Files.write(target, mine);
        Run r = run.get(300, TimeUnit.SECONDS);
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains(target + ": a file that is not a gpujacobi result (it is not a readable MAT file) took this name "
                + "while the batch computed: not overwritten; the computed result was discarded"), r.err);
        assertArrayEquals(mine, Files.readAllBytes(target));
        assertArrayEquals(new String[0], temporaries(out));
    }

    /**
     * Another run's temporary file in the same output folder (its process holds the lock) is left alone; a partial
     * file nobody holds (a killed run's) is removed, even by a re-run that finds everything up to date.
     */
    @Test
    void anotherRunsTemporaryFileIsKeptAStaleOneRemoved() throws Exception {
        save("a.mat", "{'A': np.eye(2)}");
        Path out = Files.createDirectories(dir.resolve("out"));
        assertEquals(0, batch("--op", "eig", "--quiet", dir.resolve("a.mat").toString(), "-o", out.toString()).code);
        Path running = out.resolve(".gpujacobi-4242-0badcafe.part"), killed = out.resolve(".gpujacobi-4343-00c0ffee.part");
        Files.write(running, new byte[]{1, 2, 3});
        Files.write(killed, new byte[0]); // as a Ctrl-C before the first variable left it
        Process other = new ProcessBuilder("python3", "-c", "import fcntl, sys, time\n"
                + "f = open(sys.argv[1], 'r+'); fcntl.lockf(f, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(120)",
                running.toString()).redirectErrorStream(true).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", r.readLine());
            Run again = batch("--op", "eig", dir.resolve("a.mat").toString(), "-o", out.toString());
            assertEquals(0, again.code, again.out + again.err);
            assertTrue(again.out.contains(": up to date"), again.out);
            assertTrue(Files.exists(running), "the running process's file is kept");
            assertFalse(Files.exists(killed), "the killed run's file is removed");
            assertTrue(again.err.contains("removed 1 partial file an interrupted run left in " + out.toRealPath()
                    + " (.gpujacobi-4343-00c0ffee.part)"), again.err);
        } finally {
            other.destroy();
            other.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** SIGTERM (as Ctrl-C's SIGINT) removes the run's partial file and says what finished and how to resume. */
    @Test
    void anInterruptedRunRemovesItsPartialFileAndSaysWhatFinished() throws Exception {
        save("a.mat", "{'A': np.eye(2)}");
        save("z.mat", "{'B%d' % i: (lambda x: x + x.T)(np.random.default_rng(i).standard_normal((200, 200))) for i in range(40)}");
        Path out = Files.createDirectories(dir.resolve("out"));
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(), "batch",
                "--op", "eig", "--quiet", "--jobs", "1", dir.resolve("a.mat").toString(), dir.resolve("z.mat").toString(),
                "-o", out.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile()).start();
        try {
            long t0 = System.nanoTime();
            // a's result is written first (one job at a time, in order), then z's partial file appears
            while (!(Files.exists(out.resolve("a_eig.mat")) && temporaries(out).length > 0) && p.isAlive()
                    && System.nanoTime() - t0 < 120e9) {
                Thread.sleep(5);
            }
            assertTrue(p.isAlive(), "the batch should still be computing: " + log());
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        String log = log();
        assertArrayEquals(new String[0], temporaries(out), log);
        assertTrue(log.contains("gpujacobi batch: interrupted. 1 result finished (" + out.resolve("a_eig.mat")
                + "); 1 not finished, their partial files removed (.gpujacobi-"), log);
        assertTrue(log.contains("Run the same command again to finish the rest."), log);
        assertFalse(Files.exists(out.resolve("z_eig.mat")));
    }

    private String log() throws Exception {
        return new String(Files.readAllBytes(dir.resolve("log")), StandardCharsets.UTF_8);
    }

    /** A result cut short (its record, written last, is gone) is replaced with --force; a file nothing marks is not. */
    @Test
    void aDamagedResultIsReplacedWithForceOnly() throws Exception {
        save("a.mat", "{'A': np.diag([1.0, 2.0])}");
        String in = dir.resolve("a.mat").toString(), out = dir.resolve("out").toString();
        Path result = dir.resolve("out/a_eig.mat");
        assertEquals(0, batch("--op", "eig", "--quiet", in, "-o", out).code);
        byte[] whole = Files.readAllBytes(result);
        byte[] cut = Arrays.copyOf(whole, whole.length / 2);
        Files.write(result, cut);
        Run plain = batch("--op", "eig", in, "-o", out);
        assertEquals(1, plain.code, plain.out + plain.err);
        assertTrue(plain.err.contains(result + " is a damaged gpujacobi result (") && plain.err.contains("): not replaced; "
                + "--force replaces it"), plain.err);
        assertArrayEquals(cut, Files.readAllBytes(result));
        Run forced = batch("--op", "eig", "--force", in, "-o", out);
        assertEquals(0, forced.code, forced.out + forced.err);
        assertEquals("[1. 2.]", eigenvalues("out/a_eig.mat"));

        // a truncated file without the result's mark may be anybody's: never replaced, and the message says what to do
        save("b.mat", "{'A': np.eye(3)}");
        save("out/b_eig.mat", "{'Mine': np.eye(40)}");
        byte[] theirs = Arrays.copyOf(Files.readAllBytes(dir.resolve("out/b_eig.mat")), 500);
        Files.write(dir.resolve("out/b_eig.mat"), theirs);
        Run unknown = batch("--op", "eig", "--force", dir.resolve("b.mat").toString(), "-o", out);
        assertEquals(1, unknown.code, unknown.out + unknown.err);
        assertTrue(unknown.err.contains(dir.resolve("out/b_eig.mat") + " exists and is not a gpujacobi result (it is not a "
                + "readable MAT file): not overwritten, even with --force; if it is a damaged result of an earlier run, "
                + "delete it (rm '" + dir.resolve("out/b_eig.mat") + "') and run again"), unknown.err);
        assertArrayEquals(theirs, Files.readAllBytes(dir.resolve("out/b_eig.mat")));
    }

    /** Temporary names do not grow with the result's: the longest legal names work. */
    @Test
    void aLongInputNameWorks() throws Exception {
        char[] c = new char[243];
        Arrays.fill(c, 'n');
        String stem = new String(c); // the result, stem_eig.mat, has 251 characters of the 255 allowed
        save(stem + ".mat", "{'A': np.eye(2)}");
        Run r = batch("--op", "eig", "--quiet", dir.resolve(stem + ".mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(Files.isRegularFile(dir.resolve("out").resolve(stem + "_eig.mat")));
    }

    /** A result path that is a symbolic link is read through (up to date) but never written through or replaced. */
    @Test
    void aSymbolicLinkAtTheResultPathIsRefused() throws Exception {
        save("a.mat", "{'A': np.diag([1.0, 2.0])}");
        String in = dir.resolve("a.mat").toString();
        assertEquals(0, batch("--op", "eig", "--quiet", in, "-o", dir.resolve("store").toString()).code);
        Path stored = dir.resolve("store/a_eig.mat");
        byte[] before = Files.readAllBytes(stored);
        Path link = Files.createSymbolicLink(Files.createDirectories(dir.resolve("out")).resolve("a_eig.mat"), stored);
        Run same = batch("--op", "eig", in, "-o", dir.resolve("out").toString());
        assertEquals(0, same.code, same.out + same.err);
        assertTrue(same.out.contains(": up to date"), same.out);
        Run forced = batch("--op", "eig", "--force", in, "-o", dir.resolve("out").toString());
        assertEquals(1, forced.code, forced.out + forced.err);
        assertTrue(forced.err.contains(link + " is a symbolic link (to " + stored + "): results are never written through a link "
                + "or over it; remove the link, or give -o the folder it points into"), forced.err);
        assertTrue(Files.isSymbolicLink(link));
        assertArrayEquals(before, Files.readAllBytes(stored));
    }
}
