package io.github.gpujacobi.mat;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * Checks the sizes each top-level element of a MAT v5 file declares against what the file can hold,
 * before MFL allocates by them: MFL allocates a numeric array's data by its declared byte count, so a
 * 150-byte file declaring a 2 GB array, or a compressed element whose stream lies about its size
 * (a zlib bomb), would otherwise cost gigabytes of heap before failing, and be mistaken for a heap
 * shortage. A lie in an element's frame or header makes the whole file corrupt; a lie in a
 * variable's data fails that variable. Layout per the MAT-file format [MathWorks, "MAT-File Format"].
 */
final class MatElements {
    /** deflate's largest possible expansion is about 1032:1 (zlib technical details); more is a lie */
    static final long MAX_DEFLATE_RATIO = 1032;
    private static final int MI_MATRIX = 14, MI_COMPRESSED = 15, MX_OPAQUE = 17;
    private static final long HEADER_LIMIT = 1 << 20;
    /** MFL reads a variable into one Java array or buffer, indexed by int, and cannot skip a larger one */
    static final long MAX_VARIABLE_BYTES = Integer.MAX_VALUE;

    /** What the scan found about one top-level variable. */
    static final class Element {
        /** the name as stored (UTF-8 since MATLAB R2019b) */
        final byte[] nameBytes;
        final String name;
        final long offset;
        final long stored;
        final boolean compressed;
        /** bytes of the miMATRIX element (tag + content) once inflated */
        long declared;
        /** null, or why the variable's data cannot be trusted */
        String problem;

        Element(byte[] name, long offset, long stored, boolean compressed) {
            this.nameBytes = name;
            this.name = MatNames.decode(name);
            this.offset = offset;
            this.stored = stored;
            this.compressed = compressed;
        }
    }

    private MatElements() {}

