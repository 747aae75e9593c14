// Batched two-sided Jacobi for pages of symmetric matrices, n = 1 ... 256 (seed 000's parallel
// ordering, the relative stopping rule of the single-matrix kernels). One launch solves every page:
// a group of threads per page (PageGroup: one warp for the smallest pages, several pages per block;
// a slice of warps or the whole block for larger ones), no grid or host synchronisation.
// Per chess-tournament step, two group barriers:
//   1. the pair threads derive (c, s) of the step's pairs with the relative test (in W);
//   2. A := R' A R in one pass over 2 x 2 blocks - the thread of block (k, l) reads the four entries
//      a[{p_k, q_k}, {p_l, q_l}], applies pair l's rotation to the columns and pair k's to the rows,
//      writes them back (pairs are disjoint, so blocks are) - and V := V R with one thread per
//      (row, pair), consecutive threads walking down a column (conflict-free, coalesced).
// Storage (the host's EigPagePlan picks it by what fits the shared memory of a block): A and V in
// shared memory; A shared and V in global memory (128 x 128 double); both in global memory
// (256 x 256), where the block works in place on the page. W is the type of the rotations and of V:
// double for both precisions, so single pages keep V orthogonal to double accuracy while A is
// stored (and its eigenvalues are found) in T. The input is MATLAB's column-major n x n x p array as
// it arrives; the kernel symmetrizes (A + A')/2 while loading. Out: the eigenvalues (the diagonal,
// in W) per page, V per page, each page's sweep count (negative: not converged) and rotations.
#include "jacobi_common.cuh"

template <typename T, typename W>
__device__ void eig_batched(T* __restrict__ A, W* __restrict__ D, W* __restrict__ V, const int* __restrict__ pairs,
                            int n, int half, int steps, W tol, int maxSweeps, int fixedSweeps,
                            int* __restrict__ sweepsOut, unsigned long long* __restrict__ rotationsOut, int wantV,
                            int threadsPerPage, int pagesPerBlock, int count, int sharedA, int sharedV, int pageStride) {
    extern __shared__ __align__(16) unsigned char smem[];
    const PageGroup g(threadsPerPage);
    const int page = blockIdx.x * pagesPerBlock + g.id;
    if (page >= count) return;  // the whole group leaves: its barrier is its own
    const int nn = n * n;
    // the page's shared memory (twin: EigPagePlan.pageBytes): c, s [half], V [nn] (W), A [nn] (T), counter
    unsigned char* mine = smem + (size_t)g.id * pageStride;
    W* c = reinterpret_cast<W*>(mine);
    W* s = c + half;
    W* vs = s + half;
    T* as = reinterpret_cast<T*>(vs + (sharedV ? nn : 0));
    int* counter = reinterpret_cast<int*>(as + (sharedA ? nn : 0));
    T* Ag = A + (size_t)page * nn;
    T* a = sharedA ? as : Ag;
    W* v = wantV ? (sharedV ? vs : V + (size_t)page * nn) : nullptr;
    // load with (A + A')/2: one thread per lower entry writes both, so in place is safe
    for (int idx = g.rank; idx < nn; idx += g.size) {
        const int i = idx % n, j = idx / n;
        if (i > j) {
            const T x = T(W(0.5) * (W(Ag[idx]) + W(Ag[j + i * n])));
            a[idx] = x;
            a[j + i * n] = x;
        } else if (i == j && sharedA) {
            a[idx] = Ag[idx];
        }
        if (wantV) v[idx] = i == j ? W(1) : W(0);
    }
    g.sync();
    page_sweeps(g, counter, n, maxSweeps, fixedSweeps, page, sweepsOut, rotationsOut, [&](int* rotated) {
        for (int st = 0; st < steps; ++st) {
            const int* P = pairs + (size_t)st * half * 2;
            for (int k = g.rank; k < half; k += g.size) {
                const int p = P[2 * k], q = P[2 * k + 1];
                W cc = W(1), ss = W(0);
                if (q < n) {  // q >= n: the ghost partner of odd n
                    const W apq = a[p + q * n], app = a[p + p * n], aqq = a[q + q * n];
                    if (fixedSweeps ? apq != W(0) : !negligible(apq, app, aqq, tol)) {
                        const W t = jacobi_tangent(app, aqq, apq);
                        cc = jacobi_cosine(t);
                        ss = t * cc;
                        atomicAdd(rotated, 1);
                    }
                }
                c[k] = cc;
                s[k] = ss;
            }
            g.sync();
            // A := R' A R, block (k, l): rows p_k, q_k x columns p_l, q_l; columns p' = c p - s q, q' = s p + c q
            for (int idx = g.rank; idx < half * half; idx += g.size) {
                const int k = idx % half, l = idx / half;
                const W sk = s[k], sl = s[l];
                if (sk == W(0) && sl == W(0)) continue;
                const W ck = c[k], cl = c[l];
                const int p = P[2 * k], q = P[2 * k + 1], r = P[2 * l], u = P[2 * l + 1];
                const bool hq = q < n, hu = u < n;  // ghosts: no row q / column u (their rotation is 1)
                const W b00 = a[p + r * n], b01 = hu ? W(a[p + u * n]) : W(0);
                const W b10 = hq ? W(a[q + r * n]) : W(0), b11 = hq && hu ? W(a[q + u * n]) : W(0);
                const W t00 = cl * b00 - sl * b01, t01 = sl * b00 + cl * b01;
                const W t10 = cl * b10 - sl * b11, t11 = sl * b10 + cl * b11;
                const W n00 = ck * t00 - sk * t10, n10 = sk * t00 + ck * t10;
                const W n01 = ck * t01 - sk * t11, n11 = sk * t01 + ck * t11;
                const bool diagonal = k == l;  // the annihilated pair: its off-diagonal is exactly 0
                a[p + r * n] = T(n00);
                if (hu) a[p + u * n] = diagonal ? T(0) : T(n01);
                if (hq) a[q + r * n] = diagonal ? T(0) : T(n10);
                if (hq && hu) a[q + u * n] = T(n11);
            }
            if (wantV) {
                for (int idx = g.rank; idx < half * n; idx += g.size) {
                    const int k = idx / n, i = idx - k * n;
                    const W ss = s[k];
                    if (ss == W(0)) continue;
                    const W cc = c[k];
                    const int p = P[2 * k], q = P[2 * k + 1];
                    const W x = v[i + p * n], y = v[i + q * n];
                    v[i + p * n] = cc * x - ss * y;
                    v[i + q * n] = ss * x + cc * y;
                }
            }
            g.sync();
        }
    });
    for (int i = g.rank; i < n; i += g.size) D[(size_t)page * n + i] = W(a[i + i * n]);
    if (wantV && sharedV)
        for (int i = g.rank; i < nn; i += g.size) V[(size_t)page * nn + i] = vs[i];
}

#define EIG_BATCHED(NAME, T)                                                                                   \
    extern "C" __global__ void __launch_bounds__(1024) NAME(T* A, double* D, double* V, const int* pairs, int n, \
            int half, int steps, double tol, int maxSweeps, int fixedSweeps, int* sweeps,                       \
            unsigned long long* rotations, int wantV, int threadsPerPage, int pagesPerBlock, int count,          \
            int sharedA, int sharedV, int pageStride) {                                                           \
        eig_batched<T, double>(A, D, V, pairs, n, half, steps, tol, maxSweeps, fixedSweeps, sweeps, rotations,  \
                               wantV, threadsPerPage, pagesPerBlock, count, sharedA, sharedV, pageStride);       \
    }
EIG_BATCHED(eig_batched_f, float)
EIG_BATCHED(eig_batched_d, double)
