package io.github.gpujacobi.core;

/**
 * The symmetric Jacobi rotation and the relative stopping rule shared by every solver.
 * The CUDA kernels implement the same two formulas (see cuda/src/main/cuda/jacobi_common.cuh).
 */
public final class JacobiRotation {
    private JacobiRotation() {}

    /**
     * Relative negligibility |a_pq| <= tol sqrt(|a_pp a_qq|) (Demmel-Veselic): what gives Jacobi its
     * relative accuracy. An absolute rule would destroy the small eigenvalues of graded matrices.
     */
    public static boolean negligible(double apq, double app, double aqq, double tol) {
        return apq == 0 || Math.abs(apq) <= tol * Math.sqrt(Math.abs(app)) * Math.sqrt(Math.abs(aqq));
    }

    /**
     * tan of the angle that annihilates a_pq in [[app, apq], [apq, aqq]] (the smaller of the two
     * roots, |angle| <= pi/4), for the rotation columns p' = c p - s q, q' = s p + c q.
     */
    public static double tangent(double app, double aqq, double apq) {
        double theta = (aqq - app) / (2 * apq);
        if (theta == 0) return 1;
        if (Math.abs(theta) > 1e150) return 0.5 / theta; // theta^2 would overflow
        return Math.signum(theta) / (Math.abs(theta) + Math.sqrt(1 + theta * theta));
    }

    /** cos from tan. */
    public static double cosine(double t) { return 1 / Math.sqrt(1 + t * t); }
}
