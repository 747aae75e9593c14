package io.github.gpujacobi.mat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Array;
import us.hebi.matlab.mat.types.Struct;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a result's record says about the variables it wrote. */
class ResultRecordTest {
    @TempDir
    Path dir;

    private Path result(String name, Array variables) throws Exception {
        Path p = dir.resolve(name);
        ResultFile f = ResultFile.create(p, false);
        Struct record = Mat5.newStruct().set("operation", Mat5.newString("eig")).set("version", Mat5.newString("t"));
        if (variables != null) record.set(ResultRecord.VARIABLES, variables);
        f.write(ResultRecord.NAME, record);
        f.commit();
        return p;
    }

    private static Map<String, Array> row(String name, boolean converged, int sweeps) {
        Map<String, Array> r = new LinkedHashMap<String, Array>();
        r.put("name", Mat5.newString(name));
        r.put("sweeps", Mat5.newScalar(sweeps));
        r.put("converged", RecordArrays.logical(converged));
        return r;
    }

    @Test
    void theVariablesThatDidNotConvergeAreRead() throws Exception {
        List<Map<String, Array>> rows = Arrays.asList(row("A", true, 7), row("a-b", false, 1), row("C", false, 1),
                row("I", false, 0)); // no sweep at all: not a sweep limit, as the batch counts it when it writes it
        assertEquals(Arrays.asList("a-b", "C"), ResultRecord.of(result("new.mat", RecordArrays.table(rows))).notConverged());
        assertEquals(Collections.emptyList(), ResultRecord.of(result("none.mat", null)).notConverged());
        assertEquals(Collections.emptyList(),
                ResultRecord.of(result("empty.mat", RecordArrays.table(Collections.emptyList()))).notConverged());
    }

    /** Earlier versions wrote a struct with one struct per variable, and converged as MFL's int8 logical. */
    @Test
    void earlierRecordsAreReadToo() throws Exception {
        Struct old = Mat5.newStruct()
                .set("A", Mat5.newStruct().set("sweeps", Mat5.newScalar(9)).set("converged", Mat5.newLogicalScalar(true)))
                .set("B", Mat5.newStruct().set("sweeps", Mat5.newScalar(1)).set("converged", Mat5.newLogicalScalar(false)));
        ResultRecord r = ResultRecord.of(result("old.mat", old));
        assertEquals(ResultRecord.Kind.RESULT, r.kind());
        assertEquals(Collections.singletonList("B"), r.notConverged());
    }
}
