package io.github.gpujacobi.api;

/**
 * {@link Jacobi}'s calls into the caller's arrays: the arrays checked against the input (class, shape, no storage
 * shared with the input or with each other), bound for the call ({@link CallerArrays}), and a result that did not land
 * in them (a route that made its own, a retry on the CPU, pages split over GPUs) copied in.
 */
final class IntoCall {
    private IntoCall() {}

    static EigResult eig(PageArray a, PageArray values, PageArray vectors, SolverOptions o) {
        final String fn = "Jacobi.eigInto";
        given(a, o, fn);
        InputChecks.requireSquare(a, o);
        int n = a.rows(), pages = a.pages();
        require(values, "values", a, n, 1, fn, o, "the eigenvalues");
        if (vectors != null) require(vectors, "vectors", a, n, n, fn, o, "the eigenvectors");
        distinct(fn, o, a, values, vectors);
        EigResult r;
        CallerArrays.bind(Operation.EIG, values, vectors);
        try {
            r = Jacobi.eig(a, o.withVectors(vectors != null));
        } finally {
            CallerArrays.unbind();
        }
        place(values, r.values());
        place(vectors, r.vectors());
        return new EigResult(values, vectors, r.report());
    }

    static SvdResult svd(PageArray a, PageArray s, PageArray u, PageArray v, SolverOptions o) {
        final String fn = "Jacobi.svdInto";
        given(a, o, fn);
        int m = a.rows(), n = a.cols(), k = Math.min(m, n);
        require(s, "s", a, k, 1, fn, o, "the singular values");
        if ((u == null) != (v == null)) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, fn + ": give both u and v (the singular vectors) or neither, "
                    + "but " + (u == null ? "u" : "v") + " is null");
        }
        boolean econ = false;
        if (u != null) {
            // the economy-size factors are told by the one that differs: U of a tall input, V of a wide one
            PageArray telling = m >= n ? u : v;
            econ = m != n && telling.cols() == k; // its rows, and the other's shape, checked below
            require(u, "u", a, m, econ ? k : m, fn, o, "the left singular vectors");
            require(v, "v", a, n, econ ? k : n, fn, o, "the right singular vectors");
        }
        distinct(fn, o, a, s, u, v);
        SvdResult r;
        CallerArrays.bind(Operation.SVD, s, u, v);
        try {
            r = Jacobi.svd(a, o.withVectors(u != null).withEcon(econ));
        } finally {
            CallerArrays.unbind();
        }
        place(s, r.s());
        place(u, r.u());
        place(v, r.v());
        return new SvdResult(u, s, v, r.report());
    }

    static InverseResult inv(PageArray a, PageArray x, SolverOptions o) {
        final String fn = "Jacobi.invInto";
        given(a, o, fn);
        InputChecks.requireSquare(a, o);
        require(x, "x", a, a.rows(), a.rows(), fn, o, "the inverse");
        distinct(fn, o, a, x);
        InverseResult r;
        CallerArrays.bind(Operation.INV, x);
        try {
            r = Jacobi.inv(a, o);
        } finally {
            CallerArrays.unbind();
        }
        place(x, r.inverse());
        return new InverseResult(x, r.conditions(), r.report());
    }

    private static void given(PageArray a, SolverOptions o, String fn) {
        if (o == null) throw new JacobiException(ErrorKind.BAD_OPTION, fn + ": the options are null; pass SolverOptions.defaults()");
        if (a == null) throw new JacobiException(ErrorKind.BAD_SHAPE, fn + ": " + o.variable() + " is null");
    }

    /** out must be rows x cols x (a's pages) of a's class. */
    private static void require(PageArray out, String name, PageArray a, int rows, int cols, String fn, SolverOptions o,
                                String what) {
        String want = rows + "x" + cols + (a.pages() != 1 ? "x" + a.pages() : "") + " " + a.precision().matlabClass();
        if (out == null) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, fn + ": " + name + " is null; it must be " + want + " to hold "
                    + what + " of " + o.variable() + " (" + a.describe() + ")");
        }
        if (out.rows() != rows || out.cols() != cols || out.pages() != a.pages() || out.precision() != a.precision()) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, fn + ": " + name + " must be " + want + " to hold " + what
                    + " of " + o.variable() + " (" + a.describe() + "), but it is " + out.describe());
        }
    }

    /** The input is never written, and no result may overwrite another: no two of these share storage. */
    private static void distinct(String fn, SolverOptions o, PageArray a, PageArray... outs) {
        for (int i = 0; i < outs.length; i++) {
            if (outs[i] == null) continue;
            if (shared(a, outs[i])) {
                throw new JacobiException(ErrorKind.BAD_OPTION, fn + ": the result arrays must not share storage with "
                        + o.variable() + ", which is never overwritten");
            }
            for (int j = 0; j < i; j++) {
                if (outs[j] != null && shared(outs[i], outs[j])) {
                    throw new JacobiException(ErrorKind.BAD_OPTION, fn + ": each result needs an array of its own, but two "
                            + "of them share storage");
                }
            }
        }
    }

    private static boolean shared(PageArray x, PageArray y) {
        return x.doubleData() != null ? x.doubleData() == y.doubleData() : x.floatData() == y.floatData();
    }

    /** The result into the caller's array, unless it is already there. */
    private static void place(PageArray into, PageArray result) {
        if (into == null || result == null || (result.pages() == into.pages() && result.isWindowOf(into, 0))) return;
        into.writePages(0, result.precision() == into.precision() ? result : result.to(into.precision()));
    }
}
