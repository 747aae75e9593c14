package io.github.gpujacobi.cuda;

import io.github.gpujacobi.cuda.blocked.CudaMultiGpuBlockedSvd;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Profiling;
import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.GpuList;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.PageSplit;
import io.github.gpujacobi.core.SvdScaling;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The GPUs a call uses ('Gpus'; default every visible GPU, or -Dgpujacobi.cuda.gpus=LIST) and how a
 * call is spread over them: the pages of a 3-D array split across one {@link CudaBackend} per GPU
 * ({@link PageSplit}: one host thread and one context each, results in page order) where their work pays for it
 * ({@link PageSplitRule}; else they stay on the first); one large
 * matrix on the blocked route across all of them ({@link CudaMultiGpuBlockedSvd}); anything else on
 * the first listed GPU. A repeated index ("0,0") is a second logical device on that GPU with its
 * own context: the multi-GPU paths, peer copies included, run on a machine with one GPU.
 */
final class CudaGpus {
    /** Default GPU list when the call names none (tests and benchmarks: "0,0"). */
    static final String GPUS_PROPERTY = "gpujacobi.cuda.gpus";
    /**
     * Order from which one matrix on the blocked route spreads over several GPUs
     * (-Dgpujacobi.cuda.multiGpuFrom; below it one GPU's blocked run is left alone, a step synchronising
     * every device costs latency). Off by default: the split has run only on logical devices of one
     * GPU, never on two, and it sweeps without the QR preconditioning of the one-GPU path, so it
     * is not known to be faster.
     */
    static int multiFrom() { return Integer.getInteger("gpujacobi.cuda.multiGpuFrom", Integer.MAX_VALUE); }

    private final CudaBackend first;
    /** Backends of further logical devices, by "index" (primary context) or "index#k" (k-th extra context). */
    private final Map<String, CudaBackend> others = new HashMap<String, CudaBackend>();
    private final List<CudaBackend> order = new ArrayList<CudaBackend>();

    CudaGpus(CudaBackend first) {
        this.first = first;
        order.add(first);
    }

    /** The GPU list of -Dgpujacobi.cuda.gpus, null when it is not set; errors name the caller and the property. */
    static int[] fromProperty(String caller) {
        return GpuList.parse(caller + " (-D" + GPUS_PROPERTY + ")", System.getProperty(GPUS_PROPERTY));
    }

    /** The GPU indices of a call: the option, else the property, else the one chosen by -Dgpujacobi.cuda.device, else all. */
    int[] resolve(SolverOptions o) {
        int[] list = o.gpus();
        if (list == null) list = fromProperty(o.caller());
        if (list == null) {
            if (System.getProperty(CudaDevice.DEVICE_PROPERTY) != null) return new int[]{first.device().index};
            int n = CudaDevice.count();
            list = new int[n];
            for (int i = 0; i < n; i++) list[i] = i;
        }
        int n = CudaDevice.count();
        for (int g : list) {
            if (g >= n) {
                throw new JacobiException(ErrorKind.BAD_OPTION, o.caller() + ": Gpus " + GpuList.format(list)
                        + " names GPU " + g + " but the CUDA driver sees " + n + " GPU(s) (0.." + (n - 1)
                        + CudaDevice.visibleNote() + ")");
            }
        }
        return list;
    }

    /** One backend per listed GPU, in list order; the k-th repeat of an index gets its own context. */
    synchronized List<CudaBackend> backends(int[] list) {
        List<CudaBackend> out = new ArrayList<CudaBackend>();
        Map<Integer, Integer> seen = new HashMap<Integer, Integer>();
        for (int g : list) {
            int k = seen.containsKey(g) ? seen.get(g) + 1 : 0;
            seen.put(g, k);
            if (k == 0 && g == first.device().index) {
                out.add(first);
                continue;
            }
            boolean own = k > 0 || g == first.device().index;
            String key = own ? g + "#" + k : String.valueOf(g);
            CudaBackend b = others.get(key);
            if (b == null) {
                b = new CudaBackend(CudaDevice.open(g, own), false);
                others.put(key, b);
                order.add(b);
            }
            out.add(b);
        }
        return out;
    }

    /** The backend of the first listed GPU (operations that do not spread). */
    CudaBackend first(SolverOptions o) {
        return backends(resolve(o)).get(0);
    }

    /**
     * Whether op on a runs on one GPU's backend alone, as {@link #eig}, {@link #svd} and {@link #inv} route it: one GPU
     * listed, pages kept on the first ({@link PageSplitRule}), or one matrix not split across GPUs.
     */
    boolean onOneDevice(Operation op, PageArray a, SolverOptions o) {
        List<CudaBackend> devs = backends(resolve(o));
        if (devs.size() == 1 || a.pages() == 0) return true;
        if (a.pages() > 1) return !splits(devs, op, a);
        if (op == Operation.EIG) return !matrixSplit(o, a.rows(), devs);
        return op != Operation.SVD || !matrixSplit(o, Math.min(a.rows(), a.cols()), devs);
    }

