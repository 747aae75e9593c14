package io.github.gpujacobi.cli;

import java.io.PrintStream;
import java.util.Locale;

/** verify's checks as they report: one PASS or FAIL line each, and the counts for the closing line. */
final class VerifyTally {
    private final PrintStream out;
    private int passed, failed;

    VerifyTally(PrintStream out) { this.out = out; }

    void check(String what, boolean ok, String detail) {
        if (ok) passed++; else failed++;
        out.printf(Locale.ROOT, "%s %-32s %s%n", ok ? "PASS" : "FAIL", what, detail);
    }

    /** The closing 'N passed, N failed' line; whether every check passed. */
    boolean close() {
        out.printf(Locale.ROOT, "verify: %d passed, %d failed%n", passed, failed);
        return failed == 0;
    }
}
