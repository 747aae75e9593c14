// Batched one-sided Jacobi SVD (seed 001) for pages of small matrices, m >= n (the host transposes
// wide pages). Launch geometry: one block of 256 threads per page (grid = pages), the whole solve
// in one launch, like eig_batched.cu: the page's U (m x n, becomes A V) and V (n x n) live in
// dynamic shared memory, (m n + n^2) elements. Per round-robin step a warp owns a column pair
// (warps stride over the n/2 pairs): it reduces ||u_p||^2, ||u_q||^2 and u_p.u_q with shuffles,
// every lane derives the same rotation (the relative orthogonality test and the formulas of
// svd_sweep), and the warp rotates columns p, q of U and V, lanes walking down the columns
// (consecutive addresses, conflict-free). Pairs of a step are disjoint, so the only block barrier
// is between steps. Convergence (a sweep without rotations) is decided in the block; the page's
// sweep count carries it as its sign. Global memory: one coalesced load of the page, one store of
// U and V; the host takes the column norms (singular values) and sorts, as for the CPU backend.
#include "jacobi_common.cuh"

template <typename T>
__device__ __forceinline__ T warp_sum(T v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

template <typename T>
__device__ void svd_batched(T* __restrict__ U, T* __restrict__ V, const int* __restrict__ pairs, int m, int n,
                            int half, int steps, T tol, int maxSweeps, int fixedSweeps, int* __restrict__ sweepsOut,
                            unsigned long long* __restrict__ rotationsOut, int wantV) {
    extern __shared__ __align__(16) unsigned char smem[];
    T* u = reinterpret_cast<T*>(smem);
    T* v = u + m * n;
    const int mn = m * n;
    const size_t off = (size_t)blockIdx.x * mn;
    for (int i = threadIdx.x; i < mn; i += blockDim.x) u[i] = U[off + i];
    if (wantV)
        for (int i = threadIdx.x; i < n * n; i += blockDim.x) v[i] = (i % n == i / n) ? T(1) : T(0);
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
    batched_sweeps(n, maxSweeps, fixedSweeps, sweepsOut, rotationsOut, [&](int* sweepRotations) {
        for (int st = 0; st < steps; ++st) {
            const int* P = pairs + (size_t)st * half * 2;
            for (int k = warp; k < half; k += warps) {
                const int p = P[2 * k], q = P[2 * k + 1];
                if (q >= n) continue;  // the ghost partner of odd n: uniform across the warp
                T* up = u + p * m;
                T* uq = u + q * m;
                T a = 0, b = 0, g = 0;
                for (int i = lane; i < m; i += 32) {
                    T x = up[i], y = uq[i];
                    a += x * x;
                    b += y * y;
                    g += x * y;
                }
                a = warp_sum(a);
                b = warp_sum(b);
                g = warp_sum(g);
                if (g == T(0) || !(fixedSweeps || fabs(g) > tol * sqrt(a) * sqrt(b))) continue;
                T t = jacobi_tangent(a, b, g);
                T c = jacobi_cosine(t), s = t * c;  // x' = c x - s y, y' = s x + c y
                for (int i = lane; i < m; i += 32) {
                    T x = up[i], y = uq[i];
                    up[i] = c * x - s * y;
                    uq[i] = s * x + c * y;
                }
                if (wantV) {
                    T* vp = v + p * n;
                    T* vq = v + q * n;
                    for (int i = lane; i < n; i += 32) {
                        T x = vp[i], y = vq[i];
                        vp[i] = c * x - s * y;
                        vq[i] = s * x + c * y;
                    }
                }
                if (lane == 0) atomicAdd(sweepRotations, 1);
            }
            __syncthreads();
        }
    });
    for (int i = threadIdx.x; i < mn; i += blockDim.x) U[off + i] = u[i];
    if (wantV)
        for (int i = threadIdx.x; i < n * n; i += blockDim.x) V[(size_t)blockIdx.x * n * n + i] = v[i];
}

extern "C" __global__ void __launch_bounds__(256) svd_batched_f(float* U, float* V, const int* pairs, int m, int n,
        int half, int steps, float tol, int maxSweeps, int fixedSweeps, int* sweeps, unsigned long long* rotations,
        int wantV) {
    svd_batched<float>(U, V, pairs, m, n, half, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV);
}
extern "C" __global__ void __launch_bounds__(256) svd_batched_d(double* U, double* V, const int* pairs, int m, int n,
        int half, int steps, double tol, int maxSweeps, int fixedSweeps, int* sweeps, unsigned long long* rotations,
        int wantV) {
    svd_batched<double>(U, V, pairs, m, n, half, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV);
}