    /**
     * The arrays that stand for a's shares as {@link #eig}, {@link #svd} and {@link #inv} split it (one per distinct
     * share size: a route depends on the page count), null when a is not split over pages. A backend's claim that it
     * checks on the device must then hold for each of them.
     */
    List<PageArray> shares(Operation op, PageArray a, SolverOptions o) {
        List<CudaBackend> devs = backends(resolve(o));
        if (devs.size() == 1 || a.pages() <= 1 || !splits(devs, op, a)) return null;
        int[] b = PageSplit.bounds(a.pages(), Math.min(devs.size(), a.pages()));
        List<PageArray> out = new ArrayList<PageArray>();
        List<Integer> sizes = new ArrayList<Integer>();
        for (int w = 0; w + 1 < b.length; w++) {
            int count = b[w + 1] - b[w];
            if (!sizes.contains(count)) {
                sizes.add(count);
                out.add(a.window(b[w], count));
            }
        }
        return out;
    }

    EigResult eig(final PageArray a, final SolverOptions o) {
        List<CudaBackend> devs = backends(resolve(o));
        if (devs.size() == 1 || a.pages() == 0) return devs.get(0).eigHere(a, o);
        if (a.pages() > 1 && !splits(devs, Operation.EIG, a)) {
            EigResult r = devs.get(0).eigHere(a, o);
            return r.withReport(r.report().withNote(keptNote(devs, Operation.EIG, a)));
        }
        if (a.pages() > 1) return split(devs, Operation.EIG, a, PageSplit.EIG, (b, part) -> b.eigHere(part, o));
        if (matrixSplit(o, a.rows(), devs)) {
            CudaMultiGpuBlockedSvd solver = new CudaMultiGpuBlockedSvd();
            EigResult r = multiEig(devs, a, o, solver);
            if (r != null) return r;
            // not positive definite: the failed potrf counts in the one-GPU route's time, as it does on one GPU
            r = devs.get(0).eigHere(a, o);
            long c = r.report().computeNanos();
            return c < 0 ? r : r.withReport(r.report().withComputeNanos(c + solver.computeNanos));
        }
        return devs.get(0).eigHere(a, o);
    }

    SvdResult svd(final PageArray a, final SolverOptions o) {
        List<CudaBackend> devs = backends(resolve(o));
        if (devs.size() == 1 || a.pages() == 0) return devs.get(0).svdHere(a, o);
        if (a.pages() > 1 && !splits(devs, Operation.SVD, a)) {
            SvdResult r = devs.get(0).svdHere(a, o);
            return r.withReport(r.report().withNote(keptNote(devs, Operation.SVD, a)));
        }
        if (a.pages() > 1) return split(devs, Operation.SVD, a, PageSplit.SVD, (b, part) -> b.svdHere(part, o));
        if (matrixSplit(o, Math.min(a.rows(), a.cols()), devs)) return multiSvd(devs, a, o);
        return devs.get(0).svdHere(a, o);
    }

    InverseResult inv(final PageArray a, final SolverOptions o) {
        List<CudaBackend> devs = backends(resolve(o));
        if (devs.size() == 1 || a.pages() <= 1) return devs.get(0).invHere(a, o);
        if (!splits(devs, Operation.INV, a)) {
            InverseResult r = devs.get(0).invHere(a, o);
            return r.withReport(r.report().withNote(keptNote(devs, Operation.INV, a)));
        }
        return split(devs, Operation.INV, a, PageSplit.INV, (b, part) -> b.invHere(part, o));
    }

    /** Whether a's pages are work enough to split over devs ({@link PageSplitRule}). */
    private static boolean splits(List<CudaBackend> devs, Operation op, PageArray a) {
        return PageSplitRule.pays(devs.get(0).context().tuning, op, a);
    }

    /** The report's note for pages kept on the first GPU. */
    private static String keptNote(List<CudaBackend> devs, Operation op, PageArray a) {
        return PageSplitRule.keptNote(devs.get(0).context().tuning, op, a, devs.size());
    }

    /**
     * a's pages over devs, one host thread each ({@link PageSplit}); each share's device finding on its outputs reaches
     * the caller's thread ({@link DeviceOutputs.Shares}), and under the profiling switch the shares' timeline is printed.
     */
    private static <R> R split(List<CudaBackend> devs, Operation op, PageArray a, PageSplit.Assembly<R> assembly,
                               final BiFunction<CudaBackend, PageArray, R> solve) {
        final SplitTimeline timeline = Profiling.ON ? new SplitTimeline(op, a, devs.size()) : null;
        final DeviceOutputs.Shares findings = new DeviceOutputs.Shares();
        List<PageSplit.Worker<R>> workers = new ArrayList<PageSplit.Worker<R>>();
        for (int i = 0; i < devs.size(); i++) {
            final CudaBackend b = devs.get(i);
            final String name = "GPU " + b.device().index + (countOf(devs, b.device().index) > 1 ? " (logical " + i + ")" : "");
            workers.add(new PageSplit.Worker<R>() {
                public String name() { return name; }

                public R solve(PageArray pages) {
                    double begin = timeline != null ? timeline.now() : 0;
                    boolean failed = true;
                    try {
                        DeviceOutputs.reset();
                        R r = solve.apply(b, pages);
                        findings.add();
                        failed = false;
                        return r;
                    } finally {
                        if (timeline != null) timeline.share(name, pages, begin, failed);
                    }
                }
            });
        }
        R r = new PageSplit<R>(workers, assembly).run(a);
        findings.publish();
        if (timeline != null) timeline.print();
        return r;
    }

