package io.github.gpujacobi.cli;

import io.github.gpujacobi.testing.External;
import org.junit.jupiter.api.Test;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.MatlabType;
import us.hebi.matlab.mat.types.Matrix;
import us.hebi.matlab.mat.types.Sink;
import us.hebi.matlab.mat.types.Sinks;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The batch job end to end, with files written and read back by Octave and scipy. */
class BatchCommandTest {
    @TempDir
    Path dir;

    static final class Run {
        int code;
        String out, err;
    }

    static Run batch(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        Run r = new Run();
        String[] all = new String[args.length + 1];
        all[0] = "batch";
        System.arraycopy(args, 0, all, 1, args.length);
        r.code = Main.run(all, new PrintStream(o, true), new PrintStream(e, true));
        r.out = new String(o.toByteArray(), StandardCharsets.UTF_8);
        r.err = new String(e.toByteArray(), StandardCharsets.UTF_8);
        return r;
    }

    private Map<Path, byte[]> snapshot(Path... files) throws Exception {
        Map<Path, byte[]> m = new HashMap<Path, byte[]>();
        for (Path f : files) m.put(f, Files.readAllBytes(f));
        return m;
    }

    private void assertUnchanged(Map<Path, byte[]> before) throws Exception {
        for (Map.Entry<Path, byte[]> e : before.entrySet()) {
            assertArrayEquals(e.getValue(), Files.readAllBytes(e.getKey()), e.getKey() + " was modified");
        }
    }

