package io.github.gpujacobi.mat;

import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.format.Mat5Writer;
import us.hebi.matlab.mat.types.Array;
import us.hebi.matlab.mat.types.Sinks;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * An output .mat file (v7, compressed by default) written variable by variable into a temporary file in the
 * target folder and renamed over the target only by {@link #commit()}: a crash or an error leaves
 * no half-written result under the final name.
 */
public final class ResultFile implements Closeable {
    private final Path target;
    private final Path temp;
    private final NameSink sink;
    private final Mat5Writer writer;
    private boolean done;

    private ResultFile(Path target, Path temp, NameSink sink, Mat5Writer writer) {
        this.target = target;
        this.temp = temp;
        this.sink = sink;
        this.writer = writer;
    }

    /** A compressed (v7) result file. */
    public static ResultFile create(Path target) throws MatFileException {
        return create(target, true);
    }

    /** A v7 result file, compressed (deflate level 1: fast, most of the gain) or not. */
    public static ResultFile create(Path target, boolean compress) throws MatFileException {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = null;
        try {
            Files.createDirectories(dir);
            removeStaleParts(dir, target.getFileName().toString());
            temp = Files.createTempFile(dir, "." + target.getFileName().toString(), ".part");
            NameSink sink = new NameSink(Sinks.newStreamingFile(temp.toFile()));
            Mat5.newMatFile().writeFileHeader(sink);
            return new ResultFile(target, temp, sink, Mat5.newWriter(sink).setDeflateLevel(compress ? 1 : 0));
        } catch (IOException | RuntimeException e) {
            if (temp != null) {
                try { Files.deleteIfExists(temp); } catch (IOException ignored) { /* best effort */ }
            }
            throw new MatFileException("cannot write " + target + ": " + reason(e), e);
        }
    }

    private static String reason(Exception e) {
        return e instanceof IOException ? IoErrors.describe((IOException) e) : String.valueOf(e.getMessage());
    }

    public Path target() { return target; }

    /**
     * Temporary files a killed run left for this target: exactly "." + name + digits + ".part", as
     * {@link Files#createTempFile} names them. Matched literally, never as a glob: a name such as
     * {@code star*.mat} or {@code a{b.mat} must not match (or break on) another target's files.
     */
    private static void removeStaleParts(Path dir, final String name) throws IOException {
        DirectoryStream.Filter<Path> mine = new DirectoryStream.Filter<Path>() {
            public boolean accept(Path p) { return isPartOf(p.getFileName().toString(), name); }
        };
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, mine)) {
            for (Path p : ds) Files.deleteIfExists(p);
        }
    }

    static boolean isPartOf(String file, String target) {
        String head = "." + target, tail = ".part";
        if (!file.startsWith(head) || !file.endsWith(tail) || file.length() <= head.length() + tail.length()) return false;
        for (int i = head.length(); i < file.length() - tail.length(); i++) {
            if (!Character.isDigit(file.charAt(i))) return false;
        }
        return true;
    }

    /** Writes one variable; a name beyond ASCII is stored as UTF-8, as MATLAB R2019b and later write it. */
    public void write(String name, Array value) throws MatFileException {
        try {
            if (MatNames.isAscii(name)) {
                writer.writeArray(name, value);
            } else {
                if (MatNames.byteLength(name) > MatNames.MAX_BYTES) {
                    throw new MatFileException("cannot write " + name + ": its name takes " + MatNames.byteLength(name)
                            + " bytes in UTF-8, over the " + MatNames.MAX_BYTES + " a MAT-file name may have");
                }
                writer.writeArray(sink.standIn(name), value);
                if (!sink.replaced()) throw new IllegalStateException("the name " + name + " was not written as UTF-8");
            }
        } catch (IOException | RuntimeException e) {
            throw new MatFileException("cannot write " + name + " to " + temp + ": " + reason(e), e);
        }
    }

    /** Flushes, closes and renames the temporary file to the target. */
    public void commit() throws MatFileException {
        try {
            try {
                writer.flush();
                sink.close();
            } catch (IOException e) {
                throw new MatFileException("cannot write " + temp + ": " + IoErrors.describe(e), e);
            }
            try {
                try {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw new MatFileException("cannot finish " + target + ": renaming the temporary file "
                        + temp.getFileName() + " to it failed: " + IoErrors.describe(e), e);
            }
            done = true;
        } finally {
            close();
        }
    }

    /** Discards the temporary file unless committed. */
    public void close() {
        if (done) return;
        done = true;
        try { sink.close(); } catch (IOException ignored) { /* discarding */ }
        try { Files.deleteIfExists(temp); } catch (IOException ignored) { /* best effort */ }
    }
}
