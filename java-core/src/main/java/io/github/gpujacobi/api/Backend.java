package io.github.gpujacobi.api;

/**
 * A compute backend (the CPU one always; CUDA when a GPU and its driver load). Backends receive
 * input that {@link Jacobi} has already validated, with the method name resolved for them, and
 * must not modify it.
 */
public interface Backend {
    /** Short name used in reports and options: "cpu", "cuda". */
    String name();

    /** True for accelerator backends (chosen by {@code Device.GPU}). */
    boolean isGpu();

    /** Whether this backend implements the given (resolved, lower-case) method for op. */
    boolean supports(Operation op, String method);

    /** The method this backend runs for "auto". */
    String defaultMethod(Operation op);

    /**
     * Under {@code Device.AUTO}, the smallest matrix order at which this backend should be preferred
     * to the CPU (the measured crossover) for an array of {@code pages} pages; ignored for the CPU backend.
     */
    int autoThreshold(Operation op, Precision precision, int pages);

    EigResult eig(PageArray a, SolverOptions options);

    SvdResult svd(PageArray a, SolverOptions options);

    InverseResult inv(PageArray a, SolverOptions options);

    /** @param signs J's diagonal (+1/-1), n x 1 x pages or n x 1 shared by all pages */
    HsvdResult hsvd(PageArray g, PageArray signs, SolverOptions options);

    BackendInfo info();

    /**
     * Gives back what the backend holds between calls (device memory, library handles, the device
     * context) and says what it gave back, or "" for nothing; the next call acquires again.
     */
    default String release() { return ""; }
}
