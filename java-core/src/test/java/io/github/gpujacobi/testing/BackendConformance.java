package io.github.gpujacobi.testing;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.HsvdResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.matrices.GradedReference;
import io.github.gpujacobi.core.AccuracyContract;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What every backend must satisfy (EJML's pattern: one abstract suite, one subclass per backend;
 * published in gpujacobi-core's test-jar). Each check is one JUnit result: residual, orthogonality,
 * ordering and agreement with EJML for every supported eig method, svd of tall and wide shapes,
 * inversion by both methods, the hyperbolic SVD, 3-D page arrays, relative accuracy on graded
 * matrices against 40-digit arithmetic, the extreme-scale rotation cases (theta^2 overflowing the
 * precision) and the errors bad input must raise, in both precisions. Bounds are c n eps with c = 20
 * (50 for single on an accelerator, which computes in float where the CPU backend uses double).
 * Complex input has its own section at the end: Hermitian eig, complex SVD and inverse
 * with residual <= 10 n eps, ||V^H V - I||_2 <= 3 n eps, agreement with EJML (on the real embedding)
 * and with the CPU backend, graded Hermitian positive definite relative accuracy against 40 digits,
 * pages, and non-Hermitian input refused with its relative asymmetry. The accuracy contract (docs/accuracy.md) has
 * its own section, "contract": every default factor orthogonal to max(n, 3) eps (n = 8 to 1024, pages, complex,
 * hsvd), graded inputs against cached 25-digit references, a loose Tol never converged outside the contract.
 * The sizes that exist for the GPU's blocked routes (n from 256) are separate checks tagged "slow": on the CPU they
 * run the code paths of the smaller sizes and take most of the suite's time, so the default local test run leaves
 * them out; CI (.ci/run) and the GPU machine (cuda/gpu-verify.sh) run them.
 * Subclasses say which backend and skip themselves (JUnit assumption) where it is not available.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class BackendConformance {
    /** The backend under test, or null when it is not available here (the checks are then skipped). */
    protected abstract Backend backend();

    /** The Device option that selects it: "cpu" or "gpu". */
    protected abstract String device();

    /** Why the backend is missing, for the skip message. */
    protected String whyMissing() { return "backend not available"; }

    static final int[] SIZES = {1, 2, 3, 7, 32, 33, 100};
    static final String[] EIG_METHODS = {"parallel", "cyclic", "classical", "ta", "ma", "sa", "mca", "hyperbolic"};

    @BeforeEach
    void available() {
        assumeTrue(backend() != null, whyMissing());
    }

    protected SolverOptions opts() {
        return SolverOptions.defaults().withDevice(device()).withCaller("conformance");
    }

    private double bound(Precision p, int n) {
        double c = p == Precision.SINGLE && backend().isGpu() ? 50 : 20;
        return c * Math.max(n, 1) * p.eps();
    }

    Stream<Arguments> eigCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (String m : EIG_METHODS) for (Precision p : Precision.values()) for (int n : SIZES) {
            if (m.equals("classical") && n > 33) continue; // O(n^2) pivot search per rotation
            if (m.equals("hyperbolic") && n > 33) continue;
            out.add(Arguments.of(m, p, n));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "eig {0} {1} n={2}")
    @MethodSource("eigCases")
    void eigResidualOrthogonalityOrderAndReference(String method, Precision p, int n) {
        assumeTrue(backend().supports(Operation.EIG, method), method + " not offered by " + backend().name());
        Random r = new Random(n * 31L + method.hashCode());
        double[] a = Matrices.symmetric(r, n);
        PageArray pa = Matrices.page(a, n, n, p);
        EigResult e = Jacobi.eig(pa, opts().withMethod(method));
        assertEquals(p, e.values().precision());
        assertTrue(e.report().converged(), "converged");
        double b = bound(p, n);
        double res = Matrices.eigResidual(pa.to(Precision.DOUBLE), e.vectors().to(Precision.DOUBLE),
                e.values().to(Precision.DOUBLE), 0);
        assertTrue(res <= b, "residual " + res + " > " + b);
        double orth = Matrices.orthogonality(e.vectors().to(Precision.DOUBLE), 0);
        assertTrue(orth <= b, "orthogonality " + orth + " > " + b);
        double[] ref = EjmlReference.eigenvalues(pa.to(Precision.DOUBLE).doubleData(), n);
        double scale = Math.abs(ref[0]) + Math.abs(ref[n - 1]);
        for (int i = 0; i < n; i++) {
            if (i > 0) assertTrue(e.values().get(i, 0) >= e.values().get(i - 1, 0), "ascending at " + i);
            assertEquals(ref[i], e.values().get(i, 0), b * scale, "lambda_" + i + " vs EJML");
        }
    }

    Stream<Arguments> svdShapes() {
        List<Arguments> out = new ArrayList<Arguments>();
        int[][] shapes = {{1, 1}, {2, 2}, {7, 4}, {4, 7}, {33, 33}, {40, 33}, {33, 40}, {100, 65}};
        for (Precision p : Precision.values()) for (int[] s : shapes) out.add(Arguments.of(p, s[0], s[1]));
        return out.stream();
    }

    @ParameterizedTest(name = "svd {0} {1}x{2}")
    @MethodSource("svdShapes")
    void svdResidualOrthogonalityOrderAndReference(Precision p, int m, int n) {
        Random r = new Random(m * 131L + n);
        PageArray a = Matrices.page(Matrices.randn(r, m, n), m, n, p);
        SvdResult s = Jacobi.svd(a, opts());
        int k = Math.min(m, n);
        double b = bound(p, Math.max(m, n));
        PageArray ad = a.to(Precision.DOUBLE);
        double res = Matrices.svdResidual(ad, s.u().to(Precision.DOUBLE), s.s().to(Precision.DOUBLE),
                s.v().to(Precision.DOUBLE), 0);
        assertTrue(res <= b, "residual " + res);
        assertTrue(Matrices.orthogonality(s.u().to(Precision.DOUBLE), 0) <= b, "U orthogonal");
        assertTrue(Matrices.orthogonality(s.v().to(Precision.DOUBLE), 0) <= b, "V orthogonal");
        double[] ref = EjmlReference.singularValues(ad.doubleData(), m, n);
        for (int i = 0; i < k; i++) {
            if (i > 0) assertTrue(s.s().get(i, 0) <= s.s().get(i - 1, 0), "descending at " + i);
            assertEquals(ref[i], s.s().get(i, 0), b * ref[0], "sigma_" + i + " vs EJML");
        }
    }

    Stream<Arguments> invCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (String m : new String[]{"gaussjordan", "cholesky"}) for (Precision p : Precision.values())
            for (int n : new int[]{1, 2, 7, 33, 100}) out.add(Arguments.of(m, p, n));
        return out.stream();
    }

    @ParameterizedTest(name = "inv {0} {1} n={2}")
    @MethodSource("invCases")
    void inverseResidual(String method, Precision p, int n) {
        Random r = new Random(n + 7L);
        double[] a = method.equals("cholesky") ? Matrices.spd(r, n) : Matrices.wellConditioned(r, n);
        PageArray pa = Matrices.page(a, n, n, p);
        InverseResult x = Jacobi.inv(pa, opts().withMethod(method));
        assertEquals(method, x.report().method());
        assertFalse(x.anySingular());
        double res = Matrices.inverseResidual(pa.to(Precision.DOUBLE), x.inverse().to(Precision.DOUBLE), 0);
        assertTrue(res <= 2.5 * bound(p, n), "||AX - I|| / (||A|| ||X||) " + res);
        assertTrue(x.rcond(0) > 0 && x.rcond(0) <= 1 + 4 * p.eps(), "rcond " + x.rcond(0));
    }

    @ParameterizedTest(name = "inv singular {0}")
    @EnumSource(Precision.class)
    void singularInverseIsFlagged(Precision p) {
        PageArray a = Matrices.page(new double[]{1, 2, 2, 4}, 2, 2, p);
        assertTrue(Jacobi.inv(a, opts()).anySingular());
    }

    Stream<Arguments> hsvdCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) for (int[] s : new int[][]{{1, 1}, {7, 7}, {40, 33}})
            for (boolean mixed : new boolean[]{false, true}) out.add(Arguments.of(p, s[0], s[1], mixed));
        return out.stream();
    }

    @ParameterizedTest(name = "hsvd {0} {1}x{2} mixed J {3}")
    @MethodSource("hsvdCases")
    void hyperbolicSvd(Precision p, int m, int n, boolean mixed) {
        Random r = new Random(m * 7L + n + (mixed ? 1 : 0));
        PageArray g = Matrices.page(Matrices.randn(r, m, n), m, n, p);
        double[] j = new double[n];
        for (int c = 0; c < n; c++) j[c] = mixed && c % 2 == 1 ? -1 : 1;
        HsvdResult h = Jacobi.hsvd(g, PageArray.wrap(j, n, 1), opts());
        double b = 2.5 * bound(p, m);
        double res = Matrices.svdResidual(g.to(Precision.DOUBLE), h.u().to(Precision.DOUBLE),
                h.s().to(Precision.DOUBLE), h.v().to(Precision.DOUBLE), 0);
        assertTrue(res <= b, "residual " + res);
        assertTrue(Matrices.orthogonality(h.u().to(Precision.DOUBLE), 0) <= b, "U orthogonal");
        double[] v = h.v().pageAsDouble(0), js = h.signs().pageAsDouble(0);
        double err = 0, vnorm = 0;
        for (int a = 0; a < n; a++) for (int c = 0; c < n; c++) {
            double x = 0;
            for (int i = 0; i < n; i++) x += v[i + a * n] * j[i] * v[i + c * n];
            err += Math.pow(x - (a == c ? js[a] : 0), 2);
            vnorm += v[c + a * n] * v[c + a * n];
        }
        assertTrue(Math.sqrt(err) / Math.max(vnorm, 1) <= b, "V'JV = J");
    }

    Stream<Arguments> pageCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        // each size class of the GPU's batched kernels (PagePlan): a warp per page (2, 7, 16), a slice of
        // warps (33), a block with A and V shared (64, 100), V in global memory (128 double), block Jacobi
        // inside the page (129: 9 column blocks, a ghost block and a last block of one column; 200; 256)
        for (Precision p : Precision.values()) for (int n : new int[]{1, 2, 7, 16, 33, 64, 100, 128, 129, 200, 256}) {
            out.add(Arguments.of(p, n));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "eig pages {0} {1}x{1}")
    @MethodSource("pageCases")
    void eigPages(Precision p, int n) {
        int pages = pagesOf(n);
        Random r = new Random(n);
        double[] a = new double[n * n * pages];
        for (int k = 0; k < pages; k++) System.arraycopy(Matrices.symmetric(r, n), 0, a, k * n * n, n * n);
        PageArray pa = PageArray.wrap(a, n, n, pages).to(p);
        EigResult e = Jacobi.eig(pa, opts());
        PageArray ad = pa.to(Precision.DOUBLE), v = e.vectors().to(Precision.DOUBLE), d = e.values().to(Precision.DOUBLE);
        double b = bound(p, n);
        for (int k = 0; k < pages; k++) {
            assertTrue(e.report().converged(k), "page " + k + " converged");
            assertTrue(Matrices.eigResidual(ad, v, d, k) <= b, "page " + k + " residual");
            assertTrue(Matrices.orthogonality(v, k) <= b, "page " + k + " orthogonality");
            for (int i = 1; i < n; i++) assertTrue(d.get(i, 0, k) >= d.get(i - 1, 0, k), "page " + k + " ascending");
        }
    }

    @ParameterizedTest(name = "svd pages {0} {1}x{2}")
    @MethodSource("svdPageShapes")
    void svdPages(Precision p, int m, int n) {
        int pages = pagesOf(Math.min(m, n));
        Random r = new Random(m * 3L + n);
        PageArray pa = PageArray.wrap(Matrices.randn(r, m * n * pages, 1), m, n, pages).to(p);
        SvdResult s = Jacobi.svd(pa, opts());
        PageArray ad = pa.to(Precision.DOUBLE), u = s.u().to(Precision.DOUBLE), sd = s.s().to(Precision.DOUBLE),
                v = s.v().to(Precision.DOUBLE);
        double b = bound(p, Math.max(m, n));
        for (int k = 0; k < pages; k++) {
            assertTrue(Matrices.svdResidual(ad, u, sd, v, k) <= b, "page " + k + " residual");
            assertTrue(Matrices.orthogonality(u, k) <= b && Matrices.orthogonality(v, k) <= b, "page " + k + " orthogonality");
        }
    }

    /**
     * A page the sweep limit stops is reported as not converged, page by page, beside pages that did
     * converge (diagonal pages: the first sweep rotates nothing): never silently. Orders 7, 40 and 150
     * reach every kind of GPU batched kernel (a warp per page; shared memory; block Jacobi inside the page).
     */
    @ParameterizedTest(name = "pages not converged reported per page {0} {1}x{1}")
    @MethodSource("unconvergedCases")
    void unconvergedPagesReported(String op, int n, Precision p) {
        Random r = new Random(n);
        double[] a = new double[n * n * 3];
        for (int i = 0; i < n; i++) {
            a[i + i * n] = i + 1;
            a[2 * n * n + i + i * n] = -(i + 1);
        }
        System.arraycopy(Matrices.symmetric(r, n), 0, a, n * n, n * n);
        PageArray pa = PageArray.wrap(a, n, n, 3).to(p);
        SolverOptions o = opts().withMaxSweeps(1);
        RunReport rep = op.equals("eig") ? Jacobi.eig(pa, o).report() : Jacobi.svd(pa, o).report();
        assertTrue(rep.converged(0) && rep.converged(2), "diagonal pages converged");
        assertFalse(rep.converged(1), "the full page stopped by MaxSweeps = 1 is reported as not converged");
        assertFalse(rep.converged(), "the call as a whole is not converged");
    }

    Stream<Arguments> unconvergedCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (String op : new String[]{"eig", "svd"}) for (int n : new int[]{7, 40, 150}) for (Precision p : Precision.values()) {
            out.add(Arguments.of(op, n, p));
        }
        return out.stream();
    }

    /** 20 pages up to 64 x 64; 3 of the larger ones (the CPU backend runs these checks too). */
    private static int pagesOf(int n) {
        return n <= 64 ? 20 : 3;
    }

    Stream<Arguments> svdPageShapes() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values())
            for (int[] s : new int[][]{{1, 1}, {7, 4}, {4, 7}, {16, 16}, {33, 33}, {64, 64}, {130, 37}, {37, 130}, {128, 128},
                    {300, 150}, {140, 200}, {256, 256}})
            out.add(Arguments.of(p, s[0], s[1]));
        return out.stream();
    }

    Stream<Arguments> gradedCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (String m : new String[]{"parallel", "mca", "sa", "classical", "hyperbolic"}) out.add(Arguments.of(m));
        return out.stream();
    }

    /** Demmel-Veselic [6]: every eigenvalue of a graded SPD matrix to high relative accuracy. */
    @ParameterizedTest(name = "eig graded 10 decades {0}")
    @MethodSource("gradedCases")
    void gradedRelativeAccuracy(String method) {
        assumeTrue(backend().supports(Operation.EIG, method), method + " not offered by " + backend().name());
        int n = 24;
        double[] a = Matrices.gradedSpd(new Random(n), n, 10);
        double[] ref = HighPrecisionEigenvalues.of(a, n);
        EigResult e = Jacobi.eig(PageArray.wrap(a.clone(), n, n), opts().withMethod(method).withVectors(false));
        for (int i = 0; i < n; i++) {
            double rel = Math.abs(e.values().get(i, 0) - ref[i]) / Math.abs(ref[i]);
            assertTrue(rel <= 1e-12, "lambda_" + i + " = " + ref[i] + ": relative error " + rel);
        }
    }

    /**
     * The graded SPD matrix rounded to single, through the default method (on the GPU the blocked route):
     * every eigenvalue within n eps_single relative of the rounded matrix's, to 40 digits [6].
     */
    @Test
    void gradedSingleRelativeAccuracy() {
        int n = 24;
        PageArray a = PageArray.wrap(Matrices.gradedSpd(new Random(n), n, 10), n, n).to(Precision.SINGLE);
        double[] ref = HighPrecisionEigenvalues.of(a.to(Precision.DOUBLE).doubleData(), n);
        EigResult e = Jacobi.eig(a, opts().withVectors(false));
        for (int i = 0; i < n; i++) {
            double rel = Math.abs(e.values().get(i, 0) - ref[i]) / Math.abs(ref[i]);
            assertTrue(rel <= n * Precision.SINGLE.eps(), "lambda_" + i + " = " + ref[i] + ": relative error " + rel);
        }
    }

    /**
     * Graded SPD pages (10 decades, permuted): every eigenvalue of every page to 1e-12 relative, through
     * each GPU page kernel (a warp per page at 24, shared memory at 100, block Jacobi inside the page at
     * 150: its 32 x 32 tile products must keep the small entries' relative accuracy). Reference: 40
     * digits at 24; beyond, the CPU backend's default eig of each page (relatively accurate, checked
     * against 40 digits at n = 24 by this suite), so the larger cases run on the GPU only.
     */
    @ParameterizedTest(name = "eig pages graded 10 decades {0}x{0}")
    @ValueSource(ints = {24, 100, 150})
    void gradedPagesRelativeAccuracy(int n) {
        assumeTrue(n <= 40 || backend().isGpu(), "the CPU backend is the reference beyond n = 40");
        int pages = 3;
        double[] a = new double[n * n * pages];
        for (int k = 0; k < pages; k++) System.arraycopy(Matrices.gradedSpd(new Random(n * 7L + k), n, 10), 0, a, k * n * n, n * n);
        EigResult e = Jacobi.eig(PageArray.wrap(a.clone(), n, n, pages), opts().withVectors(false));
        for (int k = 0; k < pages; k++) {
            double[] page = Arrays.copyOfRange(a, k * n * n, (k + 1) * n * n);
            double[] ref = n <= 40 ? HighPrecisionEigenvalues.of(page, n)
                    : Jacobi.eig(PageArray.wrap(page, n, n), SolverOptions.defaults().withDevice("cpu").withVectors(false))
                            .values().pageAsDouble(0);
            assertTrue(e.report().converged(k), "page " + k + " converged");
            for (int i = 0; i < n; i++) {
                double rel = Math.abs(e.values().get(i, 0, k) - ref[i]) / Math.abs(ref[i]);
                assertTrue(rel <= 1e-12, "page " + k + " lambda_" + i + " = " + ref[i] + ": relative error " + rel);
            }
        }
    }

    /**
     * Graded columns (A = B D, B well conditioned, D = logspace(0, -10) permuted): one-sided Jacobi finds
     * every singular value to high relative accuracy [1]; pages of 150 x 150 reach the GPU's block-Jacobi
     * page kernel (its Gram matrices are formed again from the columns at every step). Reference: the
     * CPU backend's default svd of each page, so this runs on the GPU only.
     */
    @Test
    void gradedColumnPagesRelativeAccuracy() {
        assumeTrue(backend().isGpu(), "the CPU backend is the reference");
        int n = 150, pages = 3;
        Random r = new Random(41);
        double[] a = new double[n * n * pages];
        for (int k = 0; k < pages; k++) {
            double[] b = Matrices.wellConditioned(r, n);
            int[] perm = Matrices.permutation(r, n);
            for (int j = 0; j < n; j++) {
                double d = Math.pow(10, -10.0 * perm[j] / (n - 1));
                for (int i = 0; i < n; i++) a[k * n * n + i + j * n] = b[i + j * n] * d;
            }
        }
        SvdResult s = Jacobi.svd(PageArray.wrap(a.clone(), n, n, pages), opts().withVectors(false));
        for (int k = 0; k < pages; k++) {
            double[] page = Arrays.copyOfRange(a, k * n * n, (k + 1) * n * n);
            double[] ref = Jacobi.svd(PageArray.wrap(page, n, n), SolverOptions.defaults().withDevice("cpu").withVectors(false))
                    .s().pageAsDouble(0);
            assertTrue(s.report().converged(k), "page " + k + " converged");
            for (int i = 0; i < n; i++) {
                double rel = Math.abs(s.s().get(i, 0, k) - ref[i]) / ref[i];
                assertTrue(rel <= 1e-12, "page " + k + " sigma_" + i + " = " + ref[i] + ": relative error " + rel);
            }
        }
    }

    /**
     * A graded 2 x 2: theta = 1e20, so theta^2 overflows float; an unguarded tangent returns 0, the
     * pair is never rotated and the small eigenvalue comes back as 1e-30 instead of 7.5e-31.
     */
    @ParameterizedTest(name = "eig graded 2x2 theta^2 overflow {0} {1}")
    @MethodSource("tangentCases")
    void extremeTangentTwoByTwo(String method, Precision p) {
        assumeTrue(backend().supports(Operation.EIG, method), method + " not offered by " + backend().name());
        PageArray a = Matrices.page(new double[]{1e-30, 5e-11, 5e-11, 1e10}, 2, 2, p);
        EigResult e = Jacobi.eig(a, opts().withMethod(method));
        assertEquals(7.5e-31, e.values().get(0, 0), 8 * p.eps() * 7.5e-31, "small eigenvalue");
        assertEquals(1e10, e.values().get(1, 0), 8 * p.eps() * 1e10, "large eigenvalue");
    }

    Stream<Arguments> tangentCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (String m : new String[]{"parallel", "cyclic", "classical", "mca", "ta"}) for (Precision p : Precision.values())
            out.add(Arguments.of(m, p));
        return out.stream();
    }

    /**
     * The one-sided twin: columns of norms 1e-15 and 1e5 at 60 degrees (Gram a = 1e-30, b = 1e10,
     * g = 5e-11, so theta = 1e20); unrotated, the small singular value would come back as 1e-15
     * instead of |det| / sigma_1 = 8.66e-16.
     */
    @ParameterizedTest(name = "svd graded 2x2 theta^2 overflow {0}")
    @EnumSource(Precision.class)
    void extremeTangentOneSided(Precision p) {
        double[] a = {1e-15, 0, 0.5e5, Math.sqrt(0.75) * 1e5};
        PageArray pa = Matrices.page(a, 2, 2, p);
        SvdResult s = Jacobi.svd(pa, opts());
        double det = Math.abs(pa.get(0, 0) * pa.get(1, 1) - pa.get(0, 1) * pa.get(1, 0));
        double s1 = Math.hypot(pa.get(0, 1), pa.get(1, 1)); // = ||a_2|| to relative 1e-40
        assertEquals(s1, s.s().get(0, 0), 8 * p.eps() * s1);
        assertEquals(det / s1, s.s().get(1, 0), 8 * p.eps() * det / s1, "small singular value");
    }

    /** Scaling by 2^k is exact: the results must scale with it, at the ends of the exponent range. */
    @ParameterizedTest(name = "extreme scale {0}")
    @EnumSource(Precision.class)
    void extremeScales(Precision p) {
        int n = 7;
        double[] a = Matrices.symmetric(new Random(3), n);
        EigResult ref = Jacobi.eig(Matrices.page(a, n, n, p), opts().withVectors(false));
        int e = p == Precision.DOUBLE ? 990 : 110; // 2^990 ~ 1e298, 2^110 ~ 1e33
        for (int sign : new int[]{1, -1}) {
            double f = Math.scalb(1.0, sign * e);
            double[] s = a.clone();
            for (int i = 0; i < s.length; i++) s[i] *= f;
            EigResult x = Jacobi.eig(Matrices.page(s, n, n, p), opts().withVectors(false));
            for (int i = 0; i < n; i++) {
                double want = ref.values().get(i, 0) * f;
                assertEquals(want, x.values().get(i, 0), bound(p, n) * Math.abs(ref.values().get(n - 1, 0)) * f,
                        "lambda_" + i + " at scale 2^" + sign * e);
            }
        }
    }

    @Test
    void nonFiniteInputIsRejected() {
        PageArray a = PageArray.wrap(new double[]{1, Double.NaN, Double.NaN, 1}, 2, 2);
        JacobiException x = assertThrows(JacobiException.class, () -> Jacobi.eig(a, opts()));
        assertEquals(ErrorKind.NON_FINITE, x.kind());
        assertThrows(JacobiException.class, () -> Jacobi.svd(a, opts()));
        assertThrows(JacobiException.class, () -> Jacobi.inv(a, opts()));
    }

    /** inv names the first NaN or Inf as the API's check does, on one page and on pages, whoever checks. */
    @Test
    void nonFiniteInverseInputIsNamed() {
        for (double bad : new double[]{Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            double[] d = {4, 1, 0, 1, 3, 1, 0, 1, 2};
            d[5] = bad; // (3,2)
            JacobiException one = assertThrows(JacobiException.class, () -> Jacobi.inv(PageArray.wrap(d, 3, 3), opts()));
            assertEquals(ErrorKind.NON_FINITE, one.kind(), one.getMessage());
            assertTrue(one.getMessage().contains("(3,2)") && one.getMessage().contains(Double.isNaN(bad) ? "NaN" : "Inf"),
                    one.getMessage());
            double[] two = new double[18];
            System.arraycopy(new double[]{2, 0, 0, 0, 2, 0, 0, 0, 2}, 0, two, 0, 9);
            System.arraycopy(d, 0, two, 9, 9);
            JacobiException paged = assertThrows(JacobiException.class, () -> Jacobi.inv(PageArray.wrap(two, 3, 3, 2), opts()));
            assertEquals(ErrorKind.NON_FINITE, paged.kind(), paged.getMessage());
            assertTrue(paged.getMessage().contains("(3,2,2)"), paged.getMessage());
        }
    }

    /** The inverse is a new array: writing to it leaves the input as it was, and the input is not modified. */
    @Test
    void inverseIsNotTheInput() {
        Random rnd = new Random(3);
        for (int n : new int[]{1, 5, 200}) {
            double[] d = new double[n * n];
            for (int i = 0; i < d.length; i++) d[i] = rnd.nextGaussian();
            for (int i = 0; i < n; i++) d[i + i * n] += n;
            double[] kept = d.clone();
            PageArray a = PageArray.wrap(d, n, n);
            PageArray x = Jacobi.inv(a, opts()).inverse();
            assertArrayEquals(kept, d, "input modified, n = " + n);
            x.set(0, 0, 12345);
            assertArrayEquals(kept, d, "output aliases the input, n = " + n);
        }
    }

    @Test
    void nonSquareIsRejected() {
        PageArray a = PageArray.wrap(new double[6], 2, 3);
        assertEquals(ErrorKind.NOT_SQUARE, assertThrows(JacobiException.class, () -> Jacobi.eig(a, opts())).kind());
        assertEquals(ErrorKind.NOT_SQUARE, assertThrows(JacobiException.class, () -> Jacobi.inv(a, opts())).kind());
    }

    @Test
    void nonSymmetricIsRejected() {
        PageArray a = PageArray.wrap(new double[]{1, 2, 3, 4}, 2, 2);
        assertEquals(ErrorKind.NOT_SYMMETRIC, assertThrows(JacobiException.class, () -> Jacobi.eig(a, opts())).kind());
    }

    @Test
    void choleskyOfAnIndefiniteMatrixIsRejected() {
        PageArray a = PageArray.wrap(new double[]{1, 2, 2, 1}, 2, 2);
        JacobiException x = assertThrows(JacobiException.class, () -> Jacobi.inv(a, opts().withMethod("cholesky")));
        assertEquals(ErrorKind.NOT_POSITIVE_DEFINITE, x.kind());
    }

    @Test
    void hyperbolicOfASingularMatrixIsRejected() {
        assumeTrue(backend().supports(Operation.EIG, "hyperbolic"));
        PageArray a = PageArray.wrap(new double[]{1, 1, 1, 1}, 2, 2);
        JacobiException x = assertThrows(JacobiException.class, () -> Jacobi.eig(a, opts().withMethod("hyperbolic")));
        assertEquals(ErrorKind.SINGULAR, x.kind());
    }

    /** Jacobi.release() gives resources back; the next call acquires them again and computes correctly. */
    @ParameterizedTest(name = "release then solve again {0}")
    @EnumSource(Precision.class)
    void releaseThenSolveAgain(Precision p) {
        int n = 33;
        PageArray a = Matrices.page(Matrices.symmetric(new Random(5), n), n, n, p);
        Jacobi.eig(a, opts());
        List<String> released = Jacobi.release();
        assertEquals(backend().isGpu(), !released.isEmpty(), "what was released: " + released);
        EigResult e = Jacobi.eig(a, opts());
        double res = Matrices.eigResidual(a, e.vectors(), e.values(), 0);
        assertTrue(res <= bound(p, n), "residual after release " + res);
        assertTrue(Jacobi.inv(Matrices.page(Matrices.spd(new Random(6), n), n, n, p), opts()).report().method()
                .equals("cholesky"), "Cholesky (library handles) after release");
    }


    // ---- the accuracy contract (docs/accuracy.md): what a default call promises, on every backend ----

    /** ||Q^H Q - I||_F <= max(n, 3) eps of the class for every returned factor (LAPACK's level). */
    private static double contract(Precision p, int n) { return AccuracyContract.orthogonality(p, n); }

    Stream<Arguments> contractEigCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) for (int n : new int[]{8, 64}) out.add(Arguments.of(p, n));
        return out.stream();
    }

    // ---- into the caller's arrays (Jacobi.eigInto, svdInto, invInto) ----

    /** op, precision, m, n, pages, vectors, econ: one page and pages of every size class; values only; thin SVD. */
    Stream<Arguments> intoCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) {
            for (int[] s : new int[][]{{7, 1}, {33, 3}, {64, 40}}) {
                out.add(Arguments.of("eig", p, s[0], s[0], s[1], true, false));
                out.add(Arguments.of("inv", p, s[0], s[0], s[1], true, false));
                out.add(Arguments.of("svd", p, s[0], s[0], s[1], true, false));
            }
            out.add(Arguments.of("eig", p, 33, 33, 3, false, false));
            out.add(Arguments.of("svd", p, 6, 4, 3, false, false));
            out.add(Arguments.of("svd", p, 9, 5, 1, true, false));
            out.add(Arguments.of("svd", p, 9, 5, 2, true, true));
            out.add(Arguments.of("svd", p, 5, 9, 1, true, true));
            out.add(Arguments.of("svd", p, 5, 9, 2, true, false));
        }
        return out.stream();
    }

    Stream<Arguments> intoLargeCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (String op : new String[]{"eig", "svd", "inv"}) out.add(Arguments.of(op, Precision.DOUBLE, 300, 300, 1, true, false));
        out.add(Arguments.of("svd", Precision.SINGLE, 300, 260, 1, true, true));
        return out.stream();
    }

    @Tag("slow")
    @ParameterizedTest(name = "into {0} {1} {2}x{3}x{4} vectors {5} econ {6}")
    @MethodSource("intoLargeCases")
    void intoTheCallersArraysLarge(String op, Precision p, int m, int n, int pages, boolean vec, boolean econ) {
        intoTheCallersArrays(op, p, m, n, pages, vec, econ);
    }

    /**
     * The results land in the caller's arrays, which are what the result holds, as good as the ordinary call's and
     * agreeing with it; the arrays start as NaN and hold the first input's results for the second call, so a route
     * that relies on zeroed outputs or leaves anything of the call before fails here. The input is not touched.
     */
    @ParameterizedTest(name = "into {0} {1} {2}x{3}x{4} vectors {5} econ {6}")
    @MethodSource("intoCases")
    void intoTheCallersArrays(String op, Precision p, int m, int n, int pages, boolean vec, boolean econ) {
        int k = Math.min(m, n);
        PageArray[] outs;
        if (op.equals("eig")) outs = new PageArray[]{nans(p, n, 1, pages), vec ? nans(p, n, n, pages) : null};
        else if (op.equals("inv")) outs = new PageArray[]{nans(p, n, n, pages)};
        else outs = new PageArray[]{nans(p, k, 1, pages), vec ? nans(p, m, econ ? k : m, pages) : null,
                vec ? nans(p, n, econ ? k : n, pages) : null};
        double b = bound(p, Math.max(m, n));
        for (int call = 0; call < 2; call++) {
            Random r = new Random(9000L + call * 77 + m * 13 + n + pages);
            double[] data = new double[m * n * pages];
            for (int q = 0; q < pages; q++) {
                double[] page = op.equals("eig") ? Matrices.symmetric(r, n)
                        : op.equals("inv") ? Matrices.wellConditioned(r, n) : Matrices.randn(r, m, n);
                System.arraycopy(page, 0, data, q * m * n, m * n);
            }
            PageArray a = PageArray.wrap(data, m, n, pages).to(p), before = a.copy(), ad = a.to(Precision.DOUBLE);
            if (op.equals("eig")) {
                EigResult e = Jacobi.eigInto(a, outs[0], outs[1], opts());
                assertTrue(e.values() == outs[0] && e.vectors() == outs[1], "the result holds the caller's arrays");
                PageArray plain = Jacobi.eig(a, opts().withVectors(vec)).values();
                for (int q = 0; q < pages; q++) {
                    assertTrue(e.report().converged(q), "page " + q + " converged");
                    assertAgree(plain, e.values(), q, b);
                    if (vec) {
                        assertTrue(Matrices.eigResidual(ad, e.vectors().to(Precision.DOUBLE), e.values().to(Precision.DOUBLE), q) <= b,
                                "page " + q + " residual");
                        assertTrue(Matrices.orthogonality(e.vectors().to(Precision.DOUBLE), q) <= b, "page " + q + " orthogonality");
                    }
                }
            } else if (op.equals("svd")) {
                SvdResult s = Jacobi.svdInto(a, outs[0], outs[1], outs[2], opts());
                assertTrue(s.s() == outs[0] && s.u() == outs[1] && s.v() == outs[2], "the result holds the caller's arrays");
                PageArray plain = Jacobi.svd(a, opts().withVectors(vec).withEcon(econ)).s();
                for (int q = 0; q < pages; q++) {
                    assertAgree(plain, s.s(), q, b);
                    if (vec) {
                        PageArray u = s.u().to(Precision.DOUBLE), v = s.v().to(Precision.DOUBLE);
                        assertTrue(Matrices.svdResidual(ad, u, s.s().to(Precision.DOUBLE), v, q) <= b, "page " + q + " residual");
                        assertTrue(Matrices.orthogonality(u, q) <= b && Matrices.orthogonality(v, q) <= b,
                                "page " + q + " orthogonality");
                    }
                }
            } else {
                InverseResult x = Jacobi.invInto(a, outs[0], opts());
                assertTrue(x.inverse() == outs[0], "the result holds the caller's array");
                for (int q = 0; q < pages; q++) {
                    assertFalse(x.singular(q), "page " + q + " not singular");
                    double res = Matrices.inverseResidual(ad, x.inverse().to(Precision.DOUBLE), q);
                    assertTrue(res <= 2.5 * b, "page " + q + " ||AX - I|| / (||A|| ||X||) " + res);
                }
            }
            assertArrayEquals(before.to(Precision.DOUBLE).doubleData(), a.to(Precision.DOUBLE).doubleData(), "input untouched");
        }
    }

    /**
     * The routes the shapes above do not reach, into NaN-filled arrays, against the ordinary call: the hyperbolic eig,
     * the Cholesky inverse, a singular page among pages (its inverse Inf, flagged), svd pages whose columns span beyond
     * the kernels' safe range (the column-scaled solver's pages) and 1e300-scaled eig pages.
     */
    @ParameterizedTest(name = "into other routes {0}")
    @EnumSource(Precision.class)
    void intoOtherRoutes(Precision p) {
        int n = 7, pages = 3;
        Random r = new Random(9100);
        double[] sym = new double[n * n * pages], spd = new double[n * n * pages], gen = new double[n * n * pages];
        for (int k = 0; k < pages; k++) {
            System.arraycopy(Matrices.symmetric(r, n), 0, sym, k * n * n, n * n);
            System.arraycopy(Matrices.spd(r, n), 0, spd, k * n * n, n * n);
            if (k != 1) System.arraycopy(Matrices.wellConditioned(r, n), 0, gen, k * n * n, n * n); // page 1 singular
        }
        PageArray a = PageArray.wrap(sym, n, n, pages).to(p);
        EigResult hyp = Jacobi.eigInto(a, nans(p, n, 1, pages), nans(p, n, n, pages), opts().withMethod("hyperbolic"));
        EigResult hypPlain = Jacobi.eig(a, opts().withMethod("hyperbolic"));
        assertSameResults(hypPlain.values(), hyp.values(), "hyperbolic values");
        assertSameResults(hypPlain.vectors(), hyp.vectors(), "hyperbolic vectors");
        PageArray b = PageArray.wrap(spd, n, n, pages).to(p);
        assertSameResults(Jacobi.inv(b, opts().withMethod("cholesky")).inverse(),
                Jacobi.invInto(b, nans(p, n, n, pages), opts().withMethod("cholesky")).inverse(), "cholesky inverse");
        PageArray g = PageArray.wrap(gen, n, n, pages).to(p);
        InverseResult x = Jacobi.invInto(g, nans(p, n, n, pages), opts());
        assertTrue(x.singular(1) && !x.singular(0) && !x.singular(2), "page 2 flagged singular, the others not");
        assertSameResults(Jacobi.inv(g, opts()).inverse(), x.inverse(), "inverse with a singular page");
        double[] wide = Matrices.randn(r, n * n * pages, 1);
        int e = p == Precision.DOUBLE ? 500 : 50; // beyond the kernels' safe span (1e144, single 1e14)
        for (int k = 0; k < pages; k++) for (int i = 0; i < n; i++) wide[k * n * n + 3 * n + i] *= Math.scalb(1.0, -e);
        PageArray w = PageArray.wrap(wide, n, n, pages).to(p);
        SvdResult sv = Jacobi.svdInto(w, nans(p, n, 1, pages), nans(p, n, n, pages), nans(p, n, n, pages), opts());
        SvdResult svPlain = Jacobi.svd(w, opts());
        assertSameResults(svPlain.s(), sv.s(), "column-scaled s");
        assertSameResults(svPlain.u(), sv.u(), "column-scaled U");
        double[] big = sym.clone();
        for (int i = 0; i < big.length; i++) big[i] *= Math.scalb(1.0, p == Precision.DOUBLE ? 990 : 110);
        PageArray h = PageArray.wrap(big, n, n, pages).to(p);
        assertSameResults(Jacobi.eig(h, opts()).values(),
                Jacobi.eigInto(h, nans(p, n, 1, pages), null, opts()).values(), "scaled values");
    }

    /** The same results (to a few ulps: a device's reductions may round in another order), Inf where the other has it. */
    private static void assertSameResults(PageArray want, PageArray got, String what) {
        double scale = 0;
        for (int i = 0; i < want.length(); i++) if (!Double.isInfinite(want.get(i))) scale = Math.max(scale, Math.abs(want.get(i)));
        for (int i = 0; i < want.length(); i++) {
            double x = want.get(i), y = got.get(i);
            if (Double.isInfinite(x)) assertEquals(x, y, what + " entry " + i);
            else assertEquals(x, y, 16 * want.precision().eps() * scale, what + " entry " + i);
        }
    }

    /** Wrong arrays are refused before anything runs, naming the call, the array and what it must be. */
    @Test
    void intoRefusesWrongArrays() {
        PageArray a = Matrices.page(Matrices.symmetric(new Random(3), 4), 4, 4, Precision.DOUBLE);
        PageArray d = PageArray.zeros(Precision.DOUBLE, 4, 1, 1), v = PageArray.zeros(Precision.DOUBLE, 4, 4, 1);
        JacobiException e = assertThrows(JacobiException.class,
                () -> Jacobi.eigInto(a, d, PageArray.zeros(Precision.DOUBLE, 4, 3, 1), opts()));
        assertTrue(e.getMessage().contains("Jacobi.eigInto: vectors must be 4x4 double"), e.getMessage());
        e = assertThrows(JacobiException.class, () -> Jacobi.eigInto(a, d, PageArray.zeros(Precision.SINGLE, 4, 4, 1), opts()));
        assertTrue(e.getMessage().contains("but it is 4x4 single"), e.getMessage());
        e = assertThrows(JacobiException.class, () -> Jacobi.eigInto(a, d, a, opts()));
        assertTrue(e.getMessage().contains("must not share storage with A"), e.getMessage());
        e = assertThrows(JacobiException.class, () -> Jacobi.invInto(a, PageArray.wrap(a.doubleData(), 4, 4, 1), opts()));
        assertTrue(e.getMessage().contains("Jacobi.invInto"), e.getMessage());
        e = assertThrows(JacobiException.class, () -> Jacobi.svdInto(a, d, v, PageArray.wrap(v.doubleData(), 4, 4, 1), opts()));
        assertTrue(e.getMessage().contains("two of them share storage"), e.getMessage());
        e = assertThrows(JacobiException.class, () -> Jacobi.svdInto(a, d, v, null, opts()));
        assertTrue(e.getMessage().contains("give both u and v"), e.getMessage());
        e = assertThrows(JacobiException.class, () -> Jacobi.eigInto(a, null, v, opts()));
        assertTrue(e.getMessage().contains("values is null; it must be 4x1 double"), e.getMessage());
        e = assertThrows(JacobiException.class, () -> Jacobi.eigInto(Matrices.page(new double[6], 2, 3, Precision.DOUBLE), d, v, opts()));
        assertEquals(ErrorKind.NOT_SQUARE, e.kind());
        assertTrue(d.get(0) == 0 && v.get(0) == 0, "nothing was written");
    }

    private static PageArray nans(Precision p, int rows, int cols, int pages) {
        PageArray x = PageArray.zeros(p, rows, cols, pages);
        for (int i = 0; i < x.length(); i++) x.set(i % rows, (i / rows) % cols, i / (rows * cols), Double.NaN);
        return x;
    }

    /** Page q of got agrees with want to b times its largest magnitude (the same call, into other arrays). */
    private static void assertAgree(PageArray want, PageArray got, int q, double b) {
        double scale = 0;
        for (int i = 0; i < want.rows(); i++) scale = Math.max(scale, Math.abs(want.get(i, 0, q)));
        for (int i = 0; i < want.rows(); i++) {
            assertEquals(want.get(i, 0, q), got.get(i, 0, q), b * Math.max(scale, Double.MIN_NORMAL), "page " + q + " value " + i);
        }
    }

    Stream<Arguments> contractEigLargeCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) for (int n : new int[]{777, 1024}) out.add(Arguments.of(p, n));
        return out.stream();
    }

    @Tag("slow")
    @ParameterizedTest(name = "contract: eig orthogonality {0} n={1}")
    @MethodSource("contractEigLargeCases")
    void contractEigOrthogonalityLarge(Precision p, int n) {
        contractEigOrthogonality(p, n);
    }

    /** The default eig's vectors at n eps (the one-sided route returned them at about n^1.5 eps: 8.6e-4 at 777 single). */
    @ParameterizedTest(name = "contract: eig orthogonality {0} n={1}")
    @MethodSource("contractEigCases")
    void contractEigOrthogonality(Precision p, int n) {
        PageArray a = Matrices.page(Matrices.symmetric(new Random(4300L + n), n), n, n, p);
        EigResult e = Jacobi.eig(a, opts());
        assertTrue(e.report().converged(), "converged");
        double orth = Orthogonality.of(e.vectors(), 0);
        assertTrue(orth <= contract(p, n), e.report().method() + ": ||V'V - I||_F " + orth + " > " + contract(p, n));
    }

    Stream<Arguments> contractSvdCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) {
            for (int[] s : new int[][]{{8, 8}, {64, 64}, {300, 200}, {200, 300}}) out.add(Arguments.of(p, s[0], s[1]));
        }
        return out.stream();
    }

    Stream<Arguments> contractSvdLargeCases() {
        return Stream.of(Arguments.of(Precision.SINGLE, 777, 777), Arguments.of(Precision.SINGLE, 1024, 1024));
    }

    @Tag("slow")
    @ParameterizedTest(name = "contract: svd orthogonality {0} {1}x{2}")
    @MethodSource("contractSvdLargeCases")
    void contractSvdOrthogonalityLarge(Precision p, int m, int n) {
        contractSvdOrthogonality(p, m, n);
    }

    /** The default svd's U and V at n eps, n = max(m, n) (V of the one-sided route was at about n^1.5 eps). */
    @ParameterizedTest(name = "contract: svd orthogonality {0} {1}x{2}")
    @MethodSource("contractSvdCases")
    void contractSvdOrthogonality(Precision p, int m, int n) {
        PageArray a = Matrices.page(Matrices.randn(new Random(4310L + m * 7L + n), m, n), m, n, p);
        SvdResult s = Jacobi.svd(a, opts());
        assertTrue(s.report().converged(), "converged");
        double ou = Orthogonality.of(s.u(), 0), ov = Orthogonality.of(s.v(), 0), b = contract(p, Math.max(m, n));
        assertTrue(ou <= b && ov <= b, s.report().method() + ": ||U'U - I||_F " + ou + ", ||V'V - I||_F " + ov + " > " + b);
    }

    Stream<Arguments> contractPageCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) for (int n : new int[]{2, 3, 8, 64}) out.add(Arguments.of(p, n));
        return out.stream();
    }

    /** Pages (200 of them; 200 single pages of 64 x 64 gave 1.8e-5 on the CPU): every page's factors within max(n, 3) eps. */
    @ParameterizedTest(name = "contract: pages orthogonality {0} {1}x{1}")
    @MethodSource("contractPageCases")
    void contractPagesOrthogonality(Precision p, int n) {
        int pages = 200;
        Random r = new Random(4320L + n);
        double[] a = new double[n * n * pages];
        for (int k = 0; k < pages; k++) System.arraycopy(Matrices.symmetric(r, n), 0, a, k * n * n, n * n);
        PageArray pa = PageArray.wrap(a, n, n, pages).to(p);
        EigResult e = Jacobi.eig(pa, opts());
        SvdResult s = Jacobi.svd(pa, opts());
        double b = contract(p, n);
        for (int k = 0; k < pages; k++) {
            assertTrue(e.report().converged(k) && s.report().converged(k), "page " + k + " converged");
            double ov = Orthogonality.of(e.vectors(), k), su = Orthogonality.of(s.u(), k), sv = Orthogonality.of(s.v(), k);
            assertTrue(ov <= b, "eig page " + k + ": ||V'V - I||_F " + ov + " > " + b);
            assertTrue(su <= b && sv <= b, "svd page " + k + ": ||U'U - I||_F " + su + ", ||V'V - I||_F " + sv + " > " + b);
        }
    }

    Stream<Arguments> contractComplexCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) for (int n : new int[]{8, 64}) for (boolean definite : new boolean[]{true, false})
            out.add(Arguments.of(p, n, definite));
        return out.stream();
    }

    Stream<Arguments> contractComplexLargeCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) for (boolean definite : new boolean[]{true, false}) out.add(Arguments.of(p, 300, definite));
        return out.stream();
    }

    @Tag("slow")
    @ParameterizedTest(name = "contract: complex orthogonality {0} n={1} definite {2}")
    @MethodSource("contractComplexLargeCases")
    void contractComplexOrthogonalityLarge(Precision p, int n, boolean definite) {
        contractComplexOrthogonality(p, n, definite);
    }

    /**
     * Complex input: the default eig (Hermitian positive definite: the one-sided route on the Cholesky factor; indefinite)
     * and svd (tall and wide) with every factor within max(n, 3) eps (the complex svd's U was at about n^1.5 eps).
     */
    @ParameterizedTest(name = "contract: complex orthogonality {0} n={1} definite {2}")
    @MethodSource("contractComplexCases")
    void contractComplexOrthogonality(Precision p, int n, boolean definite) {
        assumeTrue(backend().supportsComplex(Operation.EIG) && backend().supportsComplex(Operation.SVD));
        Random r = new Random(4330L + n + (definite ? 1 : 0));
        double[] z;
        if (definite) {
            double[] g = ComplexMatrices.randn(r, n, 2 * n);
            z = ComplexMatrices.mul(g, n, 2 * n, ComplexMatrices.ctranspose(g, n, 2 * n), n);
        } else {
            z = ComplexMatrices.hermitian(r, n);
        }
        ComplexPageArray a = ComplexMatrices.of(z, n, n, p);
        ComplexEigResult e = Jacobi.eig(a, opts());
        assertTrue(e.report().converged(), "eig converged");
        double ov = Orthogonality.of(e.vectors(), 0);
        assertTrue(ov <= contract(p, n), e.report().method() + ": ||V^H V - I||_F " + ov + " > " + contract(p, n));
        int m = n + n / 2; // tall when definite, wide otherwise
        int rows = definite ? m : n, cols = definite ? n : m;
        ComplexSvdResult s = Jacobi.svd(ComplexMatrices.of(ComplexMatrices.randn(r, rows, cols), rows, cols, p), opts());
        assertTrue(s.report().converged(), "svd converged");
        double ou = Orthogonality.of(s.u(), 0), sv = Orthogonality.of(s.v(), 0), b = contract(p, m);
        assertTrue(ou <= b && sv <= b, s.report().method() + ": ||U^H U - I||_F " + ou + ", ||V^H V - I||_F " + sv + " > " + b);
    }

    /** The hyperbolic SVD's U (the normalised columns of G W) within max(m, 3) eps. */
    @ParameterizedTest(name = "contract: hsvd U orthogonality {0}")
    @EnumSource(Precision.class)
    void contractHsvdOrthogonality(Precision p) {
        int m = 200, n = 150;
        PageArray g = Matrices.page(Matrices.randn(new Random(4340), m, n), m, n, p);
        double[] j = new double[n];
        for (int c = 0; c < n; c++) j[c] = c % 3 == 0 ? -1 : 1;
        HsvdResult h = Jacobi.hsvd(g, PageArray.wrap(j, n, 1), opts());
        assertTrue(h.report().converged(), "converged");
        double ou = Orthogonality.of(h.u(), 0);
        assertTrue(ou <= contract(p, m), "||U'U - I||_F " + ou + " > " + contract(p, m));
    }

    /**
     * Graded inputs against references to 25 digits (mpmath at 60, cached in graded/*.txt): symmetric indefinite
     * (n = 20, 60; 6 decades, permuted), indefinite Hermitian (n = 30), row- and column-graded SVD (20 decades,
     * permuted; tall, wide, square). Every value to relative 1e-12 through the default method, reported converged.
     */
    @ParameterizedTest(name = "contract: graded reference {0}")
    @MethodSource("gradedNames")
    void contractGradedReference(String name) {
        GradedReference g = GradedReference.load(name);
        double[] got;
        RunReport rep;
        if (g.kind.equals("eig") && g.complex) {
            assumeTrue(backend().supportsComplex(Operation.EIG));
            ComplexEigResult e = Jacobi.eig(ComplexPageArray.wrap(g.a.clone(), g.m, g.n), opts());
            got = e.values().pageAsDouble(0);
            rep = e.report();
        } else if (g.kind.equals("eig")) {
            EigResult e = Jacobi.eig(PageArray.wrap(g.a.clone(), g.m, g.n), opts());
            got = e.values().pageAsDouble(0);
            rep = e.report();
        } else {
            SvdResult s = Jacobi.svd(PageArray.wrap(g.a.clone(), g.m, g.n), opts());
            got = s.s().pageAsDouble(0);
            rep = s.report();
        }
        assertTrue(rep.converged(), "converged");
        for (int i = 0; i < g.values.length; i++) {
            double rel = Math.abs(got[i] - g.values[i]) / Math.abs(g.values[i]);
            assertTrue(rel <= 1e-12, rep.method() + ": value " + (i + 1) + " = " + g.values[i] + " computed " + got[i]
                    + ": relative error " + rel);
        }
    }

    Stream<String> gradedNames() { return Arrays.stream(GradedReference.NAMES); }

    /**
     * A loose Tol never gives a converged result outside the contract: the default eig reported ||V'V - I|| = 3.0 at
     * Tol 0.5 (0.65 at 0.1, 0.053 at 0.01), converged. Converged means orthogonal to max(n, 3) eps and a residual
     * within what the Tol allows ({@link AccuracyContract#eigResidual}).
     */
    @ParameterizedTest(name = "contract: loose tol {0}")
    @ValueSource(doubles = {0.5, 0.1, 1e-2, 1e-6})
    void contractLooseTol(double tol) {
        int n = 100;
        PageArray a = PageArray.wrap(Matrices.symmetric(new Random(4350), n), n, n);
        EigResult e = Jacobi.eig(a, opts().withTol(tol));
        if (e.report().converged()) {
            double orth = Orthogonality.of(e.vectors(), 0), res = Matrices.eigResidual(a, e.vectors(), e.values(), 0);
            assertTrue(orth <= contract(Precision.DOUBLE, n), e.report().method() + ": converged with ||V'V - I||_F " + orth);
            double bound = AccuracyContract.eigResidual(Precision.DOUBLE, n, tol);
            assertTrue(res <= bound, e.report().method() + ": converged with residual " + res + " > " + bound);
        }
        SvdResult s = Jacobi.svd(PageArray.wrap(Matrices.randn(new Random(4351), n, n), n, n), opts().withTol(tol));
        if (s.report().converged()) {
            double ou = Orthogonality.of(s.u(), 0), ov = Orthogonality.of(s.v(), 0);
            assertTrue(ou <= contract(Precision.DOUBLE, n) && ov <= contract(Precision.DOUBLE, n),
                    s.report().method() + ": converged with ||U'U - I||_F " + ou + ", ||V'V - I||_F " + ov);
        }
    }

    // ---- complex input ----

    /**
     * The complex bounds: residual 10 n eps; orthogonality in the 2-norm 3 n eps (the CPU solver measures
     * 0.8-1.7 n eps there, cpu/CpuComplexTest; n eps would be below what the real solver reaches,
     * 0.25-1.3 n eps); n >= 2 (a 1x1 result still carries one rounding).
     */
    private static double cres(Precision p, int n) { return 10 * Math.max(2, n) * p.eps(); }

    private static double corth(Precision p, int n) { return 3 * Math.max(2, n) * p.eps(); }

    private void assertComputedHere(io.github.gpujacobi.api.RunReport r) {
        assertEquals(backend().name(), r.backend(), "computed by the backend under test, not a fallback: " + r.notes());
    }

    Stream<Arguments> complexEigCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (String m : new String[]{"parallel", "ta", "ma", "sa", "mca"}) for (Precision p : Precision.values())
            for (int n : SIZES) {
                if (!m.equals("parallel") && n > 33) continue;
                out.add(Arguments.of(m, p, n));
            }
        return out.stream();
    }

    @ParameterizedTest(name = "complex eig {0} {1} n={2}")
    @MethodSource("complexEigCases")
    void complexEigResidualOrthogonalityAndReferences(String method, Precision p, int n) {
        assumeTrue(backend().supportsComplex(Operation.EIG) && backend().supports(Operation.EIG, method),
                "complex " + method + " not offered by " + backend().name());
        double[] z = ComplexMatrices.hermitian(new Random(n * 17L + method.hashCode()), n);
        ComplexPageArray a = ComplexMatrices.of(z, n, n, p);
        ComplexEigResult e = Jacobi.eig(a, opts().withMethod(method));
        double scale = assertHermitianEig(a, e, p, n);
        ComplexEigResult cpu = Jacobi.eig(a, SolverOptions.defaults().withDevice("cpu").withVectors(false));
        for (int i = 0; i < n; i++) {
            assertEquals(cpu.values().get(i, 0), e.values().get(i, 0), cres(p, n) * scale, "lambda_" + i + " vs the CPU backend");
        }
    }

    /**
     * Computed here, converged, in a's precision; residual and orthogonality within the complex bounds; eigenvalues
     * ascending and agreeing with EJML's. Returns max |lambda| (the scale of the value checks).
     */
    private double assertHermitianEig(ComplexPageArray a, ComplexEigResult e, Precision p, int n) {
        assertComputedHere(e.report());
        assertEquals(p, e.values().precision());
        assertTrue(e.report().converged(), "converged");
        ComplexPageArray ad = a.to(Precision.DOUBLE);
        double res = ComplexMatrices.eigResidual(ad, e.vectors().to(Precision.DOUBLE), e.values().to(Precision.DOUBLE), 0);
        assertTrue(res <= cres(p, n), "residual " + res + " > " + cres(p, n));
        double orth = ComplexMatrices.orthogonality(e.vectors().to(Precision.DOUBLE), 0);
        assertTrue(orth <= corth(p, n), "||V^H V - I|| " + orth + " > " + corth(p, n));
        double[] ref = EjmlReference.hermitianEigenvalues(ad.pageAsDouble(0), n);
        double scale = Math.max(Math.abs(ref[0]), Math.abs(ref[n - 1]));
        for (int i = 0; i < n; i++) {
            if (i > 0) assertTrue(e.values().get(i, 0) >= e.values().get(i - 1, 0), "ascending at " + i);
            assertEquals(ref[i], e.values().get(i, 0), cres(p, n) * scale, "lambda_" + i + " vs EJML");
        }
        return scale;
    }

    /** Rank 15 of 40 x 33: the singular vectors of the zero singular values completed to unitary U and V. */
    Stream<Arguments> complexSvdShapes() {
        return complexSvdCases(new int[][]{{1, 1, 1}, {2, 2, 2}, {7, 4, 4}, {4, 7, 4}, {33, 33, 33}, {40, 33, 33}, {33, 40, 33},
                {100, 65, 65}, {40, 33, 15}, {33, 40, 15}});
    }

    /** 300 x 260 and 260 x 300: the GPU's complex blocked route (from min(m, n) = 256), b = 32 with a padded block. */
    Stream<Arguments> complexSvdLargeShapes() {
        return complexSvdCases(new int[][]{{300, 260, 260}, {260, 300, 260}, {300, 260, 120}, {260, 300, 120}});
    }

    private static Stream<Arguments> complexSvdCases(int[][] shapes) {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) for (int[] s : shapes) for (boolean econ : new boolean[]{false, true})
            out.add(Arguments.of(p, s[0], s[1], s[2], econ));
        return out.stream();
    }

    @Tag("slow")
    @ParameterizedTest(name = "complex svd {0} {1}x{2} rank {3} econ {4}")
    @MethodSource("complexSvdLargeShapes")
    void complexSvdLargeResidualOrthogonalityAndReferences(Precision p, int m, int n, int rank, boolean econ) {
        complexSvdResidualOrthogonalityAndReferences(p, m, n, rank, econ);
    }

    @ParameterizedTest(name = "complex svd {0} {1}x{2} rank {3} econ {4}")
    @MethodSource("complexSvdShapes")
    void complexSvdResidualOrthogonalityAndReferences(Precision p, int m, int n, int rank, boolean econ) {
        assumeTrue(backend().supportsComplex(Operation.SVD), "complex svd not offered by " + backend().name());
        Random r = new Random(m * 131L + n);
        double[] z = rank == Math.min(m, n) ? ComplexMatrices.randn(r, m, n)
                : ComplexMatrices.mul(ComplexMatrices.randn(r, m, rank), m, rank, ComplexMatrices.randn(r, rank, n), n);
        ComplexPageArray a = ComplexMatrices.of(z, m, n, p);
        ComplexSvdResult s = Jacobi.svd(a, opts().withEcon(econ));
        assertComputedHere(s.report());
        int k = Math.min(m, n), big = Math.max(m, n);
        assertEquals(econ ? k : m, s.u().cols());
        assertEquals(econ ? k : n, s.v().cols());
        ComplexPageArray ad = a.to(Precision.DOUBLE);
        double res = ComplexMatrices.svdResidual(ad, s.u().to(Precision.DOUBLE), s.s().to(Precision.DOUBLE), s.v().to(Precision.DOUBLE), 0);
        assertTrue(res <= cres(p, big), "residual " + res);
        double ou = ComplexMatrices.orthogonality(s.u().to(Precision.DOUBLE), 0), ov = ComplexMatrices.orthogonality(s.v().to(Precision.DOUBLE), 0);
        assertTrue(ou <= corth(p, big) && ov <= corth(p, big), "||U^H U - I|| " + ou + ", ||V^H V - I|| " + ov);
        double[] ref = EjmlReference.complexSingularValues(ad.pageAsDouble(0), m, n);
        ComplexSvdResult cpu = Jacobi.svd(a, SolverOptions.defaults().withDevice("cpu").withVectors(false));
        for (int i = 0; i < k; i++) {
            if (i > 0) assertTrue(s.s().get(i, 0) <= s.s().get(i - 1, 0), "descending at " + i);
            assertEquals(ref[i], s.s().get(i, 0), cres(p, big) * ref[0], "sigma_" + i + " vs EJML");
            assertEquals(cpu.s().get(i, 0), s.s().get(i, 0), cres(p, big) * ref[0], "sigma_" + i + " vs the CPU backend");
        }
    }

    Stream<Arguments> complexLargeEigCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (Precision p : Precision.values()) for (boolean definite : new boolean[]{true, false}) out.add(Arguments.of(p, definite));
        return out.stream();
    }

    /**
     * Hermitian input of order 400, positive definite or indefinite (the GPU's complex blocked route from n = 384: on
     * the Cholesky factor, or complex Bunch-Parlett and the blocked hyperbolic sweeps): residual, orthogonality,
     * EJML's eigenvalues; graded (10 decades, permuted; indefinite: ceil(n/2) positive eigenvalues) in double: every
     * eigenvalue to relative 1e-12 of the CPU backend's (verified against 40 digits at small n).
     */
    @Tag("slow")
    @ParameterizedTest(name = "complex eig {0} n=400 definite {1}")
    @MethodSource("complexLargeEigCases")
    void complexLargeEig(Precision p, boolean definite) {
        assumeTrue(backend().supportsComplex(Operation.EIG));
        int n = 400;
        Random r = new Random(definite ? 400 : 402);
        double[] z;
        if (definite) {
            double[] g = ComplexMatrices.randn(r, n, 2 * n);
            z = ComplexMatrices.mul(g, n, 2 * n, ComplexMatrices.ctranspose(g, n, 2 * n), n);
        } else {
            z = ComplexMatrices.hermitian(r, n);
        }
        ComplexPageArray a = ComplexMatrices.of(z, n, n, p);
        assertHermitianEig(a, Jacobi.eig(a, opts()), p, n);
        if (p != Precision.DOUBLE) return;
        double[] graded = definite ? ComplexMatrices.gradedHermitian(new Random(401), n)
                : ComplexMatrices.gradedHermitianIndefinite(new Random(403), n);
        ComplexPageArray ga = ComplexPageArray.wrap(graded, n, n);
        ComplexEigResult ge = Jacobi.eig(ga, opts().withVectors(false));
        assertComputedHere(ge.report());
        ComplexEigResult cpu = Jacobi.eig(ga, SolverOptions.defaults().withDevice("cpu").withVectors(false));
        for (int i = 0; i < n; i++) {
            double want = cpu.values().get(i, 0), rel = Math.abs(ge.values().get(i, 0) - want) / Math.abs(want);
            assertTrue(rel <= 1e-12, "graded lambda_" + i + " = " + want + ": relative error " + rel);
        }
    }

    Stream<Arguments> complexInvCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        for (String m : new String[]{"auto", "gaussjordan", "cholesky"}) for (Precision p : Precision.values())
            for (int n : new int[]{1, 3, 33, 100, 300}) out.add(Arguments.of(m, p, n));
        return out.stream();
    }

    @ParameterizedTest(name = "complex inv {0} {1} n={2}")
    @MethodSource("complexInvCases")
    void complexInverseResidual(String method, Precision p, int n) {
        assumeTrue(backend().supportsComplex(Operation.INV), "complex inv not offered by " + backend().name());
        Random r = new Random(n + 11L);
        boolean hpd = !method.equals("gaussjordan");
        double[] z;
        if (hpd) { // G G^H, exactly Hermitian, shifted: well-conditioned Hermitian positive definite
            double[] g = ComplexMatrices.randn(r, n, 2 * n);
            z = ComplexMatrices.mul(g, n, 2 * n, ComplexMatrices.ctranspose(g, n, 2 * n), n);
            for (int j = 0; j < n; j++) {
                z[2 * (j + j * n) + 1] = 0;
                for (int i = j + 1; i < n; i++) { z[2 * (j + i * n)] = z[2 * (i + j * n)]; z[2 * (j + i * n) + 1] = -z[2 * (i + j * n) + 1]; }
            }
        } else {
            z = ComplexMatrices.randn(r, n, n);
            for (int i = 0; i < n; i++) z[2 * (i + i * n)] += 2 * Math.sqrt(n);
        }
        ComplexPageArray a = ComplexMatrices.of(z, n, n, p); // rounding to single keeps it exactly Hermitian
        ComplexInverseResult x = Jacobi.inv(a, opts().withMethod(method));
        assertComputedHere(x.report());
        assertEquals(method.equals("gaussjordan") ? "gaussjordan" : "cholesky", x.report().method());
        assertFalse(x.anySingular());
        double res = ComplexMatrices.inverseResidual(a.to(Precision.DOUBLE), x.inverse().to(Precision.DOUBLE), 0);
        assertTrue(res <= cres(p, n), "||AX - I|| / (||A|| ||X||) " + res);
        assertTrue(x.rcond(0) > 0 && x.rcond(0) <= 1 + 4 * p.eps(), "rcond " + x.rcond(0));
    }

    @ParameterizedTest(name = "complex inv singular {0}")
    @EnumSource(Precision.class)
    void complexSingularInverseIsFlagged(Precision p) {
        assumeTrue(backend().supportsComplex(Operation.INV));
        ComplexPageArray a = ComplexMatrices.of(new double[]{1, 1, 2, 2, 2, 2, 4, 4}, 2, 2, p);
        assertTrue(Jacobi.inv(a, opts()).anySingular());
    }

    /** Demmel-Veselic [6] for Hermitian input: every eigenvalue of A = D H D to relative 1e-12. */
    @ParameterizedTest(name = "complex eig graded 10 decades n={0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {7, 12})
    void complexGradedRelativeAccuracy(int n) {
        assumeTrue(backend().supportsComplex(Operation.EIG));
        double[] z = ComplexMatrices.gradedHermitian(new Random(60 + n), n);
        // 40 digits on the real embedding: each eigenvalue twice
        double[] twice = HighPrecisionEigenvalues.of(EjmlReference.embed(z, n, n), 2 * n);
        ComplexEigResult e = Jacobi.eig(ComplexPageArray.wrap(z.clone(), n, n), opts().withVectors(false));
        assertComputedHere(e.report());
        for (int i = 0; i < n; i++) {
            double ref = twice[2 * i];
            double rel = Math.abs(e.values().get(i, 0) - ref) / Math.abs(ref);
            assertTrue(rel <= 1e-12, "lambda_" + i + " = " + ref + ": relative error " + rel);
        }
    }

    @ParameterizedTest(name = "complex pages {0}")
    @EnumSource(Precision.class)
    void complexPages(Precision p) {
        assumeTrue(backend().supportsComplex(Operation.EIG) && backend().supportsComplex(Operation.SVD));
        int n = 33, pages = 3;
        double[] z = new double[2 * n * n * pages];
        Random r = new Random(9);
        for (int k = 0; k < pages; k++) System.arraycopy(ComplexMatrices.hermitian(r, n), 0, z, 2 * k * n * n, 2 * n * n);
        ComplexPageArray a = ComplexPageArray.wrap(z, n, n, pages).to(p);
        ComplexEigResult e = Jacobi.eig(a, opts());
        ComplexSvdResult s = Jacobi.svd(a, opts());
        ComplexPageArray ad = a.to(Precision.DOUBLE);
        for (int k = 0; k < pages; k++) {
            assertTrue(e.report().converged(k), "page " + k + " converged");
            assertTrue(ComplexMatrices.eigResidual(ad, e.vectors().to(Precision.DOUBLE), e.values().to(Precision.DOUBLE), k)
                    <= cres(p, n), "eig page " + k + " residual");
            assertTrue(ComplexMatrices.svdResidual(ad, s.u().to(Precision.DOUBLE), s.s().to(Precision.DOUBLE),
                    s.v().to(Precision.DOUBLE), k) <= cres(p, n), "svd page " + k + " residual");
            // a page alone gives the same values (pages are independent)
            ComplexEigResult one = Jacobi.eig(ComplexPageArray.wrap(ad.pageAsDouble(k), n, n).to(p), opts().withVectors(false));
            for (int i = 0; i < n; i++) assertEquals(one.values().get(i, 0), e.values().get(i, 0, k), cres(p, n) * 10, "page " + k);
        }
    }

    @Test
    void complexNonHermitianIsRejectedWithItsAsymmetry() {
        assumeTrue(backend().supportsComplex(Operation.EIG));
        ComplexPageArray a = ComplexPageArray.wrap(new double[]{1, 0, 0, 1, 0, 1, 1, 0}, 2, 2); // [1 i; i 1]: symmetric, not Hermitian
        JacobiException x = assertThrows(JacobiException.class, () -> Jacobi.eig(a, opts()));
        assertEquals(ErrorKind.NOT_SYMMETRIC, x.kind());
        assertTrue(x.getMessage().contains("Hermitian") && x.getMessage().contains("max|A-A'|/max|A| = 2"), x.getMessage());
    }

    Stream<Arguments> complexExtremeCases() {
        List<Arguments> out = new ArrayList<Arguments>();
        // n = 400: the GPU's complex blocked routes (svd, and the indefinite eig's Bunch-Parlett and hyperbolic sweeps)
        for (Precision p : Precision.values()) out.add(Arguments.of(p, 7));
        return out.stream();
    }

    Stream<Arguments> complexExtremeLargeCases() {
        return Stream.of(Arguments.of(Precision.SINGLE, 400), Arguments.of(Precision.DOUBLE, 400));
    }

    @Tag("slow")
    @ParameterizedTest(name = "complex extreme scales {0} n={1}")
    @MethodSource("complexExtremeLargeCases")
    void complexExtremeScalesLarge(Precision p, int n) {
        complexExtremeScales(p, n);
    }

    @ParameterizedTest(name = "complex extreme scales {0} n={1}")
    @MethodSource("complexExtremeCases")
    void complexExtremeScales(Precision p, int n) {
        assumeTrue(backend().supportsComplex(Operation.EIG) && backend().supportsComplex(Operation.SVD));
        double[] z = ComplexMatrices.hermitian(new Random(3), n);
        double[] scales = p == Precision.DOUBLE ? new double[]{1e-300, 1e300} : new double[]{1e-30, 1e30};
        ComplexEigResult e0 = Jacobi.eig(ComplexMatrices.of(z, n, n, p), opts().withVectors(false));
        ComplexSvdResult s0 = Jacobi.svd(ComplexMatrices.of(z, n, n, p), opts().withVectors(false));
        for (double c : scales) {
            double[] zc = z.clone();
            for (int i = 0; i < zc.length; i++) zc[i] *= c;
            ComplexPageArray a = ComplexMatrices.of(zc, n, n, p);
            ComplexSvdResult s = Jacobi.svd(a, opts().withVectors(false));
            for (int i = 0; i < n; i++) assertEquals(s0.s().get(i, 0) * c, s.s().get(i, 0), cres(p, n) * s0.s().get(0, 0) * c, "sigma_" + i + " at scale " + c);
            if (c < 1) continue; // eig of a 1e-300 page: the Jacobi stopping rule keeps it; its vectors are what matter
            ComplexEigResult e = Jacobi.eig(a, opts().withVectors(false));
            double big = Math.max(Math.abs(e0.values().get(0, 0)), Math.abs(e0.values().get(n - 1, 0)));
            for (int i = 0; i < n; i++) assertEquals(e0.values().get(i, 0) * c, e.values().get(i, 0), cres(p, n) * big * c, "lambda_" + i + " at scale " + c);
        }
    }

    /** 0 x 0, 3 x 0 and 0 x 3 complex arrays give empty results (a device solver is never handed an empty page). */
    @Test
    void complexEmptyArrays() {
        assumeTrue(backend().supportsComplex(Operation.EIG) && backend().supportsComplex(Operation.SVD)
                && backend().supportsComplex(Operation.INV));
        ComplexPageArray e0 = ComplexPageArray.wrap(new double[0], 0, 0);
        assertEquals(0, Jacobi.eig(e0, opts()).values().length());
        assertEquals(0, Jacobi.inv(e0, opts()).inverse().length());
        ComplexSvdResult tall = Jacobi.svd(ComplexPageArray.wrap(new double[0], 3, 0), opts());
        assertEquals(0, tall.s().length());
        assertEquals(3, tall.u().rows());
        assertTrue(ComplexMatrices.orthogonality(tall.u(), 0) <= corth(Precision.DOUBLE, 3), "U of a 3 x 0 array is unitary");
        assertEquals(0, Jacobi.svd(ComplexPageArray.wrap(new double[0], 0, 3), opts()).s().length());
    }
}
