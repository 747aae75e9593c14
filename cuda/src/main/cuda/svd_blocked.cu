// Layout kernels of the blocked one-sided Jacobi SVD (CudaBlockedSvd.java) [11, 12, 18]. The sweeps
// themselves are cuBLAS products (the Gram matrix of each block pair, the pair's rotation applied to
// G and V) and the batched two-sided kernel (eig_batched.cu) that diagonalises each pair's Gram
// matrix; these kernels only move data in and out of the work array.
// Work array W, double, leading dimension ld = m (+ N when V is accumulated), N = nb * b columns:
// rows 0..m-1 hold G, rows m..m+N-1 hold V, so one product updates both. Logical column c (block c / b)
// sits in physical column slot[c / b] * b + c % b; columns n..N-1 pad G with zeros (they never rotate:
// their inner products are exactly zero) and V with the identity.
#include "jacobi_common.cuh"

// W := [G; I] in the slot layout. G is m x n column-major; upper != 0 keeps only its upper triangle
// (a Cholesky factor left by potrf over the input's lower part).
extern "C" __global__ void blocked_pack(const double* __restrict__ G, double* __restrict__ W,
                                        const int* __restrict__ slot, int m, int n, int N, int b, int ld, int upper) {
    const size_t total = (size_t)ld * N;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int r = (int)(idx % ld), c = (int)(idx / ld);
        double x;
        if (r < m) x = (c < n && !(upper && r > c)) ? G[r + (size_t)c * m] : 0.0;
        else x = (r - m == c) ? 1.0 : 0.0;
        W[r + (size_t)(slot[c / b] * b + c % b) * ld] = x;
    }
}

// One block per logical column c < n: sigma_c = ||G(:,c)||, U(:,c) = G(:,c) / sigma_c (zero columns stay
// zero), V(:,c) = the first n rows of its V part. U is m x n, V n x n, both column-major, T the caller's type.
template <typename T>
__device__ void blocked_unpack(const double* __restrict__ W, T* __restrict__ U, T* __restrict__ V,
                               T* __restrict__ sigma, const int* __restrict__ slot, int m, int n, int b, int ld, int wantV) {
    __shared__ double scratch[32];
    const int c = blockIdx.x;
    const double* w = W + (size_t)(slot[c / b] * b + c % b) * ld;
    double ss = 0;
    for (int i = threadIdx.x; i < m; i += blockDim.x) ss += w[i] * w[i];
    const double norm = sqrt(block_sum(ss, scratch));
    if (threadIdx.x == 0) sigma[c] = T(norm);
    const double inv = norm > 0 ? 1.0 / norm : 0.0;
    for (int i = threadIdx.x; i < m; i += blockDim.x) U[i + (size_t)c * m] = T(w[i] * inv);
    if (wantV)
        for (int i = threadIdx.x; i < n; i += blockDim.x) V[i + (size_t)c * n] = T(w[m + i]);
}
extern "C" __global__ void blocked_unpack_d(const double* W, double* U, double* V, double* sigma, const int* slot,
                                            int m, int n, int b, int ld, int wantV) {
    blocked_unpack(W, U, V, sigma, slot, m, n, b, ld, wantV);
}
