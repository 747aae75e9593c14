package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.matrices.Generators;

import java.util.Random;

/** verify's inputs (from the benchmarks' {@link Generators}) and its element-wise comparisons. */
final class VerifyInputs {
    private VerifyInputs() {}

    /** max_i |x_i - y_i| / |y_i|, truly relative element by element (eigenvalues, both ascending). */
    static double worstRelative(PageArray x, PageArray y) {
        double worst = 0;
        for (int i = 0; i < y.length(); i++) worst = Math.max(worst, Math.abs(x.get(i) - y.get(i)) / Math.abs(y.get(i)));
        return worst;
    }

    /** max_i |x_i - y_i| / |y_i| (relative per element; exact zeros compared absolutely). */
    static double maxRelDiff(PageArray x, PageArray y) {
        double worst = 0, scale = 0;
        for (int i = 0; i < y.length(); i++) scale = Math.max(scale, Math.abs(y.get(i)));
        for (int i = 0; i < y.length(); i++) {
            double den = Math.abs(y.get(i));
            double diff = Math.abs(x.get(i) - y.get(i));
            worst = Math.max(worst, den > 1e-3 * scale ? diff / den : diff / Math.max(scale, Double.MIN_NORMAL));
        }
        return worst;
    }

    static PageArray sym(Random r, int n, int pages) {
        return PageArray.wrap(Generators.pages(pages, n * n, () -> Generators.symmetric(r, n)), n, n, pages);
    }

    static PageArray gauss(Random r, int m, int n, int pages) {
        return PageArray.wrap(Generators.randn(r, m * n, pages), m, n, pages);
    }

    static PageArray spd(Random r, int n) { return PageArray.wrap(Generators.spd(r, n), n, n); }

    static PageArray wellConditioned(Random r, int n) { return PageArray.wrap(Generators.wellConditioned(r, n), n, n); }
}
