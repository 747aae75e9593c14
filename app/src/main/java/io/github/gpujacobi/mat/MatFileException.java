package io.github.gpujacobi.mat;

/** A whole .mat file cannot be used (missing, corrupt, truncated, v7.3, unwritable); the message says why. */
public final class MatFileException extends Exception {
    private static final long serialVersionUID = 1L;

    public MatFileException(String message) { super(message); }

    public MatFileException(String message, Throwable cause) { super(message, cause); }
}
