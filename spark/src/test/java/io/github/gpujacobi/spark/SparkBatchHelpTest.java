package io.github.gpujacobi.spark;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** gpujacobi-spark --help, and batch --help, print the usage on stdout and exit 0; no command is a usage error. */
class SparkBatchHelpTest {
    private static String[] run(int expectedCode, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = SparkBatch.run(args, new PrintStream(out, true), new PrintStream(err, true));
        assertEquals(expectedCode, code, "exit status of " + String.join(" ", args));
        return new String[]{out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void helpGoesToStdoutWithStatusZero() {
        for (String[] args : new String[][]{{"--help"}, {"-h"}, {"help"}, {"--master", "local[1]", "--help"},
                {"batch", "--help"}}) {
            String[] r = run(0, args);
            assertTrue(r[0].startsWith(SparkBatch.USAGE), String.join(" ", args) + ": " + r[0]);
            assertEquals("", r[1], String.join(" ", args));
        }
        assertTrue(run(0, "batch", "--help")[0].contains("--op"), "batch --help lists the batch options");
    }

    @Test
    void noCommandIsAUsageErrorOnStderr() {
        String[] r = run(2);
        assertEquals("", r[0]);
        assertTrue(r[1].startsWith(SparkBatch.USAGE), r[1]);
    }
}
