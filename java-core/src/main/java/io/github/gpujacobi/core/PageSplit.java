package io.github.gpujacobi.core;

import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SvdResult;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Pages of a 3-D array split across several devices (the GPUs of one host): contiguous, balanced
 * page ranges, one host thread per device, each running the backend's ordinary single-device path on
 * its share; the results assembled in page order with every page's outcome (sweeps, rotations,
 * convergence) kept. A share is a window onto the caller's array, and its results are windows onto
 * the call's outputs, made once ({@link SplitOutputs}): no page is copied apart or back together.
 * A device that fails with a device error (GPU failure, out of memory) does not sink the call: the
 * other devices' pages stand, its pages are solved again on a device that succeeded, and the report
 * says per page range which device failed and why. Backend-neutral: the devices are {@link Worker}s,
 * so the CPU tests run it with simulated devices.
 */
public final class PageSplit<R> {
    /** One device's solver: the ordinary single-device call on a share of the pages. */
    public interface Worker<R> {
        /** A short name for reports, e.g. "GPU 1". */
        String name();

        R solve(PageArray pages);
    }

    /** How a result type is taken apart and put back together (see {@link #EIG}, {@link #SVD}, {@link #INV}). */
    public interface Assembly<R> {
        PageArray[] arrays(R r);

        RunReport report(R r);

        /** The whole result from the assembled arrays, the parts in page order and the merged report. */
        R build(PageArray[] arrays, List<Part<R>> parts, RunReport report);
    }

    /** One contiguous page range and what happened to it. */
    public static final class Part<R> {
        public final int first, count;
        /** The worker it was given to, and the one whose result it holds (differs after a retry). */
        public final int assigned;
        int ranOn;
        R result;
        RuntimeException failure;

        Part(int first, int count, int assigned) {
            this.first = first;
            this.count = count;
            this.assigned = assigned;
            this.ranOn = assigned;
        }

        public R result() { return result; }

        public int ranOn() { return ranOn; }

        /** The first worker's failure (kept after a successful retry), or null. */
        public RuntimeException failure() { return failure; }
    }

    private final List<? extends Worker<R>> workers;
    private final Assembly<R> assembly;

    public PageSplit(List<? extends Worker<R>> workers, Assembly<R> assembly) {
        if (workers.isEmpty()) throw new IllegalArgumentException("no workers");
        this.workers = workers;
        this.assembly = assembly;
    }

    /** Page boundaries: worker w gets pages [b[w], b[w+1]), the sizes differing by at most one. */
    public static int[] bounds(int pages, int workers) {
        int[] b = new int[workers + 1];
        for (int w = 0; w <= workers; w++) b[w] = (int) ((long) pages * w / workers);
        return b;
    }

    /** Solves every page of a, split over the workers (fewer when there are fewer pages), and assembles the result. */
    public R run(PageArray a) {
        int used = Math.max(1, Math.min(workers.size(), a.pages()));
        int[] b = bounds(a.pages(), used);
        List<Part<R>> parts = new ArrayList<Part<R>>();
        for (int w = 0; w < used; w++) parts.add(new Part<R>(b[w], b[w + 1] - b[w], w));
        SplitOutputs outputs = new SplitOutputs(a.pages());
        solveAll(a, parts, outputs);
        retryFailed(a, parts);
        return assemble(a, parts, outputs);
    }

