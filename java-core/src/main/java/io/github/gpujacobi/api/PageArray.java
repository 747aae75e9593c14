package io.github.gpujacobi.api;

/**
 * A dense real m x n x p array in MATLAB's column-major layout: element (i, j, k) lives at
 * {@code i + j*m + k*m*n}. Backed directly by a flat {@code double[]} or {@code float[]} (no copy),
 * which is the form MATLAB and Octave pass to Java. A 2-D matrix is the case p = 1.
 */
public final class PageArray {
    private final int rows;
    private final int cols;
    private final int pages;
    private final double[] d;
    private final float[] f;
    /** Where page 0 begins in d or f: 0, except for a {@link #window} onto another array's pages. */
    private final int base;

    private PageArray(int rows, int cols, int pages, double[] d, float[] f) {
        FlatStorage.checkDims(rows, cols, pages);
        if (d == null && f == null) throw new JacobiException(ErrorKind.BAD_SHAPE, "data is null");
        long n = (long) rows * cols * pages;
        int len = d != null ? d.length : f.length;
        if (n != len) {
            throw new JacobiException(ErrorKind.BAD_SHAPE,
                    "data has " + len + " elements but dimensions " + rows + "x" + cols + "x" + pages + " need " + n);
        }
        this.rows = rows;
        this.cols = cols;
        this.pages = pages;
        this.d = d;
        this.f = f;
        this.base = 0;
    }

    /** A window: pages of whole's storage from element base on (checked by {@link #window}). */
    private PageArray(PageArray whole, int pages, int base) {
        this.rows = whole.rows;
        this.cols = whole.cols;
        this.pages = pages;
        this.d = whole.d;
        this.f = whole.f;
        this.base = base;
    }

    /** Wraps (does not copy) column-major data. */
    public static PageArray wrap(double[] data, int rows, int cols, int pages) {
        return new PageArray(rows, cols, pages, data, null);
    }

    /** Wraps (does not copy) column-major data. */
    public static PageArray wrap(float[] data, int rows, int cols, int pages) {
        return new PageArray(rows, cols, pages, null, data);
    }

    public static PageArray wrap(double[] data, int rows, int cols) { return wrap(data, rows, cols, 1); }

    public static PageArray wrap(float[] data, int rows, int cols) { return wrap(data, rows, cols, 1); }

    public static PageArray zeros(Precision p, int rows, int cols, int pages) {
        int n = FlatStorage.length((long) rows * cols * pages, rows, cols, pages, "has more elements");
        return p == Precision.DOUBLE ? wrap(new double[n], rows, cols, pages) : wrap(new float[n], rows, cols, pages);
    }

    /** The n x n identity (one page). */
    public static PageArray identity(Precision p, int n) {
        PageArray a = zeros(p, n, n, 1);
        for (int i = 0; i < n; i++) a.set(i, i, 0, 1.0);
        return a;
    }

    public int rows() { return rows; }

    public int cols() { return cols; }

    public int pages() { return pages; }

    /** Elements in one page, m*n. */
    public int pageSize() { return rows * cols; }

    public int length() { return rows * cols * pages; }

    public boolean isEmpty() { return length() == 0; }

    public Precision precision() { return d != null ? Precision.DOUBLE : Precision.SINGLE; }

    /** The backing array when double, else null; page 0 begins at {@link #offset()} (0 unless a {@link #window}). */
    public double[] doubleData() { return d; }

    /** The backing array when single, else null; page 0 begins at {@link #offset()} (0 unless a {@link #window}). */
    public float[] floatData() { return f; }

    /** Position of element (0, 0, 0) in {@link #doubleData()} or {@link #floatData()}: 0 unless this is a {@link #window}. */
    public int offset() { return base; }

