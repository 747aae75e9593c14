package io.github.gpujacobi.cuda.blocked;

import java.util.Arrays;

/**
 * Column pairs that can be rotated at once: no column in two of them. The blocked sweeps' check lists the pairs that
 * fail the relative test (CudaBlockedSvd); rotations of disjoint pairs commute, so those are rotated together and the
 * rest wait for the next check.
 */
final class DisjointPairs {
    private DisjointPairs() {}

    /**
     * The pairs of list (p0, q0, p1, q1, ...; columns below cols) taken in order, each kept when neither of its columns
     * is in a pair kept before it.
     */
    static int[] greedy(int[] list, int cols) {
        boolean[] used = new boolean[cols];
        int[] out = new int[list.length];
        int k = 0;
        for (int i = 0; i + 1 < list.length; i += 2) {
            int p = list[i], q = list[i + 1];
            if (p == q || used[p] || used[q]) continue;
            used[p] = used[q] = true;
            out[k++] = p;
            out[k++] = q;
        }
        return Arrays.copyOf(out, k);
    }
}
