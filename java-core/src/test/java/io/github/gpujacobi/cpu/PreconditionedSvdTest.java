package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.EjmlReference;
import io.github.gpujacobi.testing.HighPrecisionEigenvalues;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The QR-preconditioned SVD path (PivotedQr + PreconditionedJacobiSvd, dgejsv-style [8]) and the
 * blocked schedule its sweeps use: block widths that do not divide n, blocks wider than n, m != n,
 * single precision, rank deficiency, graded columns.
 */
class PreconditionedSvdTest {
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    /** Every pair (p, q), p < q, exactly once per sweep, whatever b and the thread count. */
    @ParameterizedTest
    @CsvSource({"5,8,1", "5,8,2", "17,4,2", "16,16,2", "130,8,2", "410,39,3", "129,0,2", "2,0,1"})
    void blockedSweepVisitsEveryPairOnce(int n, int b, int threads) {
        final int[][] seen = new int[n][n];
        long rotated = new BlockedRoundRobin(n, b, threads).sweep((c, p, q) -> {
            assertTrue(p < q, p + " < " + q);
            synchronized (seen) {
                seen[p][q]++;
            }
            return true;
        });
        assertEquals((long) n * (n - 1) / 2, rotated);
        for (int p = 0; p < n; p++) for (int q = p + 1; q < n; q++) assertEquals(1, seen[p][q], "pair " + p + "," + q);
    }

    /** A P = Q R: R upper triangular with |r_kk| non-increasing, Q R reproduces A P, Q orthonormal. */
    @ParameterizedTest
    @CsvSource({"1,1", "2,2", "5,3", "64,64", "300,129"})
    void pivotedQrReproducesThePermutedPage(int m, int n) {
        double[] a = Matrices.randn(new Random(m + 31L * n), m, n);
        PivotedQr qr = new PivotedQr(Columns.split(a, m, n), m, 2);
        double[][] x = qr.rTransposed(); // column i = row i of R
        for (int k = 1; k < n; k++) assertTrue(Math.abs(x[k][k]) <= Math.abs(x[k - 1][k - 1]) * (1 + 1e-14), "pivot order");
        double[][] r = new double[n][n]; // columns of R
        for (int i = 0; i < n; i++) for (int j = i; j < n; j++) r[j][i] = x[i][j];
        double[][] qrCols = qr.q(r);
        double[][] q = qr.q(Columns.identity(n));
        int[] seen = new int[n];
        for (int k = 0; k < n; k++) {
            seen[qr.perm[k]]++;
            for (int i = 0; i < m; i++) assertEquals(a[i + qr.perm[k] * m], qrCols[k][i], 1e-13 * Math.sqrt(m), "QR = AP");
            for (int l = 0; l < n; l++) {
                assertEquals(k == l ? 1 : 0, Columns.dot(q[k], q[l], m), 1e-14 * m, "Q'Q = I");
            }
        }
        int[] ones = new int[n];
        Arrays.fill(ones, 1);
        assertTrue(Arrays.equals(ones, seen), "perm is a permutation");
    }

