package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.SolverOptions;

/**
 * What the real and the complex gpujacobi rows ({@link JacobiPeer}, {@link ComplexJacobiPeer}) share:
 * the backend, operation and method, the options that pin them (device, method, caller "bench"),
 * and the row label.
 */
abstract class GpujacobiRow {
    final Backend backend;
    final Operation op;
    final String method;
    final SolverOptions options;

    GpujacobiRow(Backend backend, Operation op, String method, SolverOptions base) {
        this.backend = backend;
        this.op = op;
        this.method = method;
        this.options = base.withDevice(backend.isGpu() ? "gpu" : "cpu").withMethod(method).withCaller("bench");
    }

    public String name() { return "gpujacobi " + backend.name() + "/" + method; }

    public boolean isGpujacobi() { return true; }

    public String op() { return op.label(); }
}
