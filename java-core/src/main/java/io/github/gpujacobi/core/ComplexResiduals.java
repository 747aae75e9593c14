package io.github.gpujacobi.core;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;

/**
 * {@link Residuals} of complex results, computed on the real embedding that maps each complex entry
 * x + iy to the 2x2 block [x -y; y x]: it turns products into products and V^H into V^T, and a real
 * diagonal d into d with each entry doubled, so the real formulas apply unchanged. Its Frobenius norms
 * are sqrt(2) times the complex ones: the eig and svd ratios are exactly the complex ones, the inverse
 * ratio ||AX - I|| / (||A|| ||X||) is sqrt(2) too small and is corrected. One page is embedded at a time.
 */
public final class ComplexResiduals {
    private ComplexResiduals() {}

    /** ||A V - V diag(d)|| / ||A|| of page k, exact or estimated as {@link Residuals#eigEstimate}. */
    public static double eig(ComplexPageArray a, ComplexPageArray v, PageArray d, int k, boolean exact) {
        PageArray ea = embed(a, k), ev = embed(v, k), ed = doubled(d, k);
        return exact ? Residuals.eig(ea, ev, ed, 0) : Residuals.eigEstimate(ea, ev, ed, 0);
    }

    /** ||A - U diag(s) V^H|| / ||A|| of page k. */
    public static double svd(ComplexPageArray a, ComplexPageArray u, PageArray s, ComplexPageArray v, int k,
                             boolean exact) {
        PageArray ea = embed(a, k), eu = embed(u, k), es = doubled(s, k), ev = embed(v, k);
        return exact ? Residuals.svd(ea, eu, es, ev, 0) : Residuals.svdEstimate(ea, eu, es, ev, 0);
    }

    /** ||Q^H Q - I||_F of page k (the embedding's E(Q)'E(Q) - I is E(Q^H Q - I), sqrt(2) times larger). */
    public static double orthogonality(ComplexPageArray q, int k) {
        return Residuals.orthogonality(embed(q, k), 0) / Math.sqrt(2);
    }

    /** ||A X - I|| / (||A|| ||X||) of page k. */
    public static double inverse(ComplexPageArray a, ComplexPageArray x, int k, boolean exact) {
        PageArray ea = embed(a, k), ex = embed(x, k);
        return Math.sqrt(2) * (exact ? Residuals.inverse(ea, ex, 0) : Residuals.inverseEstimate(ea, ex, 0));
    }

    /** Page k of z as the real 2m x 2n matrix of 2x2 blocks [x -y; y x]. */
    static PageArray embed(ComplexPageArray z, int k) {
        int m = z.rows(), n = z.cols(), rows = 2 * m;
        double[] p = z.pageAsDouble(k), out = new double[4 * m * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                double x = p[2 * (i + j * m)], y = p[2 * (i + j * m) + 1];
                int c0 = 2 * j * rows, c1 = c0 + rows;
                out[c0 + 2 * i] = x;
                out[c0 + 2 * i + 1] = y;
                out[c1 + 2 * i] = -y;
                out[c1 + 2 * i + 1] = x;
            }
        }
        return PageArray.wrap(out, rows, 2 * n, 1);
    }

    /** Page k of a real column (eigenvalues, singular values) with each entry repeated. */
    private static PageArray doubled(PageArray d, int k) {
        double[] p = d.pageAsDouble(k), out = new double[2 * p.length];
        for (int i = 0; i < p.length; i++) out[2 * i] = out[2 * i + 1] = p[i];
        return PageArray.wrap(out, out.length, 1, 1);
    }
}
