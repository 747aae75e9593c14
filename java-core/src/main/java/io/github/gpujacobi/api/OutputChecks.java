package io.github.gpujacobi.api;

/**
 * The check every result passes before it is returned: NaN or Inf in the outputs of finite input is a failure, never
 * "done". {@link Jacobi} makes it after the backend, unless the backend makes it itself ({@link Backend#checksOutput}),
 * e.g. from the counts of a device pass over its outputs, calling this where those counts find something, so that the
 * errors are these, word for word.
 */
public final class OutputChecks {
    private OutputChecks() {}

    /**
     * Every output (null: none) must be finite, else the first NaN or Inf is named. input (a real view of it, complex:
     * interleaved) tells a true overflow from a failure: where an Inf
     * appears and the input's entries allow values above the output class's largest (max(m, n) max|a_ij|, sqrt(2)
     * more for complex, bounds every eigen- and singular value), the result overflows ({@link ErrorKind#OVERFLOW}, no
     * retry on the CPU, which would overflow as well).
     */
    public static void requireFinite(PageArray[] outputs, boolean gpu, String backend, SolverOptions o, PageArray input,
                                     boolean complex) {
        for (PageArray out : outputs) {
            if (out == null || HostScan.allFinite(out)) continue; // the one pass; the loop below names the entry
            int per = Math.max(1, out.pageSize());
            for (int i = 0; i < out.length(); i++) {
                double x = out.get(i);
                if (x - x != 0) { // NaN or +-Inf
                    String page = out.pages() > 1 ? " in page " + (i / per + 1) : "";
                    // max(m, n) max|a_ij| (times sqrt(2) for complex): no eigen- or singular value exceeds it
                    double entries = Double.isInfinite(x) && input != null ? maxAbs(input) * (complex ? Math.sqrt(2) : 1) : 0;
                    int m = input == null ? 0 : complex ? input.rows() / 2 : input.rows();
                    double realmax = out.precision() == Precision.SINGLE ? Float.MAX_VALUE : Double.MAX_VALUE;
                    if (input != null && entries * Math.max(m, input.cols()) > realmax) {
                        throw new JacobiException(ErrorKind.OVERFLOW, String.format(java.util.Locale.ROOT,
                                "%s: the result overflows%s: with entries up to %.3g, the eigen- or singular values of %s"
                                        + " can exceed the largest %s number (%.3g); scale %s down (they scale with it)",
                                o.where(), page, entries, o.variable(),
                                out.precision() == Precision.SINGLE ? "single" : "double", realmax, o.variable()));
                    }
                    throw new JacobiException(gpu ? ErrorKind.GPU_FAILURE : ErrorKind.INTERNAL, o.where()
                            + ": the " + backend + " backend produced " + x + page + " for finite input; no result returned");
                }
            }
        }
    }

    private static double maxAbs(PageArray a) {
        double m = 0;
        for (int i = 0; i < a.length(); i++) m = Math.max(m, Math.abs(a.get(i)));
        return m;
    }
}
