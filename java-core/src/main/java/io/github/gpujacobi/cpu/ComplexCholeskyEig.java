package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.IndefiniteEig;
import io.github.gpujacobi.core.PageLoop;

/**
 * The complex default eig on the CPU for a Hermitian positive definite page, the complex twin of
 * {@link AutoEig}'s route: Cholesky with diagonal pivoting, P' A P = L L^H [7, 10], then the
 * one-sided complex Jacobi ({@link ComplexJacobiSvd}, its blocked order) on G = P L: G W = U S gives
 * A = G G^H = U S^2 U^H, the eigenvalues are the squared column norms of G W and the eigenvectors its
 * normalised columns ({@link IndefiniteEig#eigenpairs}, the real route's step, with J = I), so no W is
 * accumulated. One-sided Jacobi on a pivoted Cholesky factor keeps the
 * relative accuracy of every eigenvalue of a graded A = D H D [6, 7], and it is several times faster
 * than two-sided Jacobi on A (H unitary rotations touch rows and columns). An indefinite, singular or
 * diagonal page is left to the two-sided solver ({@link #run} returns false).
 */
final class ComplexCholeskyEig {
    int sweeps;
    long rotations;
    boolean converged;

    private final int threads;

    ComplexCholeskyEig(int threads) {
        this.threads = Math.max(1, threads);
    }

    /**
     * @param a n x n Hermitian, interleaved, both triangles; destroyed
     * @param d out: the eigenvalues, unsorted
     * @param v out: interleaved n x n eigenvectors matching d, or null
     * @return false when the page is diagonal, not numerically positive definite, or a column of G W vanished
     *         (d and v then hold nothing usable)
     */
    boolean run(double[] a, int n, double[] d, double[] v, double tol, int maxSweeps, int fixedSweeps) {
        if (IndefiniteEig.diagonal(a, n, 2)) return false;
        int e = IndefiniteEig.scaleNearOne(a); // G ~ A^(1/2) is squared below: entries near 1 keep it in range
        int[] perm = factor(a, n, threads);
        if (perm == null) return false;
        double[] g = new double[a.length]; // G = P L: row i of L is row perm[i] of G
        for (int c = 0; c < n; c++) {
            for (int i = 0; i < n; i++) {
                g[2 * (perm[i] + c * n)] = a[2 * (i + c * n)];
                g[2 * (perm[i] + c * n) + 1] = a[2 * (i + c * n) + 1];
            }
        }
        ComplexJacobiSvd solver = new ComplexJacobiSvd(threads);
        solver.run(g, null, n, n, tol, maxSweeps, fixedSweeps);
        sweeps = solver.sweeps;
        rotations = solver.rotations;
        converged = solver.converged;
        if (!IndefiniteEig.eigenpairs(g, null, n, 2, d, v)) return false;
        if (e != 0) for (int c = 0; c < n; c++) d[c] = Math.scalb(d[c], e);
        return true;
    }

    /**
     * P' A P = L L^H in place (Cholesky with diagonal pivoting: each step takes the largest remaining
     * diagonal), L in the lower triangle with rows in pivot order, the strict upper triangle zeroed;
     * perm[i] is the row of A that row i of L belongs to. Null when a pivot is not positive (A is not
     * numerically positive definite). The trailing block is kept whole (both triangles), so the
     * symmetric swaps need no conjugated segments.
     */
    static int[] factor(final double[] a, final int n, int threads) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = i;
        for (int k = 0; k < n; k++) {
            int p = k;
            for (int i = k + 1; i < n; i++) if (a[2 * (i + i * n)] > a[2 * (p + p * n)]) p = i;
            double pivot = a[2 * (p + p * n)];
            if (!(pivot > 0) || Double.isInfinite(pivot)) return null;
            if (p != k) {
                swapRows(a, n, k, p);
                swapColumns(a, n, k, p);
                int t = perm[k]; perm[k] = perm[p]; perm[p] = t;
            }
            double l = Math.sqrt(pivot), inv = 1 / l;
            final int ck = 2 * k * n, kk = k;
            a[ck + 2 * k] = l;
            a[ck + 2 * k + 1] = 0;
            for (int i = k + 1; i < n; i++) {
                a[ck + 2 * i] *= inv;
                a[ck + 2 * i + 1] *= inv;
            }
            // the trailing update, its columns across threads while they are many (as Gauss-Jordan's steps)
            PageLoop.forRange(k + 1, n, threads, COLUMNS_PER_THREAD, (from, to) -> update(a, n, kk, from, to));
        }
        for (int j = 1; j < n; j++) java.util.Arrays.fill(a, 2 * j * n, 2 * (j + j * n), 0);
        return perm;
    }

    /** The fewest trailing columns a thread's share of a factorisation step may have (as ComplexGaussJordan's). */
    private static final int COLUMNS_PER_THREAD = 64;

    /** A(k+1:, j) -= L(k+1:, k) conj(L(j, k)) for the trailing columns j in [from, to). */
    private static void update(double[] a, int n, int k, int from, int to) {
        int ck = 2 * k * n;
        for (int j = from; j < to; j++) {
            double yr = a[ck + 2 * j], yi = -a[ck + 2 * j + 1];
            int cj = 2 * j * n;
            for (int i = k + 1; i < n; i++) {
                double xr = a[ck + 2 * i], xi = a[ck + 2 * i + 1];
                a[cj + 2 * i] -= xr * yr - xi * yi;
                a[cj + 2 * i + 1] -= xr * yi + xi * yr;
            }
            a[cj + 2 * j + 1] = 0; // the diagonal of a Hermitian matrix stays real
        }
    }

    private static void swapRows(double[] a, int n, int r, int s) {
        for (int j = 0; j < n; j++) {
            int x = 2 * (r + j * n), y = 2 * (s + j * n);
            double t0 = a[x], t1 = a[x + 1];
            a[x] = a[y];
            a[x + 1] = a[y + 1];
            a[y] = t0;
            a[y + 1] = t1;
        }
    }

    private static void swapColumns(double[] a, int n, int r, int s) {
        int x = 2 * r * n, y = 2 * s * n;
        for (int i = 0; i < 2 * n; i++) {
            double t = a[x + i];
            a[x + i] = a[y + i];
            a[y + i] = t;
        }
    }
}
