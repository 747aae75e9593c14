package io.github.gpujacobi.core;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The host's decisions from what a device measured (cuda's svd_intake.cu) are the decisions the host makes from the
 * page itself: {@link SvdScaling#measure} from each line's scale exponent and scaled sum of squares (formed here as
 * the kernel forms them: the exponent of the largest entry, at least -1022; the squares of x 2^-e summed in index
 * order, each product and sum rounded), {@link Grading#sortedRowsIfGraded(double[])} from the row norms,
 * {@link PageAssembly#descending} as the order the assembly writes.
 */
public class DeviceMeasuresTest {
    /** svd_lines' e and ssq of every line of every page of a. */
    private static void lines(PageArray a, int[] e, double[] ssq) {
        int m = a.rows(), n = a.cols(), lines = m >= n ? n : m, len = m >= n ? m : n;
        for (int k = 0; k < a.pages(); k++) {
            for (int c = 0; c < lines; c++) {
                double scale = 0;
                for (int j = 0; j < len; j++) scale = Math.max(scale, Math.abs(at(a, k, c, j)));
                int t = k * lines + c;
                if (scale == 0) {
                    e[t] = Integer.MIN_VALUE;
                    ssq[t] = 0;
                    continue;
                }
                e[t] = Math.max(Math.getExponent(scale), Double.MIN_EXPONENT);
                double f = Math.scalb(1.0, -e[t]), s = 0;
                for (int j = 0; j < len; j++) {
                    double r = at(a, k, c, j) * f;
                    s += r * r;
                }
                ssq[t] = s;
            }
        }
    }

    /** Entry j of line c of page k (a column of a tall page, a row of a wide one). */
    private static double at(PageArray a, int k, int c, int j) {
        int m = a.rows(), n = a.cols();
        return a.get(k * m * n + (m >= n ? j + c * m : c + j * m));
    }

    @ParameterizedTest
    @CsvSource({"40, 30, 5, double", "30, 40, 4, double", "64, 64, 6, single", "12, 12, 3, single", "200, 3, 2, double"})
    void scalingFromTheDeviceMeasuresIsTheHostScaling(int m, int n, int pages, String precision) {
        Random r = new Random(m * 100 + n);
        double[] all = new double[m * n * pages];
        for (int i = 0; i < all.length; i++) all[i] = r.nextGaussian();
        int size = m * n;
        for (int i = 0; i < size; i++) {
            all[size + i] *= 1e-200;     // page 2 tiny: scaled up
            if (pages > 2) all[2 * size + i] *= 1e250; // page 3 huge: scaled down
        }
        if (pages > 3) for (int i = 0; i < m; i++) all[3 * size + i] *= 1e-300; // page 4: a line far below the others
        if (pages > 4) java.util.Arrays.fill(all, 4 * size, 5 * size, 0.0); // page 5 zero
        if (pages > 5) for (int i = 0; i < m; i++) all[5 * size + i] = 0; // page 6: a zero column
        Precision p = Precision.fromName(precision);
        PageArray a = PageArray.wrap(all, m, n, pages).to(p);
        for (double span : new double[]{SvdScaling.GPU_DOUBLE_SPAN, SvdScaling.GPU_SINGLE_SPAN, SvdScaling.CPU_SPAN}) {
            SvdScaling host = SvdScaling.of(a, span), device = SvdScaling.unmeasured(pages);
            int lines = Math.min(m, n);
            int[] e = new int[pages * lines];
            double[] ssq = new double[pages * lines];
            lines(a, e, ssq);
            for (int k = 0; k < pages; k++) device.measure(k, e, ssq, k * lines, lines, span);
            for (int k = 0; k < pages; k++) {
                assertEquals(host.fits(k), device.fits(k), "fits, page " + k);
                assertEquals(host.exponent(k), device.exponent(k), "exponent, page " + k);
                assertEquals(host.spanDecades(k), device.spanDecades(k), 0.0, "span, page " + k);
            }
        }
    }

    @Test
    void rowOrderFromRowNormsIsTheHostOrder() {
        Random r = new Random(5);
        int m = 30, n = 20;
        double[] w = new double[m * n];
        for (int i = 0; i < w.length; i++) w[i] = r.nextGaussian() * Math.pow(10, -(i % m) / 3.0);
        double[] norm = Grading.rowMaxNorms(w, m, n, 1);
        assertArrayEquals(Grading.sortedRowsIfGraded(w, m, n, 1), Grading.sortedRowsIfGraded(norm));
        double[] flat = new double[m * n];
        for (int i = 0; i < flat.length; i++) flat[i] = r.nextGaussian();
        assertNull(Grading.sortedRowsIfGraded(Grading.rowMaxNorms(flat, m, n, 1)));
    }

    @Test
    void descendingIsTheAssemblysOrder() {
        double[] sig = {3, 0, 5, 3, Double.NaN, 1e-300, 0, 5};
        int[] q = PageAssembly.descending(sig);
        assertArrayEquals(new int[]{2, 7, 0, 3, 5, 1, 6, 4}, q); // ties by index, NaN last
        PageArray s = PageArray.zeros(Precision.DOUBLE, sig.length, 1, 1);
        PageAssembly.svd(new double[sig.length], sig, true, null, sig.length, sig.length, true, s, null, null, 0);
        for (int j = 0; j < q.length; j++) assertEquals(sig[q[j]], s.get(j), 0.0);
    }
}
