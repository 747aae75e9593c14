package io.github.gpujacobi.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgressBarTest {
    private static String drive(boolean enabled) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(new PrintStream(b, true), enabled, 4);
        bar.working("f.mat:A (4x4 double)");
        bar.advance(4, "f.mat:A");
        String drawn = new String(b.toByteArray(), StandardCharsets.UTF_8);
        bar.finish();
        return drawn;
    }

    @Test
    void drawsInPlaceAndReachesTheEnd() {
        String s = drive(true);
        assertTrue(s.startsWith("\r[..............................]   0%"), s);
        assertTrue(s.contains("f.mat:A (4x4 double)"), s);
        assertTrue(s.contains("\r[##############################] 100%"), s);
    }

    @Test
    void silentWhenDisabled() {
        assertEquals("", drive(false));
    }
}
