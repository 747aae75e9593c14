// One-sided Hestenes Jacobi (seed 001): one cooperative launch per sweep; for each round-robin
// step, one block per column pair (grid-stride over pairs) reduces ||a_p||^2, ||a_q||^2 and
// a_p.a_q with warp shuffles, decides by the relative orthogonality test, then rotates columns p, q
// of U (m rows) and V (n rows); a grid sync separates the steps. Column-major storage: every
// access is a coalesced walk down a column. Rotations are counted per block and added to the
// device counter once per sweep; the host reads the counter once per sweep. After convergence the
// column-scaling kernel (seed 001's second kernel) turns A V into U and the singular values.
#include "jacobi_common.cuh"

template <typename T>
__device__ void svd_sweep(T* __restrict__ U, T* __restrict__ V, const int* __restrict__ pairs, int m, int n,
                          int half, int steps, T tol, int fixedSweeps, unsigned long long* counter, int wantV) {
    cg::grid_group grid = cg::this_grid();
    __shared__ T scratch[32];
    __shared__ T rot[2];
    unsigned long long rotated = 0;  // thread 0's count for this block
    for (int s = 0; s < steps; ++s) {
        const int* P = pairs + (long)s * half * 2;
        for (int k = blockIdx.x; k < half; k += gridDim.x) {
            int p = P[2 * k], q = P[2 * k + 1];
            if (q >= n) continue;  // ghost partner (odd n): uniform across the block
            T* up = U + (long)p * m;
            T* uq = U + (long)q * m;
            T a = 0, b = 0, g = 0;
            for (int i = threadIdx.x; i < m; i += blockDim.x) {
                T x = up[i], y = uq[i];
                a += x * x; b += y * y; g += x * y;
            }
            a = block_sum(a, scratch);
            b = block_sum(b, scratch);
            g = block_sum(g, scratch);
            if (threadIdx.x == 0) {
                T c = 1, sn = 0;
                if (g != T(0) && (fixedSweeps || fabs(g) > tol * sqrt(a) * sqrt(b))) {
                    T zeta = (b - a) / (T(2) * g);
                    T t = zeta == T(0) ? T(1) : (zeta < 0 ? T(-1) : T(1)) / (fabs(zeta) + sqrt(T(1) + zeta * zeta));
                    c = T(1) / sqrt(T(1) + t * t);
                    sn = t * c;
                    ++rotated;
                }
                rot[0] = c;
                rot[1] = sn;
            }
            __syncthreads();
            T c = rot[0], sn = rot[1];
            if (sn != T(0)) {
                for (int i = threadIdx.x; i < m; i += blockDim.x) {
                    T x = up[i], y = uq[i];
                    up[i] = c * x - sn * y;
                    uq[i] = sn * x + c * y;
                }
                if (wantV) {
                    T* vp = V + (long)p * n;
                    T* vq = V + (long)q * n;
                    for (int i = threadIdx.x; i < n; i += blockDim.x) {
                        T x = vp[i], y = vq[i];
                        vp[i] = c * x - sn * y;
                        vq[i] = sn * x + c * y;
                    }
                }
            }
            __syncthreads();  // rot[] is reused by the block's next pair
        }
        grid.sync();
    }
    if (threadIdx.x == 0 && rotated) atomicAdd(counter, rotated);
}

extern "C" __global__ void __launch_bounds__(256) svd_sweep_f(float* U, float* V, const int* pairs, int m, int n,
        int half, int steps, float tol, int fixedSweeps, unsigned long long* counter, int wantV) {
    svd_sweep<float>(U, V, pairs, m, n, half, steps, tol, fixedSweeps, counter, wantV);
}
extern "C" __global__ void __launch_bounds__(256) svd_sweep_d(double* U, double* V, const int* pairs, int m, int n,
        int half, int steps, double tol, int fixedSweeps, unsigned long long* counter, int wantV) {
    svd_sweep<double>(U, V, pairs, m, n, half, steps, tol, fixedSweeps, counter, wantV);
}

// Column scaling: one block per column j of the m x n column-major U: sigma_j = ||u_j||, and
// u_j /= sigma_j when sigma_j > 0 (a zero column stays zero; the host completes the basis).
template <typename T>
__device__ void svd_scale(T* __restrict__ U, T* __restrict__ sigma, int m) {
    __shared__ T scratch[32];
    T* u = U + (size_t)blockIdx.x * m;
    T ss = 0;
    for (int i = threadIdx.x; i < m; i += blockDim.x) ss += u[i] * u[i];
    const T norm = sqrt(block_sum(ss, scratch));
    if (threadIdx.x == 0) sigma[blockIdx.x] = norm;
    if (norm > T(0)) {
        const T inv = T(1) / norm;
        for (int i = threadIdx.x; i < m; i += blockDim.x) u[i] *= inv;
    }
}
extern "C" __global__ void svd_scale_f(float* U, float* sigma, int m) { svd_scale(U, sigma, m); }
extern "C" __global__ void svd_scale_d(double* U, double* sigma, int m) { svd_scale(U, sigma, m); }
