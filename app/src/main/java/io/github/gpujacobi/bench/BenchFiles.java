package io.github.gpujacobi.bench;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark rows as CSV (RFC 4180, through Commons CSV) or JSON (through Gson): quoting and escaping by
 * the libraries, so a note with commas, quotes or newlines survives a round trip. Missing numbers are empty
 * CSV fields and JSON nulls.
 */
public final class BenchFiles {
    static final String[] HEADER = {"op", "dtype", "n", "pages", "impl", "ms", "ratio_to_best_peer", "residual",
            "orthogonality", "note", "device_ms", "host_ms", "mb_moved"};
    /** The header of CSVs written before the whole-call columns: still read (those columns empty). */
    static final String[] HEADER_BEFORE_WHOLE_CALL = Arrays.copyOf(HEADER, 10);

    private BenchFiles() {}

    /** JSON for a name ending in .json, else CSV. */
    public static void write(List<BenchRow> rows, String file) throws IOException {
        try (Writer w = Files.newBufferedWriter(Paths.get(file), StandardCharsets.UTF_8)) {
            if (file.toLowerCase(Locale.ROOT).endsWith(".json")) writeJson(rows, w);
            else writeCsv(rows, w);
        }
    }

    static void writeCsv(List<BenchRow> rows, Writer w) throws IOException {
        CSVPrinter p = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(HEADER).setRecordSeparator('\n').build());
        for (BenchRow r : rows) {
            p.printRecord(r.op, r.dtype, r.n, r.pages, r.impl, num(r.ms), num(r.ratio), num(r.residual),
                    num(r.orthogonality), r.note, num(r.deviceMs), num(r.hostMs()), num(r.mbMoved));
        }
        p.flush();
    }

    static void writeJson(List<BenchRow> rows, Writer w) throws IOException {
        JsonArray all = new JsonArray();
        for (BenchRow r : rows) {
            JsonObject o = new JsonObject();
            o.addProperty("op", r.op);
            o.addProperty("dtype", r.dtype);
            o.addProperty("n", r.n);
            o.addProperty("pages", r.pages);
            o.addProperty("impl", r.impl);
            o.add("ms", json(r.ms));
            o.add("ratio", json(r.ratio));
            o.add("residual", json(r.residual));
            o.add("orthogonality", json(r.orthogonality));
            o.addProperty("note", r.note);
            o.add("device_ms", json(r.deviceMs));
            o.add("host_ms", json(r.hostMs()));
            o.add("mb_moved", json(r.mbMoved));
            all.add(o);
        }
        // one row per line, keys as written, missing numbers as null
        Gson gson = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();
        w.write("[\n");
        for (int i = 0; i < all.size(); i++) w.write("  " + gson.toJson(all.get(i)) + (i + 1 < all.size() ? ",\n" : "\n"));
        w.write("]\n");
    }

    /** Rows read back from a CSV this class wrote (for re-plotting without re-running). */
    public static List<BenchRow> readCsv(String path) throws IOException {
        List<BenchRow> rows = new ArrayList<BenchRow>();
        try (Reader in = Files.newBufferedReader(Paths.get(path), StandardCharsets.UTF_8);
             CSVParser p = new CSVParser(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            boolean whole = p.getHeaderNames().equals(Arrays.asList(HEADER));
            if (!whole && !p.getHeaderNames().equals(Arrays.asList(HEADER_BEFORE_WHOLE_CALL))) {
                throw new IOException(path + " is not a bench CSV (header " + String.join(",", HEADER) + ")");
            }
            for (CSVRecord f : p) {
                if (f.size() != p.getHeaderNames().size()) throw new IOException(path + ": malformed row " + f.getRecordNumber());
                try {
                    BenchRow r = new BenchRow(f.get(0), f.get(1), Integer.parseInt(f.get(2)), Integer.parseInt(f.get(3)),
                            f.get(4), f.get(4).startsWith("gpujacobi"), num(f.get(5)), num(f.get(7)), num(f.get(8)), f.get(9));
                    r.ratio = num(f.get(6));
                    if (whole) {
                        r.deviceMs = num(f.get(10));
                        r.mbMoved = num(f.get(12));
                    }
                    rows.add(r);
                } catch (NumberFormatException e) {
                    throw new IOException(path + ": malformed row " + f.getRecordNumber() + ": " + f);
                }
            }
        } catch (CharacterCodingException | java.io.UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            throw new IOException(path + " is not a bench CSV (" + e.getMessage() + ")");
        }
        return rows;
    }

    private static String num(double x) { return Double.isNaN(x) ? "" : String.format(Locale.ROOT, "%.6g", x); }

    private static double num(String s) { return s.isEmpty() ? Double.NaN : Double.parseDouble(s); }

    private static com.google.gson.JsonElement json(double x) {
        return Double.isNaN(x) || Double.isInfinite(x) ? JsonNull.INSTANCE : new JsonPrimitive(Double.parseDouble(num(x)));
    }
}
