package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.Precision;

/**
 * The element type of a device array, as the kernels' scalar-traits template parameter and the
 * BLAS/LAPACK letter have it: S float, D double, C single complex (cuFloatComplex), Z double complex
 * (cuDoubleComplex). Complex data is interleaved (re, im), so a complex page of n x n elements is a
 * real array of 2 n^2 numbers of the same precision on the host and on the device.
 */
public enum Scalar {
    S(Precision.SINGLE, false, "_f"),
    D(Precision.DOUBLE, false, "_d"),
    C(Precision.SINGLE, true, "_c"),
    Z(Precision.DOUBLE, true, "_z");

    public final Precision precision;
    public final boolean complex;
    /** The kernel name suffix of this type's build. */
    final String suffix;

    Scalar(Precision precision, boolean complex, String suffix) {
        this.precision = precision;
        this.complex = complex;
        this.suffix = suffix;
    }

    public static Scalar of(Precision p, boolean complex) {
        if (complex) return p == Precision.DOUBLE ? Z : C;
        return p == Precision.DOUBLE ? D : S;
    }

    /** Bytes of one element. */
    public long bytes() { return (complex ? 2L : 1L) * precision.bytes(); }

    /** Real numbers per element (2 for complex). */
    public int parts() { return complex ? 2 : 1; }

    public boolean isDouble() { return precision == Precision.DOUBLE; }
}
