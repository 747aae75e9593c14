package io.github.gpujacobi.cli;

import io.github.gpujacobi.cli.BatchCommandTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.Deflater;

import static io.github.gpujacobi.cli.BatchCommandTest.batch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crafted files whose declared sizes lie: the reader must call them corrupt before allocating what
 * they declare (without the checks each of these allocates up to 2 GB and ends in heap advice).
 */
class MatReaderLimitsTest {
    @TempDir
    Path dir;

    @Test
    void aTinyCompressedElementDeclaringTwoGigabytesIsCorrupt() throws Exception {
        byte[] inner = element("A", new int[]{16000, 16000}, 2048000000L, new byte[16], 2048000000L + 56);
        byte[] file = concat(header(), compressed(inner));
        assertTrue(file.length < 250, "a tiny file: " + file.length);
        Files.write(dir.resolve("lie.mat"), file);
        Run r = batch("--op", "eig", "--quiet", dir.resolve("lie.mat").toString(), "-o", dir.resolve("o").toString());
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains("lie.mat: corrupt: the variable at byte 128 has a compressed element of"), r.err);
        assertTrue(r.err.contains("more than deflate can encode in it"), r.err);
        assertFalse(r.err.toLowerCase().contains("heap"), r.err);
    }

    @Test
    void aDataFieldLargerThanItsVariableFailsThatVariableOnly() throws Exception {
        byte[] lie = element("A", new int[]{16000, 16000}, 2048000000L, new byte[16], -1);
        byte[] good = element("K", new int[]{1, 1}, 8, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(2).array(), -1);
        Files.write(dir.resolve("lie.mat"), concat(header(), lie, compressed(good)));
        Run r = batch("--op", "eig", "--quiet", dir.resolve("lie.mat").toString(), "-o", dir.resolve("o.mat").toString());
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains("lie.mat: A cannot be read: it declares a 16000x16000 array, but its data field holds "
                + "2048000000 bytes (corrupt)"), r.err);
        assertFalse(r.err.toLowerCase().contains("heap"), r.err);
        assertTrue(r.out.contains("variables: 1 done, 0 skipped, 1 failed"), r.out);
    }

    @Test
    void aCompressedStreamThatDoesNotHoldWhatItDeclaresIsCorrupt() throws Exception {
        // 1200 x 1200 doubles (11.5 MB), mostly zero (compressed ~50:1, so verified), declared; the stream stops at 4 MB
        int n = 1200;
        byte[] data = new byte[8 * n * n];
        java.util.Random rnd = new java.util.Random(5);
        for (int i = 7; i < data.length; i += 256) data[i] = (byte) (1 + rnd.nextInt(60)); // small finite doubles
        byte[] full = element("Z", new int[]{n, n}, 8L * n * n, data, -1);
        byte[] cut = Arrays.copyOf(full, 4 << 20);
        byte[] good = element("K", new int[]{1, 1}, 8, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(3).array(), -1);
        Files.write(dir.resolve("bomb.mat"), concat(header(), compressed(cut), compressed(good)));
        Run r = batch("--op", "svd", "--quiet", dir.resolve("bomb.mat").toString(), "-o", dir.resolve("o.mat").toString());
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains("bomb.mat: Z cannot be read: its compressed data inflates to only 4194304 bytes, not the "
                + full.length + " it declares"), r.err);
        assertTrue(r.out.contains("variables: 1 done, 0 skipped, 1 failed"), r.out);
        // the honest, highly compressible whole is read as before (and then refused as not symmetric: read, not decomposed)
        Files.write(dir.resolve("zeros.mat"), concat(header(), compressed(full)));
        Run ok = batch("--op", "eig", "--quiet", dir.resolve("zeros.mat").toString(), "-o", dir.resolve("z.mat").toString());
        assertTrue(ok.err.contains("Z must be symmetric"), ok.out + ok.err);
    }

    /** A MAT v5 header, little-endian. */
    static byte[] header() {
        byte[] h = new byte[128];
        Arrays.fill(h, 0, 116, (byte) ' ');
        byte[] text = "MATLAB 5.0 MAT-file, crafted by a test".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, h, 0, text.length);
        Arrays.fill(h, 116, 124, (byte) 0);
        h[124] = 0;
        h[125] = 1;
        h[126] = 'I';
        h[127] = 'M';
        return h;
    }

    /** A double miMATRIX element whose data tag declares {@code prBytes} but holds {@code data}; n < 0: the honest length. */
    static byte[] element(String name, int[] dims, long prBytes, byte[] data, long n) {
        ByteBuffer b = ByteBuffer.allocate(64 + 8 * dims.length + name.length() + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(6).putInt(8).putInt(6).putInt(0);                       // flags: mxDOUBLE_CLASS
        b.putInt(5).putInt(4 * dims.length);                             // dims, miINT32
        for (int d : dims) b.putInt(d);
        pad(b);
        b.putInt(1).putInt(name.length()).put(name.getBytes(StandardCharsets.US_ASCII)); // name, miINT8
        pad(b);
        b.putInt(9).putInt((int) prBytes).put(data);                     // real part, miDOUBLE
        pad(b);
        int len = b.position();
        ByteBuffer e = ByteBuffer.allocate(8 + len).order(ByteOrder.LITTLE_ENDIAN);
        e.putInt(14).putInt((int) (n < 0 ? len : n)).put(b.array(), 0, len);
        return e.array();
    }

    private static void pad(ByteBuffer b) {
        while (b.position() % 8 != 0) b.put((byte) 0);
    }

    static byte[] compressed(byte[] element) {
        Deflater d = new Deflater(9);
        d.setInput(element);
        d.finish();
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!d.finished()) o.write(buf, 0, d.deflate(buf));
        d.end();
        byte[] z = o.toByteArray();
        ByteBuffer e = ByteBuffer.allocate(8 + z.length).order(ByteOrder.LITTLE_ENDIAN);
        e.putInt(15).putInt(z.length).put(z);
        return e.array();
    }

    static byte[] concat(byte[]... parts) { return BatchDataSafetyTest.concat(parts); }
}
