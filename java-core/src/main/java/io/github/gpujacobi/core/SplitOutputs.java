package io.github.gpujacobi.core;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The result arrays of a call whose pages are split over devices ({@link PageSplit}), allocated once for every page:
 * each device's route asks {@link PageOutputs} for its share's outputs as it always does and gets windows onto these
 * ({@link PageArray#window}), so the shares write their results in place and nothing is copied together afterwards.
 * A device's thread is bound to its share for one solve; the first request for outputs of the share's page count
 * claims the binding, so any later allocation on that thread gets arrays of its own. Results that are not such
 * windows (a route that allocates them elsewhere, a retry) are copied in by PageSplit.
 */
final class SplitOutputs {
    /** A device thread's share: pages first .. first+count-1 of the call. */
    static final class Share {
        final SplitOutputs call;
        final int first, count;

        Share(SplitOutputs call, int first, int count) {
            this.call = call;
            this.first = first;
            this.count = count;
        }

        PageOutputs.Eig eig(PageArray a, boolean vec) {
            PageOutputs.Eig w = call.whole("eig " + shape(a) + " " + vec,
                    () -> PageOutputs.Eig.of(a.precision(), a.rows(), call.pages, vec));
            return new PageOutputs.Eig(window(w.values), window(w.vectors));
        }

        PageOutputs.Svd svd(PageArray a, boolean vec, boolean econ) {
            PageOutputs.Svd w = call.whole("svd " + shape(a) + " " + vec + " " + econ,
                    () -> PageOutputs.Svd.of(a.precision(), a.rows(), a.cols(), call.pages, vec, econ));
            return new PageOutputs.Svd(window(w.s), window(w.u), window(w.v));
        }

        PageArray zeros(Precision p, int rows, int cols) {
            return window(call.whole("zeros " + p + " " + rows + "x" + cols, () -> PageArray.zeros(p, rows, cols, call.pages)));
        }

        private PageArray window(PageArray whole) {
            return whole == null ? null : whole.window(first, count);
        }

        private static String shape(PageArray a) {
            return a.precision() + " " + a.rows() + "x" + a.cols();
        }
    }

    private static final ThreadLocal<Share> BOUND = new ThreadLocal<Share>();

    /** The call's page count. */
    private final int pages;
    /** The whole outputs by kind and shape, in the order made. */
    private final Map<String, Object> wholes = new LinkedHashMap<String, Object>();

    SplitOutputs(int pages) {
        this.pages = pages;
    }

    /** Binds the calling thread to pages first .. first+count-1 until {@link #unbind}. */
    void bind(int first, int count) {
        BOUND.set(new Share(this, first, count));
    }

    static void unbind() {
        BOUND.remove();
    }

    /** Whether the calling thread has a share bound for this page count (not claimed). */
    static boolean bound(int pages) {
        Share s = BOUND.get();
        return s != null && s.count == pages;
    }

    /** The calling thread's share when it is bound and the request is for its page count, claimed; else null. */
    static Share claim(int pages) {
        Share s = BOUND.get();
        if (s == null || s.count != pages) return null;
        BOUND.remove();
        return s;
    }

    /** The whole output of a kind and shape: made by the first share that asks (the others wait for it). */
    @SuppressWarnings("unchecked")
    private synchronized <T> T whole(String key, Supplier<T> make) {
        Object w = wholes.get(key);
        if (w == null) {
            w = make.get();
            wholes.put(key, w);
        }
        return (T) w;
    }

    /** Every whole array made so far, for the assembly to recognise the shares' windows. */
    synchronized List<PageArray> arrays() {
        List<PageArray> out = new ArrayList<PageArray>();
        for (Object w : wholes.values()) {
            if (w instanceof PageArray) out.add((PageArray) w);
            else if (w instanceof PageOutputs.Eig) {
                out.add(((PageOutputs.Eig) w).values);
                out.add(((PageOutputs.Eig) w).vectors);
            } else {
                PageOutputs.Svd s = (PageOutputs.Svd) w;
                out.add(s.s);
                out.add(s.u);
                out.add(s.v);
            }
        }
        out.removeIf(a -> a == null);
        return out;
    }
}
