package io.github.gpujacobi.mat;

import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.format.Mat5File;
import us.hebi.matlab.mat.format.Mat5Reader;
import us.hebi.matlab.mat.types.Array;
import us.hebi.matlab.mat.types.Struct;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code gpujacobi} record of a result file: what tells a gpujacobi result from any other file of
 * the same name (which the batch never overwrites), and the options it was computed with (a re-run
 * with other options recomputes it). The options are stored as a struct of strings.
 */
public final class ResultRecord {
    /** The variable holding the record. */
    public static final String NAME = "gpujacobi";
    /** Its field holding the options. */
    public static final String OPTIONS = "options";
    /** Its field holding the input's identity ({@link #source}). */
    public static final String SOURCE = "source";
    /** Its field holding what was not done, per variable: "failed: ..." or "skipped: ...". */
    public static final String NOT_DONE = "not_done";
    /** Its field holding one record per variable written (backend, sweeps, converged, residual, ...). */
    public static final String VARIABLES = "variables";
    /**
     * How a result file's 116-byte MAT header text begins: it tells a result that was cut short (its record, written
     * last, is gone) from any other file, which is never overwritten.
     */
    public static final String HEADER_MARK = "MATLAB 5.0 MAT-file, gpujacobi result";

    public enum Kind {
        /** no file of that name */
        MISSING,
        /** a file that is not a gpujacobi result: never overwritten */
        FOREIGN,
        /** a gpujacobi result */
        RESULT,
        /** a gpujacobi result (its header says so) that cannot be read whole: cut short or corrupt */
        DAMAGED
    }

    private final Kind kind;
    private final String why;
    private boolean unreadable;
    private final Map<String, String> options, source, notDone;
    private final List<String> notConverged;

    private ResultRecord(Kind kind, String why, Map<String, String> options, Map<String, String> source,
                         Map<String, String> notDone, List<String> notConverged) {
        this.kind = kind;
        this.why = why;
        this.options = options;
        this.source = source;
        this.notDone = notDone;
        this.notConverged = notConverged;
    }

    public Kind kind() { return kind; }

    /** Why a FOREIGN file is not a result; what is wrong with a DAMAGED one. */
    public String why() { return why; }

    /** A FOREIGN file that is not a readable MAT file at all (perhaps a result damaged where its mark was). */
    public boolean unreadable() { return unreadable; }

    /** The options a RESULT was computed with (empty for results of versions that did not record them). */
    public Map<String, String> options() { return options; }

    /** The input a RESULT was computed from ({@link #source(Path)}; empty for results that did not record it). */
    public Map<String, String> source() { return source; }

    /** What a RESULT did not do, by variable: "failed: ..." or "skipped: ...". */
    public Map<String, String> notDone() { return notDone; }

    /** The variables a RESULT wrote that did not converge (the sweep limit came first): written, but not done right. */
    public List<String> notConverged() { return notConverged; }

    /**
     * Where an input file is and what it looks like from outside: its real path, size and modification time; the
     * batch adds its content's {@link InputChecksum} once the file is read. A result is up to date only for the input
     * it records: comparing dates alone kept a result made from another file of the same name, or from an input
     * replaced by an older-dated copy (cp -p, rsync -a, tar x).
     */
    public static Map<String, String> source(Path input) {
        try {
            return source(input.toRealPath().toString(), Files.size(input), Files.getLastModifiedTime(input).toMillis());
        } catch (java.io.IOException e) {
            Map<String, String> m = new LinkedHashMap<String, String>();
            m.put("path", input.toAbsolutePath().normalize().toString()); // unreadable: never matches a record
            m.put("error", String.valueOf(e.getMessage()));
            return m;
        }
    }

    /** The same for a file known by path (a URI on another file system), size and modification time (ms). */
    public static Map<String, String> source(String path, long bytes, long modifiedMillis) {
        Map<String, String> m = new LinkedHashMap<String, String>();
        m.put("path", path);
        m.put("bytes", Long.toString(bytes));
        m.put("modified", Long.toString(modifiedMillis));
        return m;
    }

