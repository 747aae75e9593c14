package io.github.gpujacobi.lapack;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.core.Lapack;
import io.github.gpujacobi.cpu.NativeRouteOrder;
import io.github.gpujacobi.testing.BackendConformance;
import org.junit.jupiter.api.BeforeAll;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The CPU backend with the native LAPACK present against the shared conformance suite, every page of order 2 and more
 * through the native routes ({@link NativeRouteOrder#fromEveryOrder}: the graded classes run at orders 20 to 70).
 * java-core's CpuConformanceTest is the same suite without the library.
 */
class LapackConformanceTest extends BackendConformance {
    @BeforeAll
    static void lapackLoaded() {
        assertNotNull(Lapack.get(), "the native LAPACK should load here: " + Lapack.absence());
        NativeRouteOrder.fromEveryOrder();
    }

    protected Backend backend() { return Backends.get().cpu(); }

    protected String device() { return "cpu"; }
}
