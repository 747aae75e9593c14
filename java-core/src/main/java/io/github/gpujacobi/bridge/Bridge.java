package io.github.gpujacobi.bridge;

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
        try {
            Precision p = Precision.fromName(cls);
            PageArray a = PageArray.wrap(data, (int) rows, (int) cols, (int) pages);
            if (p == Precision.SINGLE) a = a.to(Precision.SINGLE);
            return compute(op, a, caller, options, null);
        } catch (JacobiException e) {
            return BridgeResult.failure(caller, e);
        } catch (RuntimeException e) {
            return BridgeResult.internal(caller, e);
        }
    }

    public static BridgeResult runStaged(String op, Staging input, String caller, String options) {
        try {
            return compute(op, input.array(), caller, options, null);
        } catch (JacobiException e) {
            return BridgeResult.failure(caller, e);
        } catch (RuntimeException e) {
            return BridgeResult.internal(caller, e);
        }
    }

    /**
     * eig, svd or inv of complex input, its real and imaginary parts as separate flat column-major
     * vectors (what Octave and MATLAB pass to Java; imag may be empty for a zero imaginary part).
     * Complex outputs come back as two outputs, "V" and "V_im" ({@link BridgeResult#isComplex});
     * eigenvalues and singular values are real.
     */
    public static BridgeResult runComplex(String op, double[] re, double[] im, double rows, double cols, double pages,
                                          String cls, String caller, String options) {
        try {
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
            return computeComplex(op, a, caller, options);
        } catch (JacobiException e) {
            return BridgeResult.failure(caller, e);
        } catch (RuntimeException e) { // as run: one line under gpujacobi:internal, not a Java stack trace
            return BridgeResult.internal(caller, e);
        }
    }

    /**
     * {@link #runComplex} for parts staged in column chunks (large arrays) or by {@link Staging#set}
     * (scalars, which MATLAB and Octave do not pass as double[]); both stagings of one shape and class.
     */
    public static BridgeResult runComplexStaged(String op, Staging re, Staging im, String caller, String options) {
        try {
            PageArray r = re.array(), i = im.array();
            if (r.rows() != i.rows() || r.cols() != i.cols() || r.pages() != i.pages() || r.precision() != i.precision()) {
                throw new JacobiException(ErrorKind.BAD_SHAPE, caller + ": real part " + r.describe()
                        + " and imaginary part " + i.describe() + " differ");
            }
            ComplexPageArray a = r.precision() == Precision.DOUBLE
                    ? ComplexPageArray.fromSplit(r.doubleData(), i.doubleData(), r.rows(), r.cols(), r.pages())
                    : ComplexPageArray.fromSplit(r.floatData(), i.floatData(), r.rows(), r.cols(), r.pages());
            return computeComplex(op, a, caller, options);
        } catch (JacobiException e) {
            return BridgeResult.failure(caller, e);
        } catch (RuntimeException e) { // as run: one line under gpujacobi:internal, not a Java stack trace
            return BridgeResult.internal(caller, e);
        }
    }

    private static BridgeResult computeComplex(String op, ComplexPageArray a, String caller, String options) {
        SolverOptions o = BridgeOptions.parse(caller, options);
        BridgeResult r = new BridgeResult();
        try {
            switch (op) {
                case "eig": {
                    ComplexEigResult e = Jacobi.eig(a, o);
                    r.put("D", e.values());
                    if (e.vectors() != null) r.put("V", e.vectors());
                    r.report(e.report());
                    if (!e.report().converged()) { // as for real input: the warning says how far it got
                        ComplexEigResult full = e.vectors() != null ? e : Jacobi.eig(a, o.withVectors(true));
                        r.offDiagonal(OffDiagonal.eig(a, full.values(), full.vectors()));
                    }
                    break;
                }
                case "svd": {
                    ComplexSvdResult s = Jacobi.svd(a, o);
                    r.put("S", s.s());
                    if (s.u() != null) {
                        r.put("U", s.u());
                        r.put("V", s.v());
                    }
                    r.report(s.report());
                    if (!s.report().converged()) {
                        ComplexSvdResult full = s.v() != null ? s : Jacobi.svd(a, o.withVectors(true));
                        r.offDiagonal(OffDiagonal.oneSided(a, full.v()));
                    }
                    break;
                }
                case "inv": {
                    ComplexInverseResult x = Jacobi.inv(a, o);
                    r.put("X", x.inverse());
                    r.inverse(x.rcond(), x.anySingular());
                    r.report(x.report());
                    break;
                }
                default:
                    throw new JacobiException(ErrorKind.COMPLEX_NOT_SUPPORTED, caller + ": complex input is supported "
                            + "by eig, svd and inv, not by " + op);
            }
        } catch (OutOfMemoryError e) {
            throw new JacobiException(ErrorKind.OUT_OF_MEMORY, caller + ": " + a.describe()
                    + " did not fit in the Java heap (max " + (Runtime.getRuntime().maxMemory() >> 20) + " MB). "
                    + HeapAdvice.TEXT);
        }
        return r;
    }

    /** Hyperbolic SVD with J's signs as a vector. */
    public static BridgeResult hsvd(double[] data, double rows, double cols, double pages, String cls, double[] signs,
                                    String caller, String options) {
        try {
            Precision p = Precision.fromName(cls);
            PageArray a = PageArray.wrap(data, (int) rows, (int) cols, (int) pages);
            if (p == Precision.SINGLE) a = a.to(Precision.SINGLE);
            return compute("hsvd", a, caller, options, PageArray.wrap(signs, signs.length, 1));
        } catch (JacobiException e) {
            return BridgeResult.failure(caller, e);
        } catch (RuntimeException e) {
            return BridgeResult.internal(caller, e);
        }
    }

    /** Hyperbolic SVD of a staged G and J: for scalars and empty arrays, which do not arrive as double[]. */
    public static BridgeResult hsvdStaged(Staging input, Staging signs, String caller, String options) {
        try {
            return compute("hsvd", input.array(), caller, options, signs.array());
        } catch (JacobiException e) {
            return BridgeResult.failure(caller, e);
        } catch (RuntimeException e) {
            return BridgeResult.internal(caller, e);
        }
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

    private static BridgeResult compute(String op, PageArray a, String caller, String options, PageArray signs) {
        SolverOptions o = BridgeOptions.parse(caller, options);
        BridgeResult r = new BridgeResult();
        try {
            switch (op) {
                case "eig": {
                    EigResult e = Jacobi.eig(a, o);
                    r.put("D", e.values());
                    if (e.vectors() != null) r.put("V", e.vectors());
                    r.report(e.report());
                    if (!e.report().converged()) {
                        // the measure needs vectors: an unconverged values-only run is repeated with them
                        EigResult full = e.vectors() != null ? e : Jacobi.eig(a, o.withVectors(true));
                        r.offDiagonal(OffDiagonal.eig(a, full.values(), full.vectors()));
                    }
                    break;
                }
                case "svd": {
                    SvdResult s = Jacobi.svd(a, o);
                    r.put("S", s.s());
                    if (s.u() != null) {
                        r.put("U", s.u());
                        r.put("V", s.v());
                    }
                    r.report(s.report());
                    if (!s.report().converged()) {
                        SvdResult full = s.v() != null ? s : Jacobi.svd(a, o.withVectors(true));
                        r.offDiagonal(OffDiagonal.oneSided(a, full.v()));
                    }
                    break;
                }
                case "inv": {
                    InverseResult x = Jacobi.inv(a, o);
                    r.put("X", x.inverse());
                    r.inverse(x.rcond(), x.anySingular());
                    r.report(x.report());
                    break;
                }
                case "hsvd": {
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
                    break;
                }
                default:
                    throw new JacobiException(ErrorKind.BAD_OPTION, caller + ": unknown operation " + op);
            }
        } catch (OutOfMemoryError e) {
            throw new JacobiException(ErrorKind.OUT_OF_MEMORY, caller + ": " + a.describe()
                    + " did not fit in the Java heap (max " + (Runtime.getRuntime().maxMemory() >> 20) + " MB). "
                    + HeapAdvice.TEXT);
        }
        return r;
    }
}
