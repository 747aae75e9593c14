package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.BlockedScalar;
import io.github.gpujacobi.cuda.launch.Tuning;

/**
 * The blocked sweeps' block width b (CudaBlockedSvd): the pair problems are 2b x 2b in shared memory, and the update
 * GEMMs' traffic per sweep halves with each doubling of b while the pair solves grow dearer, so b = 32, or 64 from
 * the generation's crossover order ({@link Tuning#wideFrom}, {@link Tuning#complexWideFrom}).
 */
public final class BlockWidth {
    private BlockWidth() {}

    /**
     * Block width for n columns of element type el as the sweeps use it: a power of 2, at most (n + 1) / 2, up to
     * {@link BlockedScalar#maxWidth} (one pair kernel a pair problem) or, complex, twice that with the pair problems
     * solved split ({@link CudaSplitPairs}); hyperbolic pair problems up to 2 {@link Tuning#hyperbolicMaxWidth}.
     */
    public static int of(Tuning t, int n, boolean hyperbolic, BlockedScalar el) {
        int w;
        if (el.complex()) {
            w = Math.min(n >= t.complexWideFrom ? 64 : 32, 4 * el.maxWidth());
        } else {
            int real = n >= t.wideFrom ? 64 : 32;
            w = Math.min(el.maxWidth(), hyperbolic ? Math.min(real, t.hyperbolicMaxWidth) : real);
        }
        return Integer.highestOneBit(Math.max(1, Math.min(w, (n + 1) / 2)));
    }
}
