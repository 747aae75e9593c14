package io.github.gpujacobi.api;

import java.util.List;

/**
 * The entry point for Java users (and behind the CLI and the MATLAB/Octave bridge): validates the
 * input, picks the backend ({@link Device}), runs it and, under {@code AUTO}, falls back to the CPU
 * when the GPU fails. Every page of a 3-D array is decomposed independently.
 *
 * <pre>
 *   EigResult r = Jacobi.eig(PageArray.wrap(a, n, n), SolverOptions.defaults());
 * </pre>
 */
public final class Jacobi {
    private Jacobi() {}

    /** Eigenvalues (ascending) and eigenvectors of real symmetric pages. */
    public static EigResult eig(PageArray a, SolverOptions o) {
        requireGiven(a, o, "Jacobi.eig");
        String method = Methods.check(Operation.EIG, o.method(), o);
        InputChecks.requireSquare(a, o);
        final SolverOptions opts = o.withMethod(method);
        return run(Operation.EIG, a, opts, () -> {
            InputChecks.requireFinite(a, o);
            InputChecks.requireSymmetric(a, o);
        }, new Call<EigResult>() {
            public EigResult on(Backend b, SolverOptions so) { return b.eig(a, so); }
            public RunReport report(EigResult r) { return r.report(); }
            public PageArray[] outputs(EigResult r) { return new PageArray[]{r.values(), r.vectors()}; }
            public EigResult with(EigResult r, RunReport rep) { return r.withReport(rep); }
        });
    }

    /** Singular values (descending) and singular vectors of real m x n pages. */
    public static SvdResult svd(PageArray a, SolverOptions o) {
        requireGiven(a, o, "Jacobi.svd");
        String method = Methods.check(Operation.SVD, o.method(), o);
        final SolverOptions opts = o.withMethod(method);
        return run(Operation.SVD, a, opts, () -> InputChecks.requireFinite(a, o), new Call<SvdResult>() {
            public SvdResult on(Backend b, SolverOptions so) { return b.svd(a, so); }
            public RunReport report(SvdResult r) { return r.report(); }
            public PageArray[] outputs(SvdResult r) { return new PageArray[]{r.s(), r.u(), r.v()}; }
            public SvdResult with(SvdResult r, RunReport rep) { return r.withReport(rep); }
        });
    }

    /** Inverse of square pages; singular pages become Inf and are flagged, as MATLAB's {@code inv} does. */
    public static InverseResult inv(PageArray a, SolverOptions o) {
        requireGiven(a, o, "Jacobi.inv");
        String method = Methods.check(Operation.INV, o.method(), o);
        InputChecks.requireSquare(a, o);
        final SolverOptions opts = o.withMethod(method);
        return run(Operation.INV, a, opts, () -> InputChecks.requireFinite(a, o), new Call<InverseResult>() {
            public InverseResult on(Backend b, SolverOptions so) { return b.inv(a, so); }
            public RunReport report(InverseResult r) { return r.report(); }
            public PageArray[] outputs(InverseResult r) { return new PageArray[0]; } // Inf marks singular pages
            public InverseResult with(InverseResult r, RunReport rep) { return r.withReport(rep); }
        });
    }

    /**
     * {@link #eig} with the results written into the caller's arrays: values n x 1 x p, vectors n x n x p (null: values
     * only), both of A's class. Reusing them across calls spares a fresh result array per call (the JVM zeroes it
     * and the OS faults its pages in, as long as copying it over the host link). The returned result holds these
     * arrays; after a failure their contents are undefined. They must not share storage with A or with each other.
     */
    public static EigResult eigInto(PageArray a, PageArray values, PageArray vectors, SolverOptions o) {
        return IntoCall.eig(a, values, vectors, o);
    }

    /**
     * {@link #svd} into the caller's arrays: s min(m, n) x 1 x p; u and v (both null: values only) m x m and n x n, or
     * the economy size m x min(m, n) and n x min(m, n), which their shapes select. As {@link #eigInto}.
     */
    public static SvdResult svdInto(PageArray a, PageArray s, PageArray u, PageArray v, SolverOptions o) {
        return IntoCall.svd(a, s, u, v, o);
    }

    /** {@link #inv} into the caller's array x, n x n x p of A's class. As {@link #eigInto}. */
    public static InverseResult invInto(PageArray a, PageArray x, SolverOptions o) {
        return IntoCall.inv(a, x, o);
    }