    /** Reads what the file at {@code p} is; reads only its {@code gpujacobi} variable. */
    public static ResultRecord of(Path p) {
        if (!Files.exists(p)) return new ResultRecord(Kind.MISSING, null, null, null, null, null);
        if (!Files.isRegularFile(p)) return foreign("it is not a regular file");
        Mat5File f = null;
        try {
            boolean has = false;
            for (MatVariable v : MatInput.open(p).variables()) has |= v.name().equals(NAME) && v.matlabClass().equals("struct");
            if (!has) return notResult(p, "it has no " + NAME + " record", "its " + NAME + " record, written last, is missing");
            f = MatInput.read(p, new Mat5Reader.EntryFilter() {
                public boolean isAccepted(Mat5Reader.EntryHeader h) { return h.getName().equals(NAME); }
            });
            Array a = f.getArray(NAME);
            if (!(a instanceof Struct)) return notResult(p, "it has no " + NAME + " record", "its " + NAME + " record is unreadable");
            Struct s = (Struct) a;
            if (!s.getFieldNames().contains("operation") || !s.getFieldNames().contains("version")) {
                return notResult(p, "its " + NAME + " variable is not a gpujacobi record", "its " + NAME + " record is incomplete");
            }
            Map<String, String> notDone = s.getFieldNames().contains(NOT_DONE) && s.get(NOT_DONE) instanceof Struct
                    ? RecordArrays.notDone((Struct) s.get(NOT_DONE))
                    : new LinkedHashMap<String, String>();
            List<String> notConverged = s.getFieldNames().contains(VARIABLES) && s.get(VARIABLES) instanceof Struct
                    ? RecordArrays.notConverged((Struct) s.get(VARIABLES))
                    : Collections.<String>emptyList();
            return new ResultRecord(Kind.RESULT, null, strings(s, OPTIONS), strings(s, SOURCE), notDone, notConverged);
        } catch (MatFileException e) {
            ResultRecord r = notResult(p, "it is not a readable MAT file", damage(p, e));
            r.unreadable = r.kind == Kind.FOREIGN;
            return r;
        } catch (RuntimeException e) {
            return notResult(p, "it has no readable " + NAME + " record", "its " + NAME + " record is unreadable");
        } finally {
            if (f != null) MatInput.closeQuietly(f);
        }
    }

    private static ResultRecord foreign(String why) { return new ResultRecord(Kind.FOREIGN, why, null, null, null, null); }

    /** A file without a readable record: DAMAGED when its header marks it as a gpujacobi result, else FOREIGN. */
    private static ResultRecord notResult(Path p, String foreignWhy, String damagedWhy) {
        return marked(p) ? new ResultRecord(Kind.DAMAGED, damagedWhy, null, null, null, null) : foreign(foreignWhy);
    }

    /** The reader's complaint without the file name it starts with. */
    private static String damage(Path p, MatFileException e) {
        String m = String.valueOf(e.getMessage());
        return m.startsWith(p + ": ") ? m.substring(p.toString().length() + 2) : m;
    }

    /** Whether the file's header text begins with {@link #HEADER_MARK}: only the batch's own writer puts it there. */
    static boolean marked(Path p) {
        byte[] mark = HEADER_MARK.getBytes(StandardCharsets.US_ASCII);
        byte[] head = new byte[mark.length];
        try (InputStream in = Files.newInputStream(p)) {
            int got = 0;
            while (got < head.length) {
                int r = in.read(head, got, head.length - got);
                if (r < 0) return false;
                got += r;
            }
        } catch (IOException e) {
            return false;
        }
        return Arrays.equals(head, mark);
    }

    /** The record's struct field of strings as a map (empty when absent). */
    private static Map<String, String> strings(Struct s, String field) {
        Map<String, String> out = new LinkedHashMap<String, String>();
        if (s.getFieldNames().contains(field) && s.get(field) instanceof Struct) {
            Struct o = (Struct) s.get(field);
            for (String k : o.getFieldNames()) {
                Array v = o.get(k);
                out.put(k, RecordArrays.text(v));
            }
        }
        return out;
    }

    /** The options (or the source) as the record's struct of strings. */
    public static Struct optionsStruct(Map<String, String> options) {
        Struct s = Mat5.newStruct();
        for (Map.Entry<String, String> e : options.entrySet()) s.set(e.getKey(), Mat5.newString(e.getValue()));
        return s;
    }
}
