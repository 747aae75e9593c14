package io.github.gpujacobi.core;

import io.github.gpujacobi.api.CallerArrays;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;

import java.util.function.Supplier;

/**
 * The result arrays of a call over a 3-D array, allocated once per call. Large ones can be allocated on another
 * threads ({@link #eigLater}, {@link #svdLater}) while a device route uploads and solves: the JVM zeroes a fresh
 * array and the OS faults its pages in, which costs about as much as the device's work on pages. On a device's
 * thread of a split call they are windows onto the call's whole outputs instead ({@link SplitOutputs}); in a call
 * that writes into the caller's arrays ({@link CallerArrays}) they are those arrays.
 */
public final class PageOutputs {
    /** Below this many bytes the hand-over to another thread costs more than it saves: allocated in place. */
    static final long DEFER_FROM_BYTES = 4L << 20;

    private PageOutputs() {}

    /** eig's results: values (n x 1 a page) and vectors (n x n a page, or null: not wanted). */
    public static final class Eig {
        public final PageArray values, vectors;

        public Eig(PageArray values, PageArray vectors) {
            this.values = values;
            this.vectors = vectors;
        }

        /** Zeros shaped for eig of a. */
        public static Eig of(PageArray a, boolean vec) {
            return of(a.precision(), a.rows(), a.pages(), vec);
        }

        /** Zeros shaped for eig of pages of n x n in precision p. */
        static Eig of(Precision p, int n, int pages, boolean vec) {
            return new Eig(PageArray.zeros(p, n, 1, pages), vec ? PageArray.zeros(p, n, n, pages) : null);
        }
    }

    /** svd's results: s (min(m, n) x 1 a page), u and v ({@link #uCols} and {@link #vCols} columns, or null). */
    public static final class Svd {
        public final PageArray s, u, v;

        public Svd(PageArray s, PageArray u, PageArray v) {
            this.s = s;
            this.u = u;
            this.v = v;
        }

        /** Zeros shaped for svd of a (econ: the economy-size U and V). */
        public static Svd of(PageArray a, boolean vec, boolean econ) {
            return of(a.precision(), a.rows(), a.cols(), a.pages(), vec, econ);
        }

        /** Zeros shaped for svd of pages of m x n in precision p. */
        static Svd of(Precision p, int m, int n, int pages, boolean vec, boolean econ) {
            return new Svd(sOf(p, m, n, pages), vec ? uOf(p, m, n, pages, econ) : null, vec ? vOf(p, m, n, pages, econ) : null);
        }

        static PageArray sOf(Precision p, int m, int n, int pages) {
            return PageArray.zeros(p, Math.min(m, n), 1, pages);
        }

        static PageArray uOf(Precision p, int m, int n, int pages, boolean econ) {
            return PageArray.zeros(p, m, uCols(m, n, econ), pages);
        }

        static PageArray vOf(Precision p, int m, int n, int pages, boolean econ) {
            return PageArray.zeros(p, n, vCols(m, n, econ), pages);
        }
    }

    /** Columns of U for an m x n page (known before U exists). */
    public static int uCols(int m, int n, boolean econ) {
        return econ ? Math.min(m, n) : m;
    }

    /** Columns of V for an m x n page. */
    public static int vCols(int m, int n, boolean econ) {
        return econ ? Math.min(m, n) : n;
    }

    /** eig's results of a, made now. */
    public static Eig eig(PageArray a, boolean vec) {
        SplitOutputs.Share share = SplitOutputs.claim(a.pages());
        if (share != null) return share.eig(a, vec);
        Eig given = callersEig(a, vec);
        return given != null ? given : Eig.of(a, vec);
    }

    /** svd's results of a, made now. */
    public static Svd svd(PageArray a, boolean vec, boolean econ) {
        SplitOutputs.Share share = SplitOutputs.claim(a.pages());
        if (share != null) return share.svd(a, vec, econ);
        Svd given = callersSvd(a, vec, econ);
        return given != null ? given : Svd.of(a, vec, econ);
    }

    /** The caller's arrays for eig of a when the call was given them ({@link CallerArrays}), taken; else null. */
    private static Eig callersEig(PageArray a, boolean vec) {
        PageArray[] c = CallerArrays.takeEig(a.precision(), a.rows(), a.pages(), vec);
        return c == null ? null : new Eig(c[0], c[1]);
    }

    /** The caller's arrays for svd of a when the call was given them, taken; else null. */
    private static Svd callersSvd(PageArray a, boolean vec, boolean econ) {
        int m = a.rows(), n = a.cols();
        PageArray[] c = CallerArrays.takeSvd(a.precision(), m, n, a.pages(), vec, uCols(m, n, econ), vCols(m, n, econ));
        return c == null ? null : new Svd(c[0], c[1], c[2]);
    }

