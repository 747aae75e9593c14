package io.github.gpujacobi.api;

/**
 * Found through {@link java.util.ServiceLoader} (META-INF/services/io.github.gpujacobi.api.BackendProvider).
 * Creating a backend may fail (no driver, no device); then {@link #create()} throws a
 * {@link JacobiException} whose message says why, and the toolbox carries on without it.
 */
public interface BackendProvider {
    String name();

    /**
     * Whether {@link #create()} starts a GPU backend (loads native code). Those are created only when
     * a GPU is asked for, or when the backends are listed: {@code Device.CPU} loads nothing native.
     */
    default boolean gpu() { return false; }

    Backend create();
}
