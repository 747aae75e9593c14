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
    /**
     * Blocked one-sided Jacobi on column blocks (GPU): the SVD, and eig of positive definite input
     * through its Cholesky factor (other input falls back to two-sided Jacobi).
     */
    public static final String BLOCKED = "blocked";
    public static final String GAUSS_JORDAN = "gaussjordan";
    public static final String CHOLESKY = "cholesky";
    public static final String AUTO = "auto";

    public static List<String> names(Operation op) {
        switch (op) {
            case EIG:
                return Arrays.asList(AUTO, PARALLEL, CYCLIC, CLASSICAL, HYPERBOLIC, "ta", "ma", "sa", "mca", BLOCKED);
            case SVD:
                return Arrays.asList(AUTO, ONE_SIDED, BLOCKED);
            case INV:
                return Arrays.asList(AUTO, GAUSS_JORDAN, CHOLESKY);
            case HSVD:
                return Arrays.asList(AUTO, HYPERBOLIC);
            default:
                throw new IllegalArgumentException(op.toString());
        }
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
