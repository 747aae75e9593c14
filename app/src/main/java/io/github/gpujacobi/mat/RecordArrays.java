package io.github.gpujacobi.mat;

import us.hebi.matlab.mat.format.BufferAllocator;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Array;
import us.hebi.matlab.mat.types.Char;
import us.hebi.matlab.mat.types.MatlabType;
import us.hebi.matlab.mat.types.Matrix;
import us.hebi.matlab.mat.types.Struct;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-variable parts of a result's record as struct arrays with a {@code name} field, one element per variable:
 * a variable's name need not be a MATLAB identifier ({@code a-b}, non-ASCII names), so it cannot be a struct field
 * (such variables were left out of the record, and a failed one was forgotten by the next run). Numbers are stored as
 * numbers, and the identity fields of the input too.
 */
public final class RecordArrays {
    private RecordArrays() {}

    /** The fields of {@code source} stored as numbers (sizes and times in ms fit a double exactly). */
    private static final String[] NUMERIC = {"bytes", "modified"};

    /**
     * A logical scalar as MATLAB writes one: class uint8 with the logical flag. MFL's own is int8 with the flag, which
     * Octave and scipy read as int8.
     */
    public static Matrix logical(boolean value) {
        Matrix m = Mat5.newNumerical(new int[]{1, 1}, MatlabType.UInt8, true, false, HEAP);
        m.setBoolean(0, value);
        return m;
    }

    private static final BufferAllocator HEAP = new BufferAllocator() {
        public ByteBuffer allocate(int bytes) { return ByteBuffer.allocate(bytes); }

        public void release(ByteBuffer buffer) { /* garbage collected */ }
    };

    /** An n x 1 struct array of the rows (each field name to value); an empty 0 x 1 struct when there are none. */
    public static Struct table(List<Map<String, Array>> rows) {
        Struct s = Mat5.newStruct(rows.size(), 1);
        for (int i = 0; i < rows.size(); i++) {
            for (Map.Entry<String, Array> e : rows.get(i).entrySet()) s.set(e.getKey(), i, e.getValue());
        }
        return s;
    }

    /** The rows of a struct array written by {@link #table} with field {@code value}, by {@code name}. */
    static Map<String, String> column(Struct s, String value) {
        Map<String, String> out = new LinkedHashMap<String, String>();
        List<String> fields = s.getFieldNames();
        if (!fields.contains("name") || !fields.contains(value)) return out;
        for (int i = 0; i < s.getNumElements(); i++) out.put(text(s.get("name", i)), text(s.get(value, i)));
        return out;
    }

    /** The not-done map ("failed: ..." or "skipped: ..." by variable) from a {@code not_done} struct array. */
    static Map<String, String> notDone(Struct s) {
        Map<String, String> out = new LinkedHashMap<String, String>();
        if (!s.getFieldNames().contains("name")) { // a 1 x 1 struct with one field per variable: earlier versions
            for (String k : s.getFieldNames()) out.put(k, text(s.get(k)));
            return out;
        }
        Map<String, String> status = column(s, "status"), reason = column(s, "reason");
        for (Map.Entry<String, String> e : status.entrySet()) out.put(e.getKey(), e.getValue() + ": " + reason.get(e.getKey()));
        return out;
    }

    /**
     * The variables a {@code variables} struct array records as not converged ({@code converged} false, after at least
     * one sweep, as the batch counts them when it writes them). Also an earlier version's 1 x 1 struct with one struct
     * per variable, and its int8 {@code converged}; a variable without a readable flag counts as converged.
     */
    static List<String> notConverged(Struct s) {
        List<String> out = new ArrayList<String>();
        List<String> fields = s.getFieldNames();
        if (!fields.contains("name")) {
            if (s.getNumElements() != 1) return out;
            for (String k : fields) {
                Array v = s.get(k);
                if (v instanceof Struct && v.getNumElements() == 1 && notConverged((Struct) v, 0)) out.add(k);
            }
            return out;
        }
        for (int i = 0; i < s.getNumElements(); i++) if (notConverged(s, i)) out.add(text(s.get("name", i)));
        return out;
    }

    private static boolean notConverged(Struct s, int i) {
        List<String> fields = s.getFieldNames();
        if (!fields.contains("converged")) return false;
        Array c = s.get("converged", i), sweeps = fields.contains("sweeps") ? s.get("sweeps", i) : null;
        if (!(c instanceof Matrix) || c.getNumElements() != 1 || ((Matrix) c).getDouble(0) != 0) return false;
        return !(sweeps instanceof Matrix) || sweeps.getNumElements() != 1 || ((Matrix) sweeps).getDouble(0) > 0;
    }

    /** A not_done row. */
    public static Map<String, Array> notDoneRow(String name, String status, String reason) {
        Map<String, Array> row = new LinkedHashMap<String, Array>();
        row.put("name", Mat5.newString(name));
        row.put("status", Mat5.newString(status));
        row.put("reason", Mat5.newString(reason));
        return row;
    }

    /** The input's identity (ResultRecord.source) as a struct: sizes and times as numbers, the rest as text. */
    public static Struct sourceStruct(Map<String, String> source) {
        Struct s = Mat5.newStruct();
        for (Map.Entry<String, String> e : source.entrySet()) {
            Array v = Mat5.newString(e.getValue());
            for (String n : NUMERIC) {
                if (n.equals(e.getKey()) && e.getValue().matches("[0-9]{1,15}")) v = Mat5.newScalar(Long.parseLong(e.getValue()));
            }
            s.set(e.getKey(), v);
        }
        return s;
    }

    /** A record value as text: a string, or a whole number as its digits (a source's bytes and modified). */
    static String text(Array v) {
        if (v instanceof Char) return ((Char) v).getString();
        if (v instanceof Matrix && v.getNumElements() == 1) {
            double d = ((Matrix) v).getDouble(0);
            if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString((long) d);
            return Double.toString(d);
        }
        if (v != null && v.getNumElements() == 0) return "";
        return String.valueOf(v);
    }
}
