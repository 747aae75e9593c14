package io.github.gpujacobi.core;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host passes that read a page array's storage directly (column norms for the svd's scaling, the grading test,
 * the residual estimate) read a window's own pages: a device's share of a split call is such a window.
 */
class WindowReadersTest {
    @Test
    void scalingGradingAndResidualsReadTheWindowsPages() {
        int n = 12;
        Random r = new Random(3);
        PageArray a = PageArray.zeros(Precision.DOUBLE, n, n, 4);
        a.writePage(0, Matrices.symmetric(r, n)); // plain pages before the window
        a.writePage(1, Matrices.symmetric(r, n));
        double[] graded = Matrices.gradedSpd(r, n, 12), huge = Matrices.randn(r, n, n);
        for (int i = 0; i < huge.length; i++) huge[i] = Math.scalb(huge[i], 700 * (i / n % 2)); // columns 2^700 apart
        a.writePage(2, graded);
        a.writePage(3, huge);
        PageArray w = a.window(2, 2), copy = a.pages(2, 2);

        assertTrue(Grading.graded(w, 0));
        assertFalse(Grading.graded(a, 0));
        SvdScaling sw = SvdScaling.of(w, SvdScaling.GPU_DOUBLE_SPAN), sc = SvdScaling.of(copy, SvdScaling.GPU_DOUBLE_SPAN);
        for (int k = 0; k < 2; k++) {
            assertEquals(sc.fits(k), sw.fits(k));
            assertEquals(sc.exponent(k), sw.exponent(k));
            assertEquals(sc.spanDecades(k), sw.spanDecades(k), 0);
        }
        assertFalse(sw.fits(1), "the window's page 1 spans 2^700");

        // eigenpairs of the window's page 0, checked on the window and on a copy: the same estimate
        PageArray v = PageArray.zeros(Precision.DOUBLE, n, n, 3), d = PageArray.zeros(Precision.DOUBLE, n, 1, 3);
        EigResultsOf.page(graded, n, v.window(1, 2), d.window(1, 2));
        double onWindow = Residuals.eigEstimate(w, v.window(1, 2), d.window(1, 2), 0);
        assertEquals(Residuals.eigEstimate(copy, v.window(1, 2), d.window(1, 2), 0), onWindow, 0);
        assertTrue(onWindow < 1e-10, "the estimate on the graded page itself: " + onWindow);
    }

    /** Eigenpairs of one page by the CPU's two-sided Jacobi, written into page 0 of v and d. */
    private static final class EigResultsOf {
        static void page(double[] page, int n, PageArray v, PageArray d) {
            PageArray one = PageArray.wrap(page.clone(), n, n);
            io.github.gpujacobi.api.EigResult e = io.github.gpujacobi.api.Backends.get().cpu()
                    .eig(one, io.github.gpujacobi.api.SolverOptions.defaults().withThreads(1));
            v.writePages(0, e.vectors());
            d.writePages(0, e.values());
        }
    }
}
