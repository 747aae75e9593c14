// Helpers of the blocked Gauss-Jordan inversion [14] (CudaGaussJordan drives them and documents
// the steps). Per block of b columns k..e-1 the host runs: getrf on the panel A(k:n, k:e)
// (partial pivoting, cuSOLVER), gj_swap_rows (the panel's row interchanges on every other
// column), two b x b trsm and two gemm (the eliminator's block column P), gj_block_rows (W and
// the panel's columns reset), and the gemms A += P W and A(k:e, :) := T W.
// At the end gj_gather_columns undoes the row interchanges as column interchanges (a gather
// through the composed permutation), and gj_norm1 gives ||A||_1 and ||inv(A)||_1 for RCOND.
// Column-major, leading dimension n. Everything here is O(n^2): the O(n^3) work is in the GEMMs.
#include "jacobi_common.cuh"

// Row interchanges (LAPACK laswp order) for columns outside [k, e): one thread per column, the
// interchanges in order. ipiv is getrf's, 1-based relative to row k.
template <typename T>
__device__ void gj_swap_rows(T* __restrict__ a, int n, int k, int e, const int* __restrict__ ipiv) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= n - (e - k)) return;
    int j = c < k ? c : c + (e - k);
    T* col = a + (long)j * n;
    for (int r = k; r < e; ++r) {
        int p = k + ipiv[r - k] - 1;
        if (p != r) { T x = col[r]; col[r] = col[p]; col[p] = x; }
    }
}
extern "C" __global__ void gj_swap_rows_f(float* a, int n, int k, int e, const int* ipiv) { gj_swap_rows(a, n, k, e, ipiv); }
extern "C" __global__ void gj_swap_rows_d(double* a, int n, int k, int e, const int* ipiv) { gj_swap_rows(a, n, k, e, ipiv); }
extern "C" __global__ void gj_swap_rows_c(cuFloatComplex* a, int n, int k, int e, const int* ipiv) { gj_swap_rows(a, n, k, e, ipiv); }
extern "C" __global__ void gj_swap_rows_z(cuDoubleComplex* a, int n, int k, int e, const int* ipiv) { gj_swap_rows(a, n, k, e, ipiv); }

// Before the products A += P W and A(k:e, :) := T W: W (b x n, leading dimension b) := A(k:e, :)
// with the identity in the panel's columns; the panel's columns := [0; I; 0]; P's block rows
// (P: n x b, leading dimension n) := 0. The three touch disjoint memory.
template <typename T>
__device__ void gj_block_rows(T* __restrict__ a, int n, int k, int b, T* __restrict__ w, T* __restrict__ p) {
    long id = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= (long)b * n) return;
    int i = (int)(id % b), j = (int)(id / b);
    bool panel = j >= k && j < k + b;
    const T one = from_real<T>(real_t<T>(1)), zero{};
    w[id] = panel ? (i == j - k ? one : zero) : a[(long)j * n + k + i];
    int r = (int)(id % n), c = (int)(id / n);
    a[(long)(k + c) * n + r] = r - k == c ? one : zero;
    if (id < (long)b * b) p[(long)j * n + k + i] = zero;
}
extern "C" __global__ void gj_block_rows_f(float* a, int n, int k, int b, float* w, float* p) { gj_block_rows(a, n, k, b, w, p); }
extern "C" __global__ void gj_block_rows_d(double* a, int n, int k, int b, double* w, double* p) { gj_block_rows(a, n, k, b, w, p); }
extern "C" __global__ void gj_block_rows_c(cuFloatComplex* a, int n, int k, int b, cuFloatComplex* w, cuFloatComplex* p) {
    gj_block_rows(a, n, k, b, w, p);
}
extern "C" __global__ void gj_block_rows_z(cuDoubleComplex* a, int n, int k, int b, cuDoubleComplex* w, cuDoubleComplex* p) {
    gj_block_rows(a, n, k, b, w, p);
}

// X(:, j) := A(:, q[j]): the row interchanges of the elimination undone as column interchanges.
template <typename T>
__device__ void gj_gather_columns(const T* __restrict__ a, T* __restrict__ x, int n, const int* __restrict__ q) {
    long id = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= (long)n * n) return;
    long j = id / n, i = id % n;
    x[id] = a[(long)q[j] * n + i];
}
extern "C" __global__ void gj_gather_columns_f(const float* a, float* x, int n, const int* q) { gj_gather_columns(a, x, n, q); }
extern "C" __global__ void gj_gather_columns_d(const double* a, double* x, int n, const int* q) { gj_gather_columns(a, x, n, q); }
extern "C" __global__ void gj_gather_columns_c(const cuFloatComplex* a, cuFloatComplex* x, int n, const int* q) {
    gj_gather_columns(a, x, n, q);
}
extern "C" __global__ void gj_gather_columns_z(const cuDoubleComplex* a, cuDoubleComplex* x, int n, const int* q) {
    gj_gather_columns(a, x, n, q);
}

// The upper triangle := the lower one (cuSOLVER potri leaves the symmetric inverse in the lower);
// conjugated for a Hermitian one.
template <typename T>
__device__ void copy_lower_to_upper(T* a, int n) {
    long id = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= (long)n * n) return;
    long j = id / n, i = id % n;
    if (i < j) a[id] = conj_of(a[i * n + j]);
}
extern "C" __global__ void copy_lower_to_upper_f(float* a, int n) { copy_lower_to_upper(a, n); }
extern "C" __global__ void copy_lower_to_upper_d(double* a, int n) { copy_lower_to_upper(a, n); }
extern "C" __global__ void copy_lower_to_upper_c(cuFloatComplex* a, int n) { copy_lower_to_upper(a, n); }
extern "C" __global__ void copy_lower_to_upper_z(cuDoubleComplex* a, int n) { copy_lower_to_upper(a, n); }
