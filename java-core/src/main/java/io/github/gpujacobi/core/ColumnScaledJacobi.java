package io.github.gpujacobi.core;

import io.github.gpujacobi.api.PageArray;

/**
 * One-sided Jacobi SVD in column-scaled arithmetic, for pages whose column norms span more than a
 * whole-page scaling can bring into the solvers' safe range ({@link SvdScaling}), e.g. columns of
 * norm 1e200, 1 and 1e-200. As in LAPACK's dgesvj [8], the Gram entries are never formed: column j
 * is held as 2^e_j x_j with ||x_j|| in [1/2, 1), a pair is tested by its cosine (the relative rule
 * |a_pq| <= tol sqrt(a_pp a_qq) of [6] is |cos| <= tol), and the rotation is applied with the
 * coefficients t 2^(e_l - e_b) and t 2^(e_b - e_l) (b the larger, l the smaller column), which stay
 * finite however far apart the norms are. Single-threaded, cyclic by {@link ChessTournament} pairs:
 * such pages are rare.
 */
public final class ColumnScaledJacobi {
    /**
     * Page k of a (any shape: a wide page goes through its transpose) into s, u, v (u, v may be null)
     * and the statistics, as the backends' own solvers would.
     */
    public static void page(PageArray a, int k, double tol, int maxSweeps, int fixedSweeps, PageArray s, PageArray u,
                            PageArray v, PageStats stats) {
        int m = a.rows(), n = a.cols();
        boolean tall = m >= n;
        int mm = tall ? m : n, nn = tall ? n : m;
        double[] page = a.pageAsDouble(k);
        double[] w = tall ? page : PageAssembly.transpose(page, m, n);
        double[] vw = u != null ? new double[nn * nn] : null;
        ColumnScaledJacobi solver = new ColumnScaledJacobi();
        double[] sig = solver.run(w, vw, mm, nn, tol, maxSweeps, fixedSweeps);
        stats.record(k, solver.sweeps, solver.rotations, solver.converged);
        PageAssembly.svd(w, sig, true, vw, mm, nn, tall, s, u, v, k);
    }

    public int sweeps;
    public long rotations;
    public boolean converged;

    /**
     * @param w  m x n, m >= n, column-major; overwritten with the left singular vectors (unit columns,
     *           in the original column order; a column of zero norm stays zero)
     * @param v  n x n set to V, or null
     * @return the singular values (the true column norms of A V), unsorted
     */
    public double[] run(double[] w, double[] v, int m, int n, double tol, int maxSweeps, int fixedSweeps) {
        int[] e = new int[n];
        double[] nrm = new double[n];
        for (int j = 0; j < n; j++) normalise(w, j * m, m, e, nrm, j, 0);
        if (v != null) {
            java.util.Arrays.fill(v, 0);
            for (int i = 0; i < n; i++) v[i + i * n] = 1;
        }
        ChessTournament ct = new ChessTournament(n);
        boolean fixed = fixedSweeps > 0;
        int limit = fixed ? fixedSweeps : maxSweeps;
        converged = n <= 1;
        for (sweeps = 0; sweeps < limit && !converged; ) {
            sweeps++;
            long before = rotations;
            for (int s = 0; s < ct.steps(); s++) {
                for (int k = 0; k < ct.pairsPerStep(); k++) {
                    if (ct.isGhost(s, k)) continue;
                    if (rotate(w, v, m, n, ct.p(s, k), ct.q(s, k), e, nrm, tol, fixed)) rotations++;
                }
            }
            if (!fixed && rotations == before) converged = true;
        }
        double[] sig = new double[n];
        for (int j = 0; j < n; j++) {
            sig[j] = Math.scalb(nrm[j], e[j]);
            if (nrm[j] > 0) for (int i = 0; i < m; i++) w[i + j * m] /= nrm[j];
        }
        return sig;
    }

    private static boolean rotate(double[] w, double[] v, int m, int n, int p, int q, int[] e, double[] nrm,
                                  double tol, boolean fixed) {
        if (nrm[p] == 0 || nrm[q] == 0) return false;
        double cos = SafeNorms.cosine(w, p * m, nrm[p], q * m, nrm[q], m);
        if (cos == 0 || (!fixed && Math.abs(cos) <= tol)) return false;
        boolean pBig = e[p] > e[q] || (e[p] == e[q] && nrm[p] >= nrm[q]);
        int b = pBig ? p : q, l = pBig ? q : p;
        double nb = nrm[b], nl = nrm[l];
        double rho = Math.scalb(1.0, Math.max(e[l] - e[b], -1100)); // 2^(e_l - e_b) <= 1, 0 when far apart
        // theta = (a_ll - a_bb) / (2 a_bl) of JacobiRotation.tangent, times rho: finite for any exponents
        double z = (rho * rho * (nl / nb) - nb / nl) / (2 * cos);
        double kappa = z == 0 ? 1 / rho : Math.signum(z) / (Math.abs(z) + Math.sqrt(rho * rho + z * z)); // t / rho
        double t = rho * kappa;
        double c = JacobiRotation.cosine(t), sn = c * t;
        double tr = t * rho; // t 2^(e_l - e_b)
        int bm = b * m, lm = l * m;
        for (int i = 0; i < m; i++) {
            double xb = w[bm + i], xl = w[lm + i];
            w[bm + i] = c * (xb - tr * xl);   // 2^-e_b (c a_b - s a_l)
            w[lm + i] = c * (xl + kappa * xb); // 2^-e_l (s a_b + c a_l)
        }
        if (v != null) {
            int bn = b * n, ln = l * n;
            for (int i = 0; i < n; i++) {
                double x = v[bn + i], y = v[ln + i];
                v[bn + i] = c * x - sn * y;
                v[ln + i] = sn * x + c * y;
            }
        }
        normalise(w, bm, m, e, nrm, b, e[b]);
        normalise(w, lm, m, e, nrm, l, e[l]);
        return true;
    }

    /** Column j (offset off) times 2^-f with f making its norm lie in [1/2, 1); e[j] = e0 + f. */
    private static void normalise(double[] w, int off, int m, int[] e, double[] nrm, int j, int e0) {
        int f = SafeNorms.log2Norm(w, off, m);
        if (f == Integer.MIN_VALUE) {
            nrm[j] = 0;
            e[j] = 0;
            return;
        }
        f += 1;
        if (f != 0) for (int i = off; i < off + m; i++) w[i] = Math.scalb(w[i], -f);
        e[j] = e0 + f;
        nrm[j] = SafeNorms.norm2(w, off, m);
    }
}