    /**
     * Hyperbolic SVD G = U [Sigma; 0] V' with V' J V = J, J = diag(signs).
     *
     * @param signs n x 1 (shared by all pages) or n x 1 x p, entries +1 or -1
     */
    public static HsvdResult hsvd(PageArray g, PageArray signs, SolverOptions o) {
        requireGiven(g, o, "Jacobi.hsvd");
        if (signs == null) throw new JacobiException(ErrorKind.BAD_SHAPE, o.caller() + ": J (the signs) is null");
        String method = Methods.check(Operation.HSVD, o.method(), o);
        InputChecks.requireFinite(g, o);
        if (g.rows() < g.cols()) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, o.where() + " must have at least as many rows as columns "
                    + "(m >= n) for the hyperbolic SVD, but it is " + g.describe());
        }
        int len = signs.rows() * signs.cols();
        if (len != g.cols() || (signs.pages() != 1 && signs.pages() != g.pages())) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, o.caller() + ": J must be a vector of " + g.cols()
                    + " signs (one per column of " + o.variable() + "), but it is " + signs.describe());
        }
        for (int i = 0; i < signs.length(); i++) {
            double s = signs.get(i);
            if (s != 1.0 && s != -1.0) {
                throw new JacobiException(ErrorKind.BAD_OPTION, o.caller() + ": J must contain only +1 and -1, but J("
                        + (i + 1) + ") = " + s);
            }
        }
        final SolverOptions opts = o.withMethod(method);
        return run(Operation.HSVD, g, opts, () -> { }, new Call<HsvdResult>() {
            public HsvdResult on(Backend b, SolverOptions so) { return b.hsvd(g, signs, so); }
            public RunReport report(HsvdResult r) { return r.report(); }
            public PageArray[] outputs(HsvdResult r) { return new PageArray[]{r.s(), r.u(), r.v()}; }
            public HsvdResult with(HsvdResult r, RunReport rep) { return r.withReport(rep); }
        });
    }

    /**
     * Real eigenvalues (ascending) and unitary eigenvectors of complex Hermitian pages; a
     * non-Hermitian page is refused with the relative asymmetry found.
     */
    public static ComplexEigResult eig(ComplexPageArray a, SolverOptions o) {
        requireGiven(a, o, "Jacobi.eig");
        return ComplexDispatch.eig(a, o);
    }

    /** Real singular values (descending) and complex singular vectors of complex m x n pages. */
    public static ComplexSvdResult svd(ComplexPageArray a, SolverOptions o) {
        requireGiven(a, o, "Jacobi.svd");
        return ComplexDispatch.svd(a, o);
    }

    /** Inverse of complex square pages; singular pages become Inf and are flagged. */
    public static ComplexInverseResult inv(ComplexPageArray a, SolverOptions o) {
        requireGiven(a, o, "Jacobi.inv");
        return ComplexDispatch.inv(a, o);
    }

    /** A null input or options is a user error with a message, not a NullPointerException from inside. */
    private static void requireGiven(Object a, SolverOptions o, String call) {
        if (o == null) throw new JacobiException(ErrorKind.BAD_OPTION, call + ": the options are null; pass SolverOptions.defaults()");
        if (a == null) throw new JacobiException(ErrorKind.BAD_SHAPE, o.where() + " is null");
    }

    /** Every backend, available or not (with the reason). */
    public static List<BackendInfo> backends() { return Backends.get().infos(); }

    /** The host-device link of every backend with a device, measured now (GB/s lines; empty without a GPU). */
    public static List<String> measureLinks() {
        List<String> out = new java.util.ArrayList<String>();
        for (Backend b : Backends.get().available()) for (String line : b.measureLink()) out.add(b.name() + ": " + line);
        return out;
    }

    /**
     * Gives back every backend's held resources (GPU memory, cuSOLVER/cuBLAS handles, the CUDA
     * context), e.g. when a MATLAB session is done with the GPU; later calls acquire them again.
     * Returns one line per backend that held something (empty when none did).
     */
    public static List<String> release() {
        List<String> out = new java.util.ArrayList<String>();
        for (Backend b : Backends.get().available()) {
            String r = b.release();
            if (!r.isEmpty()) out.add(b.name() + ": " + r);
        }
        return out;
    }

    /** Toolbox version from the build. */
    public static String version() { return Version.get(); }

    private interface Call<R> {
        R on(Backend b, SolverOptions o);

        RunReport report(R r);

        /** The arrays that must be finite for finite input (never the inverse: Inf marks a singular page). */
        PageArray[] outputs(R r);

        R with(R r, RunReport rep);
    }

    /**
     * A result holding NaN or Inf for finite input is a failure, never "done": it is rejected here,
     * as a GPU failure on the GPU (Device 'auto' then retries on the CPU).
     */
    private static <R> R requireFinite(R r, Call<R> call, Backend b, SolverOptions o, PageArray a, Operation op) {
        if (b.checksOutput(op, a, o)) return r; // the backend made this check itself, with the same errors
        requireFinite(call.outputs(r), b.isGpu(), b.name(), o, a, false);
        return r;
    }

    static void requireFinite(PageArray[] outputs, boolean gpu, String backend, SolverOptions o) {
        requireFinite(outputs, gpu, backend, o, null, false);
    }

    /** {@link OutputChecks#requireFinite}. */
    static void requireFinite(PageArray[] outputs, boolean gpu, String backend, SolverOptions o, PageArray input,
                              boolean complex) {
        OutputChecks.requireFinite(outputs, gpu, backend, o, input, complex);
    }

    /**
     * @param checks the input checks: run here unless the chosen backend makes them itself
     *               ({@link Backend#checksInput}), and before a retry on the CPU that they did not precede
     */
    private static <R> R run(Operation op, PageArray a, SolverOptions o, Runnable checks, Call<R> call) {
        Backends all = Backends.get();
        Backend chosen;
        try {
            chosen = choose(op, a, o, all);
        } catch (JacobiException e) { // an error in the input is named before one in the backend's choice
            checks.run();
            throw e;
        }
        if (Methods.AUTO.equals(o.method())) o = o.withMethod(chosen.defaultMethod(op));
        long t0 = System.nanoTime();
        boolean checked = !chosen.checksInput(op, a, o);
        if (checked) checks.run();
        try {
            R r = requireFinite(call.on(chosen, o), call, chosen, o, a, op);
            return call.with(r, call.report(r).withNanos(System.nanoTime() - t0));
        } catch (JacobiException e) {
            boolean retry = chosen.isGpu() && o.device() == Device.AUTO
                    && (e.kind() == ErrorKind.GPU_FAILURE || e.kind() == ErrorKind.OUT_OF_MEMORY);
            if (!retry) throw e;
            if (!checked) checks.run();
            Backend cpu = all.cpu();
            if (!cpu.supports(op, o.method()) || Methods.AUTO.equals(o.method())) o = o.withMethod(cpu.defaultMethod(op));
            long t1 = System.nanoTime();
            R r = requireFinite(call.on(cpu, o), call, cpu, o, a, op);
            return call.with(r, call.report(r).withNanos(System.nanoTime() - t1)
                    .withNote("GPU failed (" + e.getMessage() + "); ran on the CPU instead"));
        } catch (OutOfMemoryError e) {
            throw new JacobiException(ErrorKind.OUT_OF_MEMORY, o.where() + " (" + a.describe()
                    + ") did not fit in the Java heap (max " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB). " + HeapAdvice.TEXT, e);
        }
    }

    private static Backend choose(Operation op, PageArray a, SolverOptions o, Backends all) {
        String m = o.method();
        if (o.device() == Device.CPU) {
            if (o.gpusGiven()) {
                throw new JacobiException(ErrorKind.BAD_OPTION, o.caller() + ": Gpus " + GpuList.format(o.gpus())
                        + " selects GPUs, but Device is 'cpu'; use Device 'gpu' or 'auto'");
            }
            return all.cpu(); // before all.gpu(): no native GPU library is loaded
        }
        Backend gpu = all.gpu();
        switch (o.device()) {
            case GPU:
                if (gpu == null) {
                    throw new JacobiException(ErrorKind.NO_GPU, o.caller() + ": Device 'gpu' was requested but no GPU "
                            + "backend is available: " + all.whyNoGpu());
                }
                if (!gpu.supports(op, m)) {
                    throw new JacobiException(ErrorKind.BAD_OPTION, o.caller() + ": Method '" + m
                            + "' is not implemented on the GPU for " + op.label());
                }
                return gpu;
            default:
                if (gpu == null || a.isEmpty() || !gpu.supports(op, m)) return all.cpu();
                if (Methods.MEMORY_ACCESS.contains(m)) return gpu;
                int n = Math.max(a.rows(), a.cols());
                return n >= gpu.autoThreshold(op, a.precision(), a.pages()) ? gpu : all.cpu();
        }
    }
}
