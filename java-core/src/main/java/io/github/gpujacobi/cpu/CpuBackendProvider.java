package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.BackendProvider;

/** Registers the always-present CPU backend. */
public final class CpuBackendProvider implements BackendProvider {
    public String name() { return "cpu"; }

    public Backend create() { return new CpuBackend(); }
}
