package io.github.gpujacobi.mat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The final step of every result: a free name is taken, a result is replaced, nothing else ever is. */
class AtomicCommitTest {
    @TempDir
    Path dir;

    private Path temp(String text) throws Exception {
        Path t = dir.resolve(TempFiles.newName());
        Files.write(t, text.getBytes(StandardCharsets.UTF_8));
        return t;
    }

    /** A complete result file (header mark, record last), as the batch writes it. */
    static void result(Path p, double value) throws Exception {
        ResultFile f = ResultFile.create(p, false);
        f.write("A_D", Mat5.newScalar(value));
        f.write(ResultRecord.NAME, Mat5.newStruct().set("operation", Mat5.newString("eig")).set("version", Mat5.newString("t")));
        f.commit();
    }

    @Test
    void aFreeNameIsTakenAndTheTemporaryNameIsGone() throws Exception {
        Path t = temp("new"), target = dir.resolve("x_eig.mat");
        AtomicCommit.commit(t, target, false);
        assertEquals("new", new String(Files.readAllBytes(target), StandardCharsets.UTF_8));
        assertFalse(Files.exists(t));
    }

    @Test
    void aFileThatIsNotAResultIsNeverReplaced() throws Exception {
        Path target = dir.resolve("x_eig.mat");
        Files.write(target, "the user's own file".getBytes(StandardCharsets.UTF_8));
        Path t = temp("computed");
        MatFileException e = assertThrows(MatFileException.class, () -> AtomicCommit.commit(t, target, true));
        assertTrue(e.getMessage().contains("a file that is not a gpujacobi result") && e.getMessage().contains("not overwritten")
                && e.getMessage().contains("the computed result was discarded"), e.getMessage());
        assertEquals("the user's own file", new String(Files.readAllBytes(target), StandardCharsets.UTF_8));
    }

    @Test
    void aResultIsReplacedADamagedOneOnlyWhenAllowed() throws Exception {
        Path target = dir.resolve("x_eig.mat");
        result(target, 1);
        assertEquals(ResultRecord.Kind.RESULT, ResultRecord.of(target).kind());
        AtomicCommit.commit(temp("newer"), target, false);
        assertEquals("newer", new String(Files.readAllBytes(target), StandardCharsets.UTF_8));

        Files.delete(target);
        result(target, 2);
        byte[] whole = Files.readAllBytes(target);
        Files.write(target, Arrays.copyOf(whole, whole.length - 20)); // cut short
        assertEquals(ResultRecord.Kind.DAMAGED, ResultRecord.of(target).kind());
        Path t = temp("repaired");
        MatFileException e = assertThrows(MatFileException.class, () -> AtomicCommit.commit(t, target, false));
        assertTrue(e.getMessage().contains("a damaged gpujacobi result"), e.getMessage());
        AtomicCommit.commit(t, target, true);
        assertEquals("repaired", new String(Files.readAllBytes(target), StandardCharsets.UTF_8));
    }

    @Test
    void aSymbolicLinkIsNeitherReplacedNorWrittenThrough() throws Exception {
        Path elsewhere = dir.resolve("elsewhere.mat");
        result(elsewhere, 3);
        byte[] before = Files.readAllBytes(elsewhere);
        Path link = Files.createSymbolicLink(dir.resolve("x_eig.mat"), elsewhere);
        Path t = temp("computed");
        MatFileException e = assertThrows(MatFileException.class, () -> AtomicCommit.commit(t, link, true));
        assertTrue(e.getMessage().contains("a symbolic link"), e.getMessage());
        assertTrue(Files.isSymbolicLink(link));
        assertArrayEquals(before, Files.readAllBytes(elsewhere));
    }
}
