package io.github.gpujacobi.core;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.cpu.CpuBackend;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The eig's one pass over a page gives what the passes it replaces gave (the symmetrised page, max|w|, the graded and
 * diagonal decisions) and, asked to check, InputChecks' errors word for word.
 */
class SymmetricPageTest {
    private static final SolverOptions O = SolverOptions.defaults().withCaller("gpu_eig").withVariable("K");

    /**
     * Nearly symmetric pages (rounding-level asymmetry, exact pairs, signed zeros; with {@code overflow} a pair whose
     * sum overflows).
     */
    private static double[] pages(int n, int pages, long seed, double grading, boolean overflow) {
        Random r = new Random(seed);
        double[] a = new double[n * n * pages];
        for (int k = 0; k < pages; k++) {
            int base = k * n * n;
            for (int j = 0; j < n; j++) {
                for (int i = j; i < n; i++) {
                    double x = r.nextGaussian() * Math.pow(grading, -(i + j) / (double) n);
                    int kind = r.nextInt(4);
                    a[base + i + j * n] = x;
                    a[base + j + i * n] = kind == 0 ? x * (1 + 0x1p-50) : kind == 1 && i != j ? -0.0 * x : x;
                    if (kind == 1 && i != j) a[base + i + j * n] = 0.0;
                }
            }
            if (overflow && n > 2) { // a pair whose sum overflows: averaged without Inf
                a[base + n - 1] = Double.MAX_VALUE;
                a[base + (n - 1) * n] = Double.MAX_VALUE * (1 - 0x1p-52);
            }
        }
        return a;
    }

    private static float[] single(double[] a) {
        float[] f = new float[a.length];
        for (int i = 0; i < a.length; i++) { // the overflowing pair stays finite, as large as single allows
            f[i] = Double.isInfinite(a[i]) ? (float) a[i] : (float) Math.max(-Float.MAX_VALUE, Math.min(Float.MAX_VALUE, a[i]));
        }
        return f;
    }

    /** The passes the one pass replaces, on page k. */
    private static void assertSameAsSeparatePasses(PageArray a, int k) {
        int n = a.rows();
        SymmetricPage p = SymmetricPage.read(a, k, O, false);
        double[] w = a.pageAsDouble(k);
        PageAssembly.symmetrize(w, n);
        String at = n + " x " + n + " " + a.precision() + " page " + k;
        assertEquals(w.length, p.w.length, at);
        for (int i = 0; i < w.length; i++) {
            assertEquals(Double.doubleToRawLongBits(w[i]), Double.doubleToRawLongBits(p.w[i]), at + " entry " + i);
        }
        assertEquals(PageAssembly.maxAbs(w), p.maxAbs, at);
        assertEquals(Grading.graded(w, n, n, 1), p.graded(), at);
        assertEquals(IndefiniteEig.diagonal(w, n), p.diagonal(), at);
    }

    @Test
    void givesWhatTheSeparatePassesGaveAtEveryOrderAroundTheTilesAndTasks() {
        // 600: a parallel pass, more rows of tiles than tasks
        for (int n : new int[]{1, 2, 31, 32, 33, 97, 600}) {
            for (double grading : new double[]{1, 1e6}) {
                double[] a = pages(n, 2, n, grading, true);
                for (int k = 0; k < 2; k++) {
                    assertSameAsSeparatePasses(PageArray.wrap(a, n, n, 2), k);
                    assertSameAsSeparatePasses(PageArray.wrap(single(a), n, n, 2), k);
                }
            }
        }
    }

    @Test
    void tellsGradedAndDiagonalPagesAsTheirTestsDo() {
        int n = 40;
        double[] graded = new double[n * n], diagonal = new double[n * n], zero = new double[n * n];
        Random r = new Random(3);
        for (int j = 0; j < n; j++) {
            diagonal[j + j * n] = r.nextGaussian();
            for (int i = 0; i <= j; i++) graded[i + j * n] = graded[j + i * n] = r.nextGaussian() * Math.pow(10, -0.2 * (i + j));
        }
        SymmetricPage g = SymmetricPage.read(PageArray.wrap(graded, n, n), 0, O, true);
        assertTrue(g.graded() && Grading.graded(graded, n, n, 1));
        assertFalse(g.diagonal());
        SymmetricPage d = SymmetricPage.read(PageArray.wrap(diagonal, n, n), 0, O, true);
        assertTrue(d.diagonal());
        assertSameAsSeparatePasses(PageArray.wrap(diagonal, n, n), 0);
        SymmetricPage z = SymmetricPage.read(PageArray.wrap(zero, n, n), 0, O, true);
        assertTrue(z.diagonal());
        assertFalse(z.graded());
        assertEquals(0, z.maxAbs);
    }

