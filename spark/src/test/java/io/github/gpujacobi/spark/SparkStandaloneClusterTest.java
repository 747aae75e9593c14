package io.github.gpujacobi.spark;

import io.github.gpujacobi.cli.Main;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Char;
import us.hebi.matlab.mat.types.Struct;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job through {@code --master spark://...} on a real standalone cluster (a master and two workers as
 * child JVMs, each worker with one GPU address from a discovery script; CPU only, so the tasks compute on
 * the CPU): the local-mode test's files and assertions, the exit status, a re-run that keeps every result,
 * and each executor's tasks placed on its own GPU address.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SparkStandaloneClusterTest {
    @TempDir
    static Path dir;
    static Path in, out, localOut;
    static StandaloneCluster cluster;
    static final Map<String, String> before = new HashMap<>();
    static final Map<String, Long> resultTimes = new HashMap<>();

    @BeforeAll
    static void start() throws Exception {
        in = Files.createDirectory(dir.resolve("in"));
        out = dir.resolve("out");
        localOut = dir.resolve("local-out");
        SparkBatchJobTest.writeInputs(in);
        cluster = StandaloneCluster.start(Files.createDirectory(dir.resolve("cluster")), "0", "1");
        // SparkBatch.run builds its SparkConf from spark.* system properties, as spark-submit passes them
        for (Map.Entry<String, String> e : cluster.driverSettings().entrySet()) {
            before.put(e.getKey(), System.getProperty(e.getKey()));
            System.setProperty(e.getKey(), e.getValue());
        }
    }

    @AfterAll
    static void stop() {
        for (Map.Entry<String, String> e : before.entrySet()) {
            if (e.getValue() == null) System.clearProperty(e.getKey());
            else System.setProperty(e.getKey(), e.getValue());
        }
        // a job cut short by the timeout leaves its context running: later tests start their own
        scala.Option<org.apache.spark.SparkContext> active = org.apache.spark.SparkContext$.MODULE$.getActive();
        if (active.isDefined()) active.get().stop();
        if (cluster != null) cluster.close();
    }

    record Run(int code, String out, String err) {
    }

    static Run submit(String... batchArgs) {
        String[] args = new String[batchArgs.length + 3];
        args[0] = "--master";
        args[1] = cluster.url();
        args[2] = "batch";
        System.arraycopy(batchArgs, 0, args, 3, batchArgs.length);
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = SparkBatch.run(args, new PrintStream(o, true), new PrintStream(e, true));
        return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    @Test
    @Order(1)
    void resultsEqualTheLocalBatchAndEachExecutorsTasksHaveItsGpu() throws Exception {
        Run r = submit("--op", "eig", in.toUri().toString(), "-o", out.toString());
        String all = r.out() + r.err() + "\n" + cluster.logs();
        assertEquals(1, r.code(), "a corrupt file, a v7.3 file and an unsymmetric matrix fail: exit 1\n" + all);
        assertTrue(r.err().contains("master " + cluster.url()), all);
        assertTrue(r.err().contains("v73.mat: is a MATLAB v7.3 (HDF5) file, which is not supported"), all);
        assertTrue(r.err().contains("corrupt.mat: not a MAT v5/v6/v7 file"), all);
        assertTrue(r.out().matches("(?s).*s4.mat\\s+2\\s+1\\s+1\\n.*"), "s4: A and P done, note skipped, N failed\n" + all);
        assertTrue(r.out().contains("7 files (0 up to date, 2 failed); variables: 11 done (1 integer/logical converted to double), "
                + "5 skipped, 1 failed; op eig, backend cpu"), all);
        // Spark gave each executor its worker's GPU address and every task the executor's: the files are spread
        String placed = r.err().lines().filter(l -> l.startsWith("gpujacobi-spark: files per executor: ")).findFirst().orElse("");
        assertTrue(placed.matches("[^;]*executor \\d+ on 127\\.0\\.0\\.1, GPU [01]: \\d+; executor \\d+ on 127\\.0\\.0\\.1, GPU [01]: \\d+")
                && placed.contains(", GPU 0: ") && placed.contains(", GPU 1: "), all);

        ByteArrayOutputStream lo = new ByteArrayOutputStream();
        assertEquals(1, Main.run(new String[]{"batch", "--op", "eig", "--quiet", in.toString(), "-o", localOut.toString()},
                new PrintStream(lo, true), new PrintStream(new ByteArrayOutputStream(), true)));
        assertEquals(SparkBatchJobTest.sorted(localOut), SparkBatchJobTest.sorted(out), "the same result files");
        for (String g : SparkBatchJobTest.GOOD) {
            Path s = out.resolve(g + "_eig.mat");
            SparkBatchJobTest.assertSameResults(Mat5.readFromFile(localOut.resolve(g + "_eig.mat").toFile()),
                    Mat5.readFromFile(s.toFile()), g);
            Struct rec = Mat5.readFromFile(s.toFile()).getStruct("gpujacobi");
            assertEquals("", ((Char) rec.get("gpu")).getString(), g + ": assigned a GPU, computed on the CPU (none here)");
            resultTimes.put(g, Files.getLastModifiedTime(s).toMillis());
        }
    }

    @Test
    @Order(2)
    void aSecondSubmissionKeepsEveryResult() throws Exception {
        Thread.sleep(20);
        Run r = submit("--op", "eig", "--quiet", in.toString(), "-o", out.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("7 files (5 up to date, 2 failed)"), r.out() + r.err());
        assertFalse(r.err().contains("files per executor"), "--quiet: " + r.err());
        for (String g : SparkBatchJobTest.GOOD) {
            assertEquals(resultTimes.get(g), Files.getLastModifiedTime(out.resolve(g + "_eig.mat")).toMillis(), g + " was rewritten");
        }
    }
}
