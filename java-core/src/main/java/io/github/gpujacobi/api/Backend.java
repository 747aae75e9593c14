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

    /**
     * Measures the host-device link the way calls use it (lines of GB/s per direction: raw pinned DMA, and from Java
     * arrays as the backend copies them); empty for a backend without a device.
     */
    default java.util.List<String> measureLink() { return java.util.Collections.emptyList(); }

    /**
     * Whether this backend makes the input checks of {@link Jacobi} itself for this call (finite entries; for eig,
     * symmetric pages), with the same errors, in a pass it makes anyway (e.g. on the device after the upload), so that
     * the host does not pass over the input for them first.
     */
    default boolean checksInput(Operation op, PageArray a, SolverOptions options) { return false; }

    /**
     * Whether this backend makes {@link Jacobi}'s check of the results itself for this call (finite outputs, through
     * {@link OutputChecks#requireFinite} wherever it finds NaN or Inf, so with the same errors), e.g. by counting them
     * on the device as the results go out, so that the host does not pass over the results for it.
     */
    default boolean checksOutput(Operation op, PageArray a, SolverOptions options) { return false; }

    /** Whether this backend decomposes complex input for op. */
    default boolean supportsComplex(Operation op) { return false; }

    /** Hermitian eig of complex pages (Hermitian within tolerance: checked by {@link Jacobi}). */
    default ComplexEigResult eig(ComplexPageArray a, SolverOptions options) { throw complexUnsupported(Operation.EIG); }

    default ComplexSvdResult svd(ComplexPageArray a, SolverOptions options) { throw complexUnsupported(Operation.SVD); }

    default ComplexInverseResult inv(ComplexPageArray a, SolverOptions options) { throw complexUnsupported(Operation.INV); }

    default JacobiException complexUnsupported(Operation op) {
        return new JacobiException(ErrorKind.COMPLEX_NOT_SUPPORTED, "the " + name() + " backend does not compute "
                + op.label() + " of complex input yet");
    }
}
