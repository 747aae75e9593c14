package io.github.gpujacobi.api;

/**
 * Found through {@link java.util.ServiceLoader} (META-INF/services/io.github.gpujacobi.api.BackendProvider).
 * Creating a backend may fail (no driver, no device); then {@link #create()} throws a
 * {@link JacobiException} whose message says why, and the toolbox carries on without it.
 */
public interface BackendProvider {
    String name();

    Backend create();
}
