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
