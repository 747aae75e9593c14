package io.github.gpujacobi.api;

/** What went wrong; {@link #identifier()} is the MATLAB/Octave error or warning identifier. */
public enum ErrorKind {
    NOT_SQUARE("notSquare"),
    NOT_SYMMETRIC("notSymmetric"),
    NON_FINITE("nonFinite"),
    COMPLEX_NOT_SUPPORTED("complexNotSupported"),
    SPARSE_NOT_SUPPORTED("sparseNotSupported"),
    NOT_NUMERIC("notNumeric"),
    BAD_SHAPE("badShape"),
    RANK_DEFICIENT("rankDeficient"),
    BAD_SCALING("badScaling"),
    SINGULAR("singularMatrix"),
    /** Method 'cholesky' on a page that is not (symmetric or Hermitian) positive definite. */
    NOT_POSITIVE_DEFINITE("notPositiveDefinite"),
    /** A result beyond the largest number of the class (eigen- or singular values of an A near realmax). */
    OVERFLOW("overflow"),
    NO_GPU("noGpu"),
    GPU_FAILURE("gpuFailure"),
    OUT_OF_MEMORY("outOfMemory"),
    BAD_OPTION("badOption"),
    IO("io"),
    INTERNAL("internal");

    private final String id;

    ErrorKind(String id) { this.id = id; }

    /** e.g. {@code gpujacobi:notSquare}. */
    public String identifier() { return "gpujacobi:" + id; }
}
