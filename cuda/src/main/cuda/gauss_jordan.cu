// In-place Gauss-Jordan inversion with partial pivoting (seed 004's three kernels, fused into one
// cooperative launch). For each column k: (1) block 0 finds the pivot row by a max-|a_ik| reduction
// on the device (no column copied to the host); (2) rows k and piv are swapped and column k and
// the scaled pivot row are saved; (3) the rank-one update of every element. Grid syncs separate
// the phases. Column-major n x n: phase 3 is a grid-stride loop with the row index fastest, so
// reads and writes are coalesced. The row swaps are undone at the end as column swaps.
// A zero pivot sets *singular and stops the elimination.
#include "jacobi_common.cuh"

template <typename T>
__device__ void gj_invert(T* __restrict__ a, int n, int* __restrict__ piv, T* __restrict__ col,
                          T* __restrict__ row, int* singular) {
    cg::grid_group grid = cg::this_grid();
    const long tid = (long)blockIdx.x * blockDim.x + threadIdx.x;
    const long nth = (long)gridDim.x * blockDim.x;
    __shared__ T bestv[1024];
    __shared__ int besti[1024];
    for (int k = 0; k < n; ++k) {
        if (blockIdx.x == 0) {
            T bv = -1;
            int bi = k;
            for (int i = k + threadIdx.x; i < n; i += blockDim.x) {
                T v = fabs(a[(long)k * n + i]);
                if (v > bv) { bv = v; bi = i; }
            }
            bestv[threadIdx.x] = bv;
            besti[threadIdx.x] = bi;
            __syncthreads();
            for (int w = blockDim.x / 2; w > 0; w >>= 1) {
                if (threadIdx.x < w) {
                    T ov = bestv[threadIdx.x + w];
                    int oi = besti[threadIdx.x + w];
                    if (ov > bestv[threadIdx.x] || (ov == bestv[threadIdx.x] && oi < besti[threadIdx.x])) {
                        bestv[threadIdx.x] = ov;
                        besti[threadIdx.x] = oi;
                    }
                }
                __syncthreads();
            }
            if (threadIdx.x == 0) {
                piv[k] = besti[0];
                if (!(bestv[0] > T(0))) *singular = 1;
            }
        }
        grid.sync();
        if (*singular) return;  // uniform: every thread sees the same flag after the sync
        const int pr = piv[k];
        // swap rows k and pr, remember column k (after the swap) and the pivot row
        for (long j = tid; j < n; j += nth) {
            T x = a[j * n + k], y = a[j * n + pr];
            a[j * n + k] = y;
            a[j * n + pr] = x;
            row[j] = y;
        }
        grid.sync();
        for (long i = tid; i < n; i += nth) col[i] = a[(long)k * n + i];
        grid.sync();
        const T inv = T(1) / row[k];
        for (long it = tid; it < (long)n * n; it += nth) {
            int j = (int)(it / n), i = (int)(it % n);
            T r = j == k ? inv : row[j] * inv;  // scaled pivot row; column k of the identity part
            if (i == k) a[it] = r;
            else a[it] = (j == k ? T(0) : a[it]) - col[i] * r;
        }
        grid.sync();
    }
    for (int k = n - 1; k >= 0; --k) {  // undo the row swaps as column swaps of the inverse
        int pr = piv[k];
        if (pr != k) {
            for (long i = tid; i < n; i += nth) {
                T x = a[(long)k * n + i];
                a[(long)k * n + i] = a[(long)pr * n + i];
                a[(long)pr * n + i] = x;
            }
        }
        grid.sync();
    }
}

extern "C" __global__ void __launch_bounds__(1024) gj_invert_f(float* a, int n, int* piv, float* col, float* row, int* singular) {
    gj_invert<float>(a, n, piv, col, row, singular);
}
extern "C" __global__ void __launch_bounds__(1024) gj_invert_d(double* a, int n, int* piv, double* col, double* row, int* singular) {
    gj_invert<double>(a, n, piv, col, row, singular);
}
