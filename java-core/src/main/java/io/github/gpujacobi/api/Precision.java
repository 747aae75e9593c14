package io.github.gpujacobi.api;

/** Floating-point class of a {@link PageArray}, MATLAB's {@code single} and {@code double}. */
public enum Precision {
    SINGLE(Math.ulp(1.0f) / 2, 4, "single"),
    DOUBLE(Math.ulp(1.0) / 2, 8, "double");

    private final double unitRoundoff;
    private final int bytes;
    private final String matlabClass;

    Precision(double unitRoundoff, int bytes, String matlabClass) {
        this.unitRoundoff = unitRoundoff;
        this.bytes = bytes;
        this.matlabClass = matlabClass;
    }

    /** Machine epsilon as MATLAB's {@code eps(class)} reports it (2^-52 or 2^-23). */
    public double eps() { return 2 * unitRoundoff; }

    public int bytes() { return bytes; }

    /** {@code "single"} or {@code "double"}. */
    public String matlabClass() { return matlabClass; }

    public static Precision fromName(String name) {
        if (name != null) {
            String n = name.trim().toLowerCase(java.util.Locale.ROOT);
            if (n.equals("single") || n.equals("float") || n.equals("float32")) return SINGLE;
            if (n.equals("double") || n.equals("float64")) return DOUBLE;
        }
        throw new JacobiException(ErrorKind.BAD_OPTION, "unknown precision '" + name + "' (use single or double)");
    }
}
