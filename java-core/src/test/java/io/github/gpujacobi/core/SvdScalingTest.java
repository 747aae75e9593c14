package io.github.gpujacobi.core;

import io.github.gpujacobi.testing.EjmlReference;
import io.github.gpujacobi.api.HsvdResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.Matrices;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SVD of badly scaled pages must not be silently wrong (B * 1e-200 once gave zeros, B * 1e200 and
 * B * 1e160 Inf/NaN, columns 1e200 / 1 / 1e-200 likewise). Singular values must agree to ~1e-13
 * relative with an independent reference: EJML on the unscaled B, scaled back, or for graded columns
 * B diag(d) the exact limit sigma_k = |R_kk| d_k (R of the QR of B; the grading makes the error of
 * that formula ~(1e-100)^2, far below rounding).
 */
class SvdScalingTest {
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");
    static final double REL = 1e-13;

    @ParameterizedTest
    @ValueSource(doubles = {1e-200, 1e200, 1e160, 1e-300, 1e300, 1e-310, 1e-150})
    void wholeMatrixScaled(double factor) {
        for (int[] mn : new int[][]{{7, 5}, {4, 6}}) {
            int m = mn[0], n = mn[1];
            double[] b = Matrices.randn(new Random(m * 31 + n), m, n);
            double[] ref = EjmlReference.singularValues(b, m, n);
            double[] a = b.clone();
            for (int i = 0; i < a.length; i++) a[i] *= factor;
            SvdResult r = Jacobi.svd(PageArray.wrap(a, m, n), CPU);
            assertTrue(r.report().converged());
            for (int i = 0; i < ref.length; i++) {
                double want = ref[i] * factor;
                assertEquals(want, r.s().get(i, 0), REL * ref[0] * factor, "sigma_" + (i + 1) + " of B*" + factor);
            }
            orthonormal(r, m, n);
        }
    }

