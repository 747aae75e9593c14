package io.github.gpujacobi.core;

/**
 * The complex (unitary) Jacobi rotation shared by the Hermitian eigensolver and the complex
 * one-sided SVD, on interleaved (re, im) column-major data. For a Hermitian pivot
 * [[a_pp, a_pq], [conj(a_pq), a_qq]] with a_pq = |a_pq| e^(i phi), the phase Phi = diag(1, e^(-i phi))
 * makes the pivot real symmetric, and {@link JacobiRotation}'s real rotation R then annihilates it
 * [19]: the column transform is U = Phi R = [[c, s], [-s e, c e]] with e = e^(-i phi), so
 * column p' = c p - s e q, q' = s p + c e q, and rows (U^H from the left) p' = c p - s conj(e) q,
 * q' = s p + c conj(e) q. With a_pq real positive this is the real rotation exactly.
 */
public final class ComplexRotation {
    private ComplexRotation() {}

    /** |re + i im| without overflow or harmful underflow. */
    public static double abs(double re, double im) {
        double x = Math.abs(re), y = Math.abs(im);
        double big = Math.max(x, y), small = Math.min(x, y);
        if (big == 0 || big - big != 0) return big + small; // 0, Inf or NaN
        double r = small / big;
        return big * Math.sqrt(1 + r * r);
    }

    /** One rotation: cosine, sine (real) and the phase e = e^(-i phi). */
    public static final class Params {
        public double c, s, er, ei;
    }

    /**
     * The rotation annihilating a_pq = (pr, pi) of the Hermitian pivot with real diagonal app, aqq,
     * unless it is negligible by the relative rule |a_pq| <= tol sqrt(|a_pp a_qq|).
     *
     * @return false (out untouched) when negligible
     */
    public static boolean of(double app, double aqq, double pr, double pi, double tol, Params out) {
        double mod = abs(pr, pi);
        if (JacobiRotation.negligible(mod, app, aqq, tol)) return false;
        double t = JacobiRotation.tangent(app, aqq, mod);
        out.c = JacobiRotation.cosine(t);
        out.s = t * out.c;
        if (mod < 0x1p-900) { // the phase from an exactly scaled copy: a subnormal modulus would make |e| != 1
            pr = Math.scalb(pr, 600);
            pi = Math.scalb(pi, 600);
            mod = abs(pr, pi);
        }
        out.er = pr / mod;
        out.ei = -pi / mod;
        return true;
    }

    /** Columns p and q (each {@code rows} complex entries) of interleaved m times U. */
    public static void columns(double[] m, int rows, int p, int q, Params r) {
        int op = 2 * p * rows, oq = 2 * q * rows;
        double c = r.c, sr = r.s * r.er, si = r.s * r.ei, cr = r.c * r.er, ci = r.c * r.ei; // s e, c e
        for (int i = 0; i < 2 * rows; i += 2) {
            double xr = m[op + i], xi = m[op + i + 1], yr = m[oq + i], yi = m[oq + i + 1];
            m[op + i] = c * xr - (sr * yr - si * yi);
            m[op + i + 1] = c * xi - (sr * yi + si * yr);
            m[oq + i] = r.s * xr + (cr * yr - ci * yi);
            m[oq + i + 1] = r.s * xi + (cr * yi + ci * yr);
        }
    }

    /** Rows p and q of column j of interleaved n x n a, times U^H from the left. */
    public static void rows(double[] a, int n, int j, int p, int q, Params r) {
        int ip = 2 * (p + j * n), iq = 2 * (q + j * n);
        double xr = a[ip], xi = a[ip + 1], yr = a[iq], yi = a[iq + 1];
        double sr = r.s * r.er, si = -r.s * r.ei, cr = r.c * r.er, ci = -r.c * r.ei; // s conj(e), c conj(e)
        a[ip] = r.c * xr - (sr * yr - si * yi);
        a[ip + 1] = r.c * xi - (sr * yi + si * yr);
        a[iq] = r.s * xr + (cr * yr - ci * yi);
        a[iq + 1] = r.s * xi + (cr * yi + ci * yr);
    }
}