    @Test
    void octaveV7AndV6FilesRoundTripThroughScipyAndOctave() throws Exception {
        External.octave(dir, "randn('seed',3); B = randn(7); A = B + B'; S = single(A(1:5,1:5)); "
                + "P = cat(3, A, 2*A); save('-v7', 'o7.mat', 'A', 'S', 'P'); G = randn(9, 4); save('-v6', 'o6.mat', 'G');");
        Map<Path, byte[]> before = snapshot(dir.resolve("o7.mat"), dir.resolve("o6.mat"));
        Run eig = batch("--op", "eig", "--quiet", dir.resolve("o7.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, eig.code, eig.err);
        Run svd = batch("--op", "svd", "--quiet", dir.resolve("o6.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, svd.code, svd.err);
        assertUnchanged(before);
        External.pythonChecks(dir,
                "import numpy as np, scipy.io as sio",
                "i = sio.loadmat('o7.mat'); r = sio.loadmat('out/o7_eig.mat')",
                "A, V, D = i['A'], r['A_V'], r['A_D']",
                "assert D.shape == (7, 1) and np.all(np.diff(D[:, 0]) >= 0)",
                "assert np.linalg.norm(A @ V - V * D.T) / np.linalg.norm(A) < 1e-14",
                "assert np.linalg.norm(V.T @ V - np.eye(7)) < 1e-13",
                "assert np.allclose(D[:, 0], np.linalg.eigvalsh(A), atol=1e-13 * np.abs(D).max())",
                "assert r['S_V'].dtype == np.float32 and r['S_D'].dtype == np.float32",
                "assert r['P_D'].shape == (7, 1, 2) and np.allclose(r['P_D'][:, 0, 1], 2 * D[:, 0])",
                "g = r['gpujacobi'][0, 0]; assert g['operation'][0] == 'eig'",
                "v = g['variables']; assert v[0, 0]['name'][0] == 'A' and v[0, 0]['converged'][0, 0]",
                "s = sio.loadmat('out/o6_svd.mat'); G = sio.loadmat('o6.mat')['G']",
                "U, S, W = s['G_U'], s['G_S'], s['G_V']",
                "assert U.shape == (9, 9) and S.shape == (4, 1) and W.shape == (4, 4)",
                "assert np.allclose(S[:, 0], np.linalg.svd(G, compute_uv=False), rtol=1e-13)",
                "assert np.linalg.norm(G - U[:, :4] @ np.diag(S[:, 0]) @ W.T) < 1e-13 * np.linalg.norm(G)");
        String oct = External.octave(dir, "load('out/o7_eig.mat'); load('o7.mat'); "
                + "assert(norm(A*A_V - A_V*diag(A_D)) < 1e-13*norm(A)); assert(isa(S_D, 'single')); "
                + "assert(issorted(A_D)); assert(max(abs(A_D - eig(A))) < 1e-12); disp('ok')");
        assertTrue(oct.contains("ok"), oct);
    }

    @Test
    void badVariablesAreSkippedOrFailedAndTheRestIsDone() throws Exception {
        External.python(dir, String.join("\n",
                "import numpy as np, scipy.io as sio, scipy.sparse as sp",
                "r = np.random.default_rng(1); B = r.standard_normal((6, 6))",
                "sio.savemat('mixed.mat', {'A': B + B.T, 'R': r.standard_normal((3, 4)), 'N': np.array([[1, np.nan], [np.nan, 1]]),",
                "  'U': B, 'txt': 'hello', 'st': {'x': 1}, 'c': np.array([[1, 2j], [2j, 1]]), 'sp': sp.eye(3).tocsc(),",
                "  'L': np.eye(2, dtype=bool), 'I8': np.array([[2, 1], [1, 2]], dtype=np.int8), 'cel': np.array([1, 'a'], dtype=object)},",
                "  do_compression=True)"));
        Map<Path, byte[]> before = snapshot(dir.resolve("mixed.mat"));
        Run r = batch("--op", "eig", dir.resolve("mixed.mat").toString(), "-o", dir.resolve("res.mat").toString());
        assertEquals(1, r.code);
        assertUnchanged(before);
        assertTrue(r.err.contains("R must be square (each page n x n), but it is 3x4 double"), r.err);
        assertTrue(r.err.contains("N contains NaN at (2,1)"), r.err);
        assertTrue(r.err.contains("U must be symmetric"), r.err);
        assertTrue(r.out.contains(".mat: txt is a char, not a numeric array"), r.out);
        assertTrue(r.out.contains(".mat: st is a struct"), r.out);
        assertTrue(r.err.contains("c must be Hermitian"), r.err);
        assertTrue(r.out.contains(".mat: sp is a sparse"), r.out);
        assertTrue(r.out.contains(".mat: cel is a cell"), r.out);
        assertTrue(r.out.contains("int8 converted to double"), r.out);
        assertTrue(r.out.contains("logical converted to double"), r.out);
        assertTrue(r.out.contains("variables: 3 done (2 integer/logical converted to double), 4 skipped, 4 failed"), r.out);
        String check = External.python(dir, "import scipy.io as sio; r = sio.loadmat('res.mat'); "
                + "print(sorted(k for k in r if not k.startswith('__'))); "
                + "nd = {str(e['name'][0]): str(e['status'][0]) + ': ' + str(e['reason'][0]) for e in r['gpujacobi'][0, 0]['not_done'][:, 0]}; "
                + "print(sorted(nd)); print(nd['R']); "
                + "print(sorted(str(e['name'][0]) for e in r['gpujacobi'][0, 0]['variables'][:, 0]))");
        assertTrue(check.contains("['A_D', 'A_V', 'I8_D', 'I8_V', 'L_D', 'L_V', 'gpujacobi']"), check);
        assertTrue(check.contains("['N', 'R', 'U', 'c', 'cel', 'sp', 'st', 'txt']"), check);
        assertTrue(check.matches("(?s).*\\nfailed: [^\\n]*R must be square \\(each page n x n\\), but it is 3x4 double.*"), check);
        assertTrue(check.contains("['A', 'I8', 'L']"), check);
    }

    /** Complex variables: eig, svd, inv against numpy; complex X_V, X_U, X_inv, real X_D, X_S; hsvd skips them. */
    @Test
    void complexVariablesAreDecomposedAndCheckedAgainstNumpy() throws Exception {
        External.python(dir, String.join("\n",
                "import numpy as np, scipy.io as sio",
                "r = np.random.default_rng(16); c = lambda *s: r.standard_normal(s) + 1j * r.standard_normal(s)",
                "B = c(6, 6); H = B + B.conj().T + 12 * np.eye(6)",
                "P = np.stack([h + h.conj().T + 8 * np.eye(3) for h in (c(3, 3), c(3, 3))], axis=2)",
                "sio.savemat('z.mat', {'H': H, 'Hs': H.astype(np.complex64), 'P': P})",
                "sio.savemat('r.mat', {'Z': c(5, 4), 'Zs': c(4, 5).astype(np.complex64)})"));
        Path out = dir.resolve("out");
        for (String op : new String[]{"eig", "svd", "inv"}) {
            Run run = batch("--op", op, "--quiet", "--exact-residual", dir.resolve("z.mat").toString(), "-o", out.toString());
            assertEquals(0, run.code, op + ": " + run.out + run.err);
        }
        Run svd = batch("--op", "svd", "--quiet", dir.resolve("r.mat").toString(), "-o", out.toString());
        assertEquals(0, svd.code, svd.out + svd.err);
        External.pythonChecks(dir,
                "import numpy as np, scipy.io as sio",
                "i = sio.loadmat('z.mat'); H, P = i['H'], i['P']; nrm = np.linalg.norm",
                "e = sio.loadmat('out/z_eig.mat'); V, D = e['H_V'], e['H_D']",
                "assert V.dtype == np.complex128 and D.dtype == np.float64 and D.shape == (6, 1)",
                "assert np.allclose(D[:, 0], np.linalg.eigvalsh(H), rtol=0, atol=1e-13 * nrm(H, 2))",
                "res = nrm(H @ V - V * D.T) / nrm(H); assert res < 1e-14, res",
                "assert nrm(V.conj().T @ V - np.eye(6)) < 1e-13",
                "g = {str(v['name'][0]): v for v in e['gpujacobi'][0, 0]['variables'][:, 0]}; rep = g['H']['residual'][0, 0]",
                "assert abs(rep - res) <= 0.25 * res, (rep, res)  # both at rounding level: ComplexResidualsTest checks the formula",
                "assert e['Hs_V'].dtype == np.complex64 and e['Hs_D'].dtype == np.float32",
                "assert np.allclose(e['Hs_D'][:, 0], np.linalg.eigvalsh(H), rtol=0, atol=1e-5 * nrm(H, 2))",
                "assert e['P_V'].shape == (3, 3, 2) and e['P_D'].shape == (3, 1, 2)",
                "for k in range(2):",
                "    Vk, dk = e['P_V'][:, :, k], e['P_D'][:, 0, k]",
                "    assert nrm(P[:, :, k] @ Vk - Vk * dk) < 1e-13 * nrm(P[:, :, k])",
                "    assert np.allclose(dk, np.linalg.eigvalsh(P[:, :, k]), rtol=1e-13)",
                "s = sio.loadmat('out/z_svd.mat'); U, S, W = s['H_U'], s['H_S'], s['H_V']",
                "assert U.dtype == np.complex128 and S.dtype == np.float64 and W.dtype == np.complex128",
                "assert np.allclose(S[:, 0], np.linalg.svd(H, compute_uv=False), rtol=1e-13)",
                "assert nrm(H - U @ np.diag(S[:, 0]) @ W.conj().T) < 1e-13 * nrm(H)",
                "x = sio.loadmat('out/z_inv.mat'); X = x['H_inv']",
                "assert X.dtype == np.complex128 and np.allclose(X, np.linalg.inv(H), rtol=0, atol=1e-14 * nrm(np.linalg.inv(H)))",
                "assert x['Hs_inv'].dtype == np.complex64 and np.allclose(x['Hs_inv'], np.linalg.inv(H), rtol=0, atol=1e-5 * nrm(X))",
                "assert np.allclose(x['P_inv'][:, :, 1], np.linalg.inv(P[:, :, 1]), rtol=0, atol=1e-13 * nrm(np.linalg.inv(P[:, :, 1])))",
                "z = sio.loadmat('r.mat'); t = sio.loadmat('out/r_svd.mat')",
                "for n, tol in (('Z', 1e-13), ('Zs', 1e-5)):",
                "    A, U, S, W = z[n], t[n + '_U'], t[n + '_S'][:, 0], t[n + '_V']",
                "    k = len(S); assert U.shape[0] == A.shape[0] and W.shape[0] == A.shape[1]",
                "    assert np.allclose(S, np.linalg.svd(A, compute_uv=False), rtol=tol)",
                "    assert nrm(A - U[:, :k] @ np.diag(S) @ W[:, :k].conj().T) < tol * nrm(A)");
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('h.mat', {'G': np.ones((3, 2)) * 1j, 'G_J': np.array([[1.0, -1.0]])})");
        Run hsvd = batch("--op", "hsvd", dir.resolve("h.mat").toString(), "-o", dir.resolve("h_out.mat").toString());
        assertTrue(hsvd.out.contains(".mat: G is complex; the hyperbolic SVD (--op hsvd) takes real matrices only"), hsvd.out + hsvd.err);
    }

    /** --precision single on double data beyond single's range fails that variable (it became Inf, or zeros decomposed as if right). */
    @Test
    void precisionSingleRefusesValuesSingleCannotHold() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; r = np.random.default_rng(8); A = r.standard_normal((3, 3)); "
                + "sio.savemat('p.mat', {'Big': A * 1e300, 'Tiny': A * 1e-300, 'ZBig': A * (1e300 + 1e300j), "
                + "'ZTiny': A * 1e-300j, 'Pg': np.stack([A, A * 1e-45], axis=2), 'Ok': A, 'Zero': np.zeros((2, 2))})");
        Path out = dir.resolve("p_out.mat");
        Run r = batch("--op", "svd", "--precision", "single", "--device", "cpu", dir.resolve("p.mat").toString(), "-o", out.toString());
        assertEquals(1, r.code, r.out + r.err);
        String all = r.out + r.err;
        for (String v : new String[]{"Big", "ZBig"}) assertTrue(all.matches("(?s).*: " + v + " has an entry of magnitude [^\\n]*beyond single.s range.*"), all);
        for (String v : new String[]{"Tiny", "ZTiny"}) assertTrue(all.contains(v + " has entries of magnitude at most"), all);
        assertTrue(all.contains("Pg (page 2) has entries of magnitude at most"), all);
        assertTrue(all.contains("2 done") && all.contains("5 failed"), all);
        assertTrue(all.matches("(?s).*Ok[^\\n]*double[^\\n]*\\(computed in single\\).*"), all); // the line says what ran
        Run keep = batch("--op", "svd", "--device", "cpu", "--force", dir.resolve("p.mat").toString(), "-o", out.toString());
        assertEquals(0, keep.code, keep.out + keep.err);
    }

    /** A method complex input lacks fails each complex variable by name (the lines were identical); real ones are done. */
    @Test
    void aRealOnlyMethodNamesEachComplexVariableItFails() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('m.mat', {'Z1': np.eye(3) * (1 + 0j) + 1j * np.eye(3, k=1) "
                + "- 1j * np.eye(3, k=-1), 'Z2': np.eye(2) * (2 + 0j), 'R': np.eye(4)})");
        Run r = batch("--op", "eig", "--method", "hyperbolic", "--device", "cpu", dir.resolve("m.mat").toString(),
                "-o", dir.resolve("m_out.mat").toString());
        assertEquals(1, r.code, r.out + r.err);
        String all = r.out + r.err;
        for (String v : new String[]{"Z1", "Z2"}) {
            assertTrue(all.contains(v + " is complex, and Method 'hyperbolic' is not implemented for complex input (eig)"), all);
        }
        assertTrue(all.contains("1 done"), all);
    }

    /** A result that hit the sweep limit is written but counted, warned about in the summary, and exits 3. */
    @Test
    void nonConvergenceIsCountedInTheSummary() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; r = np.random.default_rng(4); B = r.standard_normal((40, 40)); "
                + "sio.savemat('nc.mat', {'A': B + B.T, 'D': np.diag([1.0, 2.0, 3.0])})");
        Run r = batch("--op", "eig", "--method", "parallel", "--max-sweeps", "1", dir.resolve("nc.mat").toString(),
                "-o", dir.resolve("nc_out").toString());
        assertEquals(3, r.code, r.err); // written, but not what the options promise: not "all done" (it exited 0)
        assertTrue(r.out.contains("2 done (1 NOT converged"), r.out);
        assertTrue(r.err.contains("warning: 1 result NOT converged") && r.err.contains("exit status 3"), r.err);
    }

