package io.github.gpujacobi.bench;

/** One line of the benchmark table. */
public final class BenchRow {
    public final String op, dtype, impl;
    public final int n, pages;
    public final double ms, residual, orthogonality;
    public final String note;
    /** Time over the best peer's time in the same group (NaN where there is no peer). */
    public double ratio = Double.NaN;
    /** With transfers: the device time within ms, as the solver reported it (NaN where it reports none). */
    public double deviceMs = Double.NaN;
    /** With transfers: MB (10^6 bytes) of the input and the outputs, what a whole call moves each way in all. */
    public double mbMoved = Double.NaN;

    /** The whole call's host overhead, ms - deviceMs (NaN where either is unknown). */
    public double hostMs() { return ms - deviceMs; }
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

    /** This row of an m x n input: the table and the CSV have n only, so a tall or wide input says its m in the note. */
    BenchRow withRows(int m) {
        if (m == n) return this;
        String shape = "m=" + m;
        BenchRow r = new BenchRow(op, dtype, n, pages, impl, gpujacobi, ms, residual, orthogonality,
                note == null || note.isEmpty() ? shape : shape + ", " + note);
        r.deviceMs = deviceMs;
        r.mbMoved = mbMoved;
        return r;
    }

    String group() { return op + "/" + dtype + "/" + n + "/" + pages; }
}
