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

    private PageArray(int rows, int cols, int pages, double[] d, float[] f) {
        if (rows < 0 || cols < 0 || pages < 0) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, "negative dimension " + rows + "x" + cols + "x" + pages);
        }
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
        long n = (long) rows * cols * pages;
        if (n > Integer.MAX_VALUE - 8) {
            throw new JacobiException(ErrorKind.OUT_OF_MEMORY,
                    rows + "x" + cols + "x" + pages + " has more elements than one Java array can hold (2^31)");
        }
        return p == Precision.DOUBLE ? wrap(new double[(int) n], rows, cols, pages)
                : wrap(new float[(int) n], rows, cols, pages);
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

    /** The backing array when double, else null. */
    public double[] doubleData() { return d; }

    /** The backing array when single, else null. */
    public float[] floatData() { return f; }

    public double get(int i, int j, int k) {
        int idx = i + j * rows + k * rows * cols;
        return d != null ? d[idx] : f[idx];
    }

    public double get(int i, int j) { return get(i, j, 0); }

    public double get(int linearIndex) { return d != null ? d[linearIndex] : f[linearIndex]; }

    /** Stores v (rounded to float when single). */
    public void set(int i, int j, int k, double v) {
        int idx = i + j * rows + k * rows * cols;
        if (d != null) d[idx] = v; else f[idx] = (float) v;
    }

    public void set(int i, int j, double v) { set(i, j, 0, v); }

    /** Copies page k into dst (length m*n) as doubles. */
    public void readPage(int k, double[] dst) {
        int off = k * pageSize();
        int len = pageSize();
        if (d != null) {
            System.arraycopy(d, off, dst, 0, len);
        } else {
            for (int i = 0; i < len; i++) dst[i] = f[off + i];
        }
    }

    /** Page k as a fresh double[] (column-major m*n). */
    public double[] pageAsDouble(int k) {
        double[] out = new double[pageSize()];
        readPage(k, out);
        return out;
    }

    /** Writes src (length m*n) into page k, rounding to float when single. */
    public void writePage(int k, double[] src) {
        int off = k * pageSize();
        int len = pageSize();
        if (d != null) {
            System.arraycopy(src, 0, d, off, len);
        } else {
            for (int i = 0; i < len; i++) f[off + i] = (float) src[i];
        }
    }

    /** Page k as a 2-D array sharing nothing with this one. */
    public PageArray page(int k) {
        PageArray p = zeros(precision(), rows, cols, 1);
        int off = k * pageSize();
        if (d != null) System.arraycopy(d, off, p.d, 0, pageSize());
        else System.arraycopy(f, off, p.f, 0, pageSize());
        return p;
    }

    /** Pages first .. first+count-1 as a new array sharing nothing with this one (a device's share of the pages). */
    public PageArray pages(int first, int count) {
        if (first < 0 || count < 0 || first + count > pages) {
            throw new JacobiException(ErrorKind.INTERNAL, "pages " + first + "+" + count + " of " + pages);
        }
        PageArray p = zeros(precision(), rows, cols, count);
        int off = first * pageSize(), len = count * pageSize();
        if (d != null) System.arraycopy(d, off, p.d, 0, len);
        else System.arraycopy(f, off, p.f, 0, len);
        return p;
    }

    /** Writes every page of src (same rows, columns and class) into pages first, first+1, ... */
    public void writePages(int first, PageArray src) {
        if (src.rows != rows || src.cols != cols || src.precision() != precision() || first < 0 || first + src.pages > pages) {
            throw new JacobiException(ErrorKind.INTERNAL, "cannot place " + src.describe() + " at page " + first + " of " + describe());
        }
        int off = first * pageSize(), len = src.length();
        if (d != null) System.arraycopy(src.d, 0, d, off, len);
        else System.arraycopy(src.f, 0, f, off, len);
    }

    /** A deep copy converted to the given precision. */
    public PageArray to(Precision p) {
        PageArray out = zeros(p, rows, cols, pages);
        if (d != null && out.d != null) System.arraycopy(d, 0, out.d, 0, d.length);
        else if (f != null && out.f != null) System.arraycopy(f, 0, out.f, 0, f.length);
        else for (int i = 0; i < length(); i++) {
            if (out.d != null) out.d[i] = f[i]; else out.f[i] = (float) d[i];
        }
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
