package io.github.gpujacobi.api;

/**
 * {@link Jacobi}'s complex entry points: validation, the backend choice and the result checks of
 * the real path, for {@link ComplexPageArray} input. Only the CPU computes complex input for now:
 * under Device 'auto' a size that would have gone to the GPU runs on the CPU with a note in the
 * report; Device 'gpu' is refused, naming the function.
 */
final class ComplexDispatch {
    private ComplexDispatch() {}

    static ComplexEigResult eig(ComplexPageArray a, SolverOptions o) {
        String method = Methods.checkComplex(Operation.EIG, o.method(), o);
        InputChecks.requireSquare(a, o);
        InputChecks.requireFinite(a, o);
        InputChecks.requireHermitian(a, o);
        o = o.withMethod(method);
        Choice c = choose(Operation.EIG, a, o);
        long t0 = System.nanoTime();
        try {
            ComplexEigResult r = c.backend.eig(a, c.options);
            requireFinite(c, r.values(), r.vectors() == null ? null : r.vectors().asRealColumns());
            return r.withReport(c.finish(r.report(), t0));
        } catch (OutOfMemoryError e) {
            throw outOfMemory(a, o, e);
        }
    }

    static ComplexSvdResult svd(ComplexPageArray a, SolverOptions o) {
        String method = Methods.checkComplex(Operation.SVD, o.method(), o);
        InputChecks.requireFinite(a, o);
        o = o.withMethod(method);
        Choice c = choose(Operation.SVD, a, o);
        long t0 = System.nanoTime();
        try {
            ComplexSvdResult r = c.backend.svd(a, c.options);
            requireFinite(c, r.s(), r.u() == null ? null : r.u().asRealColumns(),
                    r.v() == null ? null : r.v().asRealColumns());
            return r.withReport(c.finish(r.report(), t0));
        } catch (OutOfMemoryError e) {
            throw outOfMemory(a, o, e);
        }
    }

    static ComplexInverseResult inv(ComplexPageArray a, SolverOptions o) {
        String method = Methods.checkComplex(Operation.INV, o.method(), o);
        InputChecks.requireSquare(a, o);
        InputChecks.requireFinite(a, o);
        o = o.withMethod(method);
        Choice c = choose(Operation.INV, a, o);
        long t0 = System.nanoTime();
        try {
            ComplexInverseResult r = c.backend.inv(a, c.options); // Inf marks a singular page
            return r.withReport(c.finish(r.report(), t0));
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
            if (gpu == null || !gpu.supportsComplex(op)) {
                throw new JacobiException(ErrorKind.COMPLEX_NOT_SUPPORTED, o.where() + " is complex, and complex "
                        + op.label() + " runs on the CPU only for now: use Device 'cpu' or 'auto'");
            }
            c.backend = gpu;
        } else if (o.device() == Device.AUTO && !a.isEmpty()) {
            Backend gpu = all.gpu(); // the real path's choice: would this size have gone to the GPU?
            int n = Math.max(a.rows(), a.cols());
            if (gpu != null && gpu.supports(op, o.method())
                    && (Methods.MEMORY_ACCESS.contains(o.method()) || n >= gpu.autoThreshold(op, a.precision(), a.pages()))) {
                if (gpu.supportsComplex(op)) c.backend = gpu;
                else c.note = "complex input runs on the CPU for now (no GPU complex " + op.label() + " yet)";
            }
        }
        String m = o.method();
        if (Methods.AUTO.equals(m)) m = c.backend.defaultMethod(op);
        c.options = o.withMethod(m);
        return c;
    }

    private static void requireFinite(Choice c, PageArray... outputs) {
        Jacobi.requireFinite(outputs, c.backend.isGpu(), c.backend.name(), c.options);
    }

    private static JacobiException outOfMemory(ComplexPageArray a, SolverOptions o, OutOfMemoryError e) {
        return new JacobiException(ErrorKind.OUT_OF_MEMORY, o.where() + " (" + a.describe()
                + ") did not fit in the Java heap (max " + (Runtime.getRuntime().maxMemory() >> 20)
                + " MB). " + HeapAdvice.TEXT, e);
    }
}
