package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.PageOutcome;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The complex default eig on the CPU for a Hermitian page that is not positive definite: the real route of
 * {@link AutoEig} (Bunch-Parlett M = G J G', one-sided hyperbolic Jacobi on G [4, 10]) on the real symmetric
 * embedding M = [[X, -Y], [Y, X]] of A = X + iY (order 2n). If A = D H D is graded, M = (D + D) H~ (D + D) with
 * H~ = [[Re H, -Im H], [Im H, Re H]], whose eigenvalues are those of H (each twice): M is graded the same way
 * with the same condition number, so every eigenvalue of A keeps the relative accuracy the real route gives a
 * graded indefinite matrix, which two-sided Jacobi on A loses (measured, n = 50, 10 decades: 1.9e-2; this
 * route: as the real one, ~1e-14). M's eigenvalues are A's, each twice, and for an eigenvector [u; w] of M,
 * u + i w is an eigenvector of A; the two real vectors of one eigenvalue give the same complex direction up to
 * a unit factor. Of the 2n vectors (in eigenvalue order) a complex Gram-Schmidt against the vectors already kept
 * for eigenvalues within 5% of ||A|| keeps one that is at least half new, so one vector of each pair (a basis of the
 * eigenspace for a multiple eigenvalue) remains. Eight times the flops of an order-n complex method: only for
 * the pages that the Cholesky route ({@link ComplexCholeskyEig}) rejects.
 */
final class ComplexIndefiniteEig {
    /**
     * Distance of two eigenvalues, relative to ||A||, within which their vectors are orthogonalised against each
     * other: eigenvectors of eigenvalues a gap g apart are orthogonal to about eps ||A|| / g, so beyond this window
     * they are to ~20 eps, and within it Gram-Schmidt makes them so.
     */
    private static final double WINDOW = 0.05;

    int sweeps;
    long rotations;
    boolean converged;

    /**
     * @param a n x n Hermitian, interleaved, both triangles; not modified
     * @param d out: the eigenvalues, ascending
     * @param v out: interleaved n x n eigenvectors matching d, or null
     * @return false when the real route declines (a singular or diagonal page) or the vectors do not pair up
     *         (d and v then hold nothing usable)
     */
    boolean run(double[] a, int n, double[] d, double[] v, double eps, double tol, SolverOptions o, int threads) {
        int n2 = 2 * n;
        double[] m = new double[n2 * n2];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                double x = a[2 * (i + j * n)], y = a[2 * (i + j * n) + 1];
                m[i + j * n2] = x;
                m[i + n + j * n2] = y;
                m[i + (j + n) * n2] = -y;
                m[i + n + (j + n) * n2] = x;
            }
        }
        double[] dm = new double[n2], vm = v == null ? null : new double[n2 * n2];
        PageOutcome real = AutoEig.run(m, n2, dm, vm, eps, tol, o, threads);
        if (real == null) return false;
        sweeps = real.sweeps;
        rotations = real.rotations;
        converged = real.converged;
        Integer[] order = IntStream.range(0, n2).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(k -> dm[k]));
        if (v == null) { // the pairs are adjacent in ascending order
            for (int c = 0; c < n; c++) d[c] = 0.5 * (dm[order[2 * c]] + dm[order[2 * c + 1]]);
            return true;
        }
        return pick(dm, vm, order, n, d, v);
    }

    /** One complex eigenvector per pair of real ones; false unless exactly n remain. */
    private static boolean pick(double[] dm, double[] vm, Integer[] order, int n, double[] d, double[] v) {
        int n2 = 2 * n, kept = 0;
        double[] z = new double[2 * n];
        double window = WINDOW * Math.max(Math.abs(dm[order[0]]), Math.abs(dm[order[n2 - 1]]));
        for (Integer k : order) {
            int col = k * n2;
            for (int i = 0; i < n; i++) {
                z[2 * i] = vm[col + i];
                z[2 * i + 1] = vm[col + n + i];
            }
            double lambda = dm[k];
            // twice, for vectors of one cluster that are nearly dependent ("twice is enough")
            for (int pass = 0; pass < 2; pass++) {
                for (int c = kept - 1; c >= 0 && lambda - d[c] <= window; c--) project(z, v, c, n);
            }
            double norm = 0;
            for (double x : z) norm += x * x;
            if (norm < 0.5) continue; // the other vector of an eigenvalue already kept
            if (kept == n) return false;
            double s = 1 / Math.sqrt(norm);
            for (int i = 0; i < 2 * n; i++) v[2 * kept * n + i] = z[i] * s;
            d[kept++] = lambda;
        }
        return kept == n;
    }

    /** z -= v_c (v_c^H z), v_c column c of the interleaved n x n v. */
    private static void project(double[] z, double[] v, int c, int n) {
        int o = 2 * c * n;
        double pr = 0, pi = 0;
        for (int i = 0; i < 2 * n; i += 2) {
            double xr = v[o + i], xi = v[o + i + 1], yr = z[i], yi = z[i + 1];
            pr += xr * yr + xi * yi;
            pi += xr * yi - xi * yr;
        }
        for (int i = 0; i < 2 * n; i += 2) {
            double xr = v[o + i], xi = v[o + i + 1];
            z[i] -= xr * pr - xi * pi;
            z[i + 1] -= xr * pi + xi * pr;
        }
    }
}