    /** One host thread per part (a device's context is bound per thread); waits for all of them. */
    private void solveAll(final PageArray a, List<Part<R>> parts, final SplitOutputs outputs) {
        List<Thread> threads = new ArrayList<Thread>();
        for (final Part<R> p : parts) {
            Thread t = new Thread(new Runnable() {
                public void run() {
                    outputs.bind(p.first, p.count);
                    try {
                        attempt(a, p, p.assigned);
                    } finally {
                        SplitOutputs.unbind();
                    }
                }
            }, "gpujacobi-device-" + p.assigned);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new JacobiException(ErrorKind.INTERNAL, "interrupted while the devices were solving", e);
            }
        }
    }

    private void attempt(PageArray a, Part<R> p, int worker) {
        try {
            p.result = workers.get(worker).solve(a.window(p.first, p.count));
            p.ranOn = worker;
        } catch (RuntimeException e) {
            if (p.failure == null) p.failure = e;
            p.result = null;
        } catch (OutOfMemoryError e) {
            if (p.failure == null) p.failure = new JacobiException(ErrorKind.OUT_OF_MEMORY, "Java heap: " + e.getMessage(), e);
        }
    }

    /**
     * A part whose device failed with a device error runs again, in turn, on the workers that
     * succeeded, into arrays of its own (its window of the outputs may hold the failed attempt's
     * writes: the assembly copies the retry's over them); an input error (the same on any device) is
     * raised as it is, naming the page range.
     */
    private void retryFailed(PageArray a, List<Part<R>> parts) {
        List<Integer> healthy = new ArrayList<Integer>();
        for (Part<R> p : parts) if (p.result != null) healthy.add(p.assigned);
        for (Part<R> p : parts) {
            if (p.result != null) continue;
            if (!deviceError(p.failure)) throw located(p);
            for (int w : healthy) {
                attempt(a, p, w);
                if (p.result != null) break;
            }
        }
        StringBuilder lost = new StringBuilder();
        ErrorKind kind = null;
        for (Part<R> p : parts) {
            if (p.result != null) continue;
            if (kind == null) kind = ((JacobiException) p.failure).kind();
            lost.append(lost.length() > 0 ? "; " : "").append(range(p)).append(" on ").append(workers.get(p.assigned).name())
                    .append(": ").append(p.failure.getMessage());
        }
        if (kind != null) {
            throw new JacobiException(kind, "every device failed or the retry failed too: " + lost
                    + (healthy.isEmpty() ? "" : " (retried on the devices that succeeded)"), parts.get(0).failure);
        }
    }

    private static boolean deviceError(RuntimeException e) {
        if (!(e instanceof JacobiException)) return false;
        ErrorKind k = ((JacobiException) e).kind();
        return k == ErrorKind.GPU_FAILURE || k == ErrorKind.OUT_OF_MEMORY || k == ErrorKind.NO_GPU;
    }

    /** The error as raised, with the page range and device it came from (its page numbers count within that range). */
    private RuntimeException located(Part<R> p) {
        if (!(p.failure instanceof JacobiException)) return p.failure;
        JacobiException e = (JacobiException) p.failure;
        return new JacobiException(e.kind(), e.getMessage() + " [in " + range(p) + " of the input, run on "
                + workers.get(p.assigned).name() + (p.count > 1 ? "; page numbers above count from page " + (p.first + 1) : "")
                + "]", e);
    }

    private static String range(Part<?> p) {
        return p.count == 1 ? "page " + (p.first + 1) : "pages " + (p.first + 1) + "-" + (p.first + p.count);
    }

    private R assemble(PageArray a, List<Part<R>> parts, SplitOutputs outputs) {
        PageArray[] first = assembly.arrays(parts.get(0).result);
        PageArray[] out = new PageArray[first.length];
        for (int i = 0; i < first.length; i++) {
            if (first[i] == null) continue;
            out[i] = written(i, parts, outputs.arrays(), a.pages());
            if (out[i] == null) out[i] = PageArray.zeros(first[i].precision(), first[i].rows(), first[i].cols(), a.pages());
        }
        int pages = a.pages();
        int[] sweeps = new int[pages];
        long[] rotations = new long[pages];
        boolean[] converged = new boolean[pages];
        long compute = 0;
        boolean anyCompute = false;
        LinkedHashSet<String> notes = new LinkedHashSet<String>();
        LinkedHashSet<String> methods = new LinkedHashSet<String>();
        StringBuilder where = new StringBuilder("pages split over " + parts.size() + " devices:");
        for (Part<R> p : parts) {
            PageArray[] arr = assembly.arrays(p.result);
            for (int i = 0; i < out.length; i++) {
                if (out[i] != null && !(arr[i].pages() == p.count && arr[i].isWindowOf(out[i], p.first))) {
                    out[i].writePages(p.first, arr[i]); // a share's result not written in place
                }
            }
            RunReport r = assembly.report(p.result);
            for (int k = 0; k < p.count; k++) {
                sweeps[p.first + k] = r.sweeps(k);
                rotations[p.first + k] = r.rotations(k);
                converged[p.first + k] = r.converged(k);
            }
            if (r.computeNanos() >= 0) {
                compute += r.computeNanos();
                anyCompute = true;
            }
            notes.addAll(r.notes());
            methods.add(r.method());
            where.append(' ').append(range(p)).append(" on ").append(workers.get(p.ranOn).name());
            if (p.failure != null) {
                where.append(" (").append(workers.get(p.assigned).name()).append(" failed: ")
                        .append(p.failure.getMessage()).append(')');
            }
            where.append(p == parts.get(parts.size() - 1) ? "" : ",");
        }
        notes.add(where.toString());
        RunReport first0 = assembly.report(parts.get(0).result);
        String method = methods.size() == 1 ? first0.method() : "mixed";
        RunReport merged = new RunReport(first0.backend(), method, first0.precision(), sweeps, rotations, converged, 0,
                new ArrayList<String>(notes));
        if (anyCompute) merged = merged.withComputeNanos(compute);
        return assembly.build(out, parts, merged);
    }

    /** The whole output that some share's i-th result array is a window of, in its place; null when none is. */
    private PageArray written(int i, List<Part<R>> parts, List<PageArray> wholes, int pages) {
        for (Part<R> p : parts) {
            PageArray share = assembly.arrays(p.result)[i];
            for (PageArray w : wholes) {
                if (w.pages() == pages && share != null && share.pages() == p.count && share.isWindowOf(w, p.first)) return w;
            }
        }
        return null;
    }

    public static final Assembly<EigResult> EIG = new Assembly<EigResult>() {
        public PageArray[] arrays(EigResult r) { return new PageArray[]{r.values(), r.vectors()}; }

        public RunReport report(EigResult r) { return r.report(); }

        public EigResult build(PageArray[] a, List<Part<EigResult>> parts, RunReport rep) { return new EigResult(a[0], a[1], rep); }
    };

    public static final Assembly<SvdResult> SVD = new Assembly<SvdResult>() {
        public PageArray[] arrays(SvdResult r) { return new PageArray[]{r.u(), r.s(), r.v()}; }

        public RunReport report(SvdResult r) { return r.report(); }

        public SvdResult build(PageArray[] a, List<Part<SvdResult>> parts, RunReport rep) { return new SvdResult(a[0], a[1], a[2], rep); }
    };

    public static final Assembly<InverseResult> INV = new Assembly<InverseResult>() {
        public PageArray[] arrays(InverseResult r) { return new PageArray[]{r.inverse()}; }

        public RunReport report(InverseResult r) { return r.report(); }

        public InverseResult build(PageArray[] a, List<Part<InverseResult>> parts, RunReport rep) {
            int pages = a[0].pages();
            double[] rcond = new double[pages];
            boolean[] singular = new boolean[pages];
            for (Part<InverseResult> p : parts) {
                for (int k = 0; k < p.count; k++) {
                    rcond[p.first + k] = p.result.rcond(k);
                    singular[p.first + k] = p.result.singular(k);
                }
            }
            return new InverseResult(a[0], rcond, singular, rep);
        }
    };
}
