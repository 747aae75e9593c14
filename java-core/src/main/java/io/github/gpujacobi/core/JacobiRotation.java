package io.github.gpujacobi.core;

/**
 * The one copy of the Jacobi rotation formulas and the relative stopping rule, used by every CPU
 * solver; the CUDA kernels use their twins in cuda/src/main/cuda/jacobi_common.cuh (jacobi_tangent,
 * jacobi_cosine, hyperbolic_tangent), templates over float and double.
 */
public final class JacobiRotation {
    private JacobiRotation() {}

    /** Beyond this |theta|, sqrt(1 + theta^2) rounds to |theta|: t = 1/(2 theta) is the same number. */
    private static final double BIG_THETA = 1 / Math.ulp(1.0);

    /**
     * Relative negligibility |a_pq| <= tol sqrt(|a_pp a_qq|) [6]: what gives Jacobi its relative
     * accuracy. An absolute rule would destroy the small eigenvalues of graded matrices.
     */
    public static boolean negligible(double apq, double app, double aqq, double tol) {
        return negligibleByRoots(apq, Math.sqrt(Math.abs(app)), Math.sqrt(Math.abs(aqq)), tol);
    }

    /** {@link #negligible} from sqrt|a_pp| and sqrt|a_qq|, for a sweep that keeps them rather than take roots per pair. */
    public static boolean negligibleByRoots(double apq, double rootP, double rootQ, double tol) {
        return apq == 0 || Math.abs(apq) <= tol * rootP * rootQ;
    }

    /**
     * tan of the angle that annihilates a_pq in [[app, apq], [apq, aqq]] (the smaller of the two
     * roots, |angle| <= pi/4), for the rotation columns p' = c p - s q, q' = s p + c q [6, 8]. Also the
     * trigonometric one-sided (Hestenes) tangent, with the Gram entries ||a_p||^2, ||a_q||^2, a_p.a_q.
     * With d = aqq - app, e = 2 apq: |e| / (|d| + sqrt(d^2 + e^2)) signed as theta = d / e, one division, while
     * max(|d|, |e|) is in [2^-500, 2^500] (no overflow, the larger square not lost to underflow); outside, theta's
     * form, guarded: for |theta| > 1/eps it returns 1/(2 theta) without forming theta^2 (which overflows).
     */
    public static double tangent(double app, double aqq, double apq) {
        double d = aqq - app, e = 2 * apq;
        if (d == 0) return 1;
        double ad = Math.abs(d), ae = Math.abs(e), mx = Math.max(ad, ae);
        if (mx >= 0x1p-500 && mx <= 0x1p500) { // theta = d / e: t = |e| / (|d| + sqrt(d^2 + e^2)), one division
            double t = ae / (ad + Math.sqrt(d * d + e * e));
            return (d < 0) != (e < 0) ? -t : t;
        }
        double theta = d / e;
        if (theta == 0) return 1;
        double at = Math.abs(theta);
        double t = at > BIG_THETA ? 0.5 / at : 1 / (at + Math.sqrt(1 + theta * theta));
        return theta < 0 ? -t : t;
    }

    /** cos from tan (|t| <= 1). */
    public static double cosine(double t) { return 1 / Math.sqrt(1 + t * t); }

    /** cosh from tanh (|t| < 1), 1 - t^2 as (1 - t)(1 + t): no cancellation near |t| = 1. */
    public static double hyperbolicCosine(double t) { return 1 / Math.sqrt((1 - t) * (1 + t)); }

    /**
     * The low part of the scale of a one-sided rotation: c + lo agrees with 1 / sqrt(1 + t^2) (trigonometric; c from
     * {@link #cosine}) or 1 / sqrt(1 - t^2) (hyperbolic, cosh from tanh) to O(eps^2) for the rounded t and c given.
     * With c alone the applied 2 x 2 is (1 + delta/2) times an exactly orthogonal (J-orthogonal) one, delta =
     * c^2 (1 +- t^2) - 1 = O(eps), scaling both columns alike; the ~n rotations a column meets per sweep add these
     * coherent scalings up to ~n eps/2 in its squared norm, an eigenvalue of the hyperbolic route, where rounding
     * the updates elementwise costs 7x less (numpy model, docs/benchmarks/hyperbolic-blocked-accuracy-model, sec. 3).
     * Applying x' = u c + u lo (u = x + t y) removes them. lo = -c delta / 2; delta from exact products (Dekker's
     * two-product [24]: MATLAB's Java 8 has no Math.fma).
     */
    public static double cosineLow(double t, double c, boolean hyperbolic) {
        double tt = t * t, tte = productError(t, t, tt);
        double u = hyperbolic ? 1 - tt : 1 + tt;                     // 1 +- t^2 = u + ul exactly to O(eps^2)
        double ul = (hyperbolic ? (1 - u) - tt : (1 - u) + tt) + (hyperbolic ? -tte : tte);
        double a = c * c, ae = productError(c, c, a);
        double p = a * u, pe = productError(a, u, p);
        double delta = (p - 1) + (pe + a * ul + ae * u);            // p - 1 exact: p is near 1 (Sterbenz)
        return -0.5 * c * delta;
    }

    /** The rounding error of p = fl(a b): a b = p + error exactly (Dekker), for |a b| well inside the range. */
    static double productError(double a, double b, double p) {
        double sa = SPLIT * a, ah = sa - (sa - a), al = a - ah;
        double sb = SPLIT * b, bh = sb - (sb - b), bl = b - bh;
        return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    }

    private static final double SPLIT = 134217729.0; // 2^27 + 1

    /**
     * The one-sided hyperbolic tangent t = tanh(phi) [4, eq. 2.5] for a pair of columns of opposite
     * signs, from sum = a_pp + a_qq and gap = sum - 2|a_pq| (positive: a real angle exists; callers
     * recompute it from the columns when it cancels): |zeta| = sum / (2|a_pq|), |zeta| - 1 =
     * gap / (2|a_pq|), t = 1 / (|zeta| + sqrt((|zeta| - 1)(|zeta| + 1))), no zeta^2 formed.
     */
    public static double hyperbolicTangent(double sum, double apq, double gap) {
        double two = 2 * Math.abs(apq), az = sum / two, azm1 = gap / two;
        double ta = 1 / (az + Math.sqrt(azm1 * (az + 1)));
        return apq > 0 ? -ta : ta;
    }
}
