package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.cli.BatchCommandTest.Run;
import io.github.gpujacobi.testing.External;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Matrix;
import us.hebi.matlab.mat.types.Sink;
import us.hebi.matlab.mat.types.Sinks;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static io.github.gpujacobi.cli.BatchCommandTest.batch;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Data-loss cases: the batch never overwrites what is not its own, never loses an output silently. */
class BatchDataSafetyTest {
    @TempDir
    Path dir;

    private void save(String file, String dict) {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('" + file + "', " + dict + ")");
    }

    private String names(String file) {
        return External.python(dir, "import scipy.io as sio; print(sorted(k for k in sio.loadmat('" + file
                + "') if not k.startswith('__')))");
    }

    @Test
    void aUsersFileWithAResultsNameIsNeitherUpToDateNorOverwritten() throws Exception {
        save("a.mat", "{'A': np.eye(3)}");
        save("a_eig.mat", "{'Mine': 2 * np.eye(2)}");
        byte[] mine = Files.readAllBytes(dir.resolve("a_eig.mat"));
        for (String force : new String[]{"--quiet", "--force"}) {
            Run r = batch("--op", "eig", force, dir.toString(), "-o", dir.toString());
            assertEquals(1, r.code, r.out + r.err);
            assertTrue(r.err.contains(dir.resolve("a_eig.mat") + " exists and is not a gpujacobi result (it has no gpujacobi record): "
                    + "not overwritten"), r.err);
            assertFalse(r.out.contains(": up to date"), r.out);
            assertArrayEquals(mine, Files.readAllBytes(dir.resolve("a_eig.mat")), force);
        }
        // the user's file is an input like any other
        assertTrue(names("a_eig_eig.mat").contains("['Mine_D', 'Mine_V', 'gpujacobi']"));
    }

    @Test
    void twoInputsForOneResultAreAUsageErrorBeforeAnyWork() throws Exception {
        Files.createDirectories(dir.resolve("p"));
        Files.createDirectories(dir.resolve("q"));
        save("p/x.mat", "{'A': np.eye(2)}");
        save("q/x.mat", "{'A': 3 * np.eye(2)}");
        Run r = batch("--op", "eig", dir.resolve("p/x.mat").toString(), dir.resolve("q").toString(), "-o", dir.resolve("out").toString());
        assertEquals(2, r.code, r.out + r.err);
        assertTrue(r.err.contains(dir.resolve("p/x.mat") + " and " + dir.resolve("q/x.mat") + " would both be written to "
                + dir.resolve("out/x_eig.mat")), r.err);
        assertFalse(Files.exists(dir.resolve("out")), "nothing was done");
        save("p/X.MAT", "{'A': 5 * np.eye(2)}");
        Run c = batch("--op", "eig", dir.resolve("p").toString(), "-o", dir.resolve("out").toString());
        assertEquals(2, c.code, c.out + c.err);
        assertTrue(c.err.contains("X.MAT") && c.err.contains("ignoring case"), c.err);
        // the same file named twice is one input, not a clash
        Run twice = batch("--op", "eig", "--quiet", dir.resolve("q").toString(), dir.resolve("q/x.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, twice.code, twice.out + twice.err);
        assertTrue(twice.out.contains("1 files"), twice.out);
    }

    @Test
    void resultNamesOverMatlabsLimitFailThatVariableOnly() throws Exception {
        String n61 = repeat('b', 61), n62 = repeat('a', 62);
        save("long.mat", "{'" + n62 + "': np.eye(2), '" + n61 + "': np.eye(3), 'B': 2 * np.eye(2)}");
        Run r = batch("--op", "eig", "--quiet", dir.resolve("long.mat").toString(), "-o", dir.resolve("o.mat").toString());
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains(n62 + ": its result " + n62 + "_V would have 64 characters, over MATLAB's limit of 63"), r.err);
        assertTrue(r.out.contains("variables: 2 done, 0 skipped, 1 failed"), r.out);
        String got = names("o.mat");
        assertTrue(got.contains("'B_D', 'B_V'") && got.contains(n61 + "_D") && !got.contains(n62), got);
    }

    @Test
    void aDuplicatedOrEmptyVariableNameFailsThatVariableAndTheRestIsWritten() throws Exception {
        Matrix a = Mat5.newMatrix(2, 2), b = Mat5.newMatrix(2, 2);
        a.setDouble(0, 0, 1); a.setDouble(1, 1, 2);
        b.setDouble(0, 0, 3); b.setDouble(1, 1, 4);
        byte[] first = uncompressed("Q", a), second = uncompressed("Q", b), keep = uncompressed("K", b);
        // name tag of a 2-D element: 128 header + 8 tag + 16 flags + 16 dims; small element {miINT8, 1 byte, 'Q'}
        assertEquals('Q', first[172]);
        byte[] dup = concat(first, Arrays.copyOfRange(second, 128, second.length), Arrays.copyOfRange(keep, 128, keep.length));
        Files.write(dir.resolve("dup.mat"), dup);
        Run r = batch("--op", "eig", "--quiet", dir.resolve("dup.mat").toString(), "-o", dir.resolve("d.mat").toString());
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains("Q appears 2 times in the file"), r.err);
        assertTrue(r.out.contains("variables: 1 done, 0 skipped, 2 failed"), r.out);
        assertTrue(names("d.mat").contains("['K_D', 'K_V', 'gpujacobi']"));

        byte[] empty = first.clone();
        byte[] emptyName = {1, 0, 0, 0, 0, 0, 0, 0}; // a full tag {miINT8, 0 bytes} in place of the small element
        System.arraycopy(emptyName, 0, empty, 168, 8);
        Files.write(dir.resolve("noname.mat"), concat(empty, Arrays.copyOfRange(keep, 128, keep.length)));
        Run e = batch("--op", "svd", "--quiet", dir.resolve("noname.mat").toString(), "-o", dir.resolve("n.mat").toString());
        assertEquals(1, e.code, e.out + e.err);
        assertTrue(e.err.contains("a variable has an empty name"), e.err);
        assertTrue(e.out.contains("1 files (0 up to date, 0 failed); variables: 1 done, 0 skipped, 1 failed"), e.out);
        assertTrue(names("n.mat").contains("['K_S', 'K_U', 'K_V', 'gpujacobi']"));
    }

