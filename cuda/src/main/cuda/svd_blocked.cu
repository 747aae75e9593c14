// Layout kernels of the blocked one-sided Jacobi SVD (CudaBlockedSvd.java) [11, 12, 18]. The sweeps
// themselves are cuBLAS products (the Gram matrix of each block pair, the pair's rotation applied to
// G and V) and the batched two-sided kernel (eig_batched.cu) that diagonalises each pair's Gram
// matrix; these kernels only move data in and out of the work array.
// Work array W, double, leading dimension ld = m (+ N when V is accumulated), N = nb * b columns:
// rows 0..m-1 hold G, rows m..m+N-1 hold V, so one product updates both. Logical column c (block c / b)
// sits in physical column slot[c / b] * b + c % b; columns n..N-1 pad G with zeros (they never rotate:
// their inner products are exactly zero) and V with the identity.
#include "jacobi_common.cuh"

// W := [X; I] in the slot layout. X is m x n, from G (leading dimension ldg) by mode: 0 X = G;
// 1 X = the upper triangle of G (a Cholesky factor that potrf left over the input's lower part);
// 2 X = R' for the upper triangle R of G (geqrf's R: the QR-preconditioned SVD, m = n).
extern "C" __global__ void blocked_pack(const double* __restrict__ G, int ldg, double* __restrict__ W,
                                        const int* __restrict__ slot, int m, int n, int N, int b, int ld, int mode) {
    const size_t total = (size_t)ld * N;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int r = (int)(idx % ld), c = (int)(idx / ld);
        double x;
        if (r < m) {
            if (c >= n || (mode == 1 && r > c) || (mode == 2 && r < c)) x = 0.0;
            else x = mode == 2 ? G[c + (size_t)r * ldg] : G[r + (size_t)c * ldg];
        } else {
            x = (r - m == c) ? 1.0 : 0.0;
        }
        W[r + (size_t)(slot[c / b] * b + c % b) * ld] = x;
    }
}

