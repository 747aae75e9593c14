package io.github.gpujacobi.bridge;

import io.github.gpujacobi.api.AbstractEigResult;
import io.github.gpujacobi.api.AbstractInverseResult;
import io.github.gpujacobi.api.AbstractSvdResult;
import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.HsvdResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.HeapAdvice;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The entry points of the MATLAB/Octave toolbox, made for {@code javaMethod}: a flat column-major
 * {@code double[]} (MATLAB and Octave pass vectors, not matrices) with its dimensions and class,
 * one option string, one call per toolbox call. Large inputs come through {@link Staging}.
 */
public final class Bridge {
    private Bridge() {}

    /** Multiple of the input size each operation holds at once (input copy, work, outputs). */
    public static double workFactor(String op) {
        return op.equals("inv") ? 3 : 4;
    }

    public static BridgeResult run(String op, double[] data, double rows, double cols, double pages, String cls,
                                   String caller, String options) {
        return guarded(caller, () -> compute(op, wrap(data, rows, cols, pages, cls), REAL, caller, options));
    }

    public static BridgeResult runStaged(String op, Staging input, String caller, String options) {
        return guarded(caller, () -> compute(op, input.array(), REAL, caller, options));
    }

    /**
     * eig, svd or inv of complex input, its real and imaginary parts as separate flat column-major
     * vectors (what Octave and MATLAB pass to Java; imag may be empty for a zero imaginary part).
     * Complex outputs come back as two outputs, "V" and "V_im" ({@link BridgeResult#isComplex});
     * eigenvalues and singular values are real.
     */
    public static BridgeResult runComplex(String op, double[] re, double[] im, double rows, double cols, double pages,
                                          String cls, String caller, String options) {
        return guarded(caller, () -> {
            int m = (int) rows, n = (int) cols, p = (int) pages;
            double[] imag = im == null || im.length == 0 ? null : im;
            ComplexPageArray a;
            if (Precision.fromName(cls) == Precision.SINGLE) {
                float[] fr = new float[re.length], fi = imag == null ? null : new float[imag.length];
                for (int i = 0; i < fr.length; i++) fr[i] = (float) re[i];
                if (fi != null) for (int i = 0; i < fi.length; i++) fi[i] = (float) imag[i];
                a = ComplexPageArray.fromSplit(fr, fi, m, n, p);
            } else {
                a = ComplexPageArray.fromSplit(re, imag, m, n, p);
            }
            return compute(op, a, COMPLEX, caller, options);
        });
    }

    /**
     * {@link #runComplex} for parts staged in column chunks (large arrays) or by {@link Staging#set}
     * (scalars, which MATLAB and Octave do not pass as double[]); both stagings of one shape and class.
     */
    public static BridgeResult runComplexStaged(String op, Staging re, Staging im, String caller, String options) {
        return guarded(caller, () -> {
            PageArray r = re.array(), i = im.array();
            if (r.rows() != i.rows() || r.cols() != i.cols() || r.pages() != i.pages() || r.precision() != i.precision()) {
                throw new JacobiException(ErrorKind.BAD_SHAPE, caller + ": real part " + r.describe()
                        + " and imaginary part " + i.describe() + " differ");
            }
            ComplexPageArray a = r.precision() == Precision.DOUBLE
                    ? ComplexPageArray.fromSplit(r.doubleData(), i.doubleData(), r.rows(), r.cols(), r.pages())
                    : ComplexPageArray.fromSplit(r.floatData(), i.floatData(), r.rows(), r.cols(), r.pages());
            return compute(op, a, COMPLEX, caller, options);
        });
    }

    /** Hyperbolic SVD with J's signs as a vector. */
    public static BridgeResult hsvd(double[] data, double rows, double cols, double pages, String cls, double[] signs,
                                    String caller, String options) {
        return guarded(caller, () -> computeHsvd(wrap(data, rows, cols, pages, cls), PageArray.wrap(signs, signs.length, 1),
                caller, options));
    }

    /** Hyperbolic SVD of a staged G and J: for scalars and empty arrays, which do not arrive as double[]. */
    public static BridgeResult hsvdStaged(Staging input, Staging signs, String caller, String options) {
        return guarded(caller, () -> computeHsvd(input.array(), signs.array(), caller, options));
    }

    /** Backends as rows of {name, available, summary, devices}, for gpu_info. */
    public static String[] backendLines() {
        List<BackendInfo> infos = Jacobi.backends();
        String[] lines = new String[infos.size()];
        for (int i = 0; i < lines.length; i++) {
            BackendInfo b = infos.get(i);
            StringBuilder d = new StringBuilder();
            for (Map<String, String> dev : b.devices()) {
                if (d.length() > 0) d.append(" | ");
                for (Map.Entry<String, String> e : dev.entrySet()) d.append(e.getKey()).append('=').append(e.getValue()).append(", ");
                if (d.length() >= 2) d.setLength(d.length() - 2);
            }
            lines[i] = b.name() + "\t" + b.available() + "\t" + b.summary() + "\t" + d;
        }
        return lines;
    }

    public static String version() { return Jacobi.version(); }

    /** The call's result, or its error as a result: one line under gpujacobi:internal, never a Java stack trace. */
    private static BridgeResult guarded(String caller, Supplier<BridgeResult> call) {
        try {
            return call.get();
        } catch (JacobiException e) {
            return BridgeResult.failure(caller, e);
        } catch (RuntimeException e) {
            return BridgeResult.internal(caller, e);
        }
    }

    private static PageArray wrap(double[] data, double rows, double cols, double pages, String cls) {
        Precision p = Precision.fromName(cls);
        PageArray a = PageArray.wrap(data, (int) rows, (int) cols, (int) pages);
        return p == Precision.SINGLE ? a.to(Precision.SINGLE) : a;
    }

