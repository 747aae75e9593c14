package io.github.gpujacobi.bridge;

import io.github.gpujacobi.api.HeapAdvice;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;

/**
 * Receives a large matrix from MATLAB/Octave in column chunks, so the JVM never holds a second
 * full-size copy of the caller's array in transit. The constructor checks the heap first and fails
 * with the figure needed and how to raise it, instead of an OutOfMemoryError halfway.
 */
public final class Staging {
    private final PageArray array;

    /**
     * @param workFactor how many arrays of this size the operation will hold (input, work, results)
     */
    public Staging(double rows, double cols, double pages, String cls, String caller, double workFactor) {
        Precision p = Precision.fromName(cls);
        long elements = (long) rows * (long) cols * (long) pages;
        HeapAdvice.require((long) (elements * p.bytes() * Math.max(1, workFactor)),
                caller + " on a " + (long) rows + "x" + (long) cols + (pages > 1 ? "x" + (long) pages : "") + " " + cls + " array");
        array = PageArray.zeros(p, (int) rows, (int) cols, (int) pages);
    }

    /** Copies chunk into the array starting at the 0-based linear index offset. */
    public void put(double[] chunk, double offset) {
        int off = (int) offset;
        if (array.precision() == Precision.DOUBLE) {
            System.arraycopy(chunk, 0, array.doubleData(), off, chunk.length);
        } else {
            float[] f = array.floatData();
            for (int i = 0; i < chunk.length; i++) f[off + i] = (float) chunk[i];
        }
    }

    /** One element (MATLAB and Octave pass a 1-element array as a scalar, not a double[]). */
    public void set(double value, double index) { array.set((int) index, 0, 0, value); }

    PageArray array() { return array; }
}
