package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.testing.BackendConformance;

/** The CPU backend against the shared conformance suite. */
class CpuConformanceTest extends BackendConformance {
    protected Backend backend() { return Backends.get().cpu(); }

    protected String device() { return "cpu"; }
}