    @Test
    void handsOverExactlySymmetricSingleInputAsItIs() {
        int n = 33;
        double[] sym = pages(n, 2, 8, 1, false);
        for (int i = 0; i < sym.length; i++) sym[i] = (float) sym[i];
        for (int k = 0; k < 2; k++) { // exact pairs only: every page symmetric in single
            for (int j = 0; j < n; j++) for (int i = j; i < n; i++) sym[k * n * n + j + i * n] = sym[k * n * n + i + j * n];
        }
        float[] f = single(sym);
        PageArray a = PageArray.wrap(f, n, n, 2);
        assertTrue(SymmetricPage.read(a, 0, O, true).exactSingle() == f, "the first page: the input's own array");
        float[] second = SymmetricPage.read(a, 1, O, true).exactSingle();
        assertArrayEquals(java.util.Arrays.copyOfRange(f, n * n, 2 * n * n), second);
        assertTrue(SymmetricPage.read(PageArray.wrap(sym, n, n, 2), 0, O, true).exactSingle() == null, "double input");
        float[] g = f.clone();
        g[n - 1] = Math.nextUp(g[n - 1]); // (n, 1) now differs from (1, n): w holds their mean
        assertTrue(SymmetricPage.read(PageArray.wrap(g, n, n, 2), 0, O, true).exactSingle() == null);
        assertArrayEquals(f, single(sym)); // read, never written
    }

    /** InputChecks' error for a, in the API's order: finite entries first, then symmetry. */
    private static JacobiException inputChecksError(PageArray a) {
        return assertThrows(JacobiException.class, () -> {
            InputChecks.requireFinite(a, O);
            InputChecks.requireSymmetric(a, O);
        });
    }

    private static void assertSameError(PageArray a) {
        JacobiException want = inputChecksError(a);
        JacobiException got = assertThrows(JacobiException.class, () -> SymmetricPage.read(a, 0, O, true));
        assertEquals(want.kind(), got.kind());
        assertEquals(want.getMessage(), got.getMessage());
        // unchecked, the pass reads the page without a word: the API made the checks
        assertNotNull(SymmetricPage.read(a, 0, O, false));
    }

    @Test
    void checkedGivesInputChecksErrorsWordForWord() {
        for (int n : new int[]{3, 33, 600}) {
            double[] sym = pages(n, 1, n + 1, 1, false);
            for (int at : new int[]{0, n * n / 2 + 1, n * n - 1}) {
                double[] a = sym.clone();
                a[at] = Double.NaN;
                assertSameError(PageArray.wrap(a, n, n));
                assertSameError(PageArray.wrap(single(a), n, n));
                a[at] = Double.NEGATIVE_INFINITY;
                assertSameError(PageArray.wrap(a, n, n));
                assertSameError(PageArray.wrap(single(a), n, n));
            }
            double[] asym = sym.clone();
            asym[n - 1 + n] += 1e-3; // (n, 2): off the diagonal, its mirror unchanged
            assertSameError(PageArray.wrap(asym, n, n));
            assertSameError(PageArray.wrap(single(asym), n, n));
            double[] both = asym.clone();
            both[n * n - 1] = Double.POSITIVE_INFINITY; // non-finite is named before asymmetric
            assertSameError(PageArray.wrap(both, n, n));
        }
        // within tolerance: no error, as InputChecks
        double[] a = pages(50, 1, 9, 1, true);
        InputChecks.requireSymmetric(PageArray.wrap(a, 50, 50), O);
        SymmetricPage.read(PageArray.wrap(a, 50, 50), 0, O, true);
    }

    @Test
    void cpuEigChecksOnePageItselfWithTheApiErrors() {
        Backend cpu = new CpuBackend();
        SolverOptions o = O.withDevice("cpu");
        PageArray one = PageArray.wrap(pages(40, 1, 4, 1, false), 40, 40), two = PageArray.wrap(pages(40, 2, 4, 1, false), 40, 40, 2);
        assertTrue(cpu.checksInput(Operation.EIG, one, o));
        assertFalse(cpu.checksInput(Operation.EIG, two, o)); // the API names the first bad page of several
        assertFalse(cpu.checksInput(Operation.SVD, one, o));
        double[] bad = pages(40, 1, 5, 1, false);
        bad[7 + 3 * 40] += 1e-2;
        PageArray asym = PageArray.wrap(bad, 40, 40);
        for (String method : new String[]{"auto", "hyperbolic", "cyclic"}) {
            JacobiException got = assertThrows(JacobiException.class, () -> Jacobi.eig(asym, o.withMethod(method)));
            assertEquals(inputChecksError(asym).getMessage(), got.getMessage(), method);
            // the backend itself, called past the API, refuses it too
            assertThrows(JacobiException.class, () -> cpu.eig(asym, o.withMethod(method)), method);
        }
        bad[5] = Double.NaN;
        JacobiException nan = assertThrows(JacobiException.class, () -> Jacobi.eig(asym, o));
        assertEquals(inputChecksError(asym).getMessage(), nan.getMessage());
        assertArrayEquals(bad, asym.doubleData()); // the input is never modified
    }
}
