package io.github.gpujacobi.bridge;

import io.github.gpujacobi.api.ComplexPageArray;
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
    private double rcond = Double.NaN;
    private boolean singular;

    static BridgeResult failure(JacobiException e) {
        BridgeResult r = new BridgeResult();
        r.errorId = e.identifier();
        r.errorMessage = e.getMessage();
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

    void inverse(double minRcond, boolean anySingular) {
        rcond = minRcond;
        singular = anySingular;
    }

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

    /** Smallest reciprocal condition estimate over the pages (inversion only). */
    public double rcond() { return rcond; }

    public boolean singular() { return singular; }

    private PageArray output(String name) {
        PageArray a = outputs.get(name);
        if (a == null) throw new IllegalArgumentException("no output '" + name + "' (have " + outputs.keySet() + ")");
        return a;
    }
}