    private static int countOf(List<CudaBackend> devs, int index) {
        int c = 0;
        for (CudaBackend b : devs) if (b.device().index == index) c++;
        return c;
    }

    /** One matrix on the blocked route, large enough, with a block pair for every device. */
    private static boolean matrixSplit(SolverOptions o, int n, List<CudaBackend> devs) {
        boolean blocked = Methods.BLOCKED.equals(o.method()) || Methods.AUTO.equals(o.method());
        return blocked && n >= multiFrom() && CudaMultiGpuBlockedSvd.blocks(devs.get(0).context().tuning, n) / 2 >= devs.size();
    }

    private SvdResult multiSvd(final List<CudaBackend> devs, PageArray a, final SolverOptions o) {
        final int nn = Math.min(a.rows(), a.cols());
        final double tol = o.tolFor(a.precision(), nn);
        final CudaMultiGpuBlockedSvd solver = new CudaMultiGpuBlockedSvd();
        final List<String> notes = new ArrayList<String>(devs.get(0).notes());
        SvdResult r = locked(devs, () -> new PageDriver("cuda", 1, true, notes).svd(a, o, Methods.BLOCKED, SvdScaling.GPU_DOUBLE_SPAN,
                (k, w, vw, mm, nnn) -> {
                    solver.svd(contexts(devs), w, vw, mm, nnn, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
                    return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, null);
                }));
        return r.withReport(r.report().withNote(solver.describe()));
    }

    /**
     * Blocked eig of one positive definite matrix across the GPUs; null when it is not (the caller's one-GPU path decides,
     * and adds solver's computeNanos, the failed potrf).
     */
    private EigResult multiEig(final List<CudaBackend> devs, PageArray a, final SolverOptions o,
                               final CudaMultiGpuBlockedSvd solver) {
        final int n = a.rows();
        final double tol = o.tolFor(a.precision(), n);
        final List<String> notes = new ArrayList<String>(devs.get(0).notes());
        final boolean[] definite = {true};
        EigResult r = locked(devs, () -> new PageDriver("cuda", 1, true, notes).eig(a, o, Methods.BLOCKED, (k, w, v) -> {
            double[] d = solver.eig(contexts(devs), w, v, n, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            if (d == null) {
                definite[0] = false;
                d = new double[n];
            }
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, d);
        }));
        if (!definite[0]) return null;
        return r.withReport(r.report().withNote(solver.describe()));
    }

    private static List<GpuContext> contexts(List<CudaBackend> devs) {
        List<GpuContext> out = new ArrayList<GpuContext>();
        for (CudaBackend b : devs) out.add(b.context());
        return out;
    }

    /** Runs body holding every listed backend (in creation order, so two callers cannot deadlock). */
    private <T> T locked(List<CudaBackend> devs, java.util.function.Supplier<T> body) {
        List<CudaBackend> sorted = new ArrayList<CudaBackend>();
        synchronized (this) {
            for (CudaBackend b : order) if (devs.contains(b) && !sorted.contains(b)) sorted.add(b);
        }
        return lockFrom(sorted, 0, body);
    }

    private static <T> T lockFrom(List<CudaBackend> sorted, int i, java.util.function.Supplier<T> body) {
        if (i == sorted.size()) return body.get();
        synchronized (sorted.get(i)) {
            return lockFrom(sorted, i + 1, body);
        }
    }

    /** Every visible GPU (index, name, memory) and which of them this process has opened. */
    BackendInfo info() {
        CudaDevice dev = first.device();
        List<Map<String, String>> devices = CudaDevice.describeVisible();
        for (Map<String, String> d : devices) {
            if (String.valueOf(dev.index).equals(d.get("gpu"))) d.putAll(dev.describe());
        }
        int n = devices.size();
        String summary = dev.name + ", CUDA driver " + dev.describe().get("driver") + "; " + n + " GPU"
                + (n == 1 ? "" : "s") + " visible" + CudaDevice.visibleNote() + ", 'Gpus' default "
                + (System.getProperty(GPUS_PROPERTY) != null ? System.getProperty(GPUS_PROPERTY)
                : System.getProperty(CudaDevice.DEVICE_PROPERTY) != null ? String.valueOf(dev.index) : "all");
        return new BackendInfo("cuda", true, summary, devices);
    }

    /** Logical devices opened besides the first. */
    synchronized int opened() { return others.size(); }

    /** Drops the other GPUs' contexts ({@link CudaBackend#dropContexts}). */
    synchronized void dropContexts() {
        for (CudaBackend b : others.values()) b.dropHere();
    }

    /** Gives back the other GPUs' buffers, handles and contexts; the bytes freed. */
    synchronized long release() {
        long freed = 0;
        for (CudaBackend b : others.values()) freed += b.releaseHere();
        return freed;
    }
}