    /**
     * Pages first .. first+count-1 as an array over this one's storage, no copy: reads see this array's pages, writes
     * land in them (a device's share of a call's pages, solved in place in the caller's input and outputs).
     */
    public PageArray window(int first, int count) {
        if (first < 0 || count < 0 || first + count > pages) {
            throw new JacobiException(ErrorKind.INTERNAL, "window of pages " + first + "+" + count + " of " + pages);
        }
        return new PageArray(this, count, base + first * pageSize());
    }

    /** Whether this array is whole's {@link #window} from page first on (same storage and place, any page count). */
    public boolean isWindowOf(PageArray whole, int first) {
        return whole.rows == rows && whole.cols == cols && whole.d == d && whole.f == f
                && (long) base == whole.base + (long) first * pageSize();
    }

    public double get(int i, int j, int k) {
        int idx = base + i + j * rows + k * rows * cols;
        return d != null ? d[idx] : f[idx];
    }

    public double get(int i, int j) { return get(i, j, 0); }

    public double get(int linearIndex) { return d != null ? d[base + linearIndex] : f[base + linearIndex]; }

    /** Stores v (rounded to float when single). */
    public void set(int i, int j, int k, double v) {
        int idx = base + i + j * rows + k * rows * cols;
        if (d != null) d[idx] = v; else f[idx] = (float) v;
    }

    public void set(int i, int j, double v) { set(i, j, 0, v); }

    /** Copies page k into dst (length m*n) as doubles. */
    public void readPage(int k, double[] dst) {
        FlatStorage.read(d, f, base + k * pageSize(), dst, pageSize());
    }

    /** Page k as a fresh double[] (column-major m*n). */
    public double[] pageAsDouble(int k) {
        double[] out = new double[pageSize()];
        readPage(k, out);
        return out;
    }

    /** Writes src (length m*n) into page k, rounding to float when single. */
    public void writePage(int k, double[] src) {
        FlatStorage.write(src, d, f, base + k * pageSize(), pageSize());
    }

    /** Writes src[from .. from+len) at linear position off (rounded to float when single): a column of a page, say. */
    public void write(int off, double[] src, int from, int len) {
        FlatStorage.write(src, from, d, f, base + off, len);
    }

    /** Page k as a 2-D array sharing nothing with this one. */
    public PageArray page(int k) {
        PageArray p = zeros(precision(), rows, cols, 1);
        FlatStorage.copy(d, f, base + k * pageSize(), p.d, p.f, 0, pageSize());
        return p;
    }

    /** Pages first .. first+count-1 as a new array sharing nothing with this one (a device's share of the pages). */
    public PageArray pages(int first, int count) {
        if (first < 0 || count < 0 || first + count > pages) {
            throw new JacobiException(ErrorKind.INTERNAL, "pages " + first + "+" + count + " of " + pages);
        }
        PageArray p = zeros(precision(), rows, cols, count);
        FlatStorage.copy(d, f, base + first * pageSize(), p.d, p.f, 0, count * pageSize());
        return p;
    }

    /** Writes every page of src (same rows, columns and class) into pages first, first+1, ... */
    public void writePages(int first, PageArray src) {
        if (src.rows != rows || src.cols != cols || src.precision() != precision() || first < 0 || first + src.pages > pages) {
            throw new JacobiException(ErrorKind.INTERNAL, "cannot place " + src.describe() + " at page " + first + " of " + describe());
        }
        FlatStorage.copy(src.d, src.f, src.base, d, f, base + first * pageSize(), src.length());
    }

    /** A deep copy converted to the given precision. */
    public PageArray to(Precision p) {
        PageArray out = zeros(p, rows, cols, pages);
        FlatStorage.convert(d, f, base, out.d, out.f, length());
        return out;
    }

    public PageArray copy() { return to(precision()); }

    /** "3x4x2 double" for messages. */
    public String describe() {
        return rows + "x" + cols + (pages != 1 ? "x" + pages : "") + " " + precision().matlabClass();
    }

    @Override
    public String toString() { return "PageArray[" + describe() + "]"; }
}
