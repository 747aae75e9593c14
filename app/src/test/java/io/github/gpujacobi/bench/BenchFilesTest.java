package io.github.gpujacobi.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Notes with commas, quotes and line breaks survive the CSV and JSON files (hand-rolled quoting did not). */
class BenchFilesTest {
    @TempDir
    Path dir;

    private static final String NOTE = "GPU failed (\"out of memory\", 2 GB); ran on the CPU\nsecond line, \\ backslash";

    private static List<BenchRow> rows() {
        BenchRow a = new BenchRow("eig", "double", 64, 1, "gpujacobi cpu parallel", true, 1.5, 1e-15, 2e-15, NOTE);
        a.ratio = 0.5;
        a.deviceMs = 1.25;
        a.mbMoved = 0.066;
        BenchRow b = new BenchRow("svd", "single", 7, 3, "ejml, \"dense\"", false, Double.NaN, Double.NaN, Double.NaN, "");
        return Arrays.asList(a, b);
    }

    @Test
    void csvRoundTripsEveryField() throws Exception {
        Path f = dir.resolve("r.csv");
        BenchFiles.write(rows(), f.toString());
        List<BenchRow> back = BenchFiles.readCsv(f.toString());
        assertEquals(2, back.size());
        assertEquals(NOTE, back.get(0).note);
        assertEquals("gpujacobi cpu parallel", back.get(0).impl);
        assertEquals(0.5, back.get(0).ratio, 0);
        assertEquals(1.5, back.get(0).ms, 0);
        assertEquals("ejml, \"dense\"", back.get(1).impl);
        assertTrue(Double.isNaN(back.get(1).ms) && Double.isNaN(back.get(1).ratio));
        assertEquals(3, back.get(1).pages);
        assertEquals(1.25, back.get(0).deviceMs, 0);
        assertEquals(0.25, back.get(0).hostMs(), 1e-12);
        assertEquals(0.066, back.get(0).mbMoved, 0);
        assertTrue(Double.isNaN(back.get(1).deviceMs) && Double.isNaN(back.get(1).mbMoved));
    }

    /** CSVs written before the whole-call columns (device, host, MB moved) are still read, those columns unknown. */
    @Test
    void csvWithoutTheWholeCallColumnsIsRead() throws Exception {
        Path f = dir.resolve("old.csv");
        Files.write(f, ("op,dtype,n,pages,impl,ms,ratio_to_best_peer,residual,orthogonality,note\n"
                + "eig,double,64,2000,gpujacobi cuda/auto,7.6,1.08,3.4e-15,3.3e-15,sweeps 8\n").getBytes(StandardCharsets.UTF_8));
        List<BenchRow> back = BenchFiles.readCsv(f.toString());
        assertEquals(1, back.size());
        assertEquals(7.6, back.get(0).ms, 0);
        assertTrue(Double.isNaN(back.get(0).deviceMs) && Double.isNaN(back.get(0).mbMoved));
    }

    /** The bytes a whole call moves: the input and the outputs bench asks for, in the input's precision. */
    @Test
    void bytesMovedCountsInputAndOutputs() {
        io.github.gpujacobi.api.PageArray d = io.github.gpujacobi.api.PageArray.zeros(io.github.gpujacobi.api.Precision.DOUBLE, 64, 64, 2000);
        assertEquals(8L * 2000 * (64 * 64 + 64 * 64 + 64), BenchRunner.bytesMoved("eig", d));
        assertEquals(8L * 2000 * (64 * 64 + 64 * 64), BenchRunner.bytesMoved("inv", d));
        io.github.gpujacobi.api.PageArray t = io.github.gpujacobi.api.PageArray.zeros(io.github.gpujacobi.api.Precision.SINGLE, 30, 20, 1);
        assertEquals(4L * (30 * 20 + 30 * 30 + 20 + 20 * 20), BenchRunner.bytesMoved("svd", t));
    }

    @Test
    void jsonIsValidAndKeepsTheNote() throws Exception {
        Path f = dir.resolve("r.json");
        BenchFiles.write(rows(), f.toString());
        JsonArray a = JsonParser.parseString(new String(Files.readAllBytes(f), StandardCharsets.UTF_8)).getAsJsonArray();
        JsonObject first = a.get(0).getAsJsonObject();
        assertEquals(NOTE, first.get("note").getAsString());
        assertEquals(64, first.get("n").getAsInt());
        assertTrue(a.get(1).getAsJsonObject().get("ms").isJsonNull());
        assertEquals("ejml, \"dense\"", a.get(1).getAsJsonObject().get("impl").getAsString());
    }
}
