package io.github.gpujacobi.api;

/**
 * The flat double-or-float storage that {@link PageArray} and {@link ComplexPageArray} share: exactly
 * one of {@code d}, {@code f} is non-null. Shape checks, allocation limits and the copies between
 * the storage and double[] pages (rounding to float when single) live here once; positions and
 * lengths are in stored numbers (two per complex element).
 */
final class FlatStorage {
    private FlatStorage() {}

    static void checkDims(int rows, int cols, int pages) {
        if (rows < 0 || cols < 0 || pages < 0) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, "negative dimension " + rows + "x" + cols + "x" + pages);
        }
    }

    /** n as an array length; {@code tooMany} ends the message ("has more elements", say) when it cannot be one. */
    static int length(long n, int rows, int cols, int pages, String tooMany) {
        if (n > Integer.MAX_VALUE - 8) {
            throw new JacobiException(ErrorKind.OUT_OF_MEMORY,
                    rows + "x" + cols + "x" + pages + " " + tooMany + " than one Java array can hold (2^31)");
        }
        return (int) n;
    }

    /** Copies len numbers from position off of the storage into dst. */
    static void read(double[] d, float[] f, int off, double[] dst, int len) {
        if (d != null) System.arraycopy(d, off, dst, 0, len);
        else for (int i = 0; i < len; i++) dst[i] = f[off + i];
    }

    /** Writes len numbers of src at position off of the storage, rounding to float when single. */
    static void write(double[] src, double[] d, float[] f, int off, int len) {
        write(src, 0, d, f, off, len);
    }

    /** Writes src[from .. from+len) at position off of the storage, rounding to float when single. */
    static void write(double[] src, int from, double[] d, float[] f, int off, int len) {
        if (d != null) System.arraycopy(src, from, d, off, len);
        else for (int i = 0; i < len; i++) f[off + i] = (float) src[from + i];
    }

    /** Copies len numbers between storages of the same precision. */
    static void copy(double[] d, float[] f, int off, double[] toD, float[] toF, int toOff, int len) {
        if (d != null) System.arraycopy(d, off, toD, toOff, len);
        else System.arraycopy(f, off, toF, toOff, len);
    }

    /** Copies all of one storage into another of the same length, converting the precision where they differ. */
    static void convert(double[] d, float[] f, double[] toD, float[] toF) {
        convert(d, f, 0, toD, toF, d != null ? d.length : f.length);
    }

    /** Copies len numbers from position off of one storage to the start of another, converting the precision. */
    static void convert(double[] d, float[] f, int off, double[] toD, float[] toF, int len) {
        if (d != null && toD != null) System.arraycopy(d, off, toD, 0, len);
        else if (f != null && toF != null) System.arraycopy(f, off, toF, 0, len);
        else if (toD != null) for (int i = 0; i < len; i++) toD[i] = f[off + i];
        else for (int i = 0; i < len; i++) toF[i] = (float) d[off + i];
    }
}
