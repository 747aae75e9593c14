package io.github.gpujacobi.bench;

import io.github.gpujacobi.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bench command end to end at tiny sizes on the CPU: rows, accuracy columns, CSV/JSON/PNG output. No timing asserted. */
class BenchCommandTest {
    @TempDir
    Path dir;

    private static String[] run(int expectCode, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        String[] all = new String[args.length + 1];
        all[0] = "bench";
        System.arraycopy(args, 0, all, 1, args.length);
        int code = Main.run(all, new PrintStream(o, true), new PrintStream(e, true));
        String out = new String(o.toByteArray(), StandardCharsets.UTF_8), err = new String(e.toByteArray(), StandardCharsets.UTF_8);
        assertEquals(expectCode, code, out + err);
        return new String[]{out, err};
    }

    /** Splits one CSV line, honouring the quoted note column. */
    private static List<String> fields(String line) {
        List<String> f = new ArrayList<String>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '"') quoted = !quoted;
            else if (c == ',' && !quoted) { f.add(cur.toString()); cur.setLength(0); }
            else cur.append(c);
        }
        f.add(cur.toString());
        return f;
    }

    /** Where the results go is checked before the runs; a missing --plot-from file is named with the reason. */
    @Test
    void missingFoldersAndFilesAreNamedBeforeAnyRun() {
        String[] r = run(2, "--op", "eig", "--n", "4", "--out", dir.resolve("nope/r.csv").toString());
        assertTrue(r[1].contains("--out " + dir.resolve("nope/r.csv") + ": the folder " + dir.resolve("nope") + " does not exist"), r[1]);
        assertTrue(r[0].isEmpty(), "no row ran: " + r[0]);
        String[] p = run(1, "--plot-from", dir.resolve("none.csv").toString(), "--plot", dir.resolve("p.png").toString());
        assertTrue(p[1].contains("cannot plot " + dir.resolve("none.csv") + ": ") && p[1].contains("no such file"), p[1]);
    }

    /** --dtype complex64/complex128: complex rows (the CPU backend here) with their accuracy; unknown names refused. */
    @Test
    void complexDtypesRunComplexRows() throws Exception {
        Path csv = dir.resolve("c.csv");
        String[] r = run(0, "--op", "eig,svd,inv", "--n", "5,9", "--dtype", "complex128,complex64", "--repeat", "1",
                "--impl", "cpu", "--out", csv.toString());
        int rows = 0;
        for (String line : Files.readAllLines(csv)) {
            List<String> f = fields(line);
            if (!f.get(1).startsWith("complex")) continue;
            rows++;
            double residual = Double.parseDouble(f.get(7));
            double bound = f.get(1).equals("complex128") ? 1e-13 : 1e-5;
            assertTrue(residual > 0 && residual < bound, line);
        }
        assertEquals((3 + 1) * 2 * 2, rows, r[0]); // eig, svd, inv, and the CPU's default (auto) eig beside 'parallel'
        // --spd: Hermitian positive definite eig inputs, which the CPU's auto eig takes through Cholesky
        String spd = run(0, "--op", "eig", "--spd", "--n", "9", "--dtype", "complex128", "--repeat", "1", "--impl", "cpu/auto")[0];
        assertTrue(spd.contains("method cholesky+onesided"), spd);
        assertTrue(r[0].contains("cpu/auto") && !r[0].contains("cholesky+onesided"), "indefinite inputs stay two-sided: " + r[0]);
        assertTrue(run(2, "--op", "eig", "--dtype", "complex32")[1].contains("complex64, complex128"));
        // EJML's complex LU inverse is the CPU peer of complex inv rows (EJML has no complex eig or svd)
        String ejml = run(0, "--op", "inv", "--n", "7", "--dtype", "complex128", "--repeat", "1", "--impl", "ejml|cpu/auto")[0];
        assertTrue(ejml.contains("ejml CommonOps_ZDRM.invert") && ejml.contains("1.00x"), ejml);
        // the complex inputs: Hermitian for eig (exactly), shifted diagonal for inv
        io.github.gpujacobi.api.ComplexPageArray h = ComplexBenchRunner.input("eig", 6, 1, io.github.gpujacobi.api.Precision.DOUBLE, 3);
        for (int i = 0; i < 6; i++) for (int j = 0; j < 6; j++) {
            assertEquals(h.re(i, j, 0), h.re(j, i, 0));
            assertEquals(h.im(i, j, 0), -h.im(j, i, 0), 0.0);
        }
    }

    /** --spd: the eig inputs are positive definite (Cholesky succeeds), the default ones are not. */
    @Test
    void spdInputsArePositiveDefinite() {
        for (int n : new int[]{1, 5, 64}) {
            assertTrue(cholesky(BenchInputs.make("spd", n, 1, io.github.gpujacobi.api.Precision.DOUBLE, 7).pageAsDouble(0), n),
                    "spd input n=" + n);
        }
        assertTrue(!cholesky(BenchInputs.make("eig", 64, 1, io.github.gpujacobi.api.Precision.DOUBLE, 7).pageAsDouble(0), 64));
        String[] r = run(0, "--op", "eig", "--spd", "--n", "6", "--dtype", "double", "--repeat", "1");
        assertTrue(r[0].contains("eig"), r[0]);
    }

    private static boolean cholesky(double[] a, int n) {
        double[] l = a.clone();
        for (int j = 0; j < n; j++) {
            double d = l[j + j * n];
            for (int k = 0; k < j; k++) d -= l[j + k * n] * l[j + k * n];
            if (!(d > 0)) return false;
            l[j + j * n] = Math.sqrt(d);
            for (int i = j + 1; i < n; i++) {
                double s = l[i + j * n];
                for (int k = 0; k < j; k++) s -= l[i + k * n] * l[j + k * n];
                l[i + j * n] = s / l[j + j * n];
            }
        }
        return true;
    }

    /** --with-transfers: every timed row says what it moved; host overhead is the whole call less the device time. */
    @Test
    void wholeCallRowsGiveTheBytesMoved() throws Exception {
        Path csv = dir.resolve("w.csv");
        String[] r = run(0, "--op", "eig", "--n", "17", "--pages", "3", "--dtype", "double", "--repeat", "2",
                "--with-transfers", "--impl", "cpu", "--out", csv.toString());
        assertTrue(r[0].contains("host ms") && r[0].contains("MB moved"), r[0]);
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = fields(lines.get(0));
        int mb = header.indexOf("mb_moved"), ms = header.indexOf("ms"), dev = header.indexOf("device_ms"), host = header.indexOf("host_ms");
        int timed = 0;
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = fields(line);
            if (f.get(ms).isEmpty()) continue;
            timed++;
            assertEquals(8.0 * 3 * (17 * 17 + 17 * 17 + 17) / 1e6, Double.parseDouble(f.get(mb)), 1e-9, line);
            if (!f.get(dev).isEmpty())
                assertEquals(Double.parseDouble(f.get(ms)) - Double.parseDouble(f.get(dev)), Double.parseDouble(f.get(host)), 1e-3, line);
        }
        assertTrue(timed > 0, String.join("\n", lines));
    }

    @Test
    void everyOpRunsOnTheCpuAndTheCsvParses() throws Exception {
        Path csv = dir.resolve("r.csv"), png = dir.resolve("r.png");
        String[] r = run(0, "--op", "eig,svd,inv", "--n", "5,17", "--dtype", "single,double", "--repeat", "2",
                "--out", csv.toString(), "--plot", png.toString());
        assertTrue(r[0].contains("implementation"), r[0]);
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = fields(lines.get(0));
        assertEquals(13, header.size());
        int ms = header.indexOf("ms"), res = header.indexOf("residual"), orth = header.indexOf("orthogonality"),
                ratio = header.indexOf("ratio_to_best_peer"), impl = header.indexOf("impl");
        Set<String> seen = new HashSet<String>();
        int timed = 0;
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = fields(line);
            assertEquals(header.size(), f.size(), line);
            seen.add(f.get(0) + "/" + f.get(1) + "/" + f.get(2) + "/" + f.get(impl).replaceAll("^(ejml|gpujacobi cpu).*", "$1"));
            if (f.get(ms).isEmpty()) continue;
            timed++;
            assertTrue(Double.parseDouble(f.get(ms)) >= 0, line);
            double tol = f.get(1).equals("single") ? 1e-4 : 1e-12;
            assertTrue(Double.parseDouble(f.get(res)) < tol, "residual: " + line);
            if (!f.get(orth).isEmpty()) assertTrue(Double.parseDouble(f.get(orth)) < tol, "orthogonality: " + line);
            if (f.get(1).equals("double"))
                assertTrue(Double.parseDouble(f.get(ratio)) > 0, "every timed double row has a peer to compare with: " + line);
        }
        // gpujacobi's CPU backend and EJML each give a timed row for every op, dtype and size.
        for (String op : new String[]{"eig", "svd", "inv"})
            for (String dt : new String[]{"single", "double"})
                for (String n : new String[]{"5", "17"}) {
                    assertTrue(seen.contains(op + "/" + dt + "/" + n + "/ejml"), op + dt + n + " " + seen);
                    assertTrue(seen.contains(op + "/" + dt + "/" + n + "/gpujacobi cpu"), op + dt + n + " " + seen);
                }
        assertTrue(timed >= 18, "timed rows: " + timed);
        byte[] head = Files.readAllBytes(png);
        assertTrue(head.length > 8 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G', "a PNG was written");
    }

    @Test
    void anOddNumberOfPanelsPlotsAndACsvReplots() throws Exception {
        Path csv = dir.resolve("odd.csv"), png = dir.resolve("odd.png"), again = dir.resolve("again.png");
        run(0, "--op", "eig,svd,inv", "--n", "4,6", "--repeat", "1", "--out", csv.toString(), "--plot", png.toString());
        assertTrue(Files.size(png) > 1000, "three panels plotted");
        run(0, "--plot-from", csv.toString(), "--plot", again.toString());
        assertTrue(Files.size(again) > 1000, "re-plotted from the CSV");
        String[] r = run(1, "--plot-from", png.toString(), "--plot", again.toString());
        assertTrue(r[1].contains("not a bench CSV"), r[1]);
    }

    @Test
    void tallSvdInputsRunAndOtherOpsStaySquare() throws Exception {
        io.github.gpujacobi.api.PageArray t = BenchInputs.make("svd", 9, 4, 1, io.github.gpujacobi.api.Precision.DOUBLE, 7);
        assertTrue(t.rows() == 9 && t.cols() == 4, t.rows() + "x" + t.cols());
        assertThrows(IllegalArgumentException.class,
                () -> BenchInputs.make("eig", 9, 4, 1, io.github.gpujacobi.api.Precision.DOUBLE, 7));
        Path csv = dir.resolve("tall.csv");
        String[] r = run(0, "--op", "svd,eig", "--rows", "11", "--n", "5", "--repeat", "1", "--impl", "cpu", "--out", csv.toString());
        assertTrue(r[1].matches("(?s).*# svd .*m=11 .* ms\\R.*"), r[1]);
        // the thin SVD of the 11 x 5 input is checked (residual, orthogonality) like a square one
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = fields(lines.get(0));
        int res = header.indexOf("residual"), orth = header.indexOf("orthogonality");
        int svdRows = 0;
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = fields(line);
            if (!f.get(0).equals("svd")) continue;
            svdRows++;
            assertTrue(Double.parseDouble(f.get(res)) < 1e-12 && Double.parseDouble(f.get(orth)) < 1e-12, line);
        }
        assertTrue(svdRows > 0, lines.toString());
    }

    @Test
    void complexTallAndWideSvdInputsFollowRows() throws Exception {
        io.github.gpujacobi.api.ComplexPageArray t = ComplexBenchRunner.input("svd", 7, 3, 2, io.github.gpujacobi.api.Precision.DOUBLE, 5);
        assertTrue(t.rows() == 7 && t.cols() == 3 && t.pages() == 2, t.rows() + "x" + t.cols() + "x" + t.pages());
        assertThrows(IllegalArgumentException.class,
                () -> ComplexBenchRunner.input("eig", 7, 3, 1, io.github.gpujacobi.api.Precision.DOUBLE, 5));
        for (String m : new String[]{"7", "2"}) { // tall and wide
            Path csv = dir.resolve("c" + m + ".csv");
            String[] r = run(0, "--op", "svd", "--rows", m, "--n", "3", "--dtype", "complex128", "--repeat", "1", "--impl", "cpu",
                    "--out", csv.toString());
            assertTrue(r[1].matches("(?s).*# svd +complex128 n=3 +m=" + m + " .* ms\\R.*"), r[1]);
            List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
            List<String> header = fields(lines.get(0));
            List<String> f = fields(lines.get(1));
            assertTrue(Double.parseDouble(f.get(header.indexOf("residual"))) < 1e-12, lines.toString());
            assertTrue(f.get(header.indexOf("note")).startsWith("m=" + m + ", "), lines.toString()); // the CSV has n only
        }
    }

    @Test
    void rowsMustBePositiveAndNeedSvd() {
        assertTrue(run(2, "--op", "svd", "--rows", "0", "--n", "3")[1].contains("--rows must be positive"));
        assertTrue(run(2, "--op", "eig", "--rows", "5", "--n", "3")[1].contains("--op has no svd"));
    }

    @Test
    void pagesAndJsonOutput() throws Exception {
        Path json = dir.resolve("r.json");
        run(0, "--op", "eig", "--n", "4", "--pages", "3", "--repeat", "1", "--out", json.toString());
        String text = new String(Files.readAllBytes(json), StandardCharsets.UTF_8).trim();
        assertTrue(text.startsWith("[") && text.endsWith("]"), text);
        assertTrue(text.contains("\"pages\":3"), text);
        assertTrue(text.contains("\"impl\":\"ejml"), text);
    }

    @Test
    void implFilterKeepsOnlyMatchingRows() throws Exception {
        Path csv = dir.resolve("f.csv");
        run(0, "--op", "inv", "--n", "6", "--impl", "^ejml", "--repeat", "1", "--out", csv.toString());
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertTrue(lines.size() >= 2, lines.toString());
        for (String l : lines.subList(1, lines.size())) assertTrue(fields(l).get(4).startsWith("ejml"), l);
    }

    @Test
    void badOptionsAreUsageErrorsNotStackTraces() {
        String[] r = run(2, "--op", "qr", "--n", "4");
        assertTrue(r[1].contains("--op takes eig, svd, inv"), r[1]);
        r = run(2, "--op", "eig", "--n", "-3");
        assertTrue(r[1].contains("positive"), r[1]);
        r = run(2, "--op", "eig", "--dtype", "half");
        assertTrue(r[1].contains("--dtype"), r[1]);
    }
}
