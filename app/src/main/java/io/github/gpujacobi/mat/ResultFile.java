package io.github.gpujacobi.mat;

import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.format.Mat5File;
import us.hebi.matlab.mat.format.Mat5Writer;
import us.hebi.matlab.mat.types.Array;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;

/**
 * An output .mat file (v7, compressed by default) written variable by variable into a locked temporary file of a short
 * name in the target folder ({@link TempFiles}) and given its name only by {@link #commit()} ({@link AtomicCommit}): a
 * crash or an error leaves no half-written result under the final name, and no file that is not a gpujacobi result is
 * replaced. Its header text begins with {@link ResultRecord#HEADER_MARK}.
 */
public final class ResultFile implements Closeable {
    private final Path target;
    private final TempFiles.Held temp;
    private final NameSink sink;
    private final Mat5Writer writer;
    private final boolean replaceDamaged;
    private boolean done;

    private ResultFile(Path target, TempFiles.Held temp, NameSink sink, Mat5Writer writer, boolean replaceDamaged) {
        this.target = target;
        this.temp = temp;
        this.sink = sink;
        this.writer = writer;
        this.replaceDamaged = replaceDamaged;
    }

    /** A compressed (v7) result file. */
    public static ResultFile create(Path target) throws MatFileException {
        return create(target, true);
    }

    /** A v7 result file, compressed (deflate level 1: fast, most of the gain) or not. */
    public static ResultFile create(Path target, boolean compress) throws MatFileException {
        return create(target, compress, false);
    }

    /** The same; {@code replaceDamaged}: a damaged gpujacobi result at target may be replaced (--force). */
    public static ResultFile create(Path target, boolean compress, boolean replaceDamaged) throws MatFileException {
        Path dir = target.toAbsolutePath().getParent();
        TempFiles.Held temp = null;
        try {
            Files.createDirectories(dir);
            temp = TempFiles.create(dir);
            NameSink sink = new NameSink(new ChannelSink(temp.channel()));
            header().writeFileHeader(sink);
            return new ResultFile(target, temp, sink, Mat5.newWriter(sink).setDeflateLevel(compress ? 1 : 0), replaceDamaged);
        } catch (IOException | RuntimeException e) {
            if (temp != null) temp.release();
            throw new MatFileException("cannot write " + target + ": " + reason(e), e);
        }
    }

    /** MFL's header with the mark in front of its platform and date. */
    private static Mat5File header() {
        String text = ResultRecord.HEADER_MARK.substring("MATLAB 5.0 MAT-file".length()) + ", Platform: "
                + System.getProperty("os.name") + ", Created on: " + new Date();
        return new Mat5File(text.length() + 19 > 116 ? text.substring(0, 116 - 19) : text) { };
    }

    private static String reason(Exception e) {
        return e instanceof IOException ? IoErrors.describe((IOException) e) : String.valueOf(e.getMessage());
    }

    public Path target() { return target; }

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
            throw new MatFileException("cannot write " + name + " to " + temp.path() + ": " + reason(e), e);
        }
    }

    /** Flushes the temporary file to the disk and gives it the target's name. */
    public void commit() throws MatFileException {
        try {
            try {
                writer.flush();
                sink.close();
                temp.channel().force(true); // on the disk before it has the name: a power cut leaves no empty result
            } catch (IOException e) {
                throw new MatFileException("cannot write " + temp.path() + ": " + IoErrors.describe(e), e);
            }
            try {
                AtomicCommit.commit(temp.path(), target, replaceDamaged);
            } catch (IOException e) {
                throw new MatFileException("cannot finish " + target + ": giving the temporary file "
                        + temp.path().getFileName() + " its name failed: " + IoErrors.describe(e), e);
            }
        } finally {
            close();
        }
    }

    /** Discards the temporary file unless committed (then removes its second name, if any). */
    public void close() {
        if (done) return;
        done = true;
        temp.release();
    }
}
