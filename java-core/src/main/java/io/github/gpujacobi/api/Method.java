package io.github.gpujacobi.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Every method name, typed: the operations it applies to and its accepted aliases. The lists users
 * see ({@link Methods#names}), option checking, the backends' supports() and the CPU's orderings
 * all derive from this one table, so a new method is one line here (plus the backends that run it).
 */
public enum Method {
    AUTO("auto", ops(Operation.EIG, Operation.SVD, Operation.INV, Operation.HSVD)),
    /** Two-sided parallel Jacobi, chess-tournament ordering [1]. */
    PARALLEL("parallel", ops(Operation.EIG), "jacobi", "chess"),
    /** Row-cyclic two-sided Jacobi. */
    CYCLIC("cyclic", ops(Operation.EIG)),
    /** Largest-pivot classical Jacobi [3]. */
    CLASSICAL("classical", ops(Operation.EIG)),
    /** Symmetric indefinite factorisation + hyperbolic SVD [4]; the hyperbolic SVD itself. */
    HYPERBOLIC("hyperbolic", ops(Operation.EIG, Operation.HSVD)),
    /** [1]'s GPU memory access methods; on the CPU they run {@link #PARALLEL}. */
    TA("ta", ops(Operation.EIG)),
    MA("ma", ops(Operation.EIG)),
    SA("sa", ops(Operation.EIG)),
    MCA("mca", ops(Operation.EIG)),
    /** One-sided Hestenes Jacobi SVD [2]. */
    ONE_SIDED("onesided", ops(Operation.SVD), "hestenes", "one-sided"),
    /**
     * Blocked one-sided Jacobi on column blocks [11]: the SVD, and eig of positive definite input
     * through its Cholesky factor [7] (other input falls back to two-sided Jacobi).
     */
    BLOCKED("blocked", ops(Operation.EIG, Operation.SVD)),
    GAUSS_JORDAN("gaussjordan", ops(Operation.INV), "gauss-jordan", "gj"),
    CHOLESKY("cholesky", ops(Operation.INV));

    private final String label;
    private final Set<Operation> operations;
    private final List<String> aliases;

    Method(String label, Set<Operation> operations, String... aliases) {
        this.label = label;
        this.operations = operations;
        this.aliases = Arrays.asList(aliases);
    }

    private static Set<Operation> ops(Operation first, Operation... rest) { return EnumSet.of(first, rest); }

    /** The lower-case name used in options, reports and messages. */
    public String label() { return label; }

    public boolean appliesTo(Operation op) { return operations.contains(op); }

    /** [1]'s memory access methods, a GPU concept. */
    public boolean isMemoryAccess() { return this == TA || this == MA || this == SA || this == MCA; }

    /** The method named s (a label or an alias), or null. */
    public static Method of(String s) {
        if (s == null) return null;
        for (Method m : values()) if (m.label.equals(s) || m.aliases.contains(s)) return m;
        return null;
    }

    /** The labels valid for op, in declaration order. */
    public static List<String> labels(Operation op) {
        List<String> out = new ArrayList<String>();
        for (Method m : values()) if (m.appliesTo(op)) out.add(m.label);
        return Collections.unmodifiableList(out);
    }
}
