// Batched two-sided Jacobi for pages of small symmetric matrices (seed 000's parallel ordering).
// Launch geometry: one block of 256 threads per page (grid = pages), the whole solve in one launch:
// the page's A (and V) live in dynamic shared memory, (2 n^2 + 2 half) elements, so n is limited by
// the opt-in shared memory per block (H100: n <= 119 in double with V). Per chess-tournament step:
// the half pair threads derive (c, s) with the relative test, then A V and A R are updated with one
// thread per (row, pair) - consecutive threads walk down a column, conflict-free - and R' A with one
// thread per (pair, column) - consecutive threads take different pairs, so different rows and banks.
// No grid or host synchronisation: convergence (a sweep without rotations) is decided in the block
// and returned as the sign of the page's sweep count.
// Global memory is touched twice per page: the load of A at the start and the store of A (its
// diagonal holds the eigenvalues) and V at the end, both coalesced.
#include "jacobi_common.cuh"

template <typename T>
__device__ void eig_batched(T* __restrict__ A, T* __restrict__ V, const int* __restrict__ pairs, int n, int half,
                            int steps, T tol, int maxSweeps, int fixedSweeps, int* __restrict__ sweepsOut,
                            unsigned long long* __restrict__ rotationsOut, int wantV) {
    extern __shared__ __align__(16) unsigned char smem[];
    T* a = reinterpret_cast<T*>(smem);
    T* v = a + n * n;
    T* c = v + (wantV ? n * n : 0);
    T* s = c + half;
    const int nn = n * n;
    const size_t off = (size_t)blockIdx.x * nn;
    for (int i = threadIdx.x; i < nn; i += blockDim.x) {
        a[i] = A[off + i];
        if (wantV) v[i] = (i % n == i / n) ? T(1) : T(0);
    }
    batched_sweeps(n, maxSweeps, fixedSweeps, sweepsOut, rotationsOut, [&](int* sweepRotations) {
        for (int st = 0; st < steps; ++st) {
            const int* P = pairs + (size_t)st * half * 2;
            for (int k = threadIdx.x; k < half; k += blockDim.x) {
                int p = P[2 * k], q = P[2 * k + 1];
                T cc = T(1), ss = T(0);
                if (q < n) {  // q >= n: the ghost partner of odd n
                    T apq = a[p + q * n], app = a[p + p * n], aqq = a[q + q * n];
                    if (fixedSweeps ? apq != T(0) : !negligible(apq, app, aqq, tol)) {
                        T t = jacobi_tangent(app, aqq, apq);
                        cc = jacobi_cosine(t);
                        ss = t * cc;
                        atomicAdd(sweepRotations, 1);
                    }
                }
                c[k] = cc;
                s[k] = ss;
            }
            __syncthreads();
            // A := A R and V := V R: columns p, q of every rotated pair
            for (int idx = threadIdx.x; idx < half * n; idx += blockDim.x) {
                int k = idx / n, i = idx - k * n;
                T ss = s[k];
                if (ss == T(0)) continue;
                T cc = c[k];
                int p = P[2 * k], q = P[2 * k + 1];
                T x = a[i + p * n], y = a[i + q * n];
                a[i + p * n] = cc * x - ss * y;
                a[i + q * n] = ss * x + cc * y;
                if (wantV) {
                    x = v[i + p * n];
                    y = v[i + q * n];
                    v[i + p * n] = cc * x - ss * y;
                    v[i + q * n] = ss * x + cc * y;
                }
            }
            __syncthreads();
            // A := R' A: rows p, q
            for (int idx = threadIdx.x; idx < half * n; idx += blockDim.x) {
                int k = idx % half, j = idx / half;
                T ss = s[k];
                if (ss == T(0)) continue;
                T cc = c[k];
                int p = P[2 * k], q = P[2 * k + 1];
                T x = a[p + j * n], y = a[q + j * n];
                a[p + j * n] = cc * x - ss * y;
                a[q + j * n] = ss * x + cc * y;
            }
            __syncthreads();
            for (int k = threadIdx.x; k < half; k += blockDim.x) {
                if (s[k] != T(0)) {
                    int p = P[2 * k], q = P[2 * k + 1];
                    a[p + q * n] = T(0);
                    a[q + p * n] = T(0);
                }
            }
            __syncthreads();
        }
    });
    for (int i = threadIdx.x; i < nn; i += blockDim.x) {
        A[off + i] = a[i];
        if (wantV) V[off + i] = v[i];
    }
}

extern "C" __global__ void __launch_bounds__(256) eig_batched_f(float* A, float* V, const int* pairs, int n, int half,
        int steps, float tol, int maxSweeps, int fixedSweeps, int* sweeps, unsigned long long* rotations, int wantV) {
    eig_batched<float>(A, V, pairs, n, half, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV);
}
extern "C" __global__ void __launch_bounds__(256) eig_batched_d(double* A, double* V, const int* pairs, int n, int half,
        int steps, double tol, int maxSweeps, int fixedSweeps, int* sweeps, unsigned long long* rotations, int wantV) {
    eig_batched<double>(A, V, pairs, n, half, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV);
}