    /**
     * A kept result's unconverged variables still count: a re-run that finds it up to date exits 3 and warns, as the run
     * that wrote it did; enough sweeps (other options, so recomputed) make it 0.
     */
    @Test
    void aKeptResultThatDidNotConvergeStillCounts() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; r = np.random.default_rng(5); B = r.standard_normal((30, 30)); "
                + "C = r.standard_normal((20, 20)); sio.savemat('kc.mat', {'A': B + B.T, 'C': C + C.T, 'D': np.eye(3)})");
        String in = dir.resolve("kc.mat").toString(), out = dir.resolve("kc_out").toString();
        Run first = batch("--op", "eig", "--method", "parallel", "--max-sweeps", "1", in, "-o", out);
        assertEquals(3, first.code, first.out + first.err);
        assertTrue(first.out.contains("3 done (2 NOT converged"), first.out);
        Run again = batch("--op", "eig", "--method", "parallel", "--max-sweeps", "1", in, "-o", out);
        assertEquals(3, again.code, again.out + again.err); // it exited 0: the kept result was "all done"
        assertTrue(again.out.contains(": up to date (") && again.out.contains("2 NOT converged (kept from the earlier run)"),
                again.out);
        assertTrue(again.out.contains("up to date (2 not converged)"), again.out);
        assertTrue(again.err.contains("warning: 2 results NOT converged") && again.err.contains("exit status 3"), again.err);
        Run enough = batch("--op", "eig", "--method", "parallel", "--force", "--max-sweeps", "60", in, "-o", out);
        assertEquals(0, enough.code, enough.out + enough.err);
        assertFalse(enough.err.contains("NOT converged"), enough.err);
        Run kept = batch("--op", "eig", "--method", "parallel", "--max-sweeps", "60", in, "-o", out);
        assertEquals(0, kept.code, kept.out + kept.err);
        assertTrue(kept.out.contains("1 files (1 up to date"), kept.out);
    }

    @Test
    void badFilesAreExplainedAndOtherFilesCarryOn() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('good.mat', {'A': np.eye(3)}); "
                + "sio.savemat('big.mat', {'B': np.ones((50, 50)) + 50 * np.eye(50)})");
        byte[] big = Files.readAllBytes(dir.resolve("big.mat"));
        Files.write(dir.resolve("truncated.mat"), Arrays.copyOf(big, big.length / 2));
        byte[] junk = new byte[300];
        Arrays.fill(junk, (byte) 'x');
        Files.write(dir.resolve("junk.mat"), junk);
        byte[] h5 = new byte[1024];
        byte[] text = "MATLAB 7.3 MAT-file, Platform: GLNXA64, Created on: Mon Jan  1 00:00:00 2024 HDF5 schema 1.00 .".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, h5, 0, text.length);
        Files.write(dir.resolve("v73.mat"), h5);
        Map<Path, byte[]> before = snapshot(dir.resolve("good.mat"), dir.resolve("truncated.mat"), dir.resolve("junk.mat"), dir.resolve("v73.mat"));
        Run r = batch("--op", "inv", "--quiet", dir.toString(), dir.resolve("missing.mat").toString(), "-o", dir.resolve("out").toString());
        assertEquals(1, r.code);
        assertUnchanged(before);
        assertTrue(r.err.contains("v73.mat: is a MATLAB v7.3 (HDF5) file, which is not supported; save it with save(..., '-v7')"), r.err);
        assertTrue(r.err.contains("truncated.mat: truncated") || r.err.contains("truncated.mat: not a readable MAT file"), r.err);
        assertTrue(r.err.contains("junk.mat: not a MAT v5/v6/v7 file"), r.err);
        assertTrue(r.err.contains("missing.mat: no such file or folder"), r.err);
        assertTrue(Files.exists(dir.resolve("out/good_inv.mat")));
        assertTrue(Files.exists(dir.resolve("out/big_inv.mat")));
        assertFalse(Files.exists(dir.resolve("out/v73_inv.mat")));
        try (Stream<Path> s = Files.list(dir.resolve("out"))) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary files left");
        }
    }

    @Test
    void singularForInvIsReported() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('s.mat', {'Sg': np.ones((3, 3)), 'OK': 2 * np.eye(2)})");
        Map<Path, byte[]> before = snapshot(dir.resolve("s.mat"));
        Run r = batch("--op", "inv", "--quiet", dir.resolve("s.mat").toString(), "-o", dir.resolve("o").toString());
        assertEquals(15, Files.readAllBytes(dir.resolve("o/s_inv.mat"))[128], "results are compressed by default");
        assertEquals(1, r.code);
        assertUnchanged(before);
        assertTrue(r.err.contains("Sg is singular to working precision"), r.err);
        String check = External.python(dir, "import scipy.io as sio; r = sio.loadmat('o/s_inv.mat'); print(round(r['OK_inv'][0, 0], 12), 'Sg_inv' in r)");
        assertTrue(check.contains("0.5 False"), check);
    }

    @Test
    void mflWrittenFilesCompressedOrNotAreDecomposed() throws Exception {
        Matrix a = Mat5.newMatrix(6, 4);
        Matrix p = Mat5.newMatrix(new int[]{5, 3, 2}, MatlabType.Single);
        for (int i = 0; i < 24; i++) a.setDouble(i, Math.sin(i + 1) + (i % 7 == 0 ? 3 : 0));
        for (int i = 0; i < 30; i++) p.setFloat(i, (float) Math.cos(0.3 * i * i));
        Mat5.writeToFile(Mat5.newMatFile().addArray("A", a).addArray("P", p), dir.resolve("mfl7.mat").toFile());
        Sink sink = Sinks.newStreamingFile(dir.resolve("mfl6.mat").toFile());
        Mat5.newWriter(sink).setDeflateLevel(0).writeMat(Mat5.newMatFile().addArray("A", a));
        sink.close();
        Map<Path, byte[]> before = snapshot(dir.resolve("mfl7.mat"), dir.resolve("mfl6.mat"));
        Run r = batch("--op", "svd", "--econ", "--quiet", dir.resolve("mfl7.mat").toString(), dir.resolve("mfl6.mat").toString(),
                "-o", dir.resolve("out").toString());
        assertEquals(0, r.code, r.err);
        assertUnchanged(before);
        External.pythonChecks(dir,
                "import numpy as np, scipy.io as sio",
                "for f in ('mfl7', 'mfl6'):",
                "    i = sio.loadmat(f + '.mat'); o = sio.loadmat('out/%s_svd.mat' % f)",
                "    A, U, S, V = i['A'], o['A_U'], o['A_S'], o['A_V']",
                "    assert U.shape == (6, 4) and S.shape == (4, 1) and V.shape == (4, 4)",
                "    assert np.all(np.diff(S[:, 0]) <= 0)",
                "    assert np.linalg.norm(A - U @ np.diag(S[:, 0]) @ V.T) < 1e-14 * np.linalg.norm(A) * 10",
                "    assert np.linalg.norm(U.T @ U - np.eye(4)) < 1e-13",
                "    assert np.allclose(S[:, 0], np.linalg.svd(A, compute_uv=False), rtol=1e-13)",
                "o = sio.loadmat('out/mfl7_svd.mat'); P = sio.loadmat('mfl7.mat')['P']",
                "assert o['P_S'].dtype == np.float32 and o['P_S'].shape == (3, 1, 2)",
                "for k in range(2):",
                "    assert np.allclose(o['P_S'][:, 0, k], np.linalg.svd(P[:, :, k].astype(float), compute_uv=False), rtol=1e-5)");
    }

    @Test
    void hsvdTakesSignsFromXJOrJAndExplainsAMissingJ() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; r = np.random.default_rng(4); "
                + "sio.savemat('h.mat', {'G': r.standard_normal((5, 3)), 'G_J': np.array([[1.], [-1.], [1.]]), "
                + "'H': r.standard_normal((4, 2))})");
        Map<Path, byte[]> before = snapshot(dir.resolve("h.mat"));
        Run r = batch("--op", "hsvd", dir.resolve("h.mat").toString(), "-o", dir.resolve("h_out.mat").toString());
        assertEquals(1, r.code);
        assertUnchanged(before);
        assertTrue(r.out.contains(".mat: G_J is the J (signs) of G"), r.out);
        assertTrue(r.err.contains("H needs the signs of J = diag(signs) for the hyperbolic SVD: store them in the file as H_J"), r.err);
        assertFalse(r.err.contains("G needs the signs"), r.err);
    }

    @Test
    void blockedTargetFailsThatFileOnlyAndLeavesNoTemporaryFile() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('a.mat', {'A': np.eye(2)}); "
                + "sio.savemat('b.mat', {'B': 3 * np.eye(3)})");
        Files.createDirectories(dir.resolve("out/a_eig.mat/occupied"));
        Map<Path, byte[]> before = snapshot(dir.resolve("a.mat"), dir.resolve("b.mat"));
        Run r = batch("--op", "eig", "--quiet", dir.resolve("a.mat").toString(), dir.resolve("b.mat").toString(),
                "-o", dir.resolve("out").toString());
        assertEquals(1, r.code);
        assertUnchanged(before);
        assertTrue(r.err.contains(dir.resolve("out/a_eig.mat") + " exists and is not a gpujacobi result (it is not a regular file): "
                + "not overwritten"), r.err);
        assertTrue(Files.isRegularFile(dir.resolve("out/b_eig.mat")), "the other file was processed");
        try (Stream<Path> s = Files.list(dir.resolve("out"))) {
            assertTrue(s.noneMatch(f -> f.getFileName().toString().endsWith(".part")), "no temporary files left");
        }
    }

    @Test
    void unwritableOutputIsExplained() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('a.mat', {'A': np.eye(2)})");
        Files.write(dir.resolve("notafolder"), new byte[]{1});
        Map<Path, byte[]> before = snapshot(dir.resolve("a.mat"), dir.resolve("notafolder"));
        Run r = batch("--op", "eig", "--quiet", dir.resolve("a.mat").toString(), "-o", dir.resolve("notafolder/sub").toString());
        assertEquals(1, r.code);
        assertUnchanged(before);
        assertTrue(r.err.contains("cannot write " + dir.resolve("notafolder/sub/a_eig.mat")), r.err);
    }

    @Test
    void varsSelectsAndNamesTheMissingOnes() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('v.mat', {'A': np.eye(2), 'B': 2 * np.eye(3)}); "
                + "sio.savemat('z.mat', {'Z': np.eye(2)})");
        Run r = batch("--op", "eig", "--vars", "B,Z", "--no-compress", dir.resolve("v.mat").toString(), dir.resolve("z.mat").toString(),
                "-o", dir.resolve("o").toString());
        assertEquals(0, r.code, r.err);
        byte[] res = Files.readAllBytes(dir.resolve("o/v_eig.mat"));
        assertEquals(14, res[128], "--no-compress: the first element is a plain miMATRIX (14), not miCOMPRESSED (15)");
        assertTrue(r.out.contains(".mat: Z (--vars) is not in this file"), r.out);
        String check = External.python(dir, "import scipy.io as sio; print(sorted(k for k in sio.loadmat('o/v_eig.mat') if not k.startswith('__')))");
        assertTrue(check.contains("['B_D', 'B_V', 'gpujacobi']"), check);
    }

    /** The README's main job: every bundled example file converts cleanly with each operation it is meant for. */
    @Test
    void bundledExampleDataConverts() throws Exception {
        Path data = java.nio.file.Paths.get("..", "examples", "data").toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(data.resolve("covariances.mat")), "example data at " + data);
        Run eig = batch("--op", "eig", "--quiet", data.resolve("covariances.mat").toString(), data.resolve("pages.mat").toString(),
                data.resolve("system.mat").toString(), "-o", dir.toString());
        assertEquals(0, eig.code, eig.err + eig.out);
        Run svd = batch("--op", "svd", "--econ", "--quiet", data.resolve("snapshots.mat").toString(), "-o", dir.toString());
        assertEquals(0, svd.code, svd.err + svd.out);
        Run inv = batch("--op", "inv", "--quiet", data.resolve("system.mat").toString(), "-o", dir.toString());
        assertEquals(0, inv.code, inv.err + inv.out);
        External.pythonChecks(dir,
                "import numpy as np, scipy.io as sio",
                "d = '" + data.toString().replace("\\", "/") + "/'",
                "i = sio.loadmat(d + 'covariances.mat'); o = sio.loadmat('covariances_eig.mat')",
                "for n in ('C_signals', 'C_ar1'):",
                "    A, V, D = i[n], o[n + '_V'], o[n + '_D']",
                "    assert np.linalg.norm(A @ V - V * D.T) < 1e-13 * np.linalg.norm(A)",
                "    assert np.allclose(D[:, 0], np.linalg.eigvalsh(A), rtol=0, atol=1e-13 * np.abs(D).max())",
                "P = sio.loadmat(d + 'pages.mat')['pages']; o = sio.loadmat('pages_eig.mat')",
                "assert o['pages_D'].shape == (12, 1, 8)",
                "for k in range(8):",
                "    assert np.allclose(o['pages_D'][:, 0, k], np.linalg.eigvalsh(P[:, :, k]), atol=1e-12)",
                "K = sio.loadmat(d + 'system.mat')['K']; X = sio.loadmat('system_inv.mat')['K_inv']",
                "assert np.linalg.norm(K @ X - np.eye(K.shape[0])) < 1e-13",
                "S = sio.loadmat('snapshots_svd.mat'); assert S['snapshots_S'].dtype == np.float32 and S['snapshots_U'].shape == (20, 6)");
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertEquals(2, batch("--op", "qr", "x.mat", "-o", "y").code);
        assertEquals(2, batch("x.mat", "-o", "y").code);
        assertEquals(2, batch("--op", "eig", "x.mat").code);
        Run r = batch("--op", "eig", "--device", "tpu", "x.mat", "-o", "y");
        assertEquals(2, r.code);
        assertTrue(r.err.contains("unknown device 'tpu'"), r.err);
    }

    @Test
    void killedBatchResumesAndCompletes() throws Exception {
        StringBuilder py = new StringBuilder("import numpy as np, scipy.io as sio\nr = np.random.default_rng(2)\n");
        py.append("for i in range(6):\n    B = r.standard_normal((180, 180)); sio.savemat('in/f%d.mat' % i, {'A': B + B.T})\n");
        Files.createDirectories(dir.resolve("in"));
        External.python(dir, py.toString());
        String java = Paths.javaExe();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "io.github.gpujacobi.cli.Main", "batch", "--op", "eig", "--quiet", "in", "-o", "out")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile());
        Process p = pb.start();
        Path first = dir.resolve("out/f0_eig.mat");
        long deadline = System.currentTimeMillis() + 60000;
        while (!Files.exists(first) && System.currentTimeMillis() < deadline && p.isAlive()) Thread.sleep(20);
        p.destroyForcibly().waitFor();
        long doneBefore;
        try (Stream<Path> s = Files.list(dir.resolve("out"))) {
            doneBefore = s.filter(f -> f.getFileName().toString().endsWith("_eig.mat")).count();
        }
        assertTrue(doneBefore < 6, "the batch was killed before it finished (" + doneBefore + " done)");
        Run r = batch("--op", "eig", "--jobs", "2", dir.resolve("in").toString(), "-o", dir.resolve("out").toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("up to date"), r.out);
        External.pythonChecks(dir,
                "import numpy as np, scipy.io as sio, os",
                "for i in range(6):",
                "    A = sio.loadmat('in/f%d.mat' % i)['A']; r = sio.loadmat('out/f%d_eig.mat' % i)",
                "    assert np.linalg.norm(A @ r['A_V'] - r['A_V'] * r['A_D'].T) < 1e-12 * np.linalg.norm(A)",
                "assert not [f for f in os.listdir('out') if f.endswith('.part')]");
        Run again = batch("--op", "eig", "--quiet", dir.resolve("in").toString(), "-o", dir.resolve("out").toString());
        assertTrue(again.out.contains("6 files (6 up to date"), again.out);
    }

    static final class Paths {
        static String javaExe() {
            return Files.exists(java.nio.file.Paths.get(System.getProperty("java.home"), "bin", "java"))
                    ? java.nio.file.Paths.get(System.getProperty("java.home"), "bin", "java").toString() : "java";
        }
    }
}