    /**
     * The top-level variables in file order; throws when an element's frame or header is corrupt. A non-null
     * {@code sum} is fed the whole file in the same pass (each element before its header is read) and finished.
     */
    static List<Element> scan(Path path, InputChecksum sum) throws MatFileException {
        List<Element> found = new ArrayList<Element>();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteOrder order = order(ch, path);
            long pos = 128;
            ByteBuffer tag = ByteBuffer.allocate(8).order(order);
            while (pos + 8 <= size) {
                tag.clear();
                readFully(ch, tag, pos);
                tag.flip();
                int type = tag.getInt();
                long n = tag.getInt() & 0xffffffffL;
                if (type != MI_MATRIX && type != MI_COMPRESSED) break; // MFL reports what it cannot read
                if (n > size - pos - 8) {
                    throw new MatFileException(path + ": truncated or corrupt: the variable at byte " + pos + " declares "
                            + n + " bytes, but the file holds only " + (size - pos - 8) + " more");
                }
                if (sum != null) sum.through(ch, pos + 8 + n);
                InputStream body = Channels.newInputStream(ch.position(pos + 8));
                body = new BufferedInputStream(new Bounded(body, n), 8192);
                Element e;
                if (type == MI_COMPRESSED) {
                    Inflater inflater = new Inflater();
                    try {
                        Reader r = new Reader(new InflaterInputStream(body, inflater), order, path, pos);
                        long[] inner = r.tag();
                        if (inner[0] != MI_MATRIX) throw r.corrupt("a compressed element that holds no matrix");
                        if (inner[1] + 8 > MAX_DEFLATE_RATIO * n + 1024) {
                            throw r.corrupt("a compressed element of " + n + " bytes that declares " + inner[1]
                                    + " bytes inflated, more than deflate can encode in it (a zlib bomb?)");
                        }
                        e = header(r, inner[1], pos, n, true);
                    } catch (ZipException z) {
                        throw new MatFileException(path + ": corrupt: the compressed variable at byte " + pos
                                + " is not valid deflate data (" + IoErrors.plain(z) + ")", z);
                    } finally {
                        inflater.end();
                    }
                } else {
                    e = header(new Reader(body, order, path, pos), n, pos, n, false);
                }
                found.add(e);
                pos += 8 + n; // top-level elements are not padded
            }
            if (sum != null) sum.finish(ch);
        } catch (EOFException e) {
            throw new MatFileException(path + ": truncated or corrupt: a variable's header ends early", e);
        } catch (IOException e) {
            throw new MatFileException(path + ": cannot read: " + IoErrors.describe(e), e);
        }
        return found;
    }

    /**
     * A compressed element is inflated once before MFL reads it: to its end, so that zlib's checksum (adler32) is
     * checked, which MFL's reader does not do (20 zeroed bytes inside a variable's stream decoded silently into other
     * numbers, where scipy and Octave report "incorrect data check"), and counted: it must inflate to its declared size
     * (far beyond it: a zlib bomb, which would cost gigabytes of heap before failing). It costs one more inflation of
     * the variable, small beside its decomposition.
     */
    static void verifyInflation(Path path, Element e) throws MatFileException {
        if (!e.compressed) return;
        long count = 0, limit = e.declared + 1;
        byte[] buf = new byte[1 << 16];
        Inflater inflater = new Inflater();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
             InputStream in = new InflaterInputStream(new Bounded(Channels.newInputStream(ch.position(e.offset + 8)), e.stored),
                     inflater, 1 << 16)) {
            int r;
            while (count < limit && (r = in.read(buf, 0, (int) Math.min(buf.length, limit - count))) > 0) count += r;
        } catch (EOFException ex) {
            // counted below
        } catch (IOException ex) {
            e.problem = "its compressed data is corrupt (" + IoErrors.plain(ex) + ")";
            return;
        } finally {
            inflater.end();
        }
        if (count != e.declared) {
            e.problem = "its compressed data inflates to " + (count > e.declared ? "more than" : "only") + " " + count
                    + " bytes, not the " + e.declared + " it declares (corrupt, or a zlib bomb)";
        }
    }

    /** Reads flags, dims and name, and checks the data's declared size against the dims and the element. */
    private static Element header(Reader r, long n, long pos, long stored, boolean compressed) throws IOException, MatFileException {
        long[] flagsTag = r.tag();
        if (flagsTag[1] != 8) throw r.corrupt("array flags of " + flagsTag[1] + " bytes (8 expected)");
        int flags = (int) r.uint32();
        r.uint32();
        r.padAfter(flagsTag);
        int cls = flags & 0xff;
        if (cls == MX_OPAQUE) { // no dimensions: name, class name, data; never decomposed
            long[] nameTag = r.tag();
            if (nameTag[1] > Math.min(n, HEADER_LIMIT)) throw r.corrupt("a name of " + nameTag[1] + " bytes");
            Element e = new Element(r.bytes((int) nameTag[1]), pos, stored, compressed);
            e.declared = n + 8;
            return e;
        }
        long[] dimsTag = r.tag();
        if (dimsTag[1] % 4 != 0 || dimsTag[1] < 8 || dimsTag[1] > Math.min(n, HEADER_LIMIT)) {
            throw r.corrupt("a dimensions field of " + dimsTag[1] + " bytes in a " + n + "-byte variable");
        }
        long numel = 1;
        boolean overflow = false; // more elements than the variable's bytes could hold
        StringBuilder dims = new StringBuilder();
        for (long i = 0; i < dimsTag[1] / 4; i++) {
            long d = (int) r.uint32();
            if (d < 0) throw r.corrupt("a negative dimension " + d);
            dims.append(i == 0 ? "" : "x").append(d);
            if (d > 0 && numel > n / d) overflow = true;
            else numel *= d;
        }
        if (numel == 0) overflow = false;
        r.padAfter(dimsTag);
        long[] nameTag = r.tag();
        if (nameTag[1] > Math.min(n, HEADER_LIMIT)) throw r.corrupt("a name of " + nameTag[1] + " bytes");
        byte[] name = r.bytes((int) nameTag[1]);
        r.padAfter(nameTag);
        Element e = new Element(name, pos, stored, compressed);
        e.declared = n + 8;
        if (e.declared > MAX_VARIABLE_BYTES) { // MFL cannot even step over it to the variables after it
            throw new MatFileException(r.path + ": variable " + e.name + " is " + MatNames.size(e.declared)
                    + ", over the 2 GB limit (" + MAX_VARIABLE_BYTES + " bytes) of the .mat reader for one variable: "
                    + "variables over 2 GB are not supported, so nothing in this file is converted (save " + e.name
                    + " as smaller variables, e.g. one per page)");
        }
        boolean numeric = cls >= 6 && cls <= 15;
        if (numeric) {
            long[] pr = r.tag();
            long width = width((int) pr[0]);
            if (width == 0) {
                e.problem = "its data has an unknown storage type " + pr[0];
            } else if (overflow || pr[1] > n || pr[1] != numel * width) {
                e.problem = "it declares a " + dims + " array, but its data field holds " + pr[1] + " bytes"
                        + (compressed ? " in " + stored + " compressed bytes" : "") + " (corrupt)";
            }
        }
        return e;
    }

    /** Bytes per stored element of a MAT data type; 0 when unknown. */
    private static long width(int type) {
        switch (type) {
            case 1: case 2: case 16: return 1;  // int8, uint8, utf8
            case 3: case 4: case 17: return 2;  // int16, uint16, utf16
            case 5: case 6: case 7: case 18: return 4; // int32, uint32, single, utf32
            case 9: case 12: case 13: return 8; // double, int64, uint64
            default: return 0;
        }
    }

    private static ByteOrder order(FileChannel ch, Path path) throws IOException {
        ByteBuffer h = ByteBuffer.allocate(2);
        readFully(ch, h, 126);
        return h.get(0) == 'I' ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long pos) throws IOException {
        while (b.hasRemaining()) {
            int r = ch.read(b, pos + b.position());
            if (r < 0) throw new EOFException();
        }
    }

    /** Tags and numbers of one element's stream, in the file's byte order. */
    private static final class Reader {
        private final InputStream in;
        private final ByteOrder order;
        private final Path path;
        private final long pos;

        Reader(InputStream in, ByteOrder order, Path path, long pos) {
            this.in = in;
            this.order = order;
            this.path = path;
            this.pos = pos;
        }

        /** {type, numBytes, small ? 1 : 0}; small data elements pack up to 4 bytes into the tag. */
        long[] tag() throws IOException {
            long w = uint32();
            if ((w >>> 16) != 0) return new long[]{w & 0xffff, w >>> 16, 1};
            return new long[]{w, uint32(), 0};
        }

        void padAfter(long[] tag) throws IOException {
            long used = tag[2] == 1 ? 4 + tag[1] : 8 + tag[1];
            skip((8 - used % 8) % 8);
        }

        long uint32() throws IOException {
            ByteBuffer b = ByteBuffer.wrap(bytes(4)).order(order);
            return b.getInt() & 0xffffffffL;
        }

        byte[] bytes(int n) throws IOException {
            byte[] b = new byte[n];
            int got = 0;
            while (got < n) {
                int r = in.read(b, got, n - got);
                if (r < 0) throw new EOFException();
                got += r;
            }
            return b;
        }

        void skip(long n) throws IOException { bytes((int) n); }

        MatFileException corrupt(String what) {
            return new MatFileException(path + ": corrupt: the variable at byte " + pos + " has " + what);
        }
    }

    /** At most {@code left} bytes of the underlying stream. */
    private static final class Bounded extends InputStream {
        private final InputStream in;
        private long left;

        Bounded(InputStream in, long left) {
            this.in = in;
            this.left = left;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) return -1;
            int b = in.read();
            if (b >= 0) left--;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) return -1;
            int r = in.read(b, off, (int) Math.min(len, left));
            if (r > 0) left -= r;
            return r;
        }
    }
}
