package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.JacobiException;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * One peer's row on one input, for the real and the complex runner alike: a peer that cannot run the
 * input, a CPU row past the size limit and a run that fails each give a row with the reason instead
 * of a time; the row is also printed as a progress line.
 */
final class PeerRow {
    private PeerRow() {}

    /**
     * @param unsupported the peer's reason not to run this input, or null
     * @param dtypeWidth  the column width of the dtype in the progress line
     * @param shape       what the progress line adds after n (" m=..." for a non-square input, else "")
     */
    /** Why the row of this name does not run at order n (the peer's own reason, or the CPU rows' limit), or null. */
    static String reason(String name, String unsupported, int cpuMaxN, int n) {
        boolean cpuRow = name.contains("cpu/") || name.startsWith("ejml");
        return unsupported != null ? unsupported : cpuRow && n > cpuMaxN ? "not run: CPU rows stop at n=" + cpuMaxN : null;
    }

    static BenchRow measure(String op, String dtype, int n, int pages, String name, boolean gpujacobi, String unsupported,
                            int cpuMaxN, Supplier<Measurement> measure, PrintStream progress, int dtypeWidth, String shape) {
        String why = reason(name, unsupported, cpuMaxN, n);
        BenchRow row;
        if (why != null) {
            row = new BenchRow(op, dtype, n, pages, name, gpujacobi, Double.NaN, Double.NaN, Double.NaN, why);
        } else {
            try {
                Measurement m = measure.get();
                row = new BenchRow(op, dtype, n, pages, name, gpujacobi, m.medianMs, m.residual, m.orthogonality, m.note);
                row.deviceMs = m.deviceMs;
            } catch (JacobiException | OutOfMemoryError | UnsupportedOperationException e) {
                row = new BenchRow(op, dtype, n, pages, name, gpujacobi, Double.NaN, Double.NaN, Double.NaN,
                        "failed: " + e.getMessage());
            }
        }
        progress.println(String.format(Locale.ROOT, "# %-4s %-" + dtypeWidth + "s n=%-5d%s pages=%-4d %-32s %s", op, dtype, n,
                shape, pages, name, Double.isNaN(row.ms) ? row.note : String.format(Locale.ROOT, "%.3f ms", row.ms)));
        return row;
    }
}
