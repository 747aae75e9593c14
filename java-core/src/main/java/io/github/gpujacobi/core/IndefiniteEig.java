package io.github.gpujacobi.core;

import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.SolverOptions;

/**
 * Eigenvalues and eigenvectors of a nonsingular symmetric (indefinite) M by [4]'s route:
 * M = G J G' (Bunch-Parlett, {@link BunchParlett}), then the one-sided hyperbolic Jacobi on (G, J)
 * gives G W = U Sigma, so M = U Sigma J Sigma U': eigenvalues sigma^2 j, eigenvectors U. Unlike
 * two-sided Jacobi on M itself this is relatively accurate for every eigenvalue of graded M,
 * whatever its sign. V is never accumulated (not needed for eig). The backends run the sweeps
 * (cpu.HyperbolicEig, CudaBackend); this class holds the steps they share.
 */
public final class IndefiniteEig {
    private IndefiniteEig() {}

    /**
     * From G W = U Sigma and J (either backend's sweeps): eigenvalues ||(G W)_c||^2 j_c into d, the
     * normalised columns into v (when non-null). False when a column vanished (M numerically singular).
     */
    public static boolean eigenpairs(double[] gw, double[] j, int n, double[] d, double[] v) {
        return eigenpairs(gw, j, n, 1, d, v);
    }

    /** As above for columns of {@code parts} numbers per entry (2: interleaved complex G W, J = I for j null). */
    public static boolean eigenpairs(double[] gw, double[] j, int n, int parts, double[] d, double[] v) {
        int len = parts * n;
        for (int c = 0; c < n; c++) {
            double ss = 0;
            for (int i = c * len; i < (c + 1) * len; i++) ss += gw[i] * gw[i];
            if (!(ss > 0)) return false;
            d[c] = j == null ? ss : ss * j[c];
            if (v != null) {
                double s = Math.sqrt(ss);
                for (int i = c * len; i < (c + 1) * len; i++) v[i] = gw[i] / s;
            }
        }
        return true;
    }

    /**
     * The sweeps square the entries of G ~ |M|^(1/2): bring M near 1 by an exact power of 2 (eigenvalues
     * scale back exactly by 2^e, vectors do not change), so 1e300 cannot overflow nor 1e-300 underflow.
     * @return e, with w scaled by 2^-e in place
     */
    public static int scaleNearOne(double[] w) {
        int e = Math.getExponent(PageAssembly.maxAbs(w));
        PageAssembly.scalb(w, -e);
        return e;
    }

    /**
     * A diagonal page goes to two-sided Jacobi, which returns its diagonal exactly, while sigma^2 of
     * G = |M|^(1/2) may be off by an ulp.
     */
    public static boolean diagonal(double[] w, int n) {
        return diagonal(w, n, 1);
    }

    /** As above for entries of {@code parts} numbers (2: an interleaved complex page). */
    public static boolean diagonal(double[] w, int n, int parts) {
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                if (i == j) continue;
                for (int p = 0; p < parts; p++) if (w[parts * (i + j * n) + p] != 0) return false;
            }
        }
        return true;
    }

    /**
     * Whether a diagonal entry (its real part when {@code parts} = 2, interleaved complex) is not positive, or NaN. Then
     * M is not positive definite, and Cholesky fails at that column at the latest: its pivot there is a_jj less a sum of
     * squares, rounded down to at most a_jj. The GPU routes skip their potrf attempt then, since a failing potrf
     * does not stop at the failing column and the attempt costs time.
     */
    public static boolean nonPositiveDiagonal(double[] w, int n, int parts) {
        for (int j = 0; j < n; j++) if (!(w[parts * (j + j * n)] > 0)) return true;
        return false;
    }

    /** The error of method 'hyperbolic' on a singular M, the same from every backend. */
    public static JacobiException singular(SolverOptions o, int pages, int page, String detail) {
        return new JacobiException(ErrorKind.SINGULAR, o.where() + " is singular"
                + (pages > 1 ? " (page " + (page + 1) + ")" : "") + " (" + detail + "); Method '"
                + Methods.HYPERBOLIC + "' needs a nonsingular matrix (no zero eigenvalue), use 'parallel'");
    }
}
