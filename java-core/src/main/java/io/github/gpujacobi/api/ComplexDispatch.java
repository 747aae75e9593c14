package io.github.gpujacobi.api;

/**
 * {@link Jacobi}'s complex entry points: validation, the backend choice and the result checks of
 * the real path, for {@link ComplexPageArray} input. Device 'auto' takes the GPU from the real path's
 * crossover (per page: complex pages loop over the single-matrix kernels) when its backend computes
 * complex input, else runs on the CPU with a note; a GPU failure or out-of-memory there, or a page
 * beyond the GPU's scaling range, is retried on the CPU with a note, as for real input.
 */
final class ComplexDispatch {
    private ComplexDispatch() {}

    static ComplexEigResult eig(ComplexPageArray a, SolverOptions o) {
        String method = Methods.checkComplex(Operation.EIG, o.method(), o);
        InputChecks.requireSquare(a, o);
        InputChecks.requireFinite(a, o);
        InputChecks.requireHermitian(a, o);
        o = o.withMethod(method);
        return run(Operation.EIG, a, o, (b, opts) -> {
            ComplexEigResult r = b.eig(a, opts);
            requireFinite(b, opts, a, r.values(), r.vectors() == null ? null : r.vectors().asRealColumns());
            return r;
        }, ComplexEigResult::report, ComplexEigResult::withReport);
    }

    static ComplexSvdResult svd(ComplexPageArray a, SolverOptions o) {
        String method = Methods.checkComplex(Operation.SVD, o.method(), o);
        InputChecks.requireFinite(a, o);
        o = o.withMethod(method);
        return run(Operation.SVD, a, o, (b, opts) -> {
            ComplexSvdResult r = b.svd(a, opts);
            requireFinite(b, opts, a, r.s(), r.u() == null ? null : r.u().asRealColumns(),
                    r.v() == null ? null : r.v().asRealColumns());
            return r;
        }, ComplexSvdResult::report, ComplexSvdResult::withReport);
    }

    static ComplexInverseResult inv(ComplexPageArray a, SolverOptions o) {
        String method = Methods.checkComplex(Operation.INV, o.method(), o);
        InputChecks.requireSquare(a, o);
        InputChecks.requireFinite(a, o);
        o = o.withMethod(method);
        return run(Operation.INV, a, o, (b, opts) -> b.inv(a, opts), // Inf marks a singular page
                ComplexInverseResult::report, ComplexInverseResult::withReport);
    }

    private interface Solve<R> {
        R on(Backend b, SolverOptions o);
    }

    /** Runs on the chosen backend; under Device 'auto' a GPU failure (or a page beyond its scaling range) is retried on the CPU. */
    private static <R> R run(Operation op, ComplexPageArray a, SolverOptions o, Solve<R> solve,
                             java.util.function.Function<R, RunReport> report, java.util.function.BiFunction<R, RunReport, R> with) {
        Choice c = choose(op, a, o);
        long t0 = System.nanoTime();
        try {
            R r = solve.on(c.backend, c.options);
            return with.apply(r, c.finish(report.apply(r), t0));
        } catch (JacobiException e) {
            boolean retry = c.backend.isGpu() && o.device() == Device.AUTO && (e.kind() == ErrorKind.GPU_FAILURE
                    || e.kind() == ErrorKind.OUT_OF_MEMORY || e.kind() == ErrorKind.BAD_SCALING);
            if (!retry) throw e;
            Backend cpu = Backends.get().cpu();
            SolverOptions co = Methods.AUTO.equals(o.method()) ? o.withMethod(cpu.defaultMethod(op)) : o;
            long t1 = System.nanoTime();
            try {
                R r = solve.on(cpu, co);
                return with.apply(r, report.apply(r).withNanos(System.nanoTime() - t1)
                        .withNote("GPU failed (" + e.getMessage() + "); ran on the CPU instead"));
            } catch (OutOfMemoryError oom) {
                throw outOfMemory(a, o, oom);
            }
        } catch (OutOfMemoryError e) {
            throw outOfMemory(a, o, e);
        }
    }

    /** The backend, the options with the method resolved, and a note for the report (or null). */
    private static final class Choice {
        Backend backend;
        SolverOptions options;
        String note;

        RunReport finish(RunReport r, long t0) {
            r = r.withNanos(System.nanoTime() - t0);
            return note == null ? r : r.withNote(note);
        }
    }

    private static Choice choose(Operation op, ComplexPageArray a, SolverOptions o) {
        Backends all = Backends.get();
        Choice c = new Choice();
        c.backend = all.cpu();
        if (o.device() == Device.GPU) {
            Backend gpu = all.gpu();
            if (gpu == null) {
                throw new JacobiException(ErrorKind.NO_GPU, o.caller() + ": Device 'gpu' was requested but no GPU "
                        + "backend is available: " + all.whyNoGpu());
            }
            if (!gpu.supportsComplex(op)) {
                throw new JacobiException(ErrorKind.COMPLEX_NOT_SUPPORTED, o.where() + " is complex, and the "
                        + gpu.name() + " backend does not compute complex " + op.label() + ": use Device 'cpu' or 'auto'");
            }
            if (!gpu.supports(op, o.method())) {
                throw new JacobiException(ErrorKind.BAD_OPTION, o.caller() + ": Method '" + o.method()
                        + "' is not implemented on the GPU for " + op.label());
            }
            c.backend = gpu;
        } else if (o.device() == Device.AUTO && !a.isEmpty()) {
            Backend gpu = all.gpu(); // the real path's choice: would this size have gone to the GPU?
            int n = Math.max(a.rows(), a.cols());
            // per page: complex pages loop over the single-matrix kernels (no batched complex kernels yet)
            if (gpu != null && gpu.supports(op, o.method())
                    && (Methods.MEMORY_ACCESS.contains(o.method()) || n >= gpu.autoThreshold(op, a.precision(), 1))) {
                // Device 'auto' sends complex input to the GPU from the real path's crossover, as real input
                if (!gpu.supportsComplex(op)) {
                    c.note = "complex input runs on the CPU for now (no GPU complex " + op.label() + " yet)";
                } else {
                    c.backend = gpu;
                }
            }
        }
        String m = o.method();
        if (Methods.AUTO.equals(m)) m = c.backend.defaultMethod(op);
        c.options = o.withMethod(m);
        return c;
    }

    private static void requireFinite(Backend b, SolverOptions o, ComplexPageArray input, PageArray... outputs) {
        Jacobi.requireFinite(outputs, b.isGpu(), b.name(), o, input.asRealColumns(), true);
    }

    private static JacobiException outOfMemory(ComplexPageArray a, SolverOptions o, OutOfMemoryError e) {
        return new JacobiException(ErrorKind.OUT_OF_MEMORY, o.where() + " (" + a.describe()
                + ") did not fit in the Java heap (max " + (Runtime.getRuntime().maxMemory() >> 20)
                + " MB). " + HeapAdvice.TEXT, e);
    }
}
