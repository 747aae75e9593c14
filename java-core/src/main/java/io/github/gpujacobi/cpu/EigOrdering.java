package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Method;

/** The three pivot orderings of the two-sided eig solver. */
enum EigOrdering {
    /** Seed 000: chess tournament, n/2 disjoint rotations per step, steps run multithreaded. */
    PARALLEL,
    /** Row-cyclic: (0,1), (0,2), ..., (n-2,n-1), one rotation at a time. */
    CYCLIC,
    /** Seed 002: always the largest off-diagonal element next. */
    CLASSICAL;

    /** The ordering a (resolved) eig method runs on the CPU: the GPU-only ones run the parallel ordering. */
    static EigOrdering of(String method) {
        Method m = Method.of(method);
        if (m == Method.CYCLIC) return CYCLIC;
        if (m == Method.CLASSICAL) return CLASSICAL;
        return PARALLEL;
    }
}
