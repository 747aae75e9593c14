// Batched one-sided Jacobi SVD [2] for pages of m x n matrices, m >= n (the host transposes
// wide pages), n = 1 ... 256, in one launch. A group of threads per page (PageGroup, as in
// eig_batched.cu); inside it, teams of `lanes` threads (8, 16 or 32, a power of two within a warp)
// each own a column pair of the round-robin step: a team reduces ||u_p||^2, ||u_q||^2 and u_p.u_q
// (in W) with shuffles, every lane derives the same rotation (the relative orthogonality test and
// the formulas of svd_sweep), and the team rotates columns p, q of U and V, lanes walking down the
// columns (consecutive addresses: conflict-free in shared memory, coalesced in global memory).
// Pairs of a step are disjoint, so the only barrier is between steps. Storage (the host's plan):
// U and V in shared memory when they fit a block, else V, then U too, in global memory (in place). W, the type of
// the sums, the rotations and V, is double for both precisions: single pages keep V orthogonal to
// double accuracy. Out: U (A V, in T; the host takes the column norms and sorts), V (W), each
// page's sweep count (negative: not converged) and rotations.
#include "jacobi_common.cuh"

// Sum over `width` consecutive lanes (a power of two <= 32); every lane of the warp must call it.
template <typename W>
__device__ __forceinline__ W team_sum(W v, int width) {
    for (int o = width >> 1; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

template <typename T, typename W>
__device__ void svd_batched(T* __restrict__ U, W* __restrict__ V, const int* __restrict__ pairs, int m, int n,
                            int half, int steps, W tol, int maxSweeps, int fixedSweeps, int* __restrict__ sweepsOut,
                            unsigned long long* __restrict__ rotationsOut, int wantV, int threadsPerPage,
                            int pagesPerBlock, int count, int lanes, int sharedU, int sharedV, int pageStride) {
    extern __shared__ __align__(16) unsigned char smem[];
    const PageGroup g(threadsPerPage);
    const int page = blockIdx.x * pagesPerBlock + g.id;
    if (page >= count) return;
    const int mn = m * n, nn = n * n;
    // the page's shared memory (twin: SvdPagePlan.pageBytes): V [nn] (W), U [mn] (T), counter
    unsigned char* mine = smem + (size_t)g.id * pageStride;
    W* vs = reinterpret_cast<W*>(mine);
    T* us = reinterpret_cast<T*>(vs + (sharedV && wantV ? nn : 0));
    int* counter = reinterpret_cast<int*>(us + (sharedU ? mn : 0));
    T* Ug = U + (size_t)page * mn;
    T* u = sharedU ? us : Ug;
    W* v = wantV ? (sharedV ? vs : V + (size_t)page * nn) : nullptr;
    if (sharedU)
        for (int i = g.rank; i < mn; i += g.size) u[i] = Ug[i];
    if (wantV)
        for (int i = g.rank; i < nn; i += g.size) v[i] = (i % n == i / n) ? W(1) : W(0);
    g.sync();
    const int lane = g.rank & (lanes - 1), team = g.rank / lanes, teams = g.size / lanes;
    page_sweeps(g, counter, n, maxSweeps, fixedSweeps, page, sweepsOut, rotationsOut, [&](int* rotated) {
        for (int st = 0; st < steps; ++st) {
            const int* P = pairs + (size_t)st * half * 2;
            // every team runs the same number of rounds: the shuffles need the whole warp
            for (int k0 = 0; k0 < half; k0 += teams) {
                const int k = k0 + team;
                const bool real = k < half && P[2 * k + 1] < n;  // not past the step, not odd n's ghost
                const int p = real ? P[2 * k] : 0, q = real ? P[2 * k + 1] : 0;
                T* up = u + (size_t)p * m;
                T* uq = u + (size_t)q * m;
                W a = 0, b = 0, h = 0;
                if (real) {
                    for (int i = lane; i < m; i += lanes) {
                        const W x = up[i], y = uq[i];
                        a += x * x;
                        b += y * y;
                        h += x * y;
                    }
                }
                a = team_sum(a, lanes);
                b = team_sum(b, lanes);
                h = team_sum(h, lanes);
                if (!real || h == W(0) || !(fixedSweeps || fabs(h) > tol * sqrt(a) * sqrt(b))) continue;
                const W t = jacobi_tangent(a, b, h);
                const W c = jacobi_cosine(t), s = t * c;  // x' = c x - s y, y' = s x + c y
                for (int i = lane; i < m; i += lanes) {
                    const W x = up[i], y = uq[i];
                    up[i] = T(c * x - s * y);
                    uq[i] = T(s * x + c * y);
                }
                if (wantV) {
                    W* vp = v + (size_t)p * n;
                    W* vq = v + (size_t)q * n;
                    for (int i = lane; i < n; i += lanes) {
                        const W x = vp[i], y = vq[i];
                        vp[i] = c * x - s * y;
                        vq[i] = s * x + c * y;
                    }
                }
                if (lane == 0) atomicAdd(rotated, 1);
            }
            g.sync();
        }
    });
    if (sharedU)
        for (int i = g.rank; i < mn; i += g.size) Ug[i] = u[i];
    if (wantV && sharedV)
        for (int i = g.rank; i < nn; i += g.size) V[(size_t)page * nn + i] = vs[i];
}

#define SVD_BATCHED(NAME, T)                                                                                    \
    extern "C" __global__ void __launch_bounds__(1024) NAME(T* U, double* V, const int* pairs, int m, int n,     \
            int half, int steps, double tol, int maxSweeps, int fixedSweeps, int* sweeps,                        \
            unsigned long long* rotations, int wantV, int threadsPerPage, int pagesPerBlock, int count, int lanes, \
            int sharedU, int sharedV, int pageStride) {                                                            \
        svd_batched<T, double>(U, V, pairs, m, n, half, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations,   \
                               wantV, threadsPerPage, pagesPerBlock, count, lanes, sharedU, sharedV, pageStride);           \
    }
// Double only: single svd pages are solved on a double copy (CudaBatchedSvd), since U formed in float loses
// orthogonality with every rotation (beyond n eps_single from 32 x 32 up).
SVD_BATCHED(svd_batched_d, double)

// ---- Pages with m <= M rows (M = 8, 16, 32), so n <= 32: one warp per page, the page in registers ----
// Lane L holds column L of U (M registers, rows past m zero) and of V; the columns never move. At
// each round-robin step the host's table gives each column its partner (and whether it is the pair's
// p or q; -1: odd n's ghost): the partner's column arrives by shuffle, both lanes of a pair form the
// same sums in the same order (so derive the same rotation), and each rotates its own column. No
// shared memory, no barrier. Sums, rotations, U's registers and V in W (double) for both precisions.
template <typename T, int M>
__device__ void svd_warp(T* __restrict__ U, double* __restrict__ V, const int* __restrict__ partners, int m, int n,
                         int steps, double tol, int maxSweeps, int fixedSweeps, int* __restrict__ sweepsOut,
                         unsigned long long* __restrict__ rotationsOut, int wantV, int count) {
    typedef double W;
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    __shared__ double P[4][32][33];  // per warp of the 128-thread block: V's tile for its Newton-Schulz step
    const int page = blockIdx.x * 4 + (threadIdx.x >> 5);
    if (page >= count) return;
    const size_t mn = (size_t)m * n, off = (size_t)page * mn;
    W u[M], v[M];  // n <= m <= M: V's columns fit too
#pragma unroll
    for (int i = 0; i < M; ++i) {
        u[i] = lane < n && i < m ? W(U[off + (size_t)lane * m + i]) : W(0);
        v[i] = i == lane ? W(1) : W(0);
    }
    unsigned long long total = 0;
    int sweeps = 0;
    bool converged = n <= 1;
    const int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
    while (sweeps < limit && n > 1) {
        ++sweeps;
        int rotated = 0;
        for (int st = 0; st < steps; ++st) {
            const int code = lane < n ? partners[st * n + lane] : -1;
            const int partner = code >= 0 ? code >> 1 : lane;
            const bool q = code & 1;
            W y[M], a = 0, b = 0, h = 0;
#pragma unroll
            for (int i = 0; i < M; ++i) {
                y[i] = __shfl_sync(full, u[i], partner);
                a += u[i] * u[i];
                b += y[i] * y[i];
                h += u[i] * y[i];
            }
            const W app = q ? b : a, aqq = q ? a : b;
            W c = W(1), s = W(0);
            if (code >= 0 && h != W(0) && (fixedSweeps || fabs(h) > W(tol) * sqrt(app) * sqrt(aqq))) {
                const W t = jacobi_tangent(app, aqq, h);
                c = jacobi_cosine(t);
                s = t * c;
            }
            const bool rot = s != W(0);
            const unsigned who = __ballot_sync(full, rot && !q);
            if (who == 0) continue;
            rotated += __popc(who);
            // p' = c p - s q, q' = s p + c q
#pragma unroll
            for (int i = 0; i < M; ++i) u[i] = q ? s * y[i] + c * u[i] : c * u[i] - s * y[i];
            if (wantV) {
#pragma unroll
                for (int i = 0; i < M; ++i) {
                    const W yv = __shfl_sync(full, v[i], partner);
                    v[i] = q ? s * yv + c * v[i] : c * v[i] - s * yv;
                }
            }
        }
        total += rotated;
        if (rotated == 0 && !fixedSweeps) {
            converged = true;
            break;
        }
    }
    if (lane == 0) {
        sweepsOut[page] = converged ? sweeps : -sweeps;
        rotationsOut[page] = total;
    }
    if (lane < n) {
#pragma unroll
        for (int i = 0; i < M; ++i)
            if (i < m) U[off + (size_t)lane * m + i] = T(u[i]);
    }
    if (wantV) {  // V's step (eig_batched.cu's warp_polish_column): the rotations leave V about 2 n eps from orthogonal
        // (Frobenius); lane y holds column y, the tile takes V itself
        double (*Pw)[33] = P[threadIdx.x >> 5];
#pragma unroll
        for (int i = 0; i < M; ++i) Pw[i][lane] = v[i];
        __syncwarp();
        warp_polish_column<M>(Pw, 0, lane, [&](int j, double y) {  // column `lane` of V
            if (lane < n && j < n) V[(size_t)page * n * n + (size_t)lane * n + j] = y;
        });
    }
}

#define SVD_WARP(NAME, T, M)                                                                                   \
    extern "C" __global__ void __launch_bounds__(128) NAME(T* U, double* V, const int* partners, int m, int n,  \
            int steps, double tol, int maxSweeps, int fixedSweeps, int* sweeps, unsigned long long* rotations,   \
            int wantV, int count) {                                                                              \
        svd_warp<T, M>(U, V, partners, m, n, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV, count); \
    }
// Double only, as svd_batched_d.
SVD_WARP(svd_warp_d_m8, double, 8)
SVD_WARP(svd_warp_d_m16, double, 16)
SVD_WARP(svd_warp_d_m32, double, 32)

// The svd pages' U (count pages of m x n, column-major, contiguous: column c of the launch is page c / n's column
// c % n) to unit columns, their norms (the singular values) into sigma[c]: so U can take the same Newton-Schulz step
// as V (PagePolish) before it leaves the GPU. U = A V keeps the one-sided stopping tolerance, |u_p'u_q| <= tol
// ||u_p|| ||u_q|| a pair (up to n^1.5 eps over the page, about 3 n eps measured). The
// pages are in the kernels' safe range (SvdScaling), so the squares cannot overflow; zero columns stay zero. One warp
// a column.
extern "C" __global__ void svd_pages_normalize(double* __restrict__ U, double* __restrict__ sigma, int m, int columns) {
    const int c = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5), lane = threadIdx.x & 31;
    if (c >= columns) return;
    double* u = U + (size_t)c * m;
    double ss = 0;
    for (int i = lane; i < m; i += 32) ss = fma(u[i], u[i], ss);
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    const double norm = sqrt(ss);
    if (lane == 0) sigma[c] = norm;
    if (norm > 0)
        for (int i = lane; i < m; i += 32) u[i] = u[i] / norm;
}
