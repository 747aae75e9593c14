package io.github.gpujacobi.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** The method names each operation accepts, in one place, so every entry point rejects the same typos. */
public final class Methods {
    private Methods() {}

    // the labels as constants, for code that compares resolved option strings ({@link Method} is the table)
    public static final String PARALLEL = Method.PARALLEL.label();
    public static final String CYCLIC = Method.CYCLIC.label();
    public static final String CLASSICAL = Method.CLASSICAL.label();
    public static final String HYPERBOLIC = Method.HYPERBOLIC.label();
    /** [1]'s GPU memory access methods; on the CPU they run {@link #PARALLEL}. */
    public static final List<String> MEMORY_ACCESS;
    public static final String ONE_SIDED = Method.ONE_SIDED.label();
    public static final String BLOCKED = Method.BLOCKED.label();
    public static final String GAUSS_JORDAN = Method.GAUSS_JORDAN.label();
    public static final String CHOLESKY = Method.CHOLESKY.label();
    public static final String AUTO = Method.AUTO.label();

    static {
        List<String> ma = new ArrayList<String>();
        for (Method m : Method.values()) if (m.isMemoryAccess()) ma.add(m.label());
        MEMORY_ACCESS = Collections.unmodifiableList(ma);
    }

    /** The names op accepts (derived from {@link Method}). */
    public static List<String> names(Operation op) {
        return Method.labels(op);
    }

    /** The methods implemented for complex input (a subset of {@link #names}). */
    public static List<String> complexNames(Operation op) {
        switch (op) {
            case EIG:
                return Arrays.asList(AUTO, PARALLEL, CYCLIC, "ta", "ma", "sa", "mca");
            case SVD:
                return Arrays.asList(AUTO, ONE_SIDED);
            case INV:
                return Arrays.asList(AUTO, GAUSS_JORDAN, CHOLESKY);
            default:
                return Collections.emptyList();
        }
    }

    /** {@link #check}, then a BAD_OPTION error when the method exists but not for complex input. */
    public static String checkComplex(Operation op, String method, SolverOptions o) {
        String m = check(op, method, o);
        if (!complexNames(op).contains(m)) {
            // where(): a batch of several variables must say which one is complex
            throw new JacobiException(ErrorKind.BAD_OPTION, o.where() + " is complex, and Method '" + m
                    + "' is not implemented for complex input (" + op.label() + "); valid for complex: "
                    + String.join(", ", complexNames(op)));
        }
        return m;
    }

    /** Throws a BAD_OPTION error naming the valid choices when the method is unknown for op. */
    public static String check(Operation op, String method, SolverOptions o) {
        Method m = method == null ? Method.AUTO : Method.of(method);
        if (m == null || !m.appliesTo(op)) {
            throw new JacobiException(ErrorKind.BAD_OPTION, o.caller() + ": unknown Method '" + method + "' for "
                    + op.label() + "; valid: " + String.join(", ", names(op)));
        }
        return m.label();
    }
}
