package io.github.gpujacobi.lapack;

/**
 * The lower triangle of B = Q'C (n x n, column-major, leading dimension n) by GEMMs on blocks, at about half the
 * flops of one full GEMM: what BLAS's gemmt computes, which the binding does not expose. The block below the diagonal
 * is one GEMM, the two diagonal blocks recurse; from {@link #DIAGONAL_BLOCK} down a diagonal block is a full GEMM (the
 * strict upper part it also writes is left undefined).
 */
final class LowerProduct {
    private LowerProduct() {}

    /** Order of the diagonal blocks computed whole: smaller GEMMs lose more speed than their extra flops cost. */
    static final int DIAGONAL_BLOCK = 128;

    /** One GEMM of the recursion: B(rows, cols) = Q(:, rows)' C(:, cols), each block at the element offset given. */
    interface Block {
        void gemm(int rows, int cols, long qAt, long cAt, long bAt);
    }

    static void run(int n, Block block) {
        run(n, 0, n, block);
    }

    /** The lower triangle of the diagonal block of B from row and column {@code from}, {@code size} square. */
    private static void run(int n, int from, int size, Block block) {
        if (size <= DIAGONAL_BLOCK) {
            block.gemm(size, size, (long) from * n, (long) from * n, from + (long) from * n);
            return;
        }
        int h = size / 2, lo = from + h;
        block.gemm(size - h, h, (long) lo * n, (long) from * n, lo + (long) from * n);
        run(n, from, h, block);
        run(n, lo, size - h, block);
    }
}
