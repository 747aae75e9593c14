package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;

import java.util.Random;

/** Seeded benchmark inputs: random normal; the symmetric part for eig (shifted positive definite for "spd"); diagonally shifted (well conditioned) for inv. */
public final class BenchInputs {
    private BenchInputs() {}

    public static PageArray make(String op, int n, int pages, Precision p, long seed) {
        return make(op, n, n, pages, p, seed);
    }

    /** An m x n input (m != n only for svd); the square ones are those of {@link #make(String, int, int, Precision, long)}. */
    public static PageArray make(String op, int m, int n, int pages, Precision p, long seed) {
        if (m != n) {
            if (!op.equals("svd")) throw new IllegalArgumentException(op + " inputs are square; got " + m + " x " + n);
            Random r = new Random(seed + 31L * n + pages + 1000003L * m);
            double[] a = new double[m * n * pages];
            for (int i = 0; i < a.length; i++) a[i] = r.nextGaussian();
            PageArray d = PageArray.wrap(a, m, n, pages);
            return p == Precision.DOUBLE ? d : d.to(Precision.SINGLE);
        }
        Random r = new Random(seed + 31L * n + pages);
        double[] a = new double[n * n * pages];
        for (int i = 0; i < a.length; i++) a[i] = r.nextGaussian();
        for (int k = 0; k < pages; k++) {
            int off = k * n * n;
            if (op.equals("eig") || op.equals("spd")) {
                for (int j = 0; j < n; j++) for (int i = j + 1; i < n; i++) {
                    double s = 0.5 * (a[off + i + j * n] + a[off + j + i * n]);
                    a[off + i + j * n] = s;
                    a[off + j + i * n] = s;
                }
                // spd: the shift 2 sqrt(n) exceeds the symmetric part's spectral radius (about sqrt(2n))
                if (op.equals("spd")) for (int i = 0; i < n; i++) a[off + i + i * n] += 2 * Math.sqrt(n);
            } else if (op.equals("inv")) {
                for (int i = 0; i < n; i++) a[off + i + i * n] += 2 * Math.sqrt(n);
            }
        }
        PageArray d = PageArray.wrap(a, n, n, pages);
        return p == Precision.DOUBLE ? d : d.to(Precision.SINGLE);
    }
}
