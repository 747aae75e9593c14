package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.testing.BackendConformance;

/**
 * The CUDA backend against the shared conformance suite (gpujacobi-core's test-jar); every check is
 * skipped, visibly, where there is no GPU. On the GPU machine cuda/gpu-verify.sh runs it from
 * dist/gpujacobi-conformance.jar.
 */
public class CudaConformanceTest extends BackendConformance {
    protected Backend backend() { return Backends.get().gpu(); }

    protected String device() { return "gpu"; }

    @Override
    protected String whyMissing() { return "no GPU here: " + Backends.get().whyNoGpu(); }
}
