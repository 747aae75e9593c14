package io.github.gpujacobi.core;

import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Residuals of pages near 1e-150 or 1e300 must not come out 0 or NaN (squares under/overflowing):
 * they must be the same figures as for the unscaled page. The O(n^2) probe estimates must
 * track the exact residuals.
 */
class ResidualsTest {
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    static PageArray times(double[] a, int m, int n, double f) {
        double[] b = a.clone();
        for (int i = 0; i < b.length; i++) b[i] *= f;
        return PageArray.wrap(b, m, n);
    }

    static PageArray times(PageArray a, double f) {
        double[] b = a.pageAsDouble(0);
        for (int i = 0; i < b.length; i++) b[i] *= f;
        return PageArray.wrap(b, a.rows(), a.cols());
    }

    /**
     * A single-precision page and its vectors are read as they are (no double copy, a parallel pass at order 600): the
     * estimate equals the one on the same numbers held in double, on every page of a 3-D array.
     */
    @Test
    void singlePagesEstimateAsTheirDoubleCopies() {
        for (int n : new int[]{7, 600}) {
            Random r = new Random(n);
            float[] af = new float[2 * n * n], vf = new float[2 * n * n];
            float[] df = new float[2 * n];
            for (int i = 0; i < af.length; i++) {
                af[i] = (float) r.nextGaussian();
                vf[i] = (float) r.nextGaussian();
            }
            for (int i = 0; i < df.length; i++) df[i] = (float) r.nextGaussian();
            PageArray a = PageArray.wrap(af, n, n, 2), v = PageArray.wrap(vf, n, n, 2), d = PageArray.wrap(df, n, 1, 2);
            for (int k = 0; k < 2; k++) {
                double single = Residuals.eigEstimate(a, v, d, k);
                double wide = Residuals.eigEstimate(a.to(io.github.gpujacobi.api.Precision.DOUBLE),
                        v.to(io.github.gpujacobi.api.Precision.DOUBLE), d.to(io.github.gpujacobi.api.Precision.DOUBLE), k);
                assertTrue(single > 0.1, "a random V is far from eigenvectors: " + single);
                assertEquals(wide, single, 1e-13 * wide, n + " page " + k);
            }
        }
    }

    /**
     * The same decomposition, its page and results multiplied by f = 2^e (exactly: ~1e-150, 1e-170,
     * 1e300, 1e-300): the same relative residuals.
     */
    @ParameterizedTest
    @ValueSource(ints = {-498, -565, 997, -997})
    void scaleInvariant(int exponent) {
        double f = Math.scalb(1.0, exponent);
        int n = 9, m = 12;
        Random r = new Random(4);
        double[] sym = Matrices.symmetric(r, n);
        PageArray a = PageArray.wrap(sym, n, n);
        EigResult e = Jacobi.eig(a, CPU);
        double ref = Residuals.eig(a, e.vectors(), e.values(), 0);
        assertTrue(ref > 0 && ref < 1e-14, "reference " + ref);
        PageArray as = times(sym, n, n, f), ds = times(e.values(), f);
        assertEquals(ref, Residuals.eig(as, e.vectors(), ds, 0), 1e-3 * ref, "eig residual at " + f);
        double est = Residuals.eigEstimate(a, e.vectors(), e.values(), 0);
        assertEquals(est, Residuals.eigEstimate(as, e.vectors(), ds, 0), 1e-3 * est, "eig estimate at " + f);

        double[] g = Matrices.randn(r, m, n);
        PageArray b = PageArray.wrap(g, m, n);
        SvdResult s = Jacobi.svd(b, CPU);
        double sref = Residuals.svd(b, s.u(), s.s(), s.v(), 0);
        assertTrue(sref > 0 && sref < 1e-14);
        PageArray bs = times(g, m, n, f), ss = times(s.s(), f);
        assertEquals(sref, Residuals.svd(bs, s.u(), ss, s.v(), 0), 1e-3 * sref, "svd residual at " + f);
        double sest = Residuals.svdEstimate(b, s.u(), s.s(), s.v(), 0);
        assertEquals(sest, Residuals.svdEstimate(bs, s.u(), ss, s.v(), 0), 1e-3 * sest, "svd estimate at " + f);

        double[] c = Matrices.randn(r, n, n);
        PageArray ca = PageArray.wrap(c, n, n);
        InverseResult x = Jacobi.inv(ca, CPU);
        double iref = Residuals.inverse(ca, x.inverse(), 0);
        assertTrue(iref > 0 && iref < 1e-14);
        PageArray cs = times(c, n, n, f), xs = times(x.inverse(), 1 / f);
        assertEquals(iref, Residuals.inverse(cs, xs, 0), 1e-2 * iref, "inverse residual at " + f);
        double iest = Residuals.inverseEstimate(ca, x.inverse(), 0);
        assertEquals(iest, Residuals.inverseEstimate(cs, xs, 0), 1e-2 * iest, "inverse estimate at " + f);
    }

    /** diag(1e-300, 1, 1e300) and its exact inverse: residual 0, not NaN. */
    @Test
    void wideRangeDiagonalInverse() {
        PageArray a = PageArray.wrap(new double[]{1e-300, 0, 0, 0, 1, 0, 0, 0, 1e300}, 3, 3);
        PageArray x = PageArray.wrap(new double[]{1e300, 0, 0, 0, 1, 0, 0, 0, 1e-300}, 3, 3);
        assertEquals(0.0, Residuals.inverse(a, x, 0));
        assertEquals(0.0, Residuals.inverseEstimate(a, x, 0));
    }

    /** A result with a known error E: the estimate lies within [1/10, 3] of the exact ||E|| / ||A||. */
    @Test
    void estimatesTrackExactResiduals() {
        int n = 40;
        Random r = new Random(8);
        double[] sym = Matrices.symmetric(r, n);
        PageArray a = PageArray.wrap(sym, n, n);
        EigResult e = Jacobi.eig(a, CPU);
        double[] g = Matrices.randn(r, n + 5, n);
        PageArray b = PageArray.wrap(g, n + 5, n);
        SvdResult s = Jacobi.svd(b, CPU);
        InverseResult x = Jacobi.inv(a, CPU);
        for (double err : new double[]{0, 1e-10, 1e-4}) {
            double[] v = e.vectors().pageAsDouble(0), u = s.u().pageAsDouble(0), xi = x.inverse().pageAsDouble(0);
            for (int i = 0; i < v.length; i++) v[i] += err * r.nextGaussian();
            for (int i = 0; i < u.length; i++) if (i % 7 == 0) u[i] += err;
            xi[3] += err * 1e3;
            PageArray vp = PageArray.wrap(v, n, n), up = PageArray.wrap(u, n + 5, s.u().cols()),
                    xp = PageArray.wrap(xi, n, n);
            within(Residuals.eig(a, vp, e.values(), 0), Residuals.eigEstimate(a, vp, e.values(), 0), "eig " + err);
            within(Residuals.svd(b, up, s.s(), s.v(), 0), Residuals.svdEstimate(b, up, s.s(), s.v(), 0), "svd " + err);
            within(Residuals.inverse(a, xp, 0), Residuals.inverseEstimate(a, xp, 0), "inv " + err);
        }
    }

    private static void within(double exact, double estimate, String what) {
        assertTrue(estimate >= exact / 10 && estimate <= 3 * exact, what + ": exact " + exact + ", estimate " + estimate);
    }
}
