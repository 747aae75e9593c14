package io.github.gpujacobi.core;

import io.github.gpujacobi.api.HostScan;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;

import java.util.Locale;

/**
 * Exact power-of-2 scaling of SVD pages, as LAPACK's dgesvj scales [8]. One-sided Jacobi forms the
 * Gram entries a_pp = ||a_p||^2 and a_pq = a_p'a_q: for a page near 1e-200 they underflow (every
 * singular value came out 0), near 1e160 they overflow (Inf/NaN). A page whose column norms leave
 * [2^-s/2, 2^s/2] (s the solver's safe span) is multiplied by 2^e so that its largest column norm
 * lies in [1/2, 1) (exact: a power of 2), and the singular values are multiplied back by 2^-e
 * (exact); U and V do not change. What scaling cannot fix is a page whose
 * column norms span more than the solver squares safely ({@link #fits}): such a page goes to
 * {@link ColumnScaledJacobi}. "Columns" are those the solver orthogonalises: the rows of a wide page.
 */
public final class SvdScaling {
    /**
     * Safe spans (largest / smallest nonzero column norm) after scaling the largest to ~1.
     * CPU (double arithmetic, the test |a_pq| <= tol sqrt(a_pp a_qq)): the product a_pp a_qq ~ c^4
     * must stay normal, c >= 2^-255; 2^240 (~1.8e72) keeps a margin.
     */
    public static final double CPU_SPAN = 0x1p240;
    /** GPU double kernels (tol sqrt(a_pp) sqrt(a_qq)): c^2 must stay above 2^-1022 / eps, c >= 2^-485. */
    public static final double GPU_DOUBLE_SPAN = 0x1p480;
    /** GPU single kernels: c^2 above 2^-126 / 2^-23, c >= 2^-52. */
    public static final double GPU_SINGLE_SPAN = 0x1p48;

    private final int[] exponent;
    private final double[] spanLog2;
    private final boolean[] fits;

    private SvdScaling(int pages) {
        exponent = new int[pages];
        spanLog2 = new double[pages];
        fits = new boolean[pages];
    }

    /** Measures every page of a (column norms along the solver's orientation) against the safe span. */
    public static SvdScaling of(final PageArray a, double safeSpan) {
        final int m = a.rows(), n = a.cols(), pages = a.pages();
        final boolean tall = m >= n;
        int safe = Math.getExponent(safeSpan);
        SvdScaling sc = new SvdScaling(pages);
        // log2 of the largest and smallest nonzero norm of each chunk of lines (columns of A or of A'), all on the cores
        final int lines = tall ? n : m, len = tall ? m : n;
        final int per = Math.max(1, Math.min(lines, (1 << 16) / Math.max(1, len))), chunks = Math.max(1, (lines + per - 1) / per);
        final double[] hi = new double[pages * chunks], lo = new double[pages * chunks];
        HostScan.forTasks(pages * chunks, a.length(), t -> {
            int k = t / chunks, c0 = (t % chunks) * per, c1 = Math.min(lines, c0 + per);
            double[] line = new double[len];
            double lmax = Double.NEGATIVE_INFINITY, lmin = Double.POSITIVE_INFINITY;
            long base = (long) k * m * n;
            for (int c = c0; c < c1; c++) {
                double l;
                if (tall && a.doubleData() != null) {
                    l = SafeNorms.log2(a.doubleData(), (int) (a.offset() + base + (long) c * m), m);
                } else {
                    for (int j = 0; j < len; j++) line[j] = a.get((int) (base + (tall ? j + (long) c * m : c + (long) j * m)));
                    l = SafeNorms.log2(line, 0, len);
                }
                if (l == Double.NEGATIVE_INFINITY) continue; // a zero column
                lmax = Math.max(lmax, l);
                lmin = Math.min(lmin, l);
            }
            hi[t] = lmax;
            lo[t] = lmin;
        });
        for (int k = 0; k < pages; k++) {
            double lmax = Double.NEGATIVE_INFINITY, lmin = Double.POSITIVE_INFINITY;
            for (int t = k * chunks; t < (k + 1) * chunks; t++) {
                lmax = Math.max(lmax, hi[t]);
                lmin = Math.min(lmin, lo[t]);
            }
            sc.decide(k, lmax, lmin, safe);
        }
        return sc;
    }

