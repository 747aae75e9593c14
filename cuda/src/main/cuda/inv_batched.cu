// Batched Gauss-Jordan inversion of small pages [15]. inv_batched (n <= 64): one block per page,
// the page in shared memory (32 KB in double), partial pivoting by a warp reduction, the row
// interchange folded into the rank-one update by all threads (three barriers a column), the
// interchanges undone as column interchanges at the end, each thread owning rows. inv_warp
// (n <= 32, below): one warp per page. Every page also gets ||A||_1 and ||inv(A)||_1 (for RCOND)
// and a flag for an exactly zero pivot (that page is singular; the others are unaffected).
#include "jacobi_common.cuh"

// The largest column sum of |a| (n x n in shared memory), every thread gets it.
template <typename T>
__device__ double page_norm1(const T* a, int n, double* scratch) {
    double best = 0;
    for (int j = threadIdx.x; j < n; j += blockDim.x) {
        double s = 0;
        for (int i = 0; i < n; ++i) s += fabs((double)a[j * n + i]);
        best = s > best || s != s ? s : best;  // a NaN sum wins
    }
    for (int o = 16; o > 0; o >>= 1) {
        double x = __shfl_down_sync(0xffffffffu, best, o);
        best = x > best || x != x ? x : best;
    }
    __syncthreads();
    if ((threadIdx.x & 31) == 0) scratch[threadIdx.x >> 5] = best;
    __syncthreads();
    double total = 0;
    for (int w = 0; w < (int)(blockDim.x >> 5); ++w) total = scratch[w] > total || scratch[w] != scratch[w] ? scratch[w] : total;
    return total;
}

template <typename T>
__device__ void inv_batched(T* __restrict__ pages, int n, double* __restrict__ norms, int* __restrict__ singular) {
    extern __shared__ __align__(16) unsigned char smem[];
    T* a = reinterpret_cast<T*>(smem);
    T* col = a + n * n;  // column k, rows k and p exchanged
    T* row = col + n;    // the pivot row p
    T* rowk = row + n;   // row k, which moves to row p
    int* perm = reinterpret_cast<int*>(rowk + n);
    __shared__ double scratch[32];
    __shared__ int bad;
    const int nn = n * n;
    // the update's fixed mapping: each thread one row i, columns j0, j0 + cs, ... (no division in the loop)
    const int ti = threadIdx.x % n, j0 = threadIdx.x / n, cs = blockDim.x / n;
    T* g = pages + (long)blockIdx.x * nn;
    for (int id = threadIdx.x; id < nn; id += blockDim.x) a[id] = g[id];
    if (threadIdx.x == 0) bad = 0;
    __syncthreads();
    double normA = page_norm1(a, n, scratch);
    for (int k = 0; k < n; ++k) {
        if (threadIdx.x < 32) {  // pivot: the largest |a_ik|, i >= k, the first on ties
            T bv = T(-1);
            int bi = k;
            for (int i = k + threadIdx.x; i < n; i += 32) {
                T v = fabs(a[k * n + i]);
                if (v > bv) { bv = v; bi = i; }
            }
            for (int o = 16; o > 0; o >>= 1) {
                T ov = __shfl_down_sync(0xffffffffu, bv, o);
                int oi = __shfl_down_sync(0xffffffffu, bi, o);
                if (ov > bv || (ov == bv && oi < bi)) { bv = ov; bi = oi; }
            }
            if (threadIdx.x == 0) {
                perm[k] = bi;
                if (!(bv > T(0))) bad = 1;  // zero (or NaN) pivot
            }
        }
        __syncthreads();
        if (bad) break;  // uniform after the barrier
        const int p = perm[k];
        // the row interchange k <-> p is folded into the update: keep rows p and k and column k
        for (int j = threadIdx.x; j < n; j += blockDim.x) {
            row[j] = a[j * n + p];
            rowk[j] = a[j * n + k];
            col[j] = a[k * n + (j == k ? p : j == p ? k : j)];
        }
        __syncthreads();
        const T inv = T(1) / row[k];
        if (j0 < cs) {
            const int i = ti;
            const T ci = col[i];
            for (int j = j0; j < n; j += cs) {
                T r = j == k ? inv : row[j] * inv;  // the scaled pivot row; column k of the identity part
                T old = j == k ? T(0) : (i == p ? rowk[j] : a[j * n + i]);
                a[j * n + i] = i == k ? r : old - ci * r;
            }
        }
        __syncthreads();
    }
    if (bad) {
        if (threadIdx.x == 0) {
            singular[blockIdx.x] = 1;
            norms[2 * blockIdx.x] = normA;
            norms[2 * blockIdx.x + 1] = 0;
        }
        return;
    }
    for (int i = threadIdx.x; i < n; i += blockDim.x) {  // undo the row swaps as column swaps, per row
        for (int k = n - 1; k >= 0; --k) {
            int p = perm[k];
            if (p != k) { T x = a[k * n + i]; a[k * n + i] = a[p * n + i]; a[p * n + i] = x; }
        }
    }
    __syncthreads();
    double normX = page_norm1(a, n, scratch);
    for (int id = threadIdx.x; id < nn; id += blockDim.x) g[id] = a[id];
    if (threadIdx.x == 0) {
        singular[blockIdx.x] = 0;
        norms[2 * blockIdx.x] = normA;
        norms[2 * blockIdx.x + 1] = normX;
    }
}

