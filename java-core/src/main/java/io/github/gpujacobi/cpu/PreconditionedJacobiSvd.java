package io.github.gpujacobi.cpu;

import io.github.gpujacobi.core.Grading;
import io.github.gpujacobi.core.Lapack;
import io.github.gpujacobi.core.NewtonSchulz;
import io.github.gpujacobi.core.Orthonormal;

/**
 * One-sided Jacobi SVD preconditioned by QR with column pivoting, as LAPACK dgejsv [8]: the rows sorted by
 * decreasing max-norm (Pr A), then Pr A P = Q R ({@link PivotedQr}), then {@link OneSidedJacobiSvd}'s sweeps on
 * X = R' (n x n), whose columns are already nearly orthogonal and ordered by norm, so it takes fewer sweeps than A
 * itself, and on a tall page the sweeps touch n rows instead of m. X W = U_x S gives R = W S U_x', hence
 * A = (Pr' Q W) S (P U_x)': U = Pr' Q [W; 0], V = P U_x. Relative accuracy is that of dgejsv: the pivoted
 * Householder QR is column-wise backward stable, so column-graded A = B D keeps its small singular values, and with
 * the rows sorted row-wise backward stable too (Cox and Higham; dgejsv's row pivoting), so a row-graded A = D B keeps
 * them as well (without the sort a 12 x 12 A with rows graded over 20 decades, rows permuted, returned its smallest
 * singular value 7.7e-21 for 4.18e-23, reported converged; 1.9e-13 relative with it).
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
     * @param a      m x n column-major, m >= n; on return U = Q [W; 0] (orthonormal columns) when v is wanted,
     *               unchanged otherwise
     * @param v      n x n out: V (orthonormal, completed where sigma = 0), or null for the values only
     * @param target the orthogonality ||Q'Q - I||_F that U and V are polished to ({@link NewtonSchulz}); converged
     *               stays false when either misses it
     * @return the singular values, in the order of the columns of U and V
     */
    double[] run(double[] a, double[] v, int m, int n, double tol, int maxSweeps, int fixedSweeps, double target) {
        return run(a, v, m, n, tol, maxSweeps, fixedSweeps, target, null);
    }

    /** As above; with a native LAPACK ({@link Lapack}) from {@link HyperbolicEig#lapackFrom} on, {@link #runNative}. */
    double[] run(double[] a, double[] v, int m, int n, double tol, int maxSweeps, int fixedSweeps, double target,
                 Lapack lapack) {
        if (HyperbolicEig.nativeRoute(lapack, n, maxSweeps, fixedSweeps) && !Grading.rowsOrColumnsGraded(a, m, n)) {
            double[] sigma = runUngraded(lapack, a, v, m, n, tol, maxSweeps, target);
            if (sigma != null) return sigma;
        }
        int[] rows = Grading.rowsByDecreasingNorm(a, m, n, 1); // dgejsv's row pivoting
        if (HyperbolicEig.nativeRoute(lapack, n, maxSweeps, fixedSweeps)) {
            return runNative(lapack, a, rows, v, m, n, tol, maxSweeps, target);
        }
        double[][] cols = new double[n][m]; // Pr A, column by column
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) cols[j][i] = a[rows[i] + j * m];
        PivotedQr qr = new PivotedQr(cols, m, threads);
        double[][] x = qr.rTransposed();
        double[][] w = v == null ? null : Columns.identity(n);
        OneSidedJacobiSvd jacobi = new OneSidedJacobiSvd(threads);
        jacobi.run(x, w, n, n, tol, maxSweeps, fixedSweeps);
        sweeps = jacobi.sweeps;
        rotations = jacobi.rotations;
        converged = jacobi.converged;
        double[] sigma = norms(x, n, n);
        if (v == null) return sigma;
        boolean polished = rightVectors(x, sigma, qr.perm, v, n, target);
        double[][] u = qr.q(w); // Pr U: its rows go back to A's order
        polished &= NewtonSchulz.polish(u, m, false, target, threads) <= target;
        converged &= polished;
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) a[rows[i] + j * m] = u[j][i];
        return sigma;
    }

    /**
     * The GPU's recipe with the native LAPACK: dgeqp3 of Pr A (LAPACK's own column pivoting, blocked), then X = R'
     * preconditioned by the eigenvectors P of X'X (dsyevd: orthogonal to working precision, so X P keeps X's rows
     * [22]), then {@link GramSweeps} on X P with V's accumulation started at P, the column sweeps where they give up.
     * U = Pr' Q [P W; 0] by dormqr.
     */
    private double[] runNative(Lapack lapack, double[] a, int[] rows, double[] v, int m, int n, double tol, int maxSweeps,
                               double target) {
        double[] b = new double[m * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) b[i + j * m] = a[rows[i] + j * m];
        int[] jpvt = new int[n];
        double[] tau = new double[n];
        if (lapack.dgeqp3(m, n, b, jpvt, tau) != 0) throw new IllegalStateException("dgeqp3 failed");
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = jpvt[i] - 1;
        double[] x = new double[n * n]; // X = R'
        for (int i = 0; i < n; i++) for (int j = 0; j <= i; j++) x[i + j * n] = b[j + i * m];
        double[] p = new double[n * n], l = new double[n];
        lapack.gram(n, n, x, p);
        double[] y = new double[n * n];
        if (lapack.dsyevd(n, p, l) == 0) {
            lapack.dgemm(false, false, n, n, n, 1, x, p, 0, y);
        } else { // no preconditioner: the sweeps start from X itself
            System.arraycopy(x, 0, y, 0, y.length);
            java.util.Arrays.fill(p, 0);
            for (int i = 0; i < n; i++) p[i + i * n] = 1;
        }
        double[][] w = v == null ? null : new double[n][];
        double[][] yc = sweep(lapack, y, n, n, p, w, tol, maxSweeps);
        double[] sigma = norms(yc, n, n);
        if (v == null) return sigma;
        boolean polished = rightVectors(yc, sigma, perm, v, n, target);
        double[] c = new double[m * n]; // [W; 0], then Q [W; 0]
        for (int j = 0; j < n; j++) System.arraycopy(w[j], 0, c, j * m, n);
        if (lapack.dormqr(m, n, n, b, tau, c) != 0) throw new IllegalStateException("dormqr failed");
        double[][] u = Columns.split(c, m, n);
        polished &= NewtonSchulz.polish(u, m, false, target, threads) <= target;
        converged &= polished;
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) a[rows[i] + j * m] = u[j][i];
        return sigma;
    }

    /**
     * An ungraded page (neither rows nor columns graded) on the native LAPACK: the eigenvectors P of A'A (dsyrk, dsyevd)
     * precondition the one-sided sweeps of Y = A P directly, with no QR: {@link GramSweeps} (V's accumulation started
     * at P), the column sweeps where they give up; U the normalised columns of Y W, V = P W. Its singular values carry
     * A's absolute error eps ||A||, within {@link Grading#GRADED_SPAN} squared of the QR route's bound on such a page
     * (the contract's terms, as {@link PreconditionedEig}); graded pages keep the row-sorted QR [8]. Null when dsyevd
     * failed (a untouched: the QR route runs instead).
     */
    private double[] runUngraded(Lapack lapack, double[] a, double[] v, int m, int n, double tol, int maxSweeps,
                                 double target) {
        double[] p = new double[n * n], l = new double[n];
        lapack.gram(n, m, a, p);
        if (lapack.dsyevd(n, p, l) != 0) return null;
        double[] y = new double[m * n];
        lapack.dgemm(false, false, m, n, n, 1, a, p, 0, y);
        double[][] w = v == null ? null : new double[n][];
        double[][] yc = sweep(lapack, y, m, n, p, w, tol, maxSweeps);
        double[] sigma = norms(yc, n, m);
        if (v == null) return sigma;
        Columns.join(w, v, n);
        boolean polished = NewtonSchulz.polish(v, n, n, null, false, target, threads) <= target;
        boolean[] have = new boolean[n];
        boolean all = true;
        for (int c = 0; c < n; c++) {
            have[c] = sigma[c] > 0;
            all &= have[c];
            for (int i = 0; i < m; i++) a[i + c * m] = have[c] ? yc[c][i] / sigma[c] : 0;
        }
        polished &= NewtonSchulz.polish(a, m, n, all ? null : have, false, target, threads) <= target;
        if (!all) Orthonormal.complete(a, m, n, have);
        converged &= polished;
        return sigma;
    }

    /**
     * The one-sided sweeps of the preconditioned rows x n columns y: {@link GramSweeps} (V's accumulation started at
     * the preconditioner p), the column sweeps from where they give up.
     * @param w null for the values only, else n slots that receive the accumulated V's columns
     * @return y's columns as they end
     */
    private double[][] sweep(Lapack lapack, double[] y, int rows, int n, double[] p, double[][] w, double tol,
                             int maxSweeps) {
        GramSweeps gram = new GramSweeps(lapack, tol, maxSweeps);
        boolean done = gram.run(y, rows, n, null, w == null ? null : p);
        sweeps = gram.rounds;
        rotations = gram.rotations;
        if (w != null) System.arraycopy(Columns.split(p, n, n), 0, w, 0, n);
        double[][] yc = Columns.split(y, rows, n);
        if (done) {
            converged = true;
        } else {
            OneSidedJacobiSvd jacobi = new OneSidedJacobiSvd(threads);
            jacobi.run(yc, w, rows, n, tol, maxSweeps - gram.rounds, 0);
            sweeps += jacobi.sweeps;
            rotations += jacobi.rotations;
            converged = jacobi.converged;
        }
        return yc;
    }

    /** The norms of the n columns of x, each rows long. */
    private static double[] norms(double[][] x, int n, int rows) {
        double[] sigma = new double[n];
        for (int c = 0; c < n; c++) sigma[c] = Math.sqrt(Columns.dot(x[c], x[c], rows));
        return sigma;
    }

    /**
     * V = P U_x: the normalised columns of X W (orthogonal to the stopping tolerance), rows by the QR's pivots,
     * polished, completed where sigma = 0; whether the polish reached target.
     */
    private boolean rightVectors(double[][] x, double[] sigma, int[] perm, double[] v, int n, double target) {
        boolean[] have = new boolean[n];
        for (int c = 0; c < n; c++) {
            if (!(sigma[c] > 0)) continue;
            have[c] = true;
            for (int i = 0; i < n; i++) v[perm[i] + c * n] = x[c][i] / sigma[c];
        }
        boolean polished = NewtonSchulz.polish(v, n, n, have, false, target, threads) <= target;
        Orthonormal.complete(v, n, n, have);
        return polished;
    }
}
