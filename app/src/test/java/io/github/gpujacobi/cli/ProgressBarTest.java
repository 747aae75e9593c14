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

    /** During one long variable the display keeps ticking (it sat at "0% 0.1s" for minutes), with pages and an ETA. */
    @Test
    void ticksDuringALongVariableWithPagesAndEta() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(new PrintStream(b, true), true, 10, 20);
        bar.advance(4, "f.mat:A");
        bar.working("f.mat:B (9000x9000 double)");
        int draws = count(b);
        Thread.sleep(400);
        String s;
        synchronized (bar) {
            s = new String(b.toByteArray(), StandardCharsets.UTF_8);
        }
        bar.finish();
        assertTrue(count(b) > draws + 3, "redrawn by itself while one variable runs: " + s);
        assertTrue(s.contains(" 4/10 pages ") && s.contains(" ETA "), s);
        assertTrue(s.endsWith("f.mat:B (9000x9000 double)\u001b[K"), s);
    }

    private static int count(ByteArrayOutputStream b) {
        return new String(b.toByteArray(), StandardCharsets.UTF_8).split("\r").length;
    }

    @Test
    void durationsReadAsTime() {
        assertEquals("4.2s", ProgressBar.duration(4.2));
        assertEquals("3m05s", ProgressBar.duration(185));
        assertEquals("1h02m", ProgressBar.duration(3720));
    }

    @Test
    void silentWhenDisabled() {
        assertEquals("", drive(false));
    }
}
