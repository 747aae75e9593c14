package io.github.gpujacobi.core;

import java.util.Locale;

/**
 * Preconditioning of the hyperbolic sweeps ([4]'s indefinite eig, M = G J G^H by Bunch-Parlett), the
 * J-orthogonal counterpart of the syevd preconditioning of the positive definite sweeps [22]. With M Q = Q L (a fast
 * symmetric eigensolver), P = J G^H Q S, S = diag(sign(l) / sqrt|l|), satisfies P^H J P = S Q^H M Q S = J_Y :=
 * sign(L), and G P = M Q S has orthogonal columns. The sweeps then run on Y = G P with the signature J_Y and start
 * nearly converged (numpy model, n = 256, 512: 2-3 sweeps instead of 13-26; host test, n = 160: 1 instead of 12),
 * while Y J_Y Y^H = G (P J_Y P^H) G^H = M up to P's J-orthogonality error. Y's rows are G's rows times P, so rounding
 * errors stay row-wise small, as with the sweeps' own hyperbolic rotations [4, 10].
 *
 * <p>Unlike an orthogonal Q, which a fast eigensolver returns orthogonal to working precision anyway, P is J-orthogonal
 * only as far as the eigenvectors of M's small eigenvalues are accurate (error ~ eps ||M|| / |l|). The Newton-Schulz
 * step of the generalized polar decomposition, P := P (3I - K) / 2 with K = J_Y P^H J P [23], restores it
 * quadratically while ||K - I|| < 1, and P is taken only when ||P^H J P - J_Y||_max falls to {@link #accept}; otherwise
 * (strongly graded or nearly singular M, where the step does not contract) the caller sweeps G as before. Against
 * 40-digit references the relative eigenvalue errors follow the residual P is taken at, and at {@link #accept} they are
 * those of the sweeps on G or smaller (numpy model n = 96 ... 256, host test n = 40 ... 70, 3 to 8 decades of grading:
 * docs/benchmarks/hyperbolic-precondition-model.md).
 *
 * <p>With J = I it is the orthogonal preconditioner of the one-sided sweeps on any factor G of a positive definite M =
 * G G^H, taken from M's own eigenvectors: the GPU's opt-in svd route (M = A^H A, G = R^H from A = Q R) runs that syevd
 * beside geqrf instead of after it (CudaBlockedSvd.EIGH_BESIDE_QR).
 *
 * <p>One copy for every backend: the linear algebra goes through {@link Ops} (cuBLAS / cuSOLVER on the device, plain
 * arrays in the host test), the control flow and the host-side steps live here.
 *
 * @param <M> the backend's handle of an n x n column-major matrix (real, or interleaved complex)
 */
public final class HyperbolicPreconditioner<M> {
    /** The operations on n x n matrices the preconditioning needs; X^H is the (conjugate) transpose. */
    public interface Ops<M> {
        /** Eigenvectors of the Hermitian a into a, its eigenvalues ascending into w; false when the solver failed. */
        boolean eigh(M a, double[] w);

        /** c := alpha op(a) b + beta c, op(a) = a^H when adjoint, else a (c is neither a nor b). */
        void gemm(boolean adjoint, M a, M b, double alpha, double beta, M c);

        /** out := a diag(x) (columns scaled); out may be a. */
        void scaleColumns(M a, double[] x, M out);

        /** out := diag(x) a (rows scaled); out may be a. */
        void scaleRows(M a, double[] x, M out);

        /** a_ii -= x_i. */
        void subtractDiagonal(M a, double[] x);

        /** The largest |entry| of a (of its real or imaginary parts when complex). */
        double maxAbs(M a);
    }

    /** Steps of Newton-Schulz at most; a residual above DIVERGES ends them (the step contracts only below 1). */
    static final int STEPS = 3;
    static final double DIVERGES = 0.25;

    /** J_Y, the signature of Y = G P, after {@link #apply} returned true. */
    public int[] signs;
    /** Newton-Schulz steps taken and the residual ||P^H J P - J_Y||_max they left. */
    public int steps;
    public double residual;
    /** Why P was not taken, when {@link #apply} returned false. */
    public String skipped;

    /**
     * The largest |P^H J P - J_Y| taken at order n: max(n, 16) eps. The relative eigenvalue errors follow this residual
     * (host test, n = 40, 3 decades of grading: a residual of 5.7e-13 left errors of 5.7e-13 against 1.8e-14 without
     * the preconditioning), so it is held to what the sweeps' own rounding leaves; -Dgpujacobi.hyperbolicAccept=x for
     * measurements.
     */
    public static double accept(int n) {
        String fixed = System.getProperty("gpujacobi.hyperbolicAccept");
        return fixed != null ? Double.parseDouble(fixed) : Math.max(16, n) * 0x1p-52;
    }

    /**
     * Sets y := G P.
     *
     * @param m       a copy of M (destroyed: Q, then the Newton-Schulz products)
     * @param g       G, read only
     * @param p       P (n x n work)
     * @param scratch n x n work
     * @param y       Y = G P on success (untouched otherwise)
     * @param jG      J's diagonal, +-1
     * @return whether y and {@link #signs} were set
     */
    public boolean apply(Ops<M> ops, M m, M g, M p, M scratch, M y, int[] jG) {
        int n = jG.length;
        double[] l = new double[n];
        if (!ops.eigh(m, l)) return skip("the symmetric eigensolver failed");
        int[] jy = new int[n];
        double[] s = new double[n], jyd = new double[n], jgd = new double[n];
        int positive = 0, positiveG = 0;
        for (int i = 0; i < n; i++) {
            if (!(Math.abs(l[i]) > 0) || Double.isInfinite(l[i])) return skip("eigenvalue " + l[i]);
            jy[i] = l[i] > 0 ? 1 : -1;
            jyd[i] = jy[i];
            s[i] = jy[i] / Math.sqrt(Math.abs(l[i]));
            jgd[i] = jG[i];
            positive += l[i] > 0 ? 1 : 0;
            positiveG += jG[i] > 0 ? 1 : 0;
        }
        // Sylvester's law of inertia: without J's signature in J_Y no J-orthogonal P exists
        if (positive != positiveG) return skip("inertia " + positive + " positive against the factor's " + positiveG);
        ops.scaleColumns(m, s, m);                  // Q S
        ops.gemm(true, g, m, 1, 0, p);               // G^H Q S
        ops.scaleRows(p, jgd, p);                    // P = J G^H Q S
        for (steps = 0; ; steps++) {
            ops.scaleRows(p, jgd, scratch);          // J P
            ops.gemm(true, p, scratch, 1, 0, m);     // P^H J P
            ops.subtractDiagonal(m, jyd);            // E = P^H J P - J_Y
            residual = ops.maxAbs(m);
            if (residual <= accept(n)) break;
            if (!(residual <= DIVERGES) || steps == STEPS) {
                return skip(String.format(Locale.ROOT, "||P^H J P - J_Y|| = %.2e after %d Newton-Schulz steps", residual,
                        steps));
            }
            // P (3I - K) / 2 = P - (P J_Y) E / 2, since K - I = J_Y E
            ops.scaleColumns(p, jyd, scratch);
            ops.gemm(false, scratch, m, -0.5, 1, p);
        }
        ops.gemm(false, g, p, 1, 0, y);
        signs = jy;
        return true;
    }

    private boolean skip(String why) {
        skipped = why;
        return false;
    }
}
