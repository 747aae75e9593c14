package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.Orthonormal;

/**
 * One-sided Jacobi SVD preconditioned by QR with column pivoting, as LAPACK dgejsv [8]: A P = Q R
 * ({@link PivotedQr}), then {@link OneSidedJacobiSvd}'s sweeps on X = R' (n x n), whose columns are
 * already nearly orthogonal and ordered by norm, so it takes fewer sweeps than A itself, and on a
 * tall page the sweeps touch n rows instead of m. X W = U_x S gives R = W S U_x', hence
 * A = (Q W) S (P U_x)': U = Q [W; 0], V = P U_x. Relative accuracy is that of dgejsv: the pivoted
 * Householder QR is column-wise backward stable, so column-graded A = B D keeps its small singular
 * values [8].
 */
final class PreconditionedJacobiSvd {
    int sweeps;
    long rotations;
    boolean converged;

    private final int threads;

    PreconditionedJacobiSvd(int threads) {
        this.threads = Math.max(1, threads);
    }

    /**
     * Pages worth preconditioning: every one with something to orthogonalise. On a square page the QR
     * and Q W cost one to two sweeps of A and save about three (1024 x 1024 Gaussian: 16 -> 13 sweeps,
     * 64 x 64: 11 -> 9); on a tall page the sweeps also run on n rows instead of m (2048 x 512: half the
     * time). Measurements: docs/benchmarks/cpu-2core.md.
     */
    static boolean pays(int m, int n) {
        return n >= 2 && m >= n;
    }

    /**
     * @param a m x n column-major, m >= n; on return U = Q [W; 0] (orthonormal columns) when v is wanted,
     *          unchanged otherwise
     * @param v n x n out: V (orthonormal, completed where sigma = 0), or null for the values only
     * @return the singular values, in the order of the columns of U and V
     */
    double[] run(double[] a, double[] v, int m, int n, double tol, int maxSweeps, int fixedSweeps) {
        PivotedQr qr = new PivotedQr(Columns.split(a, m, n), m, threads);
        double[][] x = qr.rTransposed();
        double[][] w = v == null ? null : Columns.identity(n);
        OneSidedJacobiSvd jacobi = new OneSidedJacobiSvd(threads);
        jacobi.run(x, w, n, n, tol, maxSweeps, fixedSweeps);
        sweeps = jacobi.sweeps;
        rotations = jacobi.rotations;
        converged = jacobi.converged;
        double[] sigma = new double[n];
        for (int c = 0; c < n; c++) sigma[c] = Math.sqrt(Columns.dot(x[c], x[c], n));
        if (v == null) return sigma;
        boolean[] have = new boolean[n];
        for (int c = 0; c < n; c++) {
            if (!(sigma[c] > 0)) continue;
            have[c] = true;
            for (int i = 0; i < n; i++) v[qr.perm[i] + c * n] = x[c][i] / sigma[c];
        }
        Orthonormal.complete(v, n, n, have);
        Columns.join(qr.q(w), a, m);
        return sigma;
    }
}
