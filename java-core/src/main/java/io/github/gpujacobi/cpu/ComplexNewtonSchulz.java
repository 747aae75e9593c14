package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.PageLoop;

/**
 * One Newton-Schulz step V := V S, S = (3I - V^H V) / 2, on an interleaved n x n complex V [21]: takes a V that is
 * unitary to about its stopping tolerance to its polar factor, the nearest unitary matrix, moving each column by about
 * as much as it lacked (the GPU's blocked routes polish their vectors the same way, CudaBlockedSvd.orthogonalise).
 * The columns of both products are split across threads.
 */
final class ComplexNewtonSchulz {
    private ComplexNewtonSchulz() {}

    static void step(double[] v, int n, int threads) {
        if (n < 2) return;
        times(v, n, n, factor(v, n, threads), threads);
    }

    /** S = (3I - V^H V) / 2 for the interleaved n x n V. */
    static double[] factor(final double[] v, final int n, int threads) {
        final double[] s = new double[2 * n * n];
        PageLoop.forRange(0, n, threads, 16, (from, to) -> {
            for (int j = from; j < to; j++) {
                int oj = 2 * j * n;
                for (int i = 0; i < n; i++) {
                    int oi = 2 * i * n;
                    double re = 0, im = 0;
                    for (int k = 0; k < 2 * n; k += 2) { // conj(v_ki) v_kj
                        double ar = v[oi + k], ai = v[oi + k + 1], br = v[oj + k], bi = v[oj + k + 1];
                        re += ar * br + ai * bi;
                        im += ar * bi - ai * br;
                    }
                    s[2 * (i + j * n)] = (i == j ? 1.5 : 0) - 0.5 * re;
                    s[2 * (i + j * n) + 1] = -0.5 * im;
                }
            }
        });
        return s;
    }

    /** x := x S for the interleaved rows x n x and n x n S. */
    static void times(final double[] x, final int rows, final int n, final double[] s, int threads) {
        final double[] out = new double[2 * rows * n];
        PageLoop.forRange(0, n, threads, 16, (from, to) -> {
            for (int j = from; j < to; j++) {
                int oj = 2 * j * rows;
                for (int k = 0; k < n; k++) {
                    double sr = s[2 * (k + j * n)], si = s[2 * (k + j * n) + 1];
                    int ok = 2 * k * rows;
                    for (int r = 0; r < 2 * rows; r += 2) {
                        double vr = x[ok + r], vi = x[ok + r + 1];
                        out[oj + r] += vr * sr - vi * si;
                        out[oj + r + 1] += vr * si + vi * sr;
                    }
                }
            }
        });
        System.arraycopy(out, 0, x, 0, out.length);
    }
}