    /**
     * Against the unpreconditioned sweeps on A and EJML: the same singular values, U and V orthonormal,
     * A V = U S. 410 x 410 and 900 x 300 give L2 blocks of 39 and 27 columns (n not a multiple), 130
     * the n/16 blocks of 8 (a short last block), 200 x 3 no blocks at all.
     */
    @ParameterizedTest
    @CsvSource({"2,2", "5,3", "7,7", "130,130", "200,3", "410,410", "900,300"})
    void agreesWithThePlainSweeps(int m, int n) {
        Random rnd = new Random(m * 7L + n);
        double[] a = Matrices.randn(rnd, m, n);
        double tol = Precision.DOUBLE.eps() * Math.sqrt(n);
        double[] u = a.clone(), v = new double[n * n];
        PreconditionedJacobiSvd pre = new PreconditionedJacobiSvd(2);
        double[] sigma = pre.run(u, v, m, n, tol, 60, 0, Math.max(n, 3) * Precision.DOUBLE.eps());
        assertTrue(pre.converged, "converged");
        double[] plain = a.clone();
        OneSidedJacobiSvd ref = new OneSidedJacobiSvd(2);
        ref.run(plain, null, m, n, tol, 60, 0);
        double[] s1 = sorted(sigma), s2 = new double[n];
        for (int c = 0; c < n; c++) s2[c] = Math.sqrt(Columns.dot(Arrays.copyOfRange(plain, c * m, c * m + m),
                Arrays.copyOfRange(plain, c * m, c * m + m), m));
        s2 = sorted(s2);
        double[] ejml = EjmlReference.singularValues(a, m, n);
        double bound = 20 * m * Precision.DOUBLE.eps();
        for (int i = 0; i < n; i++) {
            assertEquals(s2[i], s1[i], bound * s1[0], "plain sweeps, sigma_" + i);
            assertEquals(ejml[i], s1[i], bound * s1[0], "EJML, sigma_" + i);
        }
        // A V = U S, U'U = I, V'V = I
        for (int c = 0; c < n; c++) {
            for (int i = 0; i < m; i++) {
                double av = 0;
                for (int l = 0; l < n; l++) av += a[i + l * m] * v[l + c * n];
                assertEquals(av, u[i + c * m] * sigma[c], bound * s1[0], "AV = US");
            }
            for (int d = c; d < n; d++) {
                assertEquals(c == d ? 1 : 0, dot(u, c, d, m), bound, "U'U");
                assertEquals(c == d ? 1 : 0, dot(v, c, d, n), bound, "V'V");
            }
        }
    }

    /** Rank 2 of 6 columns: the zero singular values get completed V columns (U by the driver). */
    @Test
    void rankDeficientPage() {
        int m = 9, n = 6;
        double[] a = Matrices.lowRank(new Random(5), m, n, 2);
        PageArray pa = PageArray.wrap(a, m, n);
        SvdResult s = Jacobi.svd(pa, CPU);
        for (int i = 2; i < n; i++) assertTrue(s.s().get(i, 0) < 1e-14 * s.s().get(0, 0), "sigma_" + i);
        assertTrue(Matrices.orthogonality(s.u(), 0) < 1e-13, "U");
        assertTrue(Matrices.orthogonality(s.v(), 0) < 1e-13, "V");
        assertTrue(Matrices.svdResidual(pa, s.u(), s.s(), s.v(), 0) < 1e-14, "residual");
    }

    /**
     * Column-graded tall and wide pages, columns in scrambled order (so the pivoting reorders them): every
     * singular value to relative accuracy 1e-12 against 40 digits, with vectors, in both orientations.
     */
    @ParameterizedTest
    @CsvSource({"70,35,false", "35,70,true"})
    void gradedColumnsWithVectors(int m, int n, boolean wide) {
        int rows = wide ? n : m, cols = wide ? m : n; // the graded tall matrix G, rows x cols
        Random r = new Random(91);
        double[] g = Matrices.randn(r, rows, cols);
        int[] perm = Matrices.permutation(r, cols);
        for (int j = 0; j < cols; j++) {
            double d = Math.pow(10, -12.0 * perm[j] / (cols - 1));
            for (int i = 0; i < rows; i++) g[i + j * rows] *= d;
        }
        double[] lam = HighPrecisionEigenvalues.of(exactGram(transpose(g, rows, cols), cols, rows), cols);
        double[] a = wide ? transpose(g, rows, cols) : g;
        assertAccurateWithVectors(PageArray.wrap(a, m, n), lam, cols);
    }

    /** X X' of the m x n column-major x, each entry summed exactly and rounded once. */
    private static double[] exactGram(double[] x, int m, int n) {
        double[] out = new double[m * m];
        for (int i = 0; i < m; i++) for (int j = 0; j < m; j++) {
            java.math.BigDecimal s = java.math.BigDecimal.ZERO;
            for (int l = 0; l < n; l++) {
                s = s.add(new java.math.BigDecimal(x[i + l * m]).multiply(new java.math.BigDecimal(x[j + l * m])));
            }
            out[i + j * m] = s.doubleValue();
        }
        return out;
    }

