package io.github.gpujacobi.api;

/**
 * A dense complex m x n x p array in MATLAB's column-major layout, stored interleaved: the real part
 * of element (i, j, k) at {@code 2*(i + j*m + k*m*n)}, the imaginary part right after it (the layout
 * of C99/Fortran complex arrays, cuComplex and the GPU kernels that will follow). Backed directly
 * by a flat {@code double[]} or {@code float[]} (no copy); {@link #fromSplit} builds one from the
 * separate real and imaginary parts MATLAB and Octave hand to Java.
 */
public final class ComplexPageArray {
    private final int rows;
    private final int cols;
    private final int pages;
    private final double[] d;
    private final float[] f;

    private ComplexPageArray(int rows, int cols, int pages, double[] d, float[] f) {
        FlatStorage.checkDims(rows, cols, pages);
        if (d == null && f == null) throw new JacobiException(ErrorKind.BAD_SHAPE, "interleaved complex data is null");
        long n = 2L * rows * cols * pages;
        int len = d != null ? d.length : f.length;
        if (n != len) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, "interleaved complex data has " + len + " numbers but "
                    + rows + "x" + cols + "x" + pages + " complex elements need " + n);
        }
        this.rows = rows;
        this.cols = cols;
        this.pages = pages;
        this.d = d;
        this.f = f;
    }

    /** Wraps (does not copy) interleaved column-major data: re, im, re, im, ... */
    public static ComplexPageArray wrap(double[] interleaved, int rows, int cols, int pages) {
        return new ComplexPageArray(rows, cols, pages, interleaved, null);
    }

    /** Wraps (does not copy) interleaved column-major data: re, im, re, im, ... */
    public static ComplexPageArray wrap(float[] interleaved, int rows, int cols, int pages) {
        return new ComplexPageArray(rows, cols, pages, null, interleaved);
    }

    public static ComplexPageArray wrap(double[] interleaved, int rows, int cols) { return wrap(interleaved, rows, cols, 1); }

    public static ComplexPageArray wrap(float[] interleaved, int rows, int cols) { return wrap(interleaved, rows, cols, 1); }

    /** Interleaves separate real and imaginary parts (one copy); imag may be null for a zero imaginary part. */
    public static ComplexPageArray fromSplit(double[] real, double[] imag, int rows, int cols, int pages) {
        checkSplit(real.length, imag == null ? real.length : imag.length, rows, cols, pages);
        double[] z = new double[2 * real.length];
        for (int i = 0; i < real.length; i++) {
            z[2 * i] = real[i];
            if (imag != null) z[2 * i + 1] = imag[i];
        }
        return wrap(z, rows, cols, pages);
    }

    /** Interleaves separate real and imaginary parts (one copy); imag may be null for a zero imaginary part. */
    public static ComplexPageArray fromSplit(float[] real, float[] imag, int rows, int cols, int pages) {
        checkSplit(real.length, imag == null ? real.length : imag.length, rows, cols, pages);
        float[] z = new float[2 * real.length];
        for (int i = 0; i < real.length; i++) {
            z[2 * i] = real[i];
            if (imag != null) z[2 * i + 1] = imag[i];
        }
        return wrap(z, rows, cols, pages);
    }

    /** A real array as complex (one copy, zero imaginary part). */
    public static ComplexPageArray of(PageArray real) {
        return real.precision() == Precision.DOUBLE
                ? fromSplit(real.doubleData(), null, real.rows(), real.cols(), real.pages())
                : fromSplit(real.floatData(), null, real.rows(), real.cols(), real.pages());
    }

    private static void checkSplit(int re, int im, int rows, int cols, int pages) {
        long n = (long) rows * cols * pages;
        if (re != n || im != n) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, "real part has " + re + " and imaginary part " + im
                    + " elements but dimensions " + rows + "x" + cols + "x" + pages + " need " + n + " each");
        }
    }

    public static ComplexPageArray zeros(Precision p, int rows, int cols, int pages) {
        int n = FlatStorage.length(2L * rows * cols * pages, rows, cols, pages, "complex has more numbers");
        return p == Precision.DOUBLE ? wrap(new double[n], rows, cols, pages) : wrap(new float[n], rows, cols, pages);
    }

    public int rows() { return rows; }

    public int cols() { return cols; }

    public int pages() { return pages; }

    /** Complex elements in one page, m*n. */
    public int pageSize() { return rows * cols; }

    /** Complex elements in all, m*n*p. */
    public int length() { return rows * cols * pages; }

    public boolean isEmpty() { return length() == 0; }

    public Precision precision() { return d != null ? Precision.DOUBLE : Precision.SINGLE; }

    /** The interleaved backing array when double, else null. */
    public double[] doubleData() { return d; }

    /** The interleaved backing array when single, else null. */
    public float[] floatData() { return f; }

    /** Real part of element linearIndex (column-major over all pages). */
    public double re(int linearIndex) { return d != null ? d[2 * linearIndex] : f[2 * linearIndex]; }

    /** Imaginary part of element linearIndex. */
    public double im(int linearIndex) { return d != null ? d[2 * linearIndex + 1] : f[2 * linearIndex + 1]; }

    public double re(int i, int j, int k) { return re(i + j * rows + k * rows * cols); }

    public double im(int i, int j, int k) { return im(i + j * rows + k * rows * cols); }

    /** Stores re + i im (rounded to float when single). */
    public void set(int i, int j, int k, double re, double im) {
        int idx = 2 * (i + j * rows + k * rows * cols);
        if (d != null) { d[idx] = re; d[idx + 1] = im; } else { f[idx] = (float) re; f[idx + 1] = (float) im; }
    }

    /** Page k as a fresh interleaved double[] of length 2*m*n. */
    public double[] pageAsDouble(int k) {
        double[] out = new double[2 * pageSize()];
        FlatStorage.read(d, f, 2 * k * pageSize(), out, out.length);
        return out;
    }

    /** Writes interleaved src (length 2*m*n) into page k, rounding to float when single. */
    public void writePage(int k, double[] src) {
        FlatStorage.write(src, d, f, 2 * k * pageSize(), 2 * pageSize());
    }

    /** A deep copy converted to the given precision. */
    public ComplexPageArray to(Precision p) {
        ComplexPageArray out = zeros(p, rows, cols, pages);
        FlatStorage.convert(d, f, out.d, out.f);
        return out;
    }

    /** The real parts as a new real array (what MATLAB's {@code real} gives). */
    public PageArray real() { return part(0); }

    /** The imaginary parts as a new real array. */
    public PageArray imag() { return part(1); }

    private PageArray part(int which) {
        PageArray out = PageArray.zeros(precision(), rows, cols, pages);
        for (int i = 0; i < length(); i++) {
            if (d != null) out.doubleData()[i] = d[2 * i + which];
            else out.floatData()[i] = f[2 * i + which];
        }
        return out;
    }

    /**
     * The same numbers seen as a real (2m) x n x p array, sharing the data: column j of a page holds
     * the real and imaginary parts of complex column j, so column norms agree with the complex ones.
     */
    public PageArray asRealColumns() {
        return d != null ? PageArray.wrap(d, 2 * rows, cols, pages) : PageArray.wrap(f, 2 * rows, cols, pages);
    }

    /** "3x4x2 complex double" for messages. */
    public String describe() {
        return rows + "x" + cols + (pages != 1 ? "x" + pages : "") + " complex " + precision().matlabClass();
    }

    @Override
    public String toString() { return "ComplexPageArray[" + describe() + "]"; }
}