    /** The scaling of {@code pages} pages none of which is measured yet: {@link #measure} each before it is used. */
    public static SvdScaling unmeasured(int pages) {
        return new SvdScaling(pages);
    }

    /**
     * Measures page k from its lines' norms as a device found them: line c's scale exponent e[off + c] and scaled sum
     * of squares ssq[off + c] ({@link SafeNorms#log2(int, double)}); the same decision as {@link #of} on the same page.
     */
    public void measure(int k, int[] e, double[] ssq, int off, int lines, double safeSpan) {
        // the extreme lines by an order-preserving key and their logarithms alone (a logarithm per line cost
        // milliseconds on thousands of pages); where the runner-up's key is within a hair, every such line's
        // logarithm decides, so the bits are those of a logarithm per line. Keys are never NaN: plain comparisons
        double k1 = Double.NEGATIVE_INFINITY, k2 = k1, j1 = Double.POSITIVE_INFINITY, j2 = j1;
        int hi = -1, lo = -1;
        for (int c = off; c < off + lines; c++) {
            if (e[c] == Integer.MIN_VALUE) continue; // a zero line
            double key = SafeNorms.log2Order(e[c], ssq[c]);
            if (key > k1) {
                k2 = k1;
                k1 = key;
                hi = c;
            } else if (key > k2) {
                k2 = key;
            }
            if (key < j1) {
                j2 = j1;
                j1 = key;
                lo = c;
            } else if (key < j2) {
                j2 = key;
            }
        }
        double lmax = hi < 0 ? Double.NEGATIVE_INFINITY : SafeNorms.log2(e[hi], ssq[hi]);
        double lmin = lo < 0 ? Double.POSITIVE_INFINITY : SafeNorms.log2(e[lo], ssq[lo]);
        boolean tieHigh = k2 >= k1 - NEAR_KEY, tieLow = j2 <= j1 + NEAR_KEY;
        for (int c = off; (tieHigh || tieLow) && c < off + lines; c++) {
            if (e[c] == Integer.MIN_VALUE) continue;
            double key = SafeNorms.log2Order(e[c], ssq[c]);
            if (tieHigh && key >= k1 - NEAR_KEY) lmax = Math.max(lmax, SafeNorms.log2(e[c], ssq[c]));
            if (tieLow && key <= j1 + NEAR_KEY) lmin = Math.min(lmin, SafeNorms.log2(e[c], ssq[c]));
        }
        decide(k, lmax, lmin, Math.getExponent(safeSpan));
    }

    /**
     * Whether lines of length len with these scale exponents (SafeNorms: the exponent of the largest |entry|;
     * MIN_VALUE for a zero line) all lie where {@link #measure} decides "fits, as it is" whatever their sums of squares,
     * so that the sums need not be looked at ({@link #asItIs}). A nonzero line's log2 norm lies in [e, e + 1 +
     * log2(len) / 2): each scaled square is below 4 and the largest at least 1 (a subnormal line's exponent is far
     * outside the range asked here).
     */
    public static boolean plainlyWithin(int[] e, int len, double safeSpan) {
        int safe = Math.getExponent(safeSpan), lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
        for (int x : e) {
            if (x == Integer.MIN_VALUE) continue;
            if (x < lo) lo = x;
            if (x > hi) hi = x;
        }
        if (hi == Integer.MIN_VALUE) return true; // every line zero
        double top = hi + 1 + 0.5 * Math.log(Math.max(1, len)) / Math.log(2); // above every line's log2 norm
        // measure's tests (decide) with a margin of one for the rounding of the logarithms it takes
        return lo >= -safe / 2 && top + 2 <= safe / 2 && top - lo <= safe - 2;
    }

    /**
     * Page k as {@link #measure} decides it for lines {@link #plainlyWithin} the range: it fits and stays as it is.
     * Its span is not measured (NaN): only a page that does not fit names it.
     */
    public void asItIs(int k) {
        fits[k] = true;
        exponent[k] = 0;
        spanLog2[k] = Double.NaN;
    }

    /** Keys this close may belong to lines whose rounded logarithms come in either order. */
    private static final double NEAR_KEY = 1e-9;