// C (m x n) := [W; 0] for the n x n W: the right-hand side of ormqr that turns W into Q W.
extern "C" __global__ void blocked_embed(const double* __restrict__ W, double* __restrict__ C, int m, int n) {
    const size_t total = (size_t)m * n;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int r = (int)(idx % m), c = (int)(idx / m);
        C[idx] = r < n ? W[r + (size_t)c * n] : 0.0;
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

// The pair problem of one block pair, one thread block per pair: one sweep of two-sided Jacobi
// (chess-tournament order, relative test, the rotation formula of eig_batched.cu) on its Q x Q Gram
// matrix (Q = 2b), accumulating the rotations in R, then one Newton-Schulz step R (3I - R'R) / 2
// written to Qout, so the roundings of the rotations do not add up in V over the steps. A and R
// live in shared memory with a padded leading dimension; a step is two barriers: the rotations,
// then J' A J by independent 2 x 2 blocks and R J by rows (the latency of the 2b - 1 sequential
// steps, not flops, bounds this kernel: 165 us for 2b = 64 with three barriers per step). One sweep
// suffices: the outer sweeps converge as fast as with pair problems solved to convergence, and
// the pair's Q carries fewer roundings. rotationsOut[blockIdx.x]: the pairs rotated (0: the
// pair was already orthogonal, the outer convergence test).
template <int Q, int THREADS>
__device__ void blocked_pair(const double* __restrict__ gram, double* __restrict__ qout, const int* __restrict__ pairs,
                             double tol, unsigned long long* __restrict__ rotationsOut) {
    constexpr int LD = Q + 1, H = Q / 2, STEPS = Q - 1;
    extern __shared__ __align__(16) unsigned char smem[];
    double* a = reinterpret_cast<double*>(smem);
    double* r = a + Q * LD;
    double* cs = r + Q * LD;  // c[H], s[H]
    int* pp = reinterpret_cast<int*>(cs + 2 * H);
    __shared__ int rotated;
    const double* g = gram + (size_t)blockIdx.x * Q * Q;
    for (int i = threadIdx.x; i < Q * Q; i += THREADS) {
        const int row = i % Q, col = i / Q;
        a[row + col * LD] = g[i];
        r[row + col * LD] = row == col ? 1.0 : 0.0;
    }
    for (int i = threadIdx.x; i < STEPS * Q; i += THREADS) pp[i] = pairs[i];
    if (threadIdx.x == 0) rotated = 0;
    __syncthreads();
    for (int st = 0; st < STEPS; ++st) {
        const int* P = pp + st * Q;
        if (threadIdx.x < H) {
            const int k = threadIdx.x, p = P[2 * k], q = P[2 * k + 1];
            const double apq = a[p + q * LD], app = a[p + p * LD], aqq = a[q + q * LD];
            double c = 1, s = 0;
            if (!negligible(apq, app, aqq, tol)) {
                const double t = jacobi_tangent(app, aqq, apq);
                c = 1 / sqrt(1 + t * t);
                s = t * c;
                atomicAdd(&rotated, 1);
            }
            cs[k] = c;
            cs[H + k] = s;
        }
        __syncthreads();
        // A := J' A J by 2 x 2 blocks (rows p_k, q_k; columns p_l, q_l), each with one writer, so one
        // barrier per step; the annihilated entries of a rotated pair set to zero. R := R J by rows.
        for (int idx = threadIdx.x; idx < H * H; idx += THREADS) {
            const int k = idx % H, l = idx / H;
            const double sk = cs[H + k], sl = cs[H + l];
            if (sk == 0 && sl == 0) continue;
            const double ck = cs[k], cl = cs[l];
            const int pk = P[2 * k], qk = P[2 * k + 1], pl = P[2 * l], ql = P[2 * l + 1];
            const double app = a[pk + pl * LD], apq = a[pk + ql * LD], aqp = a[qk + pl * LD], aqq = a[qk + ql * LD];
            const double yp0 = cl * app - sl * apq, yq0 = sl * app + cl * apq;  // row p_k times J_l
            const double yp1 = cl * aqp - sl * aqq, yq1 = sl * aqp + cl * aqq;  // row q_k times J_l
            const bool pivot = k == l;
            a[pk + pl * LD] = ck * yp0 - sk * yp1;
            a[pk + ql * LD] = pivot ? 0.0 : ck * yq0 - sk * yq1;
            a[qk + pl * LD] = pivot ? 0.0 : sk * yp0 + ck * yp1;
            a[qk + ql * LD] = sk * yq0 + ck * yq1;
        }
        for (int idx = threadIdx.x; idx < H * Q; idx += THREADS) {
            const int i = idx % Q, l = idx / Q;
            const double sl = cs[H + l];
            if (sl == 0) continue;
            const double cl = cs[l];
            const int pl = P[2 * l], ql = P[2 * l + 1];
            const double xp = r[i + pl * LD], xq = r[i + ql * LD];
            r[i + pl * LD] = cl * xp - sl * xq;
            r[i + ql * LD] = sl * xp + cl * xq;
        }
        __syncthreads();
    }
    double* out = qout + (size_t)blockIdx.x * Q * Q;
    if (rotated == 0) {  // R = I exactly: the pair is orthogonal, the outer convergence test
        for (int idx = threadIdx.x; idx < Q * Q; idx += THREADS) out[idx] = idx % Q == idx / Q ? 1.0 : 0.0;
        if (threadIdx.x == 0) rotationsOut[blockIdx.x] = 0;
        return;
    }
    // Newton-Schulz: T = R'R into a's storage, then Qout = R (3I - T) / 2
    for (int idx = threadIdx.x; idx < Q * Q; idx += THREADS) {
        const int i = idx % Q, j = idx / Q;
        double t = 0;
        for (int l = 0; l < Q; ++l) t += r[l + i * LD] * r[l + j * LD];
        a[i + j * LD] = (i == j ? 1.5 : 0.0) - 0.5 * t;
    }
    __syncthreads();
    for (int idx = threadIdx.x; idx < Q * Q; idx += THREADS) {
        const int i = idx % Q, j = idx / Q;
        double t = 0;
        for (int l = 0; l < Q; ++l) t += r[i + l * LD] * a[l + j * LD];
        out[i + j * Q] = t;
    }
    if (threadIdx.x == 0) rotationsOut[blockIdx.x] = rotated;
}

// Shared memory: (2 Q (Q + 1) + Q) doubles + (Q - 1) Q ints (CudaBlockedSvd.pairBytes).
#define BLOCKED_PAIR(NAME, Q, T)                                                                               \
    extern "C" __global__ void __launch_bounds__(T) NAME(const double* gram, double* qout,                      \
            const int* pairs, double tol, unsigned long long* rotations) {                                      \
        blocked_pair<Q, T>(gram, qout, pairs, tol, rotations);                                                  \
    }
BLOCKED_PAIR(blocked_pair_64, 64, 1024)
BLOCKED_PAIR(blocked_pair_32, 32, 256)
BLOCKED_PAIR(blocked_pair_16, 16, 128)
BLOCKED_PAIR(blocked_pair_8, 8, 64)
BLOCKED_PAIR(blocked_pair_4, 4, 32)
BLOCKED_PAIR(blocked_pair_2, 2, 32)
