package io.github.gpujacobi.mat;

import us.hebi.matlab.mat.types.Sink;

import java.io.DataInput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.Deflater;

/**
 * A sink that writes one variable's name as UTF-8 where MFL would write '?' for every character beyond ASCII: MFL is
 * given an ASCII stand-in of the same byte length, and the first write of exactly those bytes (the name follows the
 * array flags and dimensions, before any data) is replaced by the real name's bytes. The compressed stream MFL opens
 * with {@link #writeDeflated} is patched the same way, before deflation.
 */
final class NameSink implements Sink {
    /** What to replace, shared with the deflating sinks opened through this one. */
    private static final class Patch {
        byte[] from, to;
    }

    private final Sink out;
    private final Patch patch;

    NameSink(Sink out) {
        this(out, new Patch());
    }

    private NameSink(Sink out, Patch patch) {
        this.out = out;
        this.patch = patch;
    }

    /** An ASCII name of the same byte length as {@code name} to hand to MFL, armed to be replaced by name's bytes. */
    String standIn(String name) {
        byte[] real = MatNames.encode(name);
        char[] s = new char[real.length];
        Arrays.fill(s, 'x');
        patch.from = new String(s).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        patch.to = real;
        return new String(s);
    }

    /** Whether the last stand-in was replaced (false: its bytes never came by, and the name in the file is wrong). */
    boolean replaced() {
        boolean done = patch.from == null;
        patch.from = null;
        patch.to = null;
        return done;
    }

    @Override
    public void writeBytes(byte[] buffer, int offset, int length) throws IOException {
        byte[] from = patch.from;
        if (from != null && length == from.length && Arrays.equals(from, Arrays.copyOfRange(buffer, offset, offset + length))) {
            out.writeBytes(patch.to, 0, patch.to.length);
            patch.from = null;
            return;
        }
        out.writeBytes(buffer, offset, length);
    }

    @Override
    public Sink writeDeflated(Deflater deflater) { return new NameSink(out.writeDeflated(deflater), patch); }

    @Override
    public Sink nativeOrder() {
        out.nativeOrder();
        return this;
    }

    @Override
    public Sink order(ByteOrder order) {
        out.order(order);
        return this;
    }

    @Override
    public ByteOrder order() { return out.order(); }

    @Override
    public long position() throws IOException { return out.position(); }

    @Override
    public void position(long position) throws IOException { out.position(position); }

    @Override
    public void writeByte(byte value) throws IOException { out.writeByte(value); }

    @Override
    public void writeShort(short value) throws IOException { out.writeShort(value); }

    @Override
    public void writeShorts(short[] buffer, int offset, int length) throws IOException { out.writeShorts(buffer, offset, length); }

    @Override
    public void writeInt(int value) throws IOException { out.writeInt(value); }

    @Override
    public void writeInts(int[] buffer, int offset, int length) throws IOException { out.writeInts(buffer, offset, length); }

    @Override
    public void writeLong(long value) throws IOException { out.writeLong(value); }

    @Override
    public void writeLongs(long[] buffer, int offset, int length) throws IOException { out.writeLongs(buffer, offset, length); }

    @Override
    public void writeFloat(float value) throws IOException { out.writeFloat(value); }

    @Override
    public void writeFloats(float[] buffer, int offset, int length) throws IOException { out.writeFloats(buffer, offset, length); }

    @Override
    public void writeDouble(double value) throws IOException { out.writeDouble(value); }

    @Override
    public void writeDoubles(double[] buffer, int offset, int length) throws IOException { out.writeDoubles(buffer, offset, length); }

    @Override
    public void writeByteBuffer(ByteBuffer buffer) throws IOException { out.writeByteBuffer(buffer); }

    @Override
    public void writeInputStream(InputStream input, long length) throws IOException { out.writeInputStream(input, length); }

    @Override
    public void writeDataInput(DataInput input, long length) throws IOException { out.writeDataInput(input, length); }

    @Override
    public void close() throws IOException { out.close(); }
}
