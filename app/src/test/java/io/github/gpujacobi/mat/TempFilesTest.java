package io.github.gpujacobi.mat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Temporary files: short names of their own; removed only when no process holds them. */
class TempFilesTest {
    @TempDir
    Path dir;

    @Test
    void namesAreShortAndOwnedByThisProcess() {
        String n = TempFiles.newName();
        assertTrue(n.length() <= 40 && TempFiles.isTempName(n), n);
        assertFalse(TempFiles.isTempName(".x_eig.mat123.part"));
        assertFalse(n.equals(TempFiles.newName()));
    }

    @Test
    void onlyFilesNoProcessHoldsAreRemoved() throws Exception {
        Path stale = dir.resolve(".gpujacobi-1-0000abcd.part");
        Path held = dir.resolve(".gpujacobi-2-0000beef.part");
        Files.write(stale, new byte[0]);
        Files.write(held, new byte[]{1});
        TempFiles.Held mine = TempFiles.create(dir);
        // another process holds its file's lock, as a running batch does (POSIX record locks, as Java's FileLock)
        Process other = new ProcessBuilder("python3", "-c", "import fcntl, sys, time\n"
                + "f = open(sys.argv[1], 'r+'); fcntl.lockf(f, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(120)",
                held.toString()).redirectErrorStream(true).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", r.readLine());
            assertEquals(Collections.singletonList(stale.getFileName().toString()), TempFiles.removeStale(dir));
            assertFalse(Files.exists(stale), "nobody holds it: stale");
            assertTrue(Files.exists(held), "another running process's file is kept");
            assertTrue(Files.exists(mine.path()), "this process's own file is kept");
        } finally {
            other.destroy();
            other.waitFor(30, TimeUnit.SECONDS);
            mine.release();
        }
        assertFalse(Files.exists(mine.path()));
        TempFiles.removeStale(dir);
        assertFalse(Files.exists(held), "its process is gone: stale");
    }
}