    /** eig, svd or inv of real or complex input (t says which), outputs named as the .m wrappers read them. */
    private static <A> BridgeResult compute(String op, A a, Element<A> t, String caller, String options) {
        SolverOptions o = BridgeOptions.parse(caller, options);
        BridgeResult r = new BridgeResult();
        try {
            switch (op) {
                case "eig": {
                    AbstractEigResult<A> e = t.eig(a, o);
                    r.put("D", e.values());
                    if (e.vectors() != null) t.put(r, "V", e.vectors());
                    r.report(e.report());
                    if (!e.report().converged()) {
                        // the measure needs vectors: an unconverged values-only run is repeated with them
                        AbstractEigResult<A> full = e.vectors() != null ? e : t.eig(a, o.withVectors(true));
                        r.offDiagonal(t.offDiagonalEig(a, full.values(), full.vectors()));
                    }
                    break;
                }
                case "svd": {
                    AbstractSvdResult<A> s = t.svd(a, o);
                    r.put("S", s.s());
                    if (s.u() != null) {
                        t.put(r, "U", s.u());
                        t.put(r, "V", s.v());
                    }
                    r.report(s.report());
                    if (!s.report().converged()) {
                        AbstractSvdResult<A> full = s.v() != null ? s : t.svd(a, o.withVectors(true));
                        r.offDiagonal(t.offDiagonalOneSided(a, full.v()));
                    }
                    break;
                }
                case "inv": {
                    AbstractInverseResult<A> x = t.inv(a, o);
                    t.put(r, "X", x.inverse());
                    r.inverse(x.rcond(), x.anySingular());
                    r.report(x.report());
                    break;
                }
                default:
                    throw t.unknown(caller, op);
            }
        } catch (OutOfMemoryError e) {
            throw outOfMemory(caller, t.describe(a));
        }
        return r;
    }

    private static BridgeResult computeHsvd(PageArray a, PageArray signs, String caller, String options) {
        SolverOptions o = BridgeOptions.parse(caller, options);
        BridgeResult r = new BridgeResult();
        try {
            HsvdResult h = Jacobi.hsvd(a, signs, o);
            r.put("U", h.u());
            r.put("S", h.s());
            if (h.v() != null) r.put("V", h.v());
            if (h.signs() != null) r.put("J", h.signs());
            r.report(h.report());
            if (!h.report().converged()) {
                HsvdResult full = h.v() != null ? h : Jacobi.hsvd(a, signs, o.withVectors(true));
                r.offDiagonal(OffDiagonal.oneSided(a, full.v()));
            }
        } catch (OutOfMemoryError e) {
            throw outOfMemory(caller, a.describe());
        }
        return r;
    }

    private static JacobiException outOfMemory(String caller, String input) {
        return new JacobiException(ErrorKind.OUT_OF_MEMORY, caller + ": " + input + " did not fit in the Java heap (max "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MB). " + HeapAdvice.TEXT);
    }

    /** What {@link #compute} does differently for real and complex input: the overloads it calls. */
    private interface Element<A> {
        AbstractEigResult<A> eig(A a, SolverOptions o);

        AbstractSvdResult<A> svd(A a, SolverOptions o);

        AbstractInverseResult<A> inv(A a, SolverOptions o);

        double offDiagonalEig(A a, PageArray values, A vectors);

        double offDiagonalOneSided(A a, A v);

        void put(BridgeResult r, String name, A x);

        String describe(A a);

        JacobiException unknown(String caller, String op);
    }

    private static final Element<PageArray> REAL = new Element<PageArray>() {
        public EigResult eig(PageArray a, SolverOptions o) { return Jacobi.eig(a, o); }
        public SvdResult svd(PageArray a, SolverOptions o) { return Jacobi.svd(a, o); }
        public InverseResult inv(PageArray a, SolverOptions o) { return Jacobi.inv(a, o); }
        public double offDiagonalEig(PageArray a, PageArray d, PageArray v) { return OffDiagonal.eig(a, d, v); }
        public double offDiagonalOneSided(PageArray a, PageArray v) { return OffDiagonal.oneSided(a, v); }
        public void put(BridgeResult r, String name, PageArray x) { r.put(name, x); }
        public String describe(PageArray a) { return a.describe(); }
        public JacobiException unknown(String caller, String op) {
            return new JacobiException(ErrorKind.BAD_OPTION, caller + ": unknown operation " + op);
        }
    };

    private static final Element<ComplexPageArray> COMPLEX = new Element<ComplexPageArray>() {
        public ComplexEigResult eig(ComplexPageArray a, SolverOptions o) { return Jacobi.eig(a, o); }
        public ComplexSvdResult svd(ComplexPageArray a, SolverOptions o) { return Jacobi.svd(a, o); }
        public ComplexInverseResult inv(ComplexPageArray a, SolverOptions o) { return Jacobi.inv(a, o); }
        public double offDiagonalEig(ComplexPageArray a, PageArray d, ComplexPageArray v) { return OffDiagonal.eig(a, d, v); }
        public double offDiagonalOneSided(ComplexPageArray a, ComplexPageArray v) { return OffDiagonal.oneSided(a, v); }
        public void put(BridgeResult r, String name, ComplexPageArray x) { r.put(name, x); }
        public String describe(ComplexPageArray a) { return a.describe(); }
        public JacobiException unknown(String caller, String op) {
            return new JacobiException(ErrorKind.COMPLEX_NOT_SUPPORTED, caller + ": complex input is supported "
                    + "by eig, svd and inv, not by " + op);
        }
    };
}
