package io.github.gpujacobi.bench;

import java.util.Locale;

/** One line of the benchmark table. */
public final class BenchRow {
    public final String op, dtype, impl;
    public final int n, pages;
    public final double ms, residual, orthogonality;
    public final String note;
    /** Time over the best peer's time in the same group (NaN where there is no peer). */
    public double ratio = Double.NaN;
    public final boolean gpujacobi;

    BenchRow(String op, String dtype, int n, int pages, String impl, boolean gpujacobi, double ms, double residual,
             double orthogonality, String note) {
        this.op = op;
        this.dtype = dtype;
        this.n = n;
        this.pages = pages;
        this.impl = impl;
        this.gpujacobi = gpujacobi;
        this.ms = ms;
        this.residual = residual;
        this.orthogonality = orthogonality;
        this.note = note;
    }

    String group() { return op + "/" + dtype + "/" + n + "/" + pages; }

    static String header() { return "op,dtype,n,pages,impl,ms,ratio_to_best_peer,residual,orthogonality,note"; }

    String csv() {
        return String.join(",", op, dtype, String.valueOf(n), String.valueOf(pages), impl, num(ms), num(ratio),
                num(residual), num(orthogonality), '"' + note.replace('"', '\'') + '"');
    }

    String json() {
        return String.format(Locale.ROOT, "{\"op\":\"%s\",\"dtype\":\"%s\",\"n\":%d,\"pages\":%d,\"impl\":\"%s\",\"ms\":%s,"
                        + "\"ratio\":%s,\"residual\":%s,\"orthogonality\":%s,\"note\":\"%s\"}", op, dtype, n, pages, impl,
                jnum(ms), jnum(ratio), jnum(residual), jnum(orthogonality), note.replace("\"", "'"));
    }

    private static String num(double x) {
        return Double.isNaN(x) ? "" : String.format(Locale.ROOT, "%.6g", x);
    }

    private static String jnum(double x) {
        return Double.isNaN(x) || Double.isInfinite(x) ? "null" : String.format(Locale.ROOT, "%.6g", x);
    }
}
