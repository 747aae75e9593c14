package io.github.gpujacobi.api;

/**
 * The one exception type of the toolbox. Its message is meant for the user as is (it names the
 * function, the variable and the problem); {@link #kind()} gives the MATLAB identifier.
 */
public class JacobiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ErrorKind kind;

    public JacobiException(ErrorKind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public JacobiException(ErrorKind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public ErrorKind kind() { return kind; }

    /** MATLAB/Octave identifier, e.g. {@code gpujacobi:notSymmetric}. */
    public String identifier() { return kind.identifier(); }
}