extern "C" __global__ void __launch_bounds__(512) inv_batched_f(float* pages, int n, double* norms, int* singular) {
    inv_batched<float>(pages, n, norms, singular);
}
extern "C" __global__ void __launch_bounds__(512) inv_batched_d(double* pages, int n, double* norms, int* singular) {
    inv_batched<double>(pages, n, norms, singular);
}

// Pages up to 32 x 32: one warp per page (several pages a block, each warp its own slice of shared
// memory), lane i owning row i. The pivot search is a warp argmax by shuffles and the steps need
// only __syncwarp, so a page costs no block barriers at all.
template <typename T>
__device__ void inv_warp(T* __restrict__ pages, int n, int count, double* __restrict__ norms, int* __restrict__ singular) {
    extern __shared__ __align__(16) unsigned char smem[];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int page = blockIdx.x * (blockDim.x >> 5) + warp;
    if (page >= count) return;  // the whole warp: no block barriers below
    const int nn = n * n;
    T* a = reinterpret_cast<T*>(smem) + (long)warp * (nn + 2 * n);
    T* row = a + nn;   // the pivot row p
    T* rowk = row + n; // row k, which moves to row p
    T* g = pages + (long)page * nn;
    for (int id = lane; id < nn; id += 32) a[id] = g[id];
    __syncwarp();
    const int i = lane;
    double normA = 0;
    if (i < n) for (int r = 0; r < n; ++r) normA += fabs((double)a[i * n + r]);  // lane i: column i
    for (int o = 16; o > 0; o >>= 1) {
        double x = __shfl_xor_sync(0xffffffffu, normA, o);
        normA = x > normA || x != x ? x : normA;
    }
    int myPerm = i;  // lane k keeps step k's pivot row
    bool bad = false;
    for (int k = 0; k < n; ++k) {
        T bv = i >= k && i < n ? fabs(a[k * n + i]) : T(-1);
        int bi = i;
        for (int o = 16; o > 0; o >>= 1) {  // argmax, the first on ties; every lane gets it
            T ov = __shfl_xor_sync(0xffffffffu, bv, o);
            int oi = __shfl_xor_sync(0xffffffffu, bi, o);
            if (ov > bv || (ov == bv && oi < bi)) { bv = ov; bi = oi; }
        }
        if (!(bv > T(0))) { bad = true; break; }  // zero (or NaN) pivot: uniform over the warp
        const int p = bi;
        if (i == k) myPerm = p;
        if (i < n) {
            row[i] = a[i * n + p];
            rowk[i] = a[i * n + k];
        }
        __syncwarp();
        if (i < n) {
            const T inv = T(1) / row[k];
            const T ci = i == p ? rowk[k] : a[k * n + i];  // column k after the interchange
            for (int j = 0; j < n; ++j) {
                T r = j == k ? inv : row[j] * inv;
                T old = j == k ? T(0) : (i == p ? rowk[j] : a[j * n + i]);
                a[j * n + i] = i == k ? r : old - ci * r;
            }
        }
        __syncwarp();
    }
    if (bad) {
        if (lane == 0) {
            singular[page] = 1;
            norms[2 * page] = normA;
            norms[2 * page + 1] = 0;
        }
        return;
    }
    for (int k = n - 1; k >= 0; --k) {  // undo the row interchanges as column interchanges, lane i row i
        int p = __shfl_sync(0xffffffffu, myPerm, k);
        if (i < n && p != k) { T x = a[k * n + i]; a[k * n + i] = a[p * n + i]; a[p * n + i] = x; }
    }
    __syncwarp();
    double normX = 0;
    if (i < n) for (int r = 0; r < n; ++r) normX += fabs((double)a[i * n + r]);
    for (int o = 16; o > 0; o >>= 1) {
        double x = __shfl_xor_sync(0xffffffffu, normX, o);
        normX = x > normX || x != x ? x : normX;
    }
    for (int id = lane; id < nn; id += 32) g[id] = a[id];
    if (lane == 0) {
        singular[page] = 0;
        norms[2 * page] = normA;
        norms[2 * page + 1] = normX;
    }
}

extern "C" __global__ void inv_warp_f(float* pages, int n, int count, double* norms, int* singular) {
    inv_warp<float>(pages, n, count, norms, singular);
}
extern "C" __global__ void inv_warp_d(double* pages, int n, int count, double* norms, int* singular) {
    inv_warp<double>(pages, n, count, norms, singular);
}
