package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.Methods;

/** The three pivot orderings of the two-sided eig solver. */
enum EigOrdering {
    /** Seed 000: chess tournament, n/2 disjoint rotations per step, steps run multithreaded. */
    PARALLEL,
    /** Row-cyclic: (0,1), (0,2), ..., (n-2,n-1), one rotation at a time. */
    CYCLIC,
    /** Seed 002: always the largest off-diagonal element next. */
    CLASSICAL;

    static EigOrdering of(String method) {
        if (Methods.CYCLIC.equals(method)) return CYCLIC;
        if (Methods.CLASSICAL.equals(method)) return CLASSICAL;
        return PARALLEL;
    }
}
