package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.ChessTournament;
import io.github.gpujacobi.core.ComplexRotation;
import io.github.gpujacobi.core.PageLoop;

/**
 * Two-sided complex Jacobi on one Hermitian page (interleaved re/im) with the relative stopping
 * rule [6, 19], in the parallel (chess tournament) or the row-cyclic ordering. As in
 * {@link TwoSidedJacobiEig}, a parallel step applies its disjoint rotations as two passes: all
 * column pairs of A and V, then, column by column, all row pairs; both split across threads.
 */
final class ComplexJacobiEig {
    /** Below this order one thread does a whole step faster than handing it out. */
    private static final int PARALLEL_MIN_N = 112;

    int sweeps;
    long rotations;
    boolean converged;

    private final boolean parallel;
    private final int threads;

    ComplexJacobiEig(boolean parallel, int threads) {
        this.parallel = parallel;
        this.threads = threads;
    }

    /**
     * @param a interleaved n x n Hermitian, overwritten (real diagonal = eigenvalues, unsorted)
     * @param v interleaved n x n set to the eigenvectors, or null
     * @param fixedSweeps when > 0, run exactly that many sweeps rotating every nonzero pair
     */
    void run(double[] a, double[] v, int n, double tol, int maxSweeps, int fixedSweeps) {
        if (v != null) {
            java.util.Arrays.fill(v, 0);
            for (int i = 0; i < n; i++) v[2 * (i + i * n)] = 1;
        }
        int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
        double effTol = fixedSweeps > 0 ? 0 : tol;
        converged = n <= 1;
        if (converged && fixedSweeps == 0) return;
        ChessTournament ct = new ChessTournament(n);
        ComplexRotation.Params[] rot = new ComplexRotation.Params[Math.max(1, ct.pairsPerStep())];
        for (int k = 0; k < rot.length; k++) rot[k] = new ComplexRotation.Params();
        int[] ps = new int[rot.length], qs = new int[rot.length];
        for (sweeps = 0; sweeps < limit && !(converged && fixedSweeps == 0); ) {
            sweeps++;
            long before = rotations;
            if (parallel) {
                for (int s = 0; s < ct.steps(); s++) {
                    int active = 0;
                    for (int k = 0; k < ct.pairsPerStep(); k++) {
                        if (ct.isGhost(s, k)) continue;
                        int p = ct.p(s, k), q = ct.q(s, k);
                        if (!pivot(a, n, p, q, effTol, rot[active])) continue;
                        ps[active] = p;
                        qs[active] = q;
                        active++;
                    }
                    apply(a, v, n, ps, qs, rot, active);
                }
            } else {
                for (int p = 0; p < n - 1; p++) for (int q = p + 1; q < n; q++) {
                    if (!pivot(a, n, p, q, effTol, rot[0])) continue;
                    ps[0] = p;
                    qs[0] = q;
                    apply(a, v, n, ps, qs, rot, 1);
                }
            }
            converged = rotations == before;
        }
        if (fixedSweeps > 0) converged = false;
    }

    private static boolean pivot(double[] a, int n, int p, int q, double tol, ComplexRotation.Params r) {
        int pq = 2 * (p + q * n);
        return ComplexRotation.of(a[2 * (p + p * n)], a[2 * (q + q * n)], a[pq], a[pq + 1], tol, r);
    }

    /** A := U^H A U and V := V U for the given disjoint rotations; the pivots become exactly diagonal. */
    private void apply(final double[] a, final double[] v, final int n, final int[] ps, final int[] qs,
                       final ComplexRotation.Params[] rot, final int active) {
        if (active == 0) return;
        rotations += active;
        int t = n >= PARALLEL_MIN_N ? threads : 1;
        final int chunks = Math.min(t * 4, active);
        PageLoop.forEach(chunks, t, chunk -> {
            for (int k = chunk; k < active; k += chunks) {
                ComplexRotation.columns(a, n, ps[k], qs[k], rot[k]);
                if (v != null) ComplexRotation.columns(v, n, ps[k], qs[k], rot[k]);
            }
        });
        final int colChunks = Math.min(t * 4, n);
        PageLoop.forEach(colChunks, t, chunk -> {
            int from = (int) ((long) n * chunk / colChunks), to = (int) ((long) n * (chunk + 1) / colChunks);
            for (int j = from; j < to; j++) for (int k = 0; k < active; k++) ComplexRotation.rows(a, n, j, ps[k], qs[k], rot[k]);
        });
        for (int k = 0; k < active; k++) {
            int p = ps[k], q = qs[k];
            a[2 * (p + q * n)] = a[2 * (p + q * n) + 1] = 0;
            a[2 * (q + p * n)] = a[2 * (q + p * n) + 1] = 0;
            a[2 * (p + p * n) + 1] = 0; // the diagonal of a Hermitian matrix is real; drop rounding
            a[2 * (q + q * n) + 1] = 0;
        }
    }
}
