package io.github.gpujacobi.api;

/**
 * The caller's arrays that one call writes its results into ({@link Jacobi#eigInto}, {@link Jacobi#svdInto},
 * {@link Jacobi#invInto}), bound to the calling thread for that call. A backend asks for them where it makes its
 * outputs: the first request of their kind and shape takes them, any other gets arrays of its own, and the call
 * copies a result that did not land in them. Reused across calls, they spare the JVM a fresh array per call (zeroed
 * and faulted in, which costs about as much as copying it over the host link) and the caller's arrays stay warm.
 * A route given them must not rely on their contents: they hold the previous call's results.
 */
public final class CallerArrays {
    private static final ThreadLocal<CallerArrays> BOUND = new ThreadLocal<CallerArrays>();

    private final Operation op;
    /** eig: values, vectors (or null); svd: s, u, v (or null, null); inv: the inverse. */
    private final PageArray[] arrays;

    private CallerArrays(Operation op, PageArray[] arrays) {
        this.op = op;
        this.arrays = arrays;
    }

    /** Binds the arrays to the calling thread until {@link #unbind}. */
    static void bind(Operation op, PageArray... arrays) {
        BOUND.set(new CallerArrays(op, arrays));
    }

    static void unbind() {
        BOUND.remove();
    }

    /** Whether arrays are bound on this thread for a call over this many pages (and not yet taken). */
    public static boolean bound(int pages) {
        CallerArrays c = BOUND.get();
        return c != null && c.arrays[0].pages() == pages;
    }

    /** eig's values and vectors (null when not wanted) for pages of n x n in p, taken; null when none such are bound. */
    public static PageArray[] takeEig(Precision p, int n, int pages, boolean vec) {
        CallerArrays c = BOUND.get();
        if (c == null || c.op != Operation.EIG || (c.arrays[1] != null) != vec || !c.fits(0, p, n, 1, pages)
                || (vec && !c.fits(1, p, n, n, pages))) {
            return null;
        }
        BOUND.remove();
        return c.arrays.clone();
    }

    /** svd's s, u and v (u and v null when not wanted) of the given shapes, taken; null when none such are bound. */
    public static PageArray[] takeSvd(Precision p, int m, int n, int pages, boolean vec, int uCols, int vCols) {
        CallerArrays c = BOUND.get();
        if (c == null || c.op != Operation.SVD || (c.arrays[1] != null) != vec || !c.fits(0, p, Math.min(m, n), 1, pages)
                || (vec && !(c.fits(1, p, m, uCols, pages) && c.fits(2, p, n, vCols, pages)))) {
            return null;
        }
        BOUND.remove();
        return c.arrays.clone();
    }

    /** The inverse's array of rows x cols x pages in p, taken; null when no such array is bound. */
    public static PageArray takeInverse(Precision p, int rows, int cols, int pages) {
        CallerArrays c = BOUND.get();
        if (c == null || c.op != Operation.INV || !c.fits(0, p, rows, cols, pages)) return null;
        BOUND.remove();
        return c.arrays[0];
    }

    private boolean fits(int i, Precision p, int rows, int cols, int pages) {
        PageArray a = arrays[i];
        return a != null && a.precision() == p && a.rows() == rows && a.cols() == cols && a.pages() == pages;
    }
}
