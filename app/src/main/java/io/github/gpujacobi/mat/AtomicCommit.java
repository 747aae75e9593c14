package io.github.gpujacobi.mat;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Gives a finished temporary file its final name without ever replacing a file that is not a gpujacobi result, even
 * one that appeared while the batch computed: a free name is taken by a hard link, which fails when the name is taken
 * (a rename that refuses an existing file where the file system has no hard links); an existing result is checked
 * again right before the atomic rename that replaces it, and replaced only if it did not change since that check.
 */
final class AtomicCommit {
    private AtomicCommit() {}

    /**
     * Moves {@code temp} to {@code target}; {@code replaceDamaged}: a damaged gpujacobi result there may be replaced
     * too (--force). Refuses with the reason, discarding nothing itself (the caller removes the temporary file).
     */
    static void commit(Path temp, Path target, boolean replaceDamaged) throws IOException, MatFileException {
        for (int attempt = 0; attempt < 5; attempt++) {
            BasicFileAttributes before = attributes(target);
            if (before == null) {
                if (linkOrMoveNoReplace(temp, target)) return;
                continue; // a file took the name meanwhile: look at it
            }
            String refusal = replaceable(target, before, replaceDamaged);
            if (refusal != null) {
                throw new MatFileException("cannot finish " + target + ": " + refusal + " took this name while the batch "
                        + "computed: not overwritten; the computed result was discarded (move that file away and run again)");
            }
            if (!same(before, attributes(target))) continue; // changed while it was read: look again
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            return;
        }
        throw new MatFileException("cannot finish " + target + ": it keeps changing while the batch writes it "
                + "(another program is writing it?); the computed result was discarded");
    }

    /** Null when the file at target may be replaced, else what it is. */
    private static String replaceable(Path target, BasicFileAttributes a, boolean replaceDamaged) {
        if (a.isSymbolicLink()) return "a symbolic link";
        if (!a.isRegularFile()) return "something that is not a regular file";
        ResultRecord r = ResultRecord.of(target);
        if (r.kind() == ResultRecord.Kind.RESULT) return null;
        if (r.kind() == ResultRecord.Kind.DAMAGED) return replaceDamaged ? null : "a damaged gpujacobi result (" + r.why() + ")";
        if (r.kind() == ResultRecord.Kind.MISSING) return "a file that vanished";
        return "a file that is not a gpujacobi result (" + r.why() + ")";
    }

    /** Takes the free name target; false when it is taken. */
    private static boolean linkOrMoveNoReplace(Path temp, Path target) throws IOException {
        try {
            Files.createLink(target, temp);
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (NoSuchFileException e) {
            throw e; // the temporary file is gone (an interrupted run removed it)
        } catch (IOException | UnsupportedOperationException e) {
            // no hard links on this file system (FAT, some network shares): a rename that refuses an existing file
            try {
                Files.move(temp, target);
                return true;
            } catch (FileAlreadyExistsException e2) {
                return false;
            }
        }
        try {
            Files.delete(temp);
        } catch (IOException e) {
            // a second name of the finished result; the caller's release tries again
        }
        return true;
    }

    private static BasicFileAttributes attributes(Path p) throws IOException {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static boolean same(BasicFileAttributes a, BasicFileAttributes b) {
        if (b == null || a.size() != b.size() || !a.lastModifiedTime().equals(b.lastModifiedTime())) return false;
        Object ka = a.fileKey(), kb = b.fileKey();
        return ka == null ? kb == null : ka.equals(kb);
    }
}
