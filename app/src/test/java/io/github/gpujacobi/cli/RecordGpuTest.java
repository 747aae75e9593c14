package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.SolverOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Char;
import us.hebi.matlab.mat.types.Matrix;
import us.hebi.matlab.mat.types.Struct;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The result record's gpu field: the GPU a file's task used, empty on the CPU. */
class RecordGpuTest {
    @TempDir
    Path dir;

    static Map<String, String> gpu(int i, String name) {
        Map<String, String> m = new HashMap<String, String>();
        m.put("gpu", String.valueOf(i));
        m.put("name", name);
        return m;
    }

    @Test
    void namesEachGivenGpuByIndexAndName() {
        List<Map<String, String>> two = Arrays.asList(gpu(0, "NVIDIA H200"), gpu(1, "NVIDIA H200"));
        assertEquals("GPU 1 (NVIDIA H200)", RecordGpu.format(new int[]{1}, two, null));
        assertEquals("GPU 0 (NVIDIA H200), GPU 1 (NVIDIA H200)", RecordGpu.format(new int[]{0, 1, 0}, two, null),
                "a repeated index (logical devices) is one GPU");
        assertEquals("GPU 0 (NVIDIA H200); CUDA_VISIBLE_DEVICES=1", RecordGpu.format(new int[]{0}, two, "1"),
                "pinned by the environment: the driver's 0 is the machine's GPU 1");
        assertEquals("GPU 5", RecordGpu.format(new int[]{5}, two, null), "an index without a device keeps its number");
        assertEquals("", RecordGpu.format(new int[0], Collections.<Map<String, String>>emptyList(), "0"));
    }

    @Test
    void theGivenGpusFollowTheBackendsPrecedence() {
        SolverOptions none = SolverOptions.defaults();
        assertArrayEquals(new int[]{0, 1, 2}, RecordGpu.given(none, 3), "default: every visible GPU");
        assertArrayEquals(new int[]{2}, RecordGpu.given(none.withDeviceIndex(2), 3), "a task's assignment");
        assertArrayEquals(new int[]{1, 0}, RecordGpu.given(none.withGpus(new int[]{1, 0}), 3));
        assertEquals("", RecordGpu.of(Collections.singletonList("cpu"), none.withDeviceIndex(1)), "computed on the CPU");
        assertEquals("", RecordGpu.of(Collections.<String>emptyList(), none), "nothing computed");
    }

    /** Every result has the field (MATLAB code reads it without isfield); on the CPU it is empty. */
    @Test
    void aResultComputedOnTheCpuHasAnEmptyGpuField() throws Exception {
        Matrix a = Mat5.newMatrix(2, 2);
        a.setDouble(0, 2);
        a.setDouble(3, 1);
        Mat5.writeToFile(Mat5.newMatFile().addArray("A", a), dir.resolve("x.mat").toFile());
        BatchFiles b = BatchFiles.parse(Arrays.asList("--op", "eig", "--device", "cpu", "in", "-o", "out"));
        assertEquals(1, b.convert(dir.resolve("x.mat"), dir.resolve("x_eig.mat")).count("done"));
        Struct rec = Mat5.readFromFile(dir.resolve("x_eig.mat").toFile()).getStruct("gpujacobi");
        assertEquals("", ((Char) rec.get("gpu")).getString());
        assertEquals("cpu", ((Char) rec.get("backend")).getString());
    }
}