    @Test
    void aDeeplyNestedCellIsSkippedAndTheRestIsWritten() throws Exception {
        // 5000 cells, each holding the next, built from the inside out as uncompressed miMATRIX elements
        java.nio.ByteBuffer leaf = java.nio.ByteBuffer.wrap(uncompressed("L", Mat5.newMatrix(1, 1)));
        byte[] inner = Arrays.copyOfRange(leaf.array(), 128, leaf.capacity());
        // nested elements have no name: a full tag {miINT8, 0 bytes} in place of the small element holding "L"
        System.arraycopy(new byte[]{1, 0, 0, 0, 0, 0, 0, 0}, 0, inner, 8 + 16 + 16, 8);
        for (int depth = 0; depth < 5000; depth++) inner = cell(depth == 4999 ? "C" : "", inner);
        byte[] keep = uncompressed("K", Mat5.newMatrix(2, 2));
        Files.write(dir.resolve("deep.mat"), concat(Arrays.copyOf(keep, 128), inner, Arrays.copyOfRange(keep, 128, keep.length)));
        Run r = batch("--op", "svd", "--quiet", dir.resolve("deep.mat").toString(), "-o", dir.resolve("deep_out.mat").toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("variables: 1 done, 1 skipped, 0 failed"), r.out);
        assertTrue(names("deep_out.mat").contains("['K_S', 'K_U', 'K_V', 'gpujacobi']"));
    }

    /** A 1x1 cell element named {@code name} around {@code child}. */
    private static byte[] cell(String name, byte[] child) {
        int nameLen = name.length(), namePad = (8 - nameLen % 8) % 8;
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 + 16 + 16 + 8 + nameLen + namePad + child.length)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putInt(14).putInt(16 + 16 + 8 + nameLen + namePad + child.length);
        b.putInt(6).putInt(8).putInt(1).putInt(0);      // flags: mxCELL_CLASS
        b.putInt(5).putInt(8).putInt(1).putInt(1);      // dims 1x1
        b.putInt(1).putInt(nameLen).put(name.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        for (int i = 0; i < namePad; i++) b.put((byte) 0);
        b.put(child);
        return b.array();
    }

    @Test
    void anEmptyMatrixIsSkippedWithItsReasonAndTheRestIsWritten() throws Exception {
        save("e.mat", "{'Z': np.zeros((0, 0)), 'Y': np.zeros((3, 0)), 'B': np.eye(2)}");
        Run r = batch("--op", "svd", dir.resolve("e.mat").toString(), "-o", dir.resolve("e_out.mat").toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains(".mat: Z is empty (0x0 double); there is nothing to decompose"), r.out);
        assertTrue(r.out.contains(".mat: Y is empty (3x0 double)"), r.out);
        assertTrue(r.out.contains("variables: 1 done, 2 skipped, 0 failed"), r.out);
        assertTrue(names("e_out.mat").contains("['B_S', 'B_U', 'B_V', 'gpujacobi']"));
    }

