package io.github.gpujacobi.cli;

import io.github.gpujacobi.cli.BatchCommandTest.Run;
import io.github.gpujacobi.testing.External;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.github.gpujacobi.cli.BatchCommandTest.batch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Variable names beyond MATLAB identifiers: non-ASCII names survive, and every variable is in the record. */
class BatchNamesTest {
    @TempDir
    Path dir;

    /**
     * scipy writes names as Latin-1 bytes (older writers) and reads them back as Latin-1; results are UTF-8 (as MATLAB R2019b and
     * later write them), so the check decodes scipy's keys as UTF-8. They were written as '?' (na?ve_V), naïve and
     * naöve were both read as "na" U+FFFD "ve" and refused as one name appearing twice, and a-b was missing from
     * not_done, so a re-run forgot its failure.
     */
    @Test
    void nonAsciiAndNonIdentifierNamesAreWrittenAndRecorded() throws Exception {
        External.python(dir, "import numpy as np, scipy.io as sio; sio.savemat('n.mat', {'naïve': np.diag([1.0, 2.0]), "
                + "'naïvé': np.diag([3.0, 4.0]), 'naöve': np.diag([7.0, 8.0]), 'a-b': np.ones((3, 5)), "
                // a UTF-8 name, as MATLAB R2019b and later write them (scipy writes the key's code points as bytes)
                + "'Ωmega'.encode('utf-8').decode('latin1'): np.diag([5.0, 6.0])})");
        String in = dir.resolve("n.mat").toString(), out = dir.resolve("out").toString();
        Run r = batch("--op", "eig", in, "-o", out);
        assertEquals(1, r.code, r.out + r.err);
        assertFalse(r.err.contains("crafted"), r.err);
        assertTrue(r.out.contains("n.mat:naïve ") && r.out.contains("n.mat:naïvé ") && r.out.contains("n.mat:naöve ")
                && r.out.contains("n.mat:Ωmega "), r.out);
        assertTrue(r.err.contains("a-b must be square"), r.err);
        External.pythonChecks(dir,
                "import numpy as np, scipy.io as sio",
                "raw = sio.loadmat('out/n_eig.mat')",
                "r = {k.encode('latin1').decode('utf-8'): v for k, v in raw.items() if not k.startswith('__')}",
                "assert sorted(r) == ['gpujacobi', 'naïve_D', 'naïve_V', 'naïvé_D', 'naïvé_V', 'naöve_D', 'naöve_V', 'Ωmega_D', 'Ωmega_V'], sorted(r)",
                "assert list(r['naïve_D'][:, 0]) == [1.0, 2.0] and list(r['naïvé_D'][:, 0]) == [3.0, 4.0]",
                "assert list(r['Ωmega_D'][:, 0]) == [5.0, 6.0] and list(r['naöve_D'][:, 0]) == [7.0, 8.0]",
                "g = r['gpujacobi'][0, 0]",
                "v = g['variables']; assert v.shape == (4, 1), v.shape",
                "assert [str(v[i, 0]['name'][0]) for i in range(4)] == ['naïve', 'naïvé', 'naöve', 'Ωmega']",
                "nd = g['not_done']; assert nd.shape == (1, 1), nd.shape",
                "assert str(nd[0, 0]['name'][0]) == 'a-b' and str(nd[0, 0]['status'][0]) == 'failed'",
                "assert 'must be square' in str(nd[0, 0]['reason'][0])",
                "s = g['source'][0, 0]; assert s['bytes'].dtype == np.float64 and s['bytes'][0, 0] > 0, s['bytes']",
                "assert s['modified'].dtype == np.float64 and s['modified'][0, 0] > 1e12");
        // the re-run keeps the result and still reports the failure of a-b (it said "0 failed", exit 0)
        Run again = batch("--op", "eig", in, "-o", out);
        assertEquals(1, again.code, again.out + again.err);
        assertTrue(again.out.contains(": up to date"), again.out);
        assertTrue(again.err.contains(": a-b: ") && again.err.contains("kept from the earlier run"), again.err);
    }
}