    /** Columns (or, wide, rows) 1e200 / 1 / 1e-200: beyond any whole-page scaling. */
    @ParameterizedTest
    @CsvSource({"5,false", "5,true"})
    void gradedColumns(int m, boolean wide) {
        double[] d = {1e200, 1, 1e-200};
        int n = d.length;
        double[] b = Matrices.randn(new Random(77), m, n);
        double[] ref = gradedReference(b, m, n, d);
        double[] a = b.clone();
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) a[i + j * m] *= d[j];
        PageArray pa = wide ? PageArray.wrap(transpose(a, m, n), n, m) : PageArray.wrap(a, m, n);
        SvdResult r = Jacobi.svd(pa, CPU.withEcon(true));
        assertTrue(r.report().converged());
        for (int i = 0; i < n; i++) {
            assertEquals(ref[i], r.s().get(i, 0), REL * ref[i], "sigma_" + (i + 1));
            assertTrue(Double.isFinite(r.s().get(i, 0)));
        }
        orthonormal(r, pa.rows(), pa.cols());
        // columnwise backward error: the columns of A (rows if wide) rebuilt from U S V'. Not for the
        // 1e-200 column: its share of sigma_1 u_1 v_1' needs V entries ~1e-400, below double's range.
        double[] t = wide ? transpose(a, m, n) : a;
        int rows = pa.rows(), cols = pa.cols(), k = Math.min(rows, cols);
        for (int line = 0; line < n - 1; line++) {
            double[] err = new double[wide ? cols : rows];
            double[] orig = new double[err.length];
            for (int i = 0; i < err.length; i++) {
                int row = wide ? line : i, col = wide ? i : line;
                double x = 0;
                for (int l = 0; l < k; l++) {
                    double s = r.s().get(l, 0), uu = r.u().get(row, l, 0), vv = r.v().get(col, l, 0);
                    if (uu != 0 && vv != 0) x += uu * s * vv;
                }
                orig[i] = t[row + col * rows];
                err[i] = orig[i] - x;
            }
            double rel = SafeNorms.norm2(err, 0, err.length) / SafeNorms.norm2(orig, 0, orig.length);
            assertTrue(rel <= 1e-14, "backward error of line " + line + ": " + rel);
        }
    }

    /** The column-scaled solver on ordinary pages (norms close together): EJML's values, orthonormal U and V. */
    @ParameterizedTest
    @CsvSource({"9,6", "6,9", "12,12", "1,1"})
    void columnScaledSolverOnOrdinaryPages(int m, int n) {
        double[] b = Matrices.randn(new Random(m * 100 + n), m, n);
        double[] ref = EjmlReference.singularValues(b, m, n);
        int k = Math.min(m, n);
        PageArray a = PageArray.wrap(b, m, n);
        PageArray s = PageArray.zeros(a.precision(), k, 1, 1);
        PageArray u = PageArray.zeros(a.precision(), m, m, 1), v = PageArray.zeros(a.precision(), n, n, 1);
        PageStats stats = new PageStats(1);
        ColumnScaledJacobi.page(a, 0, 1e-15, 60, 0, s, u, v, stats);
        assertTrue(stats.converged[0]);
        for (int i = 0; i < k; i++) assertEquals(ref[i], s.get(i, 0), REL * ref[0]);
        assertTrue(Matrices.orthogonality(u, 0) <= 1e-13 && Matrices.orthogonality(v, 0) <= 1e-13);
        assertTrue(Matrices.svdResidual(a, u, s, v, 0) <= 1e-14);
    }

    /** The hyperbolic SVD takes the same whole-page scaling. */
    @ParameterizedTest
    @ValueSource(doubles = {1e-200, 1e200})
    void hsvdWholeMatrixScaled(double factor) {
        int m = 6, n = 4;
        double[] g = Matrices.randn(new Random(9), m, n);
        double[] j = {1, -1, 1, -1};
        HsvdResult ref = Jacobi.hsvd(PageArray.wrap(g.clone(), m, n), PageArray.wrap(j.clone(), n, 1), CPU);
        double[] a = g.clone();
        for (int i = 0; i < a.length; i++) a[i] *= factor;
        HsvdResult r = Jacobi.hsvd(PageArray.wrap(a, m, n), PageArray.wrap(j.clone(), n, 1), CPU);
        for (int i = 0; i < n; i++) {
            assertEquals(ref.s().get(i, 0) * factor, r.s().get(i, 0), REL * ref.s().get(0, 0) * factor);
        }
    }

    /**
     * What the GPU backend does with pages (it cannot run here): page 1 ordinary (left as it is),
     * page 2 at 1e200 (scaled exactly into range), page 3 with columns 1e10 / 1e-10 (beyond single's
     * kernel span 2^48: zeros for the kernels, solved by ColumnScaledJacobi, with a note).
     */
    @org.junit.jupiter.api.Test
    void pagesForTheGpuKernels() {
        int m = 4, n = 2;
        double[] b = Matrices.randn(new Random(1), m, n * 3);
        double[] a = b.clone();
        for (int i = 8; i < 16; i++) a[i] *= 1e200;
        for (int i = 16; i < 20; i++) a[i] *= 1e10;
        for (int i = 20; i < 24; i++) a[i] *= 1e-10;
        PageArray pa = PageArray.wrap(a, m, n, 3);
        SvdScaling single = SvdScaling.of(pa, SvdScaling.GPU_SINGLE_SPAN);
        assertTrue(single.fits(0) && single.fits(1) && !single.fits(2));
        PageArray in = single.scaled(pa);
        for (int i = 0; i < 8; i++) assertEquals(a[i], in.get(i), 0.0, "page 1 unchanged");
        double ratio = in.get(8) / a[8];
        assertEquals(ratio, Math.scalb(1.0, Math.getExponent(ratio)), 0.0, "a power of 2");
        for (int i = 8; i < 16; i++) assertEquals(a[i] * ratio, in.get(i), 0.0, "page 2 scaled exactly");
        for (int i = 16; i < 24; i++) assertEquals(0.0, in.get(i), "page 3 left to the CPU");
        double decades = Math.log10(SafeNorms.norm2(a, 16, 4) / SafeNorms.norm2(a, 20, 4));
        assertEquals(decades, single.spanDecades(2), 1e-9);
        assertEquals("page 3: column norms span about 1e" + Math.round(decades) + ", beyond the GPU solver's safe "
                + "range (1e14): solved on the CPU by column-scaled one-sided Jacobi",
                single.note(2, 3, "GPU", SvdScaling.GPU_SINGLE_SPAN));
        assertTrue(SvdScaling.of(pa, SvdScaling.GPU_DOUBLE_SPAN).fits(2));
    }

    /** No column-scaled hyperbolic solver: such a G is refused with a clear error, never answered wrongly. */
    @org.junit.jupiter.api.Test
    void hsvdBeyondTheSafeSpanIsRefused() {
        int m = 5, n = 3;
        double[] g = Matrices.randn(new Random(5), m, n);
        double[] d = {1e200, 1, 1e-200};
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) g[i + j * m] *= d[j];
        io.github.gpujacobi.api.JacobiException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.github.gpujacobi.api.JacobiException.class, () -> Jacobi.hsvd(PageArray.wrap(g, m, n),
                        PageArray.wrap(new double[]{1, -1, 1}, n, 1), CPU.withCaller("gpu_hsvd").withVariable("G")));
        assertEquals(io.github.gpujacobi.api.ErrorKind.BAD_SCALING, e.kind());
        assertTrue(e.getMessage().startsWith("gpu_hsvd: G has column norms spanning about 1e400"), e.getMessage());
    }

    private static void orthonormal(SvdResult r, int m, int n) {
        assertTrue(Matrices.orthogonality(r.u(), 0) <= 1e-13, "U orthonormal");
        assertTrue(Matrices.orthogonality(r.v(), 0) <= 1e-13, "V orthonormal");
    }

    /** |R_kk| d_k, R from EJML's QR of the unscaled B (columns already in decreasing grade). */
    static double[] gradedReference(double[] b, int m, int n, double[] d) {
        DMatrixRMaj x = new DMatrixRMaj(m, n);
        for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) x.set(i, j, b[i + j * m]);
        QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(m, n);
        assertTrue(qr.decompose(x));
        DMatrixRMaj r = qr.getR(null, true);
        double[] s = new double[n];
        for (int k = 0; k < n; k++) s[k] = Math.abs(r.get(k, k)) * d[k];
        return s;
    }

    static double[] transpose(double[] a, int m, int n) {
        double[] t = new double[m * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) t[j + i * n] = a[i + j * m];
        return t;
    }

    /**
     * The device's line measures (scale exponent and scaled sum of squares per line) give the host's decision: measure()
     * finds the extreme lines by an order-preserving key, not a logarithm per line, and must pick the same ones.
     */
    @org.junit.jupiter.api.Test
    void measureFromLineSumsDecidesAsTheHost() {
        Random r = new Random(77);
        int m = 9, n = 7, pages = 300;
        double[] d = new double[m * n * pages];
        for (int k = 0; k < pages; k++) {
            int spread = r.nextInt(5) == 0 ? 700 : r.nextInt(60);
            for (int c = 0; c < n; c++) {
                double scale = Math.scalb(1.0, r.nextInt(2 * spread + 1) - spread + (k % 3 == 0 ? 900 : 0));
                if (r.nextInt(10) == 0) scale = 0; // a zero column
                for (int i = 0; i < m; i++) d[k * m * n + c * m + i] = scale * r.nextGaussian();
            }
            // near ties: the largest column again with its rows reversed (the same norm, summed in another order)
            for (int i = 0; k % 7 == 0 && i < m; i++) d[k * m * n + m + i] = d[k * m * n + m - 1 - i];
            for (int c = 0; k % 7 == 0 && c < n; c++) { // column 0 made the largest
                for (int i = 0; i < m && c > 1; i++) d[k * m * n + c * m + i] *= 0x1p-40;
            }
        }
        PageArray a = PageArray.wrap(d, m, n, pages);
        double span = 0x1p600;
        SvdScaling host = SvdScaling.of(a, span), device = SvdScaling.unmeasured(pages);
        int[] e = new int[n * pages];
        double[] ssq = new double[n * pages];
        for (int k = 0; k < pages; k++) {
            for (int c = 0; c < n; c++) {
                int off = k * m * n + c * m, at = k * n + c;
                double big = 0;
                for (int i = 0; i < m; i++) big = Math.max(big, Math.abs(d[off + i]));
                e[at] = big == 0 ? Integer.MIN_VALUE : Math.max(Math.getExponent(big), Double.MIN_EXPONENT);
                for (int i = 0; big != 0 && i < m; i++) {
                    double x = Math.scalb(d[off + i], -e[at]);
                    ssq[at] += x * x;
                }
            }
            device.measure(k, e, ssq, k * n, n, span);
            assertEquals(host.fits(k), device.fits(k), "page " + k + " fits");
            assertEquals(host.exponent(k), device.exponent(k), "page " + k + " exponent");
            assertEquals(host.spanDecades(k), device.spanDecades(k), 0.0, "page " + k + " span");
        }
        for (int t = 0; t < 100000; t++) { // the key orders as the logarithm does, beyond its rounding
            int e1 = r.nextInt(40) - 20, e2 = e1 + r.nextInt(3) - 1;
            double s1 = 1 + 30 * r.nextDouble(), s2 = r.nextBoolean() ? s1 * Math.scalb(1.0, 2 * (e1 - e2)) : 1 + 30 * r.nextDouble();
            double l1 = SafeNorms.log2(e1, s1), l2 = SafeNorms.log2(e2, s2);
            double k1 = SafeNorms.log2Order(e1, s1), k2 = SafeNorms.log2Order(e2, s2);
            if (Math.abs(l1 - l2) > 1e-12) assertEquals(Double.compare(l1, l2), Double.compare(k1, k2), e1 + " " + s1 + " / " + e2 + " " + s2);
        }
    }

    /**
     * Where the line exponents alone say every page fits as it is, measure() says so too for any sums of squares the
     * lines can have (each scaled square below 4, the largest at least 1); near the limits in both precisions.
     */
    @org.junit.jupiter.api.Test
    void plainlyWithinAgreesWithMeasure() {
        Random r = new Random(78);
        int taken = 0;
        for (double span : new double[]{0x1p478, 0x1p46, 1e144, 1e14}) {
            int safe = Math.getExponent(span);
            for (int t = 0; t < 20000; t++) {
                int m = 1 + r.nextInt(300), n = 1 + r.nextInt(12);
                int[] e = new int[n];
                double[] ssq = new double[n];
                int base = r.nextInt(safe + 8) - safe / 2 - 4;
                for (int c = 0; c < n; c++) {
                    e[c] = r.nextInt(9) == 0 ? Integer.MIN_VALUE : base + r.nextInt(r.nextBoolean() ? 3 : safe / 2 + 4);
                    ssq[c] = r.nextInt(4) == 0 ? (r.nextBoolean() ? 1.0 : Math.nextDown(4.0 * m)) : 1 + (4.0 * m - 1) * r.nextDouble();
                }
                if (!SvdScaling.plainlyWithin(e, m, span)) continue;
                taken++;
                SvdScaling s = SvdScaling.unmeasured(1);
                s.measure(0, e, ssq, 0, n, span);
                assertTrue(s.fits(0) && s.exponent(0) == 0, "span 2^" + safe + ", m " + m + ": " + java.util.Arrays.toString(e)
                        + " " + java.util.Arrays.toString(ssq));
            }
        }
        assertTrue(taken > 1000, "the test reached the shortcut " + taken + " times");
        assertTrue(!SvdScaling.plainlyWithin(new int[]{-1022, 0}, 10, 1e144), "a subnormal line");
        assertTrue(SvdScaling.plainlyWithin(new int[]{Integer.MIN_VALUE, Integer.MIN_VALUE}, 10, 1e14), "zero lines");
    }
}
