package io.github.gpujacobi.bridge;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.RunReport;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything one toolbox call returns, read by the .m wrapper through getters: named flat
 * outputs with their dimensions, the run report, and either success or an error identifier and
 * message (errors are returned, not thrown, so MATLAB and Octave raise them with the identifier).
 */
public final class BridgeResult {
    private final Map<String, PageArray> outputs = new LinkedHashMap<String, PageArray>();
    private RunReport report;
    private String errorId = "";
    private String errorMessage = "";
    private double[] rcond = new double[0];
    private boolean singular;
    private double offDiagonal = Double.NaN;

    /** The exception's identifier and message, the message led by the caller's name where it lacks it. */
    static BridgeResult failure(String caller, JacobiException e) {
        BridgeResult r = new BridgeResult();
        r.errorId = e.identifier();
        String msg = e.getMessage() == null ? "" : e.getMessage();
        r.errorMessage = caller == null || msg.startsWith(caller + ":") ? msg : caller + ": " + msg;
        return r;
    }

    /**
     * An exception no check anticipated (a bug or a library failure): one line with its type and
     * message under {@code gpujacobi:internal}, never a stack trace in the user's command window.
     */
    static BridgeResult internal(String caller, RuntimeException e) {
        BridgeResult r = new BridgeResult();
        r.errorId = ErrorKind.INTERNAL.identifier();
        String msg = e.getMessage() == null ? "" : e.getMessage();
        int nl = msg.indexOf('\n');
        if (nl >= 0) msg = msg.substring(0, nl);
        r.errorMessage = caller + ": internal error (" + e.getClass().getSimpleName()
                + (msg.isEmpty() ? "" : ": " + msg) + "); please report it";
        return r;
    }

    void put(String name, PageArray a) { outputs.put(name, a); }

    /** A complex output: its real part under name, its imaginary part under name + "_im". */
    void put(String name, ComplexPageArray a) {
        outputs.put(name, a.real());
        outputs.put(name + IMAG, a.imag());
    }

    /** Suffix of a complex output's imaginary part. */
    public static final String IMAG = "_im";

    /** Whether output name is complex (its imaginary part is output name + "_im"). */
    public boolean isComplex(String name) { return outputs.containsKey(name + IMAG); }

    void report(RunReport r) { report = r; }

    void inverse(double[] pageRcond, boolean anySingular) {
        rcond = pageRcond.clone();
        singular = anySingular;
    }

    void offDiagonal(double measure) { offDiagonal = measure; }

    public boolean ok() { return errorId.isEmpty(); }

    public String errorId() { return errorId; }

    public String errorMessage() { return errorMessage; }

    /** Column-major data of an output as double (single results are exact in double). */
    public double[] get(String name) {
        PageArray a = output(name);
        if (a.doubleData() != null) return a.doubleData();
        float[] f = a.floatData();
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) d[i] = f[i];
        return d;
    }

    /** A slice of an output, for results too large to return in one piece. */
    public double[] getChunk(String name, double offset, double length) {
        PageArray a = output(name);
        int off = (int) offset, len = (int) length;
        double[] d = new double[len];
        for (int i = 0; i < len; i++) d[i] = a.get(off + i);
        return d;
    }

    public double numel(String name) { return output(name).length(); }

    /** [rows, cols, pages]. */
    public double[] dims(String name) {
        PageArray a = output(name);
        return new double[]{a.rows(), a.cols(), a.pages()};
    }

    public String backend() { return report == null ? "" : report.backend(); }

    public String method() { return report == null ? "" : report.method(); }

    public double sweeps() { return report == null ? 0 : report.sweeps(); }

    public double rotations() { return report == null ? 0 : report.rotations(); }

    public boolean converged() { return report != null && report.converged(); }

    public double seconds() { return report == null ? 0 : report.seconds(); }

    public String notes() { return report == null ? "" : String.join("; ", report.notes()); }

    /** Smallest reciprocal condition estimate over the pages (inversion only; NaN for other operations). */
    public double rcond() {
        if (rcond.length == 0) return Double.NaN;
        double m = Double.POSITIVE_INFINITY;
        for (double x : rcond) m = Math.min(m, x);
        return m;
    }

    /** The reciprocal condition estimate of every page, as pageinv returns it (inversion only). */
    public double[] pageRcond() { return rcond.clone(); }

    /**
     * How far from diagonal an unconverged run stopped (eig: ||off(V'AV)|| / ||A||; svd, hsvd: the
     * largest column cosine of A V); NaN when the run converged.
     */
    public double offDiagonal() { return offDiagonal; }

    public boolean singular() { return singular; }

    private PageArray output(String name) {
        PageArray a = outputs.get(name);
        if (a == null) throw new IllegalArgumentException("no output '" + name + "' (have " + outputs.keySet() + ")");
        return a;
    }
}
