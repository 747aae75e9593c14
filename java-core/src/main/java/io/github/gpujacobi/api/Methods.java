package io.github.gpujacobi.api;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** The method names each operation accepts, in one place, so every entry point rejects the same typos. */
public final class Methods {
    private Methods() {}

    /** Two-sided parallel Jacobi, chess-tournament ordering (seed 000). */
    public static final String PARALLEL = "parallel";
    /** Row-cyclic two-sided Jacobi. */
    public static final String CYCLIC = "cyclic";
    /** Largest-pivot classical Jacobi (seed 002). */
    public static final String CLASSICAL = "classical";
    /** Symmetric indefinite factorisation + hyperbolic SVD (seed 003). */
    public static final String HYPERBOLIC = "hyperbolic";
    /** Seed 000's GPU memory access methods; on the CPU they run {@link #PARALLEL}. */
    public static final List<String> MEMORY_ACCESS = Collections.unmodifiableList(Arrays.asList("ta", "ma", "sa", "mca"));
    /** One-sided Hestenes Jacobi SVD (seed 001). */
    public static final String ONE_SIDED = "onesided";
    public static final String GAUSS_JORDAN = "gaussjordan";
    public static final String CHOLESKY = "cholesky";
    public static final String AUTO = "auto";

    public static List<String> names(Operation op) {
        switch (op) {
            case EIG:
                return Arrays.asList(AUTO, PARALLEL, CYCLIC, CLASSICAL, HYPERBOLIC, "ta", "ma", "sa", "mca");
            case SVD:
                return Arrays.asList(AUTO, ONE_SIDED);
            case INV:
                return Arrays.asList(AUTO, GAUSS_JORDAN, CHOLESKY);
            case HSVD:
                return Arrays.asList(AUTO, HYPERBOLIC);
            default:
                throw new IllegalArgumentException(op.toString());
        }
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
            throw new JacobiException(ErrorKind.BAD_OPTION, o.caller() + ": Method '" + m + "' is not implemented for "
                    + "complex input (" + op.label() + "); valid for complex: " + String.join(", ", complexNames(op)));
        }
        return m;
    }

    /** Throws a BAD_OPTION error naming the valid choices when the method is unknown for op. */
    public static String check(Operation op, String method, SolverOptions o) {
        String m = method == null ? AUTO : method;
        if (m.equals("jacobi") || m.equals("chess")) m = PARALLEL;
        if (m.equals("gauss-jordan") || m.equals("gj")) m = GAUSS_JORDAN;
        if (m.equals("hestenes") || m.equals("one-sided")) m = ONE_SIDED;
        if (!names(op).contains(m)) {
            throw new JacobiException(ErrorKind.BAD_OPTION, o.caller() + ": unknown Method '" + method + "' for "
                    + op.label() + "; valid: " + String.join(", ", names(op)));
        }
        return m;
    }
}
