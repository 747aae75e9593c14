package io.github.gpujacobi.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Matrix;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one-file entry point that the Spark job drives (its end-to-end tests are in the spark module). */
class BatchFilesTest {
    @TempDir
    Path dir;

    @Test
    void keepsUrisAsTypedAndNamesResultsLikeTheLocalBatch() {
        BatchFiles b = BatchFiles.parse(Arrays.asList("--op", "svd", "hdfs://nn:8020/in", "s3a://bucket/x.mat", "-o", "s3a://bucket/out"));
        assertEquals(Arrays.asList("hdfs://nn:8020/in", "s3a://bucket/x.mat"), b.inputs());
        assertEquals("s3a://bucket/out", b.output());
        assertEquals("x_svd.mat", b.resultName("x.mat"));
        assertEquals("data.v2_svd.mat", b.resultName("data.v2.MAT"));
        assertFalse(b.outputIsFile(false));
        assertTrue(BatchFiles.parse(Arrays.asList("--op", "eig", "a.mat", "-o", "r.mat")).outputIsFile(false));
        assertFalse(BatchFiles.parse(Arrays.asList("--op", "eig", "a.mat", "-o", "r.mat")).outputIsFile(true));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BatchFiles.parse(Arrays.asList("--op", "eig", "a.mat")));
        assertTrue(e.getMessage().contains("OUTPUT"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> BatchFiles.parse(Arrays.asList("--op", "eig", "--device-index", "-3", "a.mat", "-o", "o")));
    }

    @Test
    void aTaskWithoutGpuComputesOnTheCpuUnlessTheGpuWasAskedFor() {
        BatchFiles auto = BatchFiles.parse(Arrays.asList("--op", "eig", "a.mat", "-o", "o"));
        assertEquals("auto", auto.device());
        assertEquals("cpu", auto.onDevice(-1).device());
        assertEquals("auto:3", auto.onDevice(3).device());
        assertEquals("auto", auto.device(), "onDevice returns a copy");
        BatchFiles gpu = BatchFiles.parse(Arrays.asList("--op", "eig", "--device", "gpu", "a.mat", "-o", "o"));
        assertEquals("gpu", gpu.onDevice(-1).device());
        assertEquals("gpu:1", BatchFiles.parse(Arrays.asList("--op", "eig", "--device", "gpu", "--device-index", "1",
                "a.mat", "-o", "o")).device());
    }

    @Test
    void convertsOneFileAndReportsUnderTheNamesTheUserKnows() throws Exception {
        Matrix a = Mat5.newMatrix(3, 3);
        double[] v = {4, 1, 0, 1, 3, 1, 0, 1, 2};
        for (int i = 0; i < 9; i++) a.setDouble(i, v[i]);
        Mat5.writeToFile(Mat5.newMatFile().addArray("A", a).addArray("B", Mat5.newMatrix(2, 3)), dir.resolve("x.mat").toFile());
        Files.write(dir.resolve("bad.mat"), new byte[200]);
        BatchFiles b = BatchFiles.parse(Arrays.asList("--op", "eig", "in", "-o", "out"));
        BatchFiles.Outcome ok = b.convert(dir.resolve("x.mat"), dir.resolve("x_eig.mat")).renamed("in/x.mat", "out/x_eig.mat");
        assertTrue(ok.wroteResult());
        assertTrue(Files.isRegularFile(dir.resolve("x_eig.mat")));
        assertEquals(1, ok.count("done"));
        assertEquals(1, ok.count("failed"), "B is not square");
        BatchFiles.Outcome bad = b.convert(dir.resolve("bad.mat"), dir.resolve("bad_eig.mat")).renamed("in/bad.mat", "out/bad_eig.mat");
        assertFalse(bad.wroteResult());
        assertFalse(Files.exists(dir.resolve("bad_eig.mat")));
        assertTrue(bad.fileError().startsWith("in/bad.mat: "), bad.fileError());
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = b.summary(Arrays.asList(ok, bad, BatchFiles.Outcome.upToDate("in/y.mat", "out/y_eig.mat")),
                Collections.<String>emptyList(), 0.5, new PrintStream(out, true), new PrintStream(err, true));
        assertEquals(1, code);
        String o = out.toString(StandardCharsets.UTF_8.name());
        assertTrue(o.contains("3 files (1 up to date, 1 failed); variables: 1 done, 0 skipped, 1 failed; op eig"), o);
        assertTrue(o.matches("(?s).*in/x.mat\\s+1\\s+0\\s+1\\n.*"), o);
        assertFalse(err.toString(StandardCharsets.UTF_8.name()).contains(dir.toString()), "no staged paths in messages");
    }

    /** The Spark job's outcomes carry what did not converge, computed or kept, so its exit status is the local batch's. */
    @Test
    void outcomesCarryWhatDidNotConvergeAlsoWhenKept() throws Exception {
        java.util.Random r = new java.util.Random(7);
        int n = 30;
        Matrix a = Mat5.newMatrix(n, n);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k <= i; k++) {
                double x = r.nextGaussian();
                a.setDouble(i, k, x);
                a.setDouble(k, i, x);
            }
        }
        Mat5.writeToFile(Mat5.newMatFile().addArray("A", a), dir.resolve("x.mat").toFile());
        BatchFiles b = BatchFiles.parse(Arrays.asList("--op", "eig", "--method", "parallel", "--max-sweeps", "1", "in", "-o", "out"));
        for (int run = 0; run < 2; run++) {
            BatchFiles.Outcome o = b.convert(dir.resolve("x.mat"), dir.resolve("x_eig.mat")).renamed("in/x.mat", "out/x_eig.mat");
            assertEquals(run == 1, o.isUpToDate(), o.toString());
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int code = b.summary(Collections.singletonList(o), Collections.<String>emptyList(), 0.5,
                    new PrintStream(out, true), new PrintStream(err, true));
            String all = out.toString(StandardCharsets.UTF_8.name()) + err.toString(StandardCharsets.UTF_8.name());
            assertEquals(3, code, all);
            assertTrue(all.contains("warning: 1 result NOT converged"), all);
        }
    }
}