    /** Every singular value to 1e-12 relative (sigma_i^2 the k largest of lam, ascending), U and V orthonormal, A = U S V'. */
    private static void assertAccurateWithVectors(PageArray pa, double[] lam, int k) {
        SvdResult s = Jacobi.svd(pa, CPU);
        double worst = 0;
        for (int i = 0; i < k; i++) {
            double ref = Math.sqrt(lam[lam.length - 1 - i]);
            worst = Math.max(worst, Math.abs(s.s().get(i, 0) - ref) / ref);
        }
        assertTrue(worst < 1e-12, "worst relative error " + worst);
        assertTrue(Matrices.orthogonality(s.u(), 0) < 1e-13, "U");
        assertTrue(Matrices.orthogonality(s.v(), 0) < 1e-13, "V");
        assertTrue(Matrices.svdResidual(pa, s.u(), s.s(), s.v(), 0) < 1e-14, "residual");
    }

    /**
     * Row-graded pages A = D B, rows in scrambled order: the rows sorted by norm before the pivoted QR keep every
     * singular value to relative accuracy 1e-12 against high precision (without the sort, errors of order 100 at
     * 12 x 12 over 20 decades, reported converged). Tall and square; a wide column-graded page is this case after its
     * transpose.
     */
    @ParameterizedTest
    @CsvSource({"40,40", "70,35", "12,12"})
    void gradedRowsWithVectors(int m, int n) {
        Random r = new Random(93);
        double[] a = Matrices.randn(r, m, n);
        int[] perm = Matrices.permutation(r, m);
        for (int i = 0; i < m; i++) {
            double d = Math.pow(10, -14.0 * perm[i] / (m - 1));
            for (int j = 0; j < n; j++) a[i + j * m] *= d;
        }
        // A A' = D B B' D is graded like A's rows (A'A is not: rounded to double it would lose the small values)
        double[] lam = HighPrecisionEigenvalues.of(exactGram(a, m, n), m); // ascending; the n largest are sigma^2
        assertAccurateWithVectors(PageArray.wrap(a.clone(), m, n), lam, n);
    }

    /** Single precision through the backend, m != n both ways and a block width that does not divide n. */
    @ParameterizedTest
    @CsvSource({"300,130", "130,300", "17,17"})
    void singlePrecision(int m, int n) {
        PageArray a = Matrices.page(Matrices.randn(new Random(m + n), m, n), m, n, Precision.SINGLE);
        double bound = 20 * Math.max(m, n) * Precision.SINGLE.eps();
        double[] ref = EjmlReference.singularValues(a.to(Precision.DOUBLE).doubleData(), m, n);
        SvdResult s = Jacobi.svd(a, CPU.withEcon(true));
        assertEquals(Precision.SINGLE, s.s().precision());
        assertTrue(Matrices.svdResidual(a, s.u(), s.s(), s.v(), 0) <= bound, "reconstruction");
        assertTrue(Matrices.orthogonality(s.u(), 0) <= bound, "U");
        assertTrue(Matrices.orthogonality(s.v(), 0) <= bound, "V");
        for (int i = 0; i < Math.min(m, n); i++) assertEquals(ref[i], s.s().get(i, 0), bound * ref[0]);
    }

    private static double[] sorted(double[] s) {
        double[] c = s.clone();
        Arrays.sort(c);
        for (int i = 0; i < c.length / 2; i++) {
            double t = c[i];
            c[i] = c[c.length - 1 - i];
            c[c.length - 1 - i] = t;
        }
        return c;
    }

    private static double dot(double[] x, int c, int d, int rows) {
        double s = 0;
        for (int i = 0; i < rows; i++) s += x[i + c * rows] * x[i + d * rows];
        return s;
    }

    private static double[] transpose(double[] a, int m, int n) {
        double[] t = new double[m * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) t[j + i * n] = a[i + j * m];
        return t;
    }
}
