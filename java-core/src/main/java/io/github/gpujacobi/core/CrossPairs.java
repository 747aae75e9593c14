package io.github.gpujacobi.core;

/**
 * The pairs of a block pair's problem that cross the two blocks: columns 0..b-1 form block I, b..2b-1
 * block J, and step s (0..b-1) pairs column k with b + (k + s) mod b, so b steps of b disjoint pairs
 * meet all b^2 pairs (i in I, j in J) once. A blocked Jacobi sweep that solves each block pair this
 * way, plus once per sweep every block's own b x b problem (a chess tournament of b), rotates every
 * pair of columns once per sweep, i.e. it is a cyclic ordering like the pointwise sweep's, with about
 * half the dependent steps of a full 2b-1 step sweep per block pair [11, 18].
 */
public final class CrossPairs {
    private CrossPairs() {}

    /** b steps of b pairs, flat: pair k of step s is (flat[(s b + k) 2], flat[(s b + k) 2 + 1]), smaller first. */
    public static int[] flat(int b) {
        if (b < 1) throw new IllegalArgumentException("b < 1");
        int[] out = new int[2 * b * b];
        for (int s = 0; s < b; s++) {
            for (int k = 0; k < b; k++) {
                out[2 * (s * b + k)] = k;
                out[2 * (s * b + k) + 1] = b + (k + s) % b;
            }
        }
        return out;
    }
}