    /**
     * Whether a one-page double result may be the working array itself ({@link PageArray#wrap}) rather than a copy into
     * a fresh output: not on a device's thread of a split call, whose outputs are windows onto the whole, nor in a call
     * given the caller's arrays.
     */
    public static boolean mayAdopt(Precision p, int pages) {
        return pages == 1 && p == Precision.DOUBLE && !SplitOutputs.bound(pages) && !CallerArrays.bound(pages);
    }

    /** Zeros of rows x cols x pages in precision p (an inverse's result), made now. */
    public static PageArray zeros(Precision p, int rows, int cols, int pages) {
        SplitOutputs.Share share = SplitOutputs.claim(pages);
        if (share != null) return share.zeros(p, rows, cols);
        PageArray given = CallerArrays.takeInverse(p, rows, cols, pages);
        return given != null ? given : PageArray.zeros(p, rows, cols, pages);
    }

    /** eig's results of a, allocated on another thread when large; get() where they are first written. */
    public static Deferred<Eig> eigLater(final PageArray a, final boolean vec) {
        long n = a.rows();
        final SplitOutputs.Share share = SplitOutputs.claim(a.pages()); // here: the binding is this thread's
        Eig given = share == null ? callersEig(a, vec) : null;
        if (given != null) return Deferred.done(given);
        return later((n + (vec ? n * n : 0)) * a.pages() * a.precision().bytes(),
                () -> share != null ? share.eig(a, vec) : Eig.of(a, vec));
    }

    /**
     * svd's results of a call, allocated on other threads when large: U, then V once U is made. Two large arrays
     * zeroed at the same time fault their pages in together and take longer than one after the other; in turn, U can
     * come down while V is still being zeroed.
     */
    public static final class PendingSvd {
        private final Deferred<PageArray> s, u, v;

        PendingSvd(Deferred<PageArray> s, Deferred<PageArray> u, Deferred<PageArray> v) {
            this.s = s;
            this.u = u;
            this.v = v;
        }

        /** Results already made (the caller's arrays, or a device's windows onto a split call's outputs). */
        public static PendingSvd of(Svd made) {
            return new PendingSvd(Deferred.done(made.s), Deferred.done(made.u), Deferred.done(made.v));
        }

        public PageArray s() {
            return s.get();
        }

        /** U, once made (null: not wanted). */
        public PageArray u() {
            return u.get();
        }

        /** V, once made (null: not wanted). */
        public PageArray v() {
            return v.get();
        }

        /** Whether all three are made ({@link #all} returns at once). */
        public boolean made() {
            return s.isDone() && u.isDone() && v.isDone();
        }

        /** All three, once made. */
        public Svd all() {
            return new Svd(s(), u(), v());
        }
    }

    /** svd's results of a, allocated on other threads when large ({@link PendingSvd}); asked for where first written. */
    public static PendingSvd svdLater(final PageArray a, final boolean vec, final boolean econ) {
        final int m = a.rows(), n = a.cols(), pages = a.pages();
        final Precision p = a.precision();
        final SplitOutputs.Share share = SplitOutputs.claim(pages);
        if (share != null) return PendingSvd.of(share.svd(a, vec, econ));
        Svd given = callersSvd(a, vec, econ);
        if (given != null) return PendingSvd.of(given);
        long page = (long) pages * p.bytes();
        Deferred<PageArray> s = later(Math.min(m, n) * page, () -> Svd.sOf(p, m, n, pages));
        if (!vec) return new PendingSvd(s, Deferred.done(null), Deferred.done(null));
        Deferred<PageArray> u = later((long) m * uCols(m, n, econ) * page, () -> Svd.uOf(p, m, n, pages, econ));
        Deferred<PageArray> v = later((long) n * vCols(m, n, econ) * page, u, () -> Svd.vOf(p, m, n, pages, econ));
        return new PendingSvd(s, u, v);
    }

    /** Zeros of rows x cols x pages in precision p (an inverse's result), allocated on another thread when large. */
    public static Deferred<PageArray> zerosLater(final Precision p, final int rows, final int cols, final int pages) {
        final SplitOutputs.Share share = SplitOutputs.claim(pages);
        PageArray given = share == null ? CallerArrays.takeInverse(p, rows, cols, pages) : null;
        if (given != null) return Deferred.done(given);
        return later((long) rows * cols * pages * p.bytes(),
                () -> share != null ? share.zeros(p, rows, cols) : PageArray.zeros(p, rows, cols, pages));
    }

    private static <T> Deferred<T> later(long bytes, Supplier<T> make) {
        return later(bytes, null, make);
    }

    /** As above, made once after is (on its thread: the caller never waits for after here). */
    private static <T> Deferred<T> later(long bytes, final Deferred<?> after, final Supplier<T> make) {
        if (bytes < DEFER_FROM_BYTES) return Deferred.done(make.get());
        return Deferred.start(after == null ? make : () -> {
            after.get();
            return make.get();
        });
    }
}
