package io.github.gpujacobi.spark;

import io.github.gpujacobi.cli.BatchFiles;
import io.github.gpujacobi.cli.Main;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Char;
import us.hebi.matlab.mat.types.MatFile;
import us.hebi.matlab.mat.types.MatlabType;
import us.hebi.matlab.mat.types.Matrix;
import us.hebi.matlab.mat.types.Struct;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spark job in local[2] on generated .mat files against the local batch: the same results, bad
 * files reported while the rest completes, resume, --force. One Spark context for all steps, run in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkBatchJobTest {
    static final String[] GOOD = {"s1", "s2", "s3", "s4", "s5"};

    @TempDir
    static Path dir;
    static Path in, sparkOut, localOut;
    static JavaSparkContext sc;
    static final Map<String, Long> resultTimes = new HashMap<>();

    @BeforeAll
    static void start() throws Exception {
        in = Files.createDirectory(dir.resolve("in"));
        sparkOut = dir.resolve("spark-out");
        localOut = dir.resolve("local-out");
        writeInputs(in);
        sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("SparkBatchJobTest")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1"));
    }

    /** Five good files (one with an unsymmetric matrix), a corrupt one and a v7.3 (HDF5) one: the job's fixtures. */
    static void writeInputs(Path folder) throws Exception {
        Random rnd = new Random(17);
        for (int f = 0; f < GOOD.length; f++) {
            int n = 3 + 2 * f; // odd sizes 3..11
            MatFile m = Mat5.newMatFile()
                    .addArray("A", symmetric(new int[]{n, n}, MatlabType.Double, rnd))
                    .addArray("P", symmetric(new int[]{4, 4, 3}, MatlabType.Single, rnd))
                    .addArray("note", Mat5.newString("not a matrix"));
            if (f == 2) m.addArray("K", symmetric(new int[]{5, 5}, MatlabType.Int32, rnd));
            if (f == 3) m.addArray("N", notSymmetric(rnd));
            Mat5.writeToFile(m, folder.resolve(GOOD[f] + ".mat").toFile());
        }
        byte[] junk = new byte[300];
        Arrays.fill(junk, (byte) 'x');
        Files.write(folder.resolve("corrupt.mat"), junk);
        byte[] h5 = new byte[1024];
        byte[] text = "MATLAB 7.3 MAT-file, Platform: GLNXA64, Created on: Mon Jan  1 00:00:00 2024 HDF5 schema 1.00 ."
                .getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, h5, 0, text.length);
        Files.write(folder.resolve("v73.mat"), h5);
    }

    @AfterAll
    static void stop() {
        if (sc != null) sc.stop();
    }

    static final class Run {
        int code;
        String out, err;
        List<BatchFiles.Outcome> outcomes;
    }

    static Run spark(String... args) throws Exception {
        return spark(false, args);
    }

    static Run spark(boolean stage, String... args) throws Exception {
        BatchFiles batch = BatchFiles.parse(Arrays.asList(args));
        SparkBatchJob job = new SparkBatchJob(sc, batch);
        job.stageLocalFiles = stage;
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        Run r = new Run();
        SparkBatchJob.Result res = job.convert();
        r.outcomes = res.outcomes();
        r.code = job.report(res, 0, new PrintStream(o, true), new PrintStream(e, true));
        r.out = o.toString(StandardCharsets.UTF_8);
        r.err = e.toString(StandardCharsets.UTF_8);
        return r;
    }

    @Test
    @Order(1)
    void resultsEqualTheLocalBatchAndBadFilesAreReportedWhileTheRestCompletes() throws Exception {
        // the input by file: URI (the Hadoop path), the output as a plain path
        Run r = spark("--op", "eig", "--quiet", in.toUri().toString(), "-o", sparkOut.toString());
        ByteArrayOutputStream lo = new ByteArrayOutputStream();
        int localCode = Main.run(new String[]{"batch", "--op", "eig", "--quiet", in.toString(), "-o", localOut.toString()},
                new PrintStream(lo, true), new PrintStream(new ByteArrayOutputStream(), true));
        assertEquals(1, localCode);
        assertEquals(1, r.code, "a corrupt file, a v7.3 file and an unsymmetric matrix fail: exit 1\n" + r.out + r.err);
        assertEquals(GOOD.length + 2, r.outcomes.size());
        assertTrue(r.err.contains("v73.mat: is a MATLAB v7.3 (HDF5) file, which is not supported"), r.err);
        assertTrue(r.err.contains("corrupt.mat: not a MAT v5/v6/v7 file"), r.err);
        assertFalse(r.err.contains("gpujacobi-task"), "messages name the input, not the staged copy: " + r.err);
        assertTrue(r.out.matches("(?s).*corrupt.mat\\s+FILE FAILED.*"), r.out);
        assertTrue(r.out.matches("(?s).*v73.mat\\s+FILE FAILED.*"), r.out);
        assertTrue(r.out.matches("(?s).*s4.mat\\s+2\\s+1\\s+1\\n.*"), "s4: A and P done, note skipped, N failed\n" + r.out);
        assertTrue(r.out.contains("7 files (0 up to date, 2 failed); variables: 11 done (1 integer/logical converted to double), "
                + "5 skipped, 1 failed; op eig, backend cpu"), r.out);
        assertEquals(sorted(localOut), sorted(sparkOut), "the same result files");
        for (String g : GOOD) {
            Path s = sparkOut.resolve(g + "_eig.mat"), l = localOut.resolve(g + "_eig.mat");
            assertSameResults(Mat5.readFromFile(l.toFile()), Mat5.readFromFile(s.toFile()), g);
            resultTimes.put(g, Files.getLastModifiedTime(s).toMillis());
        }
        try (Stream<Path> s = Files.list(sparkOut)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")
                    || p.getFileName().toString().endsWith(".crc")), "no temporary or checksum files left");
        }
        assertEquals("gpujacobi batch --op eig: convert 7 files", stageName(), "the stage's name in the Spark UI");
    }

    /** The name of the last job's stage in the job group (the status store fills in asynchronously). */
    static String stageName() throws InterruptedException {
        for (int wait = 0; wait < 100; wait++) {
            int[] jobs = sc.statusTracker().getJobIdsForGroup(SparkBatchJob.JOB_GROUP);
            if (jobs.length > 0) {
                SparkJobInfo job = sc.statusTracker().getJobInfo(Arrays.stream(jobs).max().getAsInt());
                if (job != null && job.stageIds().length > 0) {
                    SparkStageInfo st = sc.statusTracker().getStageInfo(job.stageIds()[0]);
                    if (st != null) return st.name();
                }
            }
            Thread.sleep(50);
        }
        return null;
    }

    @Test
    @Order(2)
    void aSecondRunSkipsEveryResultNewerThanItsInput() throws Exception {
        Thread.sleep(20);
        Run r = spark("--op", "eig", in.toString(), "-o", sparkOut.toString());
        long current = r.outcomes.stream().filter(BatchFiles.Outcome::isUpToDate).count();
        assertEquals(GOOD.length, current, r.out);
        assertTrue(r.out.contains("7 files (5 up to date, 2 failed)"), r.out);
        assertTrue(r.out.contains("s1.mat: up to date"), r.out);
        for (String g : GOOD) {
            assertEquals(resultTimes.get(g), Files.getLastModifiedTime(sparkOut.resolve(g + "_eig.mat")).toMillis(),
                    g + " was rewritten");
        }
    }

    @Test
    @Order(3)
    void forceRedoesEveryFileThroughStagedCopiesAsForRemoteFileSystems() throws Exception {
        Thread.sleep(20);
        Run r = spark(true, "--op", "eig", "--quiet", "--force", in.toString(), "-o", sparkOut.toString());
        assertEquals(1, r.code);
        assertTrue(r.outcomes.stream().noneMatch(BatchFiles.Outcome::isUpToDate), r.out);
        assertTrue(r.out.contains("7 files (0 up to date, 2 failed); variables: 11 done"), r.out);
        for (String g : GOOD) {
            assertTrue(Files.getLastModifiedTime(sparkOut.resolve(g + "_eig.mat")).toMillis() > resultTimes.get(g),
                    g + " was not rewritten");
            assertSameResults(Mat5.readFromFile(localOut.resolve(g + "_eig.mat").toFile()),
                    Mat5.readFromFile(sparkOut.resolve(g + "_eig.mat").toFile()), g);
        }
        assertTrue(r.err.contains("v73.mat: is a MATLAB v7.3 (HDF5) file, which is not supported"), r.err);
        assertFalse(r.err.contains("gpujacobi-task"), "messages name the input, not the staged copy: " + r.err);
        try (Stream<Path> s = Files.list(sparkOut)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")
                    || p.getFileName().toString().endsWith(".crc")), "no temporary or checksum files left");
        }
    }

    @Test
    @Order(4)
    void oneInputToOneResultFileCollisionsAndUsageErrors() throws Exception {
        Path target = dir.resolve("one.mat");
        Run r = spark("--op", "eig", "--quiet", in.resolve("s2.mat").toString(), "-o", target.toString());
        assertEquals(0, r.code, r.out + r.err);
        assertSameResults(Mat5.readFromFile(localOut.resolve("s2_eig.mat").toFile()), Mat5.readFromFile(target.toFile()), "s2");
        Path other = Files.createDirectory(dir.resolve("other"));
        Files.copy(in.resolve("s1.mat"), other.resolve("s1.mat"));
        Run c = spark("--op", "eig", "--quiet", in.resolve("s1.mat").toString(), other.resolve("s1.mat").toString(),
                "-o", dir.resolve("collide").toString());
        assertEquals(1, c.code);
        assertTrue(c.err.contains("other/s1.mat: its result " + dir.resolve("collide/s1_eig.mat") + " is also "
                + in.resolve("s1.mat") + "'s"), c.err);
        assertTrue(c.out.contains("2 files (0 up to date, 1 failed); variables: 2 done"), c.out);
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        assertEquals(2, SparkBatch.run(new String[]{"batch", "--op", "nope", "x.mat", "-o", "y"},
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(e, true)));
        assertTrue(e.toString(StandardCharsets.UTF_8).contains("--op must be eig, svd, inv or hsvd"), e.toString());
    }

    /**
     * A file of a result's name that is not a gpujacobi result is never replaced, in place or staged (the job overwrote
     * a user's x_eig.mat that was older than x.mat, where the local batch refuses).
     */
    @Test
    @Order(5)
    void aUsersFileOfAResultsNameIsNeverReplaced() throws Exception {
        Path guarded = Files.createDirectory(dir.resolve("guarded"));
        Path mine = guarded.resolve("s1_eig.mat");
        Files.copy(in.resolve("s2.mat"), mine);
        Files.setLastModifiedTime(mine, java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(in.resolve("s1.mat")).toMillis() - 60_000));
        byte[] before = Files.readAllBytes(mine);
        for (boolean stage : new boolean[]{false, true}) {
            Run r = spark(stage, "--op", "eig", "--quiet", "--force", in.resolve("s1.mat").toString(), "-o", guarded.toString());
            assertEquals(1, r.code, r.out + r.err);
            assertTrue(r.err.contains(mine + " exists and is not a gpujacobi result"), stage + ": " + r.err);
            assertArrayEquals(before, Files.readAllBytes(mine), stage ? "staged" : "in place");
        }
    }

    /** -o naming an input is a usage error, as in the local batch (the job did nothing and exited 0). */
    @Test
    @Order(6)
    void anOutputNamingAnInputIsAUsageError() {
        String input = in.resolve("s1.mat").toString();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> spark("--op", "eig", input, "-o", input));
        assertTrue(e.getMessage().contains("names the input " + input + " itself; inputs are never overwritten"), e.getMessage());
        // -o an existing file that is no folder: a usage error (SparkBatch.run: exit 2), not Hadoop's FileAlreadyExistsException
        Path notes = dir.resolve("notes.txt");
        try {
            Files.write(notes, new byte[]{1});
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
        IllegalArgumentException f = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> spark("--op", "eig", input, "-o", notes.toString()));
        assertTrue(f.getMessage().contains("-o " + notes + " is an existing file, not a folder"), f.getMessage());
        // --device gpu in local mode without a GPU: a usage error before any work, as in the local batch
        org.junit.jupiter.api.Assumptions.assumeTrue(io.github.gpujacobi.api.Backends.get().gpu() == null, "a GPU is present");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, SparkBatch.run(new String[]{"--master", "local[1]", "batch", "--op", "eig", "--device", "gpu", input, "-o",
                dir.resolve("gpu-out").toString()}, new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--device gpu, but no usable GPU"), err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(dir.resolve("gpu-out")), "nothing was done");
    }

    /**
     * A result cut short is refused with a hint and replaced with --force, in place and staged (every run refused it as
     * "not a gpujacobi result", even with --force).
     */
    @Test
    @Order(7)
    void aDamagedResultIsReplacedWithForce() throws Exception {
        Path damaged = Files.createDirectory(dir.resolve("damaged"));
        Path result = damaged.resolve("s1_eig.mat");
        String s1 = in.resolve("s1.mat").toString();
        for (boolean stage : new boolean[]{false, true}) {
            if (!Files.exists(result)) assertEquals(0, spark(stage, "--op", "eig", "--quiet", s1, "-o", damaged.toString()).code);
            byte[] whole = Files.readAllBytes(result);
            Files.write(result, Arrays.copyOf(whole, whole.length / 2));
            Run plain = spark(stage, "--op", "eig", "--quiet", s1, "-o", damaged.toString());
            assertEquals(1, plain.code, plain.out + plain.err);
            assertTrue(plain.err.contains(result + " is a damaged gpujacobi result (") && plain.err.contains("--force replaces it"),
                    stage + ": " + plain.err);
            Run forced = spark(stage, "--op", "eig", "--quiet", "--force", s1, "-o", damaged.toString());
            assertEquals(0, forced.code, stage + ": " + forced.out + forced.err);
            assertSameResults(Mat5.readFromFile(localOut.resolve("s1_eig.mat").toFile()), Mat5.readFromFile(result.toFile()), "s1");
        }
    }

    /**
     * The upload's temporary name is short (a 251-character result name works) and a file that took a free target's
     * name while the task computed is not replaced.
     */
    @Test
    @Order(8)
    void uploadsTakeOnlyAFreeNameUnderAShortTemporaryName() throws Exception {
        org.apache.hadoop.fs.FileSystem fs = new HadoopFiles(sc.hadoopConfiguration()).of(new org.apache.hadoop.fs.Path(dir.toUri()));
        Path up = Files.createDirectory(dir.resolve("upload"));
        Path local = in.resolve("s1.mat");
        char[] c = new char[243];
        Arrays.fill(c, 'n');
        Path longName = up.resolve(new String(c) + "_eig.mat");
        assertEquals(null, RemoteCommit.upload(fs, local, new org.apache.hadoop.fs.Path(longName.toUri()), null));
        assertArrayEquals(Files.readAllBytes(local), Files.readAllBytes(longName));
        Path taken = up.resolve("s1_eig.mat");
        Files.write(taken, "the user's own file".getBytes(StandardCharsets.UTF_8));
        String refused = RemoteCommit.upload(fs, local, new org.apache.hadoop.fs.Path(taken.toUri()), null);
        assertTrue(refused != null && refused.contains("another file took this name while the job computed: not overwritten"),
                refused);
        assertEquals("the user's own file", Files.readString(taken));
        try (Stream<Path> s = Files.list(up)) {
            assertEquals(2, s.count(), "no temporary file left");
        }
    }

    /** Same variables; same numbers within rounding; the records agree but for the times. */
    static void assertSameResults(MatFile local, MatFile spark, String file) {
        Map<String, Object> l = entries(local), s = entries(spark);
        assertEquals(l.keySet(), s.keySet(), file);
        for (String name : l.keySet()) {
            if (name.equals("gpujacobi")) {
                Struct a = (Struct) l.get(name), b = (Struct) s.get(name);
                assertEquals(a.getFieldNames(), b.getFieldNames(), file);
                for (String f : List.of("operation", "input", "backend", "method")) {
                    assertEquals(((Char) a.get(f)).getString(), ((Char) b.get(f)).getString(), file + " gpujacobi." + f);
                }
                Struct va = a.get("variables"), vb = b.get("variables");
                assertEquals(va.getFieldNames(), vb.getFieldNames(), file);
                continue;
            }
            Matrix a = (Matrix) l.get(name), b = (Matrix) s.get(name);
            assertEquals(a.getType(), b.getType(), file + ":" + name);
            assertArrayEquals(a.getDimensions(), b.getDimensions(), file + ":" + name);
            double scale = 0;
            for (int i = 0; i < a.getNumElements(); i++) scale = Math.max(scale, Math.abs(a.getDouble(i)));
            double tol = (a.getType() == MatlabType.Single ? 1e-5 : 1e-12) * Math.max(1, scale);
            for (int i = 0; i < a.getNumElements(); i++) {
                assertEquals(a.getDouble(i), b.getDouble(i), tol, file + ":" + name + "(" + i + ")");
            }
        }
    }

    static Map<String, Object> entries(MatFile m) {
        Map<String, Object> e = new TreeMap<>();
        for (MatFile.Entry x : m.getEntries()) e.put(x.getName(), x.getValue());
        assertNotNull(e.get("gpujacobi"));
        return e;
    }

    static List<String> sorted(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            List<String> names = new ArrayList<>(s.map(p -> p.getFileName().toString()).toList());
            names.sort(null);
            return names;
        }
    }

    static Matrix symmetric(int[] dims, MatlabType type, Random rnd) {
        Matrix m = Mat5.newMatrix(dims, type);
        int n = dims[0], pages = dims.length > 2 ? dims[2] : 1;
        for (int p = 0; p < pages; p++) {
            for (int j = 0; j < n; j++) {
                for (int i = 0; i <= j; i++) {
                    double v = type == MatlabType.Int32 ? rnd.nextInt(19) - 9 : rnd.nextGaussian();
                    m.setDouble(p * n * n + j * n + i, v);
                    m.setDouble(p * n * n + i * n + j, v);
                }
            }
        }
        return m;
    }

    static Matrix notSymmetric(Random rnd) {
        Matrix m = Mat5.newMatrix(4, 4);
        for (int i = 0; i < 16; i++) m.setDouble(i, rnd.nextGaussian() + i);
        return m;
    }
}
