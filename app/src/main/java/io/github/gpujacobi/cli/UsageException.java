package io.github.gpujacobi.cli;

/** A command-line mistake: reported with a hint and exit status 2. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) { super(message); }
}
