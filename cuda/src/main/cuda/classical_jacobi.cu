// Classical (max-pivot) Jacobi [3]: every rotation annihilates the off-diagonal element of
// largest weight |a_ij| / sqrt(|a_ii a_jj|) (the weight that matches the relative stopping rule; the
// CPU backend's classical ordering uses the same). One cooperative launch runs up to `budget`
// rotations (one sweep's worth, n(n-1)/2); per rotation two grid-synchronised phases:
//   1. parallel max search: block b scans columns j = b+1, b+1+grid, ... (rows i < j, threads along
//      i: coalesced in column-major A, the diagonal read from the compact copy d), reduces with warp
//      shuffles, and publishes its winner's weight, position and raw a_ij, a_ii, a_jj;
//   2. every block reduces the per-block winners itself (no third phase), derives the same rotation,
//      and the grid rotates rows/columns p, q of A (one thread per index i), V's columns p, q and d.
// The pivot's raw values travel with the reduction, so phase 2 never reads what it overwrites.
// Stops early (uniformly: every block sees the same maximum) when the largest weight is negligible;
// the rotation count goes to *counter, which the host reads once per launch.
#include "jacobi_common.cuh"

template <typename T>
__device__ __forceinline__ T pivot_weight(T aij, T aii, T ajj) {
    T d = sqrt(fabs(aii)) * sqrt(fabs(ajj));
    T x = fabs(aij);
    return d > T(0) ? x / d : (x > T(0) ? T(3.0e38) : T(0));
}

// Max (weight, then smaller index) over a block; thread 0 gets it in (w, k).
template <typename T>
__device__ void block_argmax(T& w, long& k, T* sw, long* sk) {
    for (int o = 16; o > 0; o >>= 1) {
        T ow = __shfl_down_sync(0xffffffffu, w, o);
        long ok = __shfl_down_sync(0xffffffffu, k, o);
        if (ow > w || (ow == w && ok < k)) { w = ow; k = ok; }
    }
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    __syncthreads();
    if (lane == 0) { sw[warp] = w; sk[warp] = k; }
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int v = 1; v < (int)(blockDim.x >> 5); ++v)
            if (sw[v] > w || (sw[v] == w && sk[v] < k)) { w = sw[v]; k = sk[v]; }
    }
}

template <typename T>
__device__ void classical_run(T* __restrict__ A, T* __restrict__ V, T* __restrict__ d, int n, long budget, T tol,
                              T* partW, long* partK, T* partA, unsigned long long* counter, int wantV) {
    cg::grid_group grid = cg::this_grid();
    __shared__ T sw[32];
    __shared__ long sk[32];
    __shared__ T win[4];  // weight, a_pq, a_pp, a_qq
    __shared__ long wink;
    long done = 0;
    const long tid = (long)blockIdx.x * blockDim.x + threadIdx.x, nth = (long)gridDim.x * blockDim.x;
    for (long r = 0; r < budget; ++r) {
        T bw = T(-1);
        long bk = -1;
        for (int j = blockIdx.x + 1; j < n; j += gridDim.x) {
            const T djj = d[j];
            for (int i = threadIdx.x; i < j; i += blockDim.x) {
                T w = pivot_weight(A[(size_t)j * n + i], d[i], djj);
                long k = (long)j * n + i;
                if (w > bw || (w == bw && k < bk)) { bw = w; bk = k; }
            }
        }
        block_argmax(bw, bk, sw, sk);
        if (threadIdx.x == 0) {
            partW[blockIdx.x] = bw;
            partK[blockIdx.x] = bk;
            if (bk >= 0) {
                int i = (int)(bk % n), j = (int)(bk / n);
                partA[3 * blockIdx.x] = A[(size_t)j * n + i];
                partA[3 * blockIdx.x + 1] = A[(size_t)i * n + i];
                partA[3 * blockIdx.x + 2] = A[(size_t)j * n + j];
            }
        }
        grid.sync();
        bw = T(-1);
        bk = -1;
        for (int b = threadIdx.x; b < (int)gridDim.x; b += blockDim.x) {
            if (partK[b] >= 0 && (partW[b] > bw || (partW[b] == bw && partK[b] < bk))) { bw = partW[b]; bk = partK[b]; }
        }
        block_argmax(bw, bk, sw, sk);
        if (threadIdx.x == 0) {
            win[0] = bw;
            wink = bk;
            for (int b = 0; b < (int)gridDim.x; ++b)
                if (partK[b] == bk) { win[1] = partA[3 * b]; win[2] = partA[3 * b + 1]; win[3] = partA[3 * b + 2]; break; }
        }
        __syncthreads();
        const long k = wink;
        const T apq = win[1], app = win[2], aqq = win[3];
        if (k < 0 || apq == T(0) || negligible(apq, app, aqq, tol)) break;  // uniform over the grid
        const int p = (int)(k % n), q = (int)(k / n);
        const T t = jacobi_tangent(app, aqq, apq);
        const T c = jacobi_cosine(t), sn = t * c;
        for (long i = tid; i < n; i += nth) rotate_pivot_at(A, wantV ? V : nullptr, d, n, p, q, t, c, sn, app, aqq, apq, (int)i);
        ++done;
        grid.sync();
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) *counter = (unsigned long long)done;
}

extern "C" __global__ void __launch_bounds__(256) classical_f(float* A, float* V, float* d, int n, long budget, float tol,
        float* partW, long* partK, float* partA, unsigned long long* counter, int wantV) {
    classical_run<float>(A, V, d, n, budget, tol, partW, partK, partA, counter, wantV);
}
extern "C" __global__ void __launch_bounds__(256) classical_d(double* A, double* V, double* d, int n, long budget, double tol,
        double* partW, long* partK, double* partA, unsigned long long* counter, int wantV) {
    classical_run<double>(A, V, d, n, budget, tol, partW, partK, partA, counter, wantV);
}