    /** Page k's exponent and fit from the log2 of its largest and smallest nonzero line norms (-Inf: all zero). */
    private void decide(int k, double lmax, double lmin, int safe) {
        if (lmax == Double.NEGATIVE_INFINITY) { // all zero
            fits[k] = true;
            exponent[k] = 0;
            spanLog2[k] = 0;
            return;
        }
        int max = (int) Math.floor(lmax), min = (int) Math.floor(lmin);
        spanLog2[k] = lmax - lmin;
        fits[k] = lmax - lmin <= safe - 1;
        // norms within [2^-safe/2, 2^safe/2] are safe as they are (no copy, results as before);
        // else the largest is scaled into [1/2, 1); a page that does not fit goes to ColumnScaledJacobi
        boolean asItIs = min >= -safe / 2 && max + 1 <= safe / 2;
        exponent[k] = fits[k] && !asItIs ? -(max + 1) : 0;
    }

    /** The exponent e of page k: {@link #scale} multiplies it by 2^e before the solver. */
    public int exponent(int k) { return exponent[k]; }

    /**
     * For the hyperbolic SVD (G scaled by 2^e scales Sigma by 2^e; U, V and V'JV = J unchanged): a
     * page beyond the safe span is rejected, naming the variable, as there is no column-scaled
     * hyperbolic solver.
     */
    public static SvdScaling hsvd(PageArray g, double safeSpan, SolverOptions o) {
        SvdScaling sc = of(g, safeSpan);
        for (int k = 0; k < g.pages(); k++) {
            if (!sc.fits(k)) {
                throw new JacobiException(ErrorKind.BAD_SCALING,
                        String.format(Locale.ROOT, "%s%s has column norms spanning about 1e%d; the hyperbolic "
                                + "SVD handles spans up to 1e%d (scale the columns of G closer together)", o.where(),
                                g.pages() > 1 ? " (page " + (k + 1) + ")" : "", Math.round(sc.spanDecades(k)),
                                Math.round(Math.log10(safeSpan))));
            }
        }
        return sc;
    }

    /** Whether page k can go to the solver after {@link #scale}: its column norms span at most the safe span. */
    public boolean fits(int k) { return fits[k]; }

    /** Roughly log10 of largest / smallest nonzero column norm of page k. */
    public double spanDecades(int k) { return spanLog2[k] * Math.log10(2); }

    /** Whether any page needs scaling (else the input can be used as it is). */
    public boolean scales() {
        for (int e : exponent) if (e != 0) return true;
        return false;
    }

    /** Multiplies page k (as double, any orientation) by 2^e_k in place. */
    public void scale(double[] page, int k) {
        int e = exponent[k];
        if (e != 0) for (int i = 0; i < page.length; i++) page[i] = Math.scalb(page[i], e);
    }

    /**
     * A copy of a with every page scaled (a itself when none needs it), in a's precision; a page that
     * does not fit becomes zeros (the solver has nothing to do there: {@link ColumnScaledJacobi}
     * computes it).
     */
    public PageArray scaled(PageArray a) {
        boolean all = true;
        for (boolean f : fits) all &= f;
        if (all && !scales()) return a;
        PageArray out = PageArray.zeros(a.precision(), a.rows(), a.cols(), a.pages());
        for (int k = 0; k < a.pages(); k++) {
            if (!fits[k]) continue;
            double[] p = a.pageAsDouble(k);
            scale(p, k);
            out.writePage(k, p);
        }
        return out;
    }

    /** Multiplies the singular values of page k back by 2^-e_k (exact unless they leave the range). */
    public void unscale(PageArray s, int k) {
        int e = exponent[k];
        if (e == 0) return;
        double[] v = s.pageAsDouble(k);
        for (int i = 0; i < v.length; i++) v[i] = Math.scalb(v[i], -e);
        s.writePage(k, v);
    }

    /** {@link #unscale(PageArray, int)} for every page. */
    public void unscale(PageArray s) {
        for (int k = 0; k < exponent.length; k++) unscale(s, k);
    }

    /** The run-report note for a page routed to the column-scaled solver. */
    public String note(int k, int pages, String where, double safeSpan) {
        return String.format(Locale.ROOT, "%scolumn norms span about 1e%d, beyond the %s solver's safe range "
                + "(1e%d): solved on the CPU by column-scaled one-sided Jacobi", pages > 1 ? "page " + (k + 1) + ": " : "",
                Math.round(spanDecades(k)), where, Math.round(Math.log10(safeSpan)));
    }
}
