package io.github.gpujacobi.mat;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The SHA-256 of an input file's bytes (as {@code sha256sum} prints it), fed in order while the file is read, so
 * that a result records the content it was computed from: size and modification time alone took a different file
 * with the same ones (a reproducible build, {@code tar --mtime}) for the same input.
 */
public final class InputChecksum {
    /** The field of the result record's source holding the checksum. */
    public static final String FIELD = "sha256";

    private final MessageDigest sha;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 18);
    private long done;
    private String value;

    InputChecksum() {
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java has no SHA-256, which every Java must have", e);
        }
    }

    /** Feeds the file's bytes from where the last call stopped up to {@code end} (positional reads: no seeking). */
    void through(FileChannel ch, long end) throws IOException {
        while (done < end) {
            buffer.clear();
            buffer.limit((int) Math.min(buffer.capacity(), end - done));
            int r = ch.read(buffer, done);
            if (r < 0) throw new EOFException();
            sha.update(buffer.array(), 0, r);
            done += r;
        }
    }

    /** Feeds the rest of the file; its checksum in lower-case hex. */
    String finish(FileChannel ch) throws IOException {
        through(ch, ch.size());
        StringBuilder hex = new StringBuilder(64);
        for (byte b : sha.digest()) hex.append(Character.forDigit((b >> 4) & 15, 16)).append(Character.forDigit(b & 15, 16));
        value = hex.toString();
        return value;
    }

    /** The checksum once {@link #finish} ran, else null. */
    String value() { return value; }

    /** The checksum of a whole file, in one pass. */
    public static String of(Path p) throws IOException {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            return new InputChecksum().finish(ch);
        }
    }
}
