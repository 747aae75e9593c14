package io.github.gpujacobi.mat;

/** A variable that is not a numeric 2-D or 3-D array (or one the operation does not take); the message is the one-line reason. */
public final class SkippedVariable extends Exception {
    private static final long serialVersionUID = 1L;

    public SkippedVariable(String reason) { super(reason); }
}