    @Test
    void staleTemporaryFilesAreMatchedLiterallyNotAsGlobs() throws Exception {
        save("star*.mat", "{'A': np.eye(2)}");
        save("a{b.mat", "{'A': np.eye(2)}");
        Files.createDirectories(dir.resolve("out"));
        Path unknown = dir.resolve("out/.star*_eig.mat123.part"); // no owner lock can tell whether it is stale
        Path stale = dir.resolve("out/.gpujacobi-1-0000abcd.part"); // a temporary file nobody holds
        Files.write(unknown, new byte[]{1});
        Files.write(stale, new byte[]{1});
        Run r = batch("--op", "eig", "--quiet", dir.resolve("star*.mat").toString(), dir.resolve("a{b.mat").toString(),
                "-o", dir.resolve("out").toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(Files.exists(unknown), "a file that may be another program's is left alone");
        assertFalse(Files.exists(stale), "a stale temporary file is removed");
        assertTrue(Files.isRegularFile(dir.resolve("out/a{b_eig.mat")));
    }

    @Test
    void aRerunWithOtherOptionsRecomputesAndTheOptionsAreRecorded() throws Exception {
        save("s.mat", "{'G': np.arange(12.0).reshape(4, 3) + np.eye(4, 3)}");
        String in = dir.resolve("s.mat").toString(), out = dir.resolve("o").toString();
        assertEquals(0, batch("--op", "svd", "--quiet", in, "-o", out).code);
        Run same = batch("--op", "svd", "--quiet", in, "-o", out);
        assertTrue(same.out.contains("1 files (1 up to date"), same.out);
        Run econ = batch("--op", "svd", "--quiet", "--econ", in, "-o", out);
        assertTrue(econ.out.contains("1 files (0 up to date"), econ.out);
        Run single = batch("--op", "svd", "--quiet", "--econ", "--precision", "single", in, "-o", out);
        assertTrue(single.out.contains("1 files (0 up to date"), single.out);
        External.pythonChecks(dir,
                "import numpy as np, scipy.io as sio",
                "r = sio.loadmat('o/s_svd.mat'); g = r['gpujacobi'][0, 0]; o = g['options'][0, 0]",
                "assert r['G_U'].shape == (4, 3) and r['G_U'].dtype == np.float32",
                "assert o['op'][0] == 'svd' and o['econ'][0] == 'true' and o['precision'][0] == 'single'",
                "assert g['method'][0] == 'onesided', g['method']");
    }

    @Test
    void outputNamingTheInputItselfIsAUsageError() throws Exception {
        save("a.mat", "{'A': np.eye(2)}");
        byte[] before = Files.readAllBytes(dir.resolve("a.mat"));
        Run r = batch("--op", "eig", dir.resolve("a.mat").toString(), "-o", dir.resolve("a.mat").toString());
        assertEquals(2, r.code, r.out + r.err);
        assertTrue(r.err.contains("names the input " + dir.resolve("a.mat") + " itself"), r.err);
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("a.mat")));
    }

    @Test
    void anUnknownMethodIsAUsageErrorListingTheMethods() throws Exception {
        save("a.mat", "{'A': np.eye(2)}");
        Run r = batch("--op", "eig", "--method", "nope", dir.resolve("a.mat").toString(), "-o", dir.resolve("o").toString());
        assertEquals(2, r.code, r.out + r.err);
        assertTrue(r.err.contains("unknown Method 'nope' for eig; valid: auto, parallel, cyclic"), r.err);
        assertFalse(Files.exists(dir.resolve("o")));
        assertEquals(2, batch("--op", "svd", "--method", "cyclic", "a.mat", "-o", "o").code);
    }

    @Test
    void deviceGpuWithoutAGpuStopsBeforeAnyWork() throws Exception {
        Assumptions.assumeTrue(Backends.get().gpu() == null, "a GPU is present");
        save("a.mat", "{'A': np.eye(2)}");
        Run r = batch("--op", "eig", "--device", "gpu", dir.resolve("a.mat").toString(), "-o", dir.resolve("o").toString());
        assertEquals(2, r.code, r.out + r.err);
        assertTrue(r.err.contains("--device gpu, but no usable GPU: "), r.err);
        assertFalse(Files.exists(dir.resolve("o")));
    }

    static byte[] uncompressed(String name, Matrix m) throws Exception {
        Path f = Files.createTempFile("gpujacobi-test", ".mat");
        try {
            Sink sink = Sinks.newStreamingFile(f.toFile());
            Mat5.newWriter(sink).setDeflateLevel(0).writeMat(Mat5.newMatFile().addArray(name, m));
            sink.close();
            return Files.readAllBytes(f);
        } finally {
            Files.delete(f);
        }
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) o.write(p, 0, p.length);
        return o.toByteArray();
    }

    private static String repeat(char c, int n) {
        char[] a = new char[n];
        Arrays.fill(a, c);
        return new String(a);
    }

    /** A result is up to date for the input it was made from only: same name or an older date is not enough. */
    @Test
    void aResultIsUpToDateOnlyForTheInputItRecords() throws Exception {
        Files.createDirectories(dir.resolve("day1"));
        Files.createDirectories(dir.resolve("day2"));
        save("day2/data.mat", "{'A': np.diag([1.0, 2.0])}");
        save("day1/data.mat", "{'A': np.diag([10.0, 20.0])}");
        Files.setLastModifiedTime(dir.resolve("day2/data.mat"), java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(dir.resolve("day1/data.mat")).toMillis() - 60_000)); // as cp -p of an older file
        String out = dir.resolve("out").toString();
        assertEquals(0, batch("--op", "eig", "--quiet", dir.resolve("day1/data.mat").toString(), "-o", out).code);
        Run second = batch("--op", "eig", dir.resolve("day2/data.mat").toString(), "-o", out);
        assertEquals(0, second.code, second.out + second.err);
        assertFalse(second.out.contains(": up to date"), second.out);
        assertEquals("[1. 2.]", External.python(dir, "import scipy.io as sio; print(sio.loadmat('out/data_eig.mat')['A_D'].ravel())").trim());
        Run third = batch("--op", "eig", dir.resolve("day2/data.mat").toString(), "-o", out);
        assertTrue(third.out.contains(": up to date"), third.out);
    }

    /** -o the input folder, runs of several ops: earlier results are not inputs (they piled up as a_eig_svd.mat). */
    @Test
    void resultsInAnInputFolderAreNotDecomposedAgain() throws Exception {
        save("a.mat", "{'A': np.array([[2.0, 1.0], [1.0, 3.0]])}");
        for (String op : new String[]{"eig", "svd", "inv", "eig"}) {
            Run r = batch("--op", op, dir.toString(), "-o", dir.toString());
            assertEquals(0, r.code, op + ": " + r.out + r.err);
        }
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            String[] names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".mat")).sorted().toArray(String[]::new);
            assertArrayEquals(new String[]{"a.mat", "a_eig.mat", "a_inv.mat", "a_svd.mat"}, names);
        }
        Run r = batch("--op", "svd", "--force", dir.toString(), "-o", dir.toString());
        assertTrue(r.out.contains("skipped: " + dir.resolve("a_eig.mat") + ": a gpujacobi result, not decomposed again"), r.out);
        // named explicitly, a result is an input like any other
        Run named = batch("--op", "svd", "--quiet", dir.resolve("a_eig.mat").toString(), "-o", dir.resolve("o").toString());
        assertEquals(0, named.code, named.out + named.err);
        assertTrue(Files.exists(dir.resolve("o/a_eig_svd.mat")));
    }

    /** A re-run that keeps a result with failed variables still fails (it exited 0, "0 failed"). */
    @Test
    void aRerunCountsTheFailuresOfTheResultItKeeps() throws Exception {
        save("m.mat", "{'A': np.eye(3), 'R': np.ones((3, 5))}");
        String out = dir.resolve("out").toString();
        Run first = batch("--op", "eig", dir.resolve("m.mat").toString(), "-o", out);
        assertEquals(1, first.code, first.out + first.err);
        Run again = batch("--op", "eig", dir.resolve("m.mat").toString(), "-o", out);
        assertEquals(1, again.code, again.out + again.err);
        assertTrue(again.out.contains(": up to date"), again.out);
        assertTrue(again.err.contains("failed:  " + dir.resolve("m.mat") + ": R: ") && again.err.contains("kept from the earlier run"),
                again.err);
        assertTrue(again.out.contains("1 failed; op eig"), again.out);
    }

    /** hsvd: a bad J names the matrix and its signs variable (it said "J(2) = 2.0", naming neither). */
    @Test
    void hsvdSignsAreCheckedUnderTheirOwnNames() throws Exception {
        save("h.mat", "{'K': np.eye(4) + 0.1, 'K_J': np.array([1.0, 2.0, 1.0, -1.0]), 'G': np.eye(3), 'G_J': np.array([1.0, -1.0])}");
        Run r = batch("--op", "hsvd", dir.resolve("h.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains(dir.resolve("h.mat") + ": K: its signs K_J must be +1 or -1, but K_J(2) = 2"), r.err);
        assertTrue(r.err.contains(dir.resolve("h.mat") + ": G: its signs G_J must be a vector of 3 entries (one per column of G)"),
                r.err);
    }

    /**
     * Corrupt compressed data inside one variable fails that variable; the others are written (the file was lost).
     * Zeroed bytes still inflate, to other numbers: zlib's checksum tells (they were decomposed silently).
     */
    @Test
    void aCorruptVariableFailsAloneAndTheOthersAreWritten() throws Exception {
        for (String damage : new String[]{"bytes(x ^ 0xFF for x in d[mid:mid + 20])", "bytes(20)"}) {
            External.python(dir, String.join("\n",
                    "import numpy as np, scipy.io as sio, struct",
                    "r = np.random.default_rng(1)",
                    "s = lambda n: (lambda x: x + x.T)(r.standard_normal((n, n)))",
                    "sio.savemat('c.mat', {'a': s(6), 'b': s(40), 'c': s(5)}, do_compression=True)",
                    "d = bytearray(open('c.mat', 'rb').read())",
                    "pos, k = 128, 0",
                    "while pos < len(d):",
                    "    t, n = struct.unpack('<II', d[pos:pos + 8])",
                    "    if k == 1:",
                    "        mid = pos + 8 + n // 2",
                    "        d[mid:mid + 20] = " + damage,
                    "    pos += 8 + n; k += 1",
                    "open('c.mat', 'wb').write(d)"));
            Run r = batch("--op", "svd", "--force", dir.resolve("c.mat").toString(), "-o", dir.resolve("out").toString());
            assertEquals(1, r.code, damage + ": " + r.out + r.err);
            assertTrue(r.err.contains("failed:  " + dir.resolve("c.mat") + ": b cannot be read: its compressed data "), damage + ": " + r.err);
            assertTrue(r.err.contains("corrupt"), damage + ": " + r.err);
            assertEquals("['a_S', 'a_U', 'a_V', 'c_S', 'c_U', 'c_V', 'gpujacobi']", names("out/c_svd.mat").trim(), damage);
        }
    }

    /** A file without variables says so (it passed silently); a short file names the formats it may be. */
    @Test
    void anEmptyOrShortFileIsNamedWithItsReason() throws Exception {
        save("none.mat", "{}");
        Files.write(dir.resolve("short.mat"), new byte[94]);
        Run r = batch("--op", "eig", dir.resolve("none.mat").toString(), dir.resolve("short.mat").toString(), "-o", dir.resolve("out").toString());
        assertTrue(r.out.contains("skipped: " + dir.resolve("none.mat") + ": holds no variables"), r.out);
        assertTrue(r.err.contains("short.mat: too short to be a MAT v5/v6/v7 file (94 bytes") && r.err.contains("v4"), r.err);
    }

    /** A nearly singular inverse leaves its RCOND and the note in the result's record (only --quiet's console had it). */
    @Test
    void aNearlySingularInverseIsRecordedInTheResult() throws Exception {
        save("h.mat", "{'H': np.array([[1.0 / (i + j + 1) for j in range(12)] for i in range(12)]), 'E': np.eye(3)}");
        Run r = batch("--op", "inv", "--quiet", dir.resolve("h.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, r.code, r.out + r.err);
        String rec = External.python(dir, "import scipy.io as sio; r = sio.loadmat('out/h_inv.mat')['gpujacobi'][0, 0]['variables']\n"
                + "v = {str(e['name'][0]): e for e in r[:, 0]}\n"
                + "print(float(v['H']['rcond'][0, 0]) < 1e-15, str(v['H']['notes'][0]).startswith('nearly singular'),"
                + " float(v['E']['rcond'][0, 0]), repr(str(v['E']['notes'][0]) if v['E']['notes'].size else ''))");
        assertEquals("True True 1.0 ''", rec.trim());
    }

    /** hsvd: a variable that is no matrix is skipped as for the other ops (it failed as "needs the signs of J"). */
    @Test
    void hsvdSkipsWhatIsNoMatrix() throws Exception {
        save("s.mat", "{'G': np.eye(3), 'G_J': np.array([1.0, -1.0, 1.0]), 'txt': 'hello', 'st': {'a': 1}}");
        Run r = batch("--op", "hsvd", dir.resolve("s.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains(".mat: txt is a char, not a numeric array") && r.out.contains(".mat: st is a struct"), r.out);
    }
}
