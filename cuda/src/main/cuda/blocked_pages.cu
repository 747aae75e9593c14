// Block Jacobi inside the page for the larger pages (eig and svd): a group of 8, 4 or 2 warps per page
// (at least one per block pair of a step; the host's BlockedPagePlan), 256 threads a block. The pointwise kernels (eig_batched.cu, svd_batched.cu) move the whole page through
// global memory at each of the n - 1 steps of a sweep once it no longer fits shared memory; here the
// columns are cut into blocks of 16 and a sweep has nb - 1 steps (nb = ceil(n / 16), block pairs by the
// same chess tournament, at block level [11]), so the traffic drops ~16-fold and the work becomes
// 32 x 32 tile products. Each block pair's 32 x 32 problem is solved by one sweep of warp_jacobi
// (eig_batched.cu's register solve; kernels.cu includes that file first). The host (CudaBatchedEig,
// CudaBatchedSvd) finishes V with one Newton-Schulz step.
// x[j] = s[j] + sum_m s[m] E[m][j] (j, m < 32): a row of the tile product s' (I + E), for a 32 x 32
// row-major E = Q - I in shared memory (every lane reads the same E entries: broadcasts, two per load)
// and this lane's vector s in the warp's staging tile (its row: stride 1; its column: stride 33, both
// conflict-free). Q as I + E: once the sweeps have nearly converged E is small, so the product's
// rounding is relative to the small correction and every entry keeps to a rounding of its own, as with a
// plane rotation of c ~ 1 (with Q itself, V lost twice the orthogonality of the pointwise kernel).
// s stays in shared memory: held in 32 registers beside x, ptxas spilled.
// E's row stride and its loads: 16 bytes a load (the products are bound by shared-memory instructions, one per two
// or four FMAs), so rows of 34 doubles or 36 floats (L = 2 or 4 a load); the pair sweeps' row writes of E are then
// 4-way (double) or 8-way (float), not 32-way, conflicted. Twin: BlockedPagePlan.pageBytes (ld = 32 + 16 / bytes).
template <typename WT>
struct ERow {
    static constexpr int L = 16 / sizeof(WT), LD = 32 + L;
    struct alignas(16) Load { WT w[L]; };
    // x[j] += sm e[j], j < 32, for the row e
    __device__ static __forceinline__ void fma_row(const WT* e, WT sm, WT (&x)[32]) {
        const Load* r = reinterpret_cast<const Load*>(e);
#pragma unroll
        for (int j = 0; j < 32 / L; ++j) {
            const Load q = r[j];
#pragma unroll
            for (int k = 0; k < L; ++k) x[L * j + k] = fma(sm, q.w[k], x[L * j + k]);
        }
    }
};

template <typename WT>
__device__ __forceinline__ void times_i_plus_e(const WT* __restrict__ s, int stride, const WT* __restrict__ E, WT (&x)[32]) {
#pragma unroll
    for (int j = 0; j < 32; ++j) x[j] = WT(0);
#pragma unroll 4
    for (int m = 0; m < 32; ++m) ERow<WT>::fma_row(E + m * ERow<WT>::LD, s[m * stride], x);
#pragma unroll
    for (int j = 0; j < 32; ++j) x[j] = s[j * stride] + x[j];
}

// Column x (0 ... 31) of block pair (I, J) of 16-column blocks: its index in the page, -1 for a pad
// (past n, or in odd nb's ghost block). Shared by the block-Jacobi page kernels (eig and svd).
__device__ __forceinline__ int pair_column(int I, int J, int x, int nb, int n) {
    const int blk = x < 16 ? I : J, g = blk * 16 + (x & 15);
    return blk < nb && g < n ? g : -1;
}

// One row of M[:, P_l] := M[:, P_l] (I + E_l) for this lane (row: its entry of column 0 of the page,
// ld: the column stride, n: the page's columns): the row through the warp's staging row S, the product
// in WT, written back in X. M is A's V (eig), or U or V (svd).
template <typename X, typename WT>
__device__ __forceinline__ void row_times_i_plus_e(X* __restrict__ row, int ld, int Il, int Jl, int nb, int n,
                                                   const WT* __restrict__ E, WT* __restrict__ S) {
#pragma unroll
    for (int m = 0; m < 32; ++m) {
        const int c = pair_column(Il, Jl, m, nb, n);
        S[m] = c >= 0 ? WT(row[c * ld]) : WT(0);
    }
    WT x[32];
    times_i_plus_e(S, 1, E, x);
#pragma unroll
    for (int j = 0; j < 32; ++j) {
        const int c = pair_column(Il, Jl, j, nb, n);
        if (c >= 0) row[c * ld] = X(x[j]);
    }
}

// One page's share of the block's shared memory (twin: BlockedPagePlan.pageBytes, rounded to 16): Q - I
// [half][32][ERow<WT>::LD] row-major and per warp a 32 x 33 staging tile, in the work type WT; per warp its (c, s) in
// double, the pairs' rotated flags, the rotation counter; and this thread's warp within the page's group.
template <typename WT>
struct PageBlocks {
    static constexpr int TS = 32, SLD = TS + 1;
    int warps, warp, lane;
    WT* Qs;
    WT* S;                 // this warp's staging tile
    double (*cs)[16];      // this warp's (c, s)
    int* rotatedPair;
    int* counter;
    __device__ PageBlocks(unsigned char* smem, const PageGroup& g, int pageStride, int half)
        : warps(g.size >> 5), warp(g.rank >> 5), lane(g.rank & 31) {
        Qs = reinterpret_cast<WT*>(smem + (size_t)g.id * pageStride);
        WT* Ss = Qs + (size_t)half * TS * ERow<WT>::LD;
        double (*csAll)[2][16] = reinterpret_cast<double (*)[2][16]>(Ss + (size_t)warps * TS * SLD);
        S = Ss + (size_t)warp * TS * SLD;
        cs = csAll[warp];
        rotatedPair = reinterpret_cast<int*>(csAll + warps);
        counter = rotatedPair + half;
    }
    __device__ const WT* E(int k) const { return Qs + (size_t)k * TS * ERow<WT>::LD; }
};

// Block pair `warp`'s sweep: one sweep of warp_jacobi on its 32 x 32 problem x (q: the identity in, Q by
// positions out), the pair's rotated flag and the page's rotation count, and, where it rotated, E = Q - I into
// the page's Q rows (row `lane` by positions; exact where q_ii >= 1/2: Sterbenz). Returns the rotations.
template <typename X, typename QT, typename WT>
__device__ __forceinline__ unsigned long long pair_sweep(X (&x)[32], QT (&q)[32], int& who, double tol,
                                                         const PageBlocks<WT>& pb, int* rotated) {
    unsigned long long r = 0;
    bool converged = false;
    warp_jacobi<X, QT, 32>(x, q, who, false, tol, 0, 1, 1, pb.cs, r, converged);
    if (pb.lane == 0) {
        pb.rotatedPair[pb.warp] = r > 0;
        if (r > 0) atomicAdd(rotated, (int)r);
    }
    if (r > 0) {
#pragma unroll
        for (int c = 0; c < 32; ++c) {
            const int wc = __shfl_sync(0xffffffffu, who, c);
            pb.Qs[(size_t)pb.warp * 32 * ERow<WT>::LD + pb.lane * ERow<WT>::LD + wc] = WT(wc == pb.lane ? double(q[c]) - 1.0 : double(q[c]));
        }
    }
    return r;
}

// Step 1 of the eig kernel for block pair (I, J) (warp k): the pair's 32 x 32 diagonal block of A into registers,
// one sweep of warp_jacobi (pair_sweep), the new entries written back. Not inlined: its own register allocation
// keeps the kernel's other live values out of the sweep's loop, where the float kernel's 128-register cap spilled
// (measured faster in both precisions: docs/performance.md).
template <typename T, typename WT>
__device__ __noinline__ void eig_pair_solve(T* __restrict__ a, int n, int nb, int I, int J, double tol,
                                            const PageBlocks<WT>& pb, int* rotated) {
    constexpr int TS = 32;
    const unsigned full = 0xffffffffu;
    const int lane = pb.lane;
    auto gmap = [&](int I, int J, int x) { return pair_column(I, J, x, nb, n); };
    const int gl = gmap(I, J, lane);
    T x[TS];
    WT q[TS];
#pragma unroll
    for (int i = 0; i < TS; ++i) {  // column gl, row gi = row gi, column gl (A symmetric): coalesced
        const int gi = gmap(I, J, i);
        x[i] = gl >= 0 && gi >= 0 ? a[gl + gi * n] : T(0);
        q[i] = i == lane ? WT(1) : WT(0);
    }
    int who = lane;
    if (pair_sweep(x, q, who, tol, pb, rotated) > 0) {
        // register i of this lane is A[player(i), who]: rows moved with the columns
        const int gw = gmap(I, J, who);
#pragma unroll
        for (int i = 0; i < TS; ++i) {
            const int pi = __shfl_sync(full, who, i);
            const int gi = gmap(I, J, pi);
            if (gw >= 0 && gi >= 0 && pi <= who) {
                a[gi + gw * n] = x[i];
                a[gw + gi * n] = x[i];
            }
        }
    }
}

// Step 2's off-pair tile A[P_k, P_l] := (I + E_k)' A[P_k, P_l] (I + E_l) (pairs (Ik, Jk), (Il, Jl); rk, rl: whether
// they rotated), through the warp's staging tile S, written with its transpose.
template <typename T, typename WT>
__device__ __forceinline__ void eig_tile(T* __restrict__ a, int n, int nb, int Ik, int Jk, int Il, int Jl, bool rk,
                                         bool rl, const WT* __restrict__ Qk, const WT* __restrict__ Ql, WT* __restrict__ S,
                                         int lane) {
    constexpr int TS = 32, SLD = TS + 1;
    auto gmap = [&](int I, int J, int x) { return pair_column(I, J, x, nb, n); };
    const int r = gmap(Ik, Jk, lane);  // this lane's row of the tile
    // the tile into the staging tile, row by row (coalesced); X = A_kl (I + E_l), row by row
#pragma unroll
    for (int m = 0; m < TS; ++m) {
        const int c = gmap(Il, Jl, m);
        S[lane * SLD + m] = r >= 0 && c >= 0 ? WT(a[r + c * n]) : WT(0);
    }
    WT x[TS];
    if (rl) {
        times_i_plus_e(S + lane * SLD, 1, Ql, x);
#pragma unroll
        for (int j = 0; j < TS; ++j) S[lane * SLD + j] = x[j];
    }
    __syncwarp();
    // Y = (I + E_k)' X, column by column (lane: column j); the transposed tile A[P_l, P_k]
    // straight from the columns (coalesced over lanes), the tile itself through the staging tile
    if (rk) times_i_plus_e(S + lane, SLD, Qk, x);
    else {
#pragma unroll
        for (int i = 0; i < TS; ++i) x[i] = S[i * SLD + lane];
    }
    const int cj = gmap(Il, Jl, lane);
#pragma unroll
    for (int i = 0; i < TS; ++i) {
        const int ri = gmap(Ik, Jk, i);
        if (cj >= 0 && ri >= 0) a[cj + ri * n] = T(x[i]);
        S[i * SLD + lane] = x[i];
    }
    __syncwarp();
#pragma unroll
    for (int j = 0; j < TS; ++j) {
        const int c = gmap(Il, Jl, j);
        if (r >= 0 && c >= 0) a[r + c * n] = T(S[lane * SLD + j]);
    }
    __syncwarp();  // the staging tile read before the next item writes it
}

// The same as a call: under the float kernel's 128-register cap (measured faster); inlined
// elsewhere (double pages measured slower as a call).
template <typename T, typename WT>
__device__ __noinline__ void eig_tile_call(T* __restrict__ a, int n, int nb, int Ik, int Jk, int Il, int Jl, bool rk,
                                           bool rl, const WT* __restrict__ Qk, const WT* __restrict__ Ql, WT* __restrict__ S,
                                           int lane) {
    eig_tile<T, WT>(a, n, nb, Ik, Jk, Il, Jl, rk, rl, Qk, Ql, S, lane);
}

// ---- eig: two-sided block Jacobi. Per step:
//   1. warp k runs one sweep of warp_jacobi (eig_warp's register solve) on block pair k's 32 x 32
//      diagonal block (rows and columns of blocks I_k, J_k), which yields its orthogonal Q_k
//      (accumulated in double) and the pair block's new entries, written back as they are (the
//      annihilated entries stay exactly as small as the relative test left them). One sweep, not a
//      solve to convergence: simulated (numpy, n = 96), the outer sweeps stay 8, the rotations drop
//      3-fold and V comes out 5 times closer to orthogonal (each Q's rounding is applied to V);
//   2. A := R' A R and V := V R with R = diag(Q_k): every off-pair tile A[P_k, P_l] := Q_k' A[P_k, P_l] Q_l
//      (k < l, written with its transpose: A stays exactly symmetric, which lets every load run down
//      columns, coalesced) and every 32-row tile of V[:, P_l] := V[:, P_l] Q_l; a pair whose solve
//      rotated nothing has Q = I and is skipped.
// The page has converged when a sweep's solves rotated nothing: every pair (p, q) then met the relative
// test |a_pq| <= tol sqrt(|a_pp a_qq|) in it, the pointwise kernels' stopping rule. Pads (the last
// block's columns past n, the odd block count's ghost block) are exact zero rows and columns, never
// rotated (a_pq = 0 is negligible), so Q is the identity on them and nothing is written there.
// Shared memory per page: PageBlocks.
// T is A's type, WT the work type of Q, E, the staging tiles and the tile products (double for double pages, float for
// single: the host's BlockedPagePlan.pageBytes twin); the rotations are derived in double, V is stored in double.
template <typename T, typename WT, bool TILE_CALL>
__device__ void eig_blocked_pages(T* __restrict__ A, double* __restrict__ D, double* __restrict__ V,
                                  const int* __restrict__ pairs, int n, int nb, int half, int steps, double tol,
                                  int maxSweeps, int* __restrict__ sweepsOut, unsigned long long* __restrict__ rotationsOut,
                                  int wantV, int threadsPerPage, int count, int pageStride) {
    typedef double W;
    constexpr int B = 16, TS = 2 * B, SLD = TS + 1;
    extern __shared__ __align__(16) unsigned char smem[];
    const PageGroup g(threadsPerPage);  // 8, 4 or 2 warps: the pages per block the host laid out
    const int page = blockIdx.x * (blockDim.x / threadsPerPage) + g.id;
    if (page >= count) return;  // the whole group leaves: its barrier is its own
    const PageBlocks<WT> pb(smem, g, pageStride, half);
    const int warps = pb.warps, warp = pb.warp, lane = pb.lane;
    int* rotatedPair = pb.rotatedPair;
    int* counter = pb.counter;
    const size_t nn = (size_t)n * n;
    T* a = A + page * nn;
    W* v = wantV ? V + page * nn : nullptr;
    WT* S = pb.S;
    // (A + A')/2 in place (one thread per lower entry writes both) and V = I
    for (size_t idx = g.rank; idx < nn; idx += g.size) {
        const int i = (int)(idx % n), j = (int)(idx / n);
        if (i > j) {
            const T x = T(W(0.5) * (W(a[idx]) + W(a[j + i * n])));
            a[idx] = x;
            a[j + i * n] = x;
        }
        if (wantV) v[idx] = i == j ? W(1) : W(0);
    }
    g.sync();
    page_sweeps(g, counter, n, maxSweeps, 0, page, sweepsOut, rotationsOut, [&](int* rotated) {
        for (int st = 0; st < steps; ++st) {
            const int* P = pairs + (size_t)st * half * 2;
            // 1. the pair sweeps
            if (warp < half) eig_pair_solve<T, WT>(a, n, nb, P[2 * warp], P[2 * warp + 1], tol, pb, rotated);
            g.sync();
            // 2. the off-pair tiles of A and the tiles of V, one warp each
            const int tiles = half * (half - 1) / 2, rowTiles = (n + TS - 1) / TS;
            const int items = tiles + (wantV ? half * rowTiles : 0);
            for (int item = warp; item < items; item += warps) {
                if (item < tiles) {
                    int k = 0, rest = item;  // item -> (k, l), k < l
                    while (rest >= half - 1 - k) { rest -= half - 1 - k; ++k; }
                    const int l = k + 1 + rest;
                    const bool rk = rotatedPair[k], rl = rotatedPair[l];
                    if (!rk && !rl) continue;
                    if (TILE_CALL) eig_tile_call<T, WT>(a, n, nb, P[2 * k], P[2 * k + 1], P[2 * l], P[2 * l + 1], rk, rl,
                                                        pb.E(k), pb.E(l), S, lane);
                    else eig_tile<T, WT>(a, n, nb, P[2 * k], P[2 * k + 1], P[2 * l], P[2 * l + 1], rk, rl, pb.E(k), pb.E(l), S,
                                         lane);
                } else {
                    const int l = (item - tiles) / rowTiles, row = ((item - tiles) % rowTiles) * TS + lane;
                    if (!rotatedPair[l]) continue;
                    const int Il = P[2 * l], Jl = P[2 * l + 1];
                    const WT* Ql = pb.E(l);
                    if (row < n) row_times_i_plus_e(v + row, n, Il, Jl, nb, n, Ql, S + lane * SLD);
                }
            }
            g.sync();
        }
    }, [&](int* c) { return pairs_pass<T, W>(g, c, a, n, tol); });
    for (int i = g.rank; i < n; i += g.size) D[(size_t)page * n + i] = W(a[i + i * n]);
}

#define EIG_BLOCKED_PAGES(NAME, T, WT, MIN_BLOCKS, TILE_CALL)                                                   \
    extern "C" __global__ void __launch_bounds__(256, MIN_BLOCKS) NAME(T* A, double* D, double* V, const int* pairs, int n,   \
            int nb, int half, int steps, double tol, int maxSweeps, int* sweeps, unsigned long long* rotations, \
            int wantV, int threadsPerPage, int count, int pageStride) {                                          \
        eig_blocked_pages<T, WT, TILE_CALL>(A, D, V, pairs, n, nb, half, steps, tol, maxSweeps, sweeps, rotations, wantV,       \
                             threadsPerPage, count, pageStride);                                                 \
    }
// Single pages work in float (Q, E, the tiles and their products; the rotations are still derived in double and
// V is polished in double afterwards): half the shared memory and registers of double work, so where a block holds
// several pages two blocks share an SM (capped at 128 registers: measured faster than double work or an uncapped
// float kernel, docs/performance.md); _wide, uncapped, for pages of 8 warps (one to a block).
EIG_BLOCKED_PAGES(eig_blocked_pages_f, float, float, 2, true)
EIG_BLOCKED_PAGES(eig_blocked_pages_f_wide, float, float, 1, false)
EIG_BLOCKED_PAGES(eig_blocked_pages_d, double, double, 1, false)

// ---- svd: one-sided block Jacobi on a tall page U (m x n, m >= n; the host transposes wide pages).
// Per step: warp k forms block pair k's Gram matrix G = U_P' U_P (32 x 32, in double, from the page in
// 32-row chunks through its staging tile) and runs one sweep of warp_jacobi on it - on a Gram matrix
// the symmetric rotation is the one-sided (Hestenes) rotation [1] and the relative test
// |g_pq| <= tol sqrt(g_pp g_qq) is the pointwise svd kernel's orthogonality test - which yields Q_k;
// then every 32-row tile of U[:, P_l] and V[:, P_l] is multiplied by Q_l = I + E_l. G is formed again at
// each step from the columns as they are (so a column's rounding stays its own: relative accuracy as in
// the pointwise one-sided method). Converged when a sweep's solves rotated nothing. Out as svd_batched:
// U = A V (in T; the host takes the column norms and sorts) and V (double). Shared memory: PageBlocks.
template <typename T>
__device__ void svd_blocked_pages(T* __restrict__ U, double* __restrict__ V, const int* __restrict__ pairs, int m,
                                  int n, int nb, int half, int steps, double tol, int maxSweeps,
                                  int* __restrict__ sweepsOut, unsigned long long* __restrict__ rotationsOut, int wantV,
                                  int threadsPerPage, int count, int pageStride) {
    typedef double W;
    constexpr int B = 16, TS = 2 * B, SLD = TS + 1;
    extern __shared__ __align__(16) unsigned char smem[];
    const PageGroup g(threadsPerPage);  // 8, 4 or 2 warps: the pages per block the host laid out
    const int page = blockIdx.x * (blockDim.x / threadsPerPage) + g.id;
    if (page >= count) return;  // the whole group leaves: its barrier is its own
    const PageBlocks<W> pb(smem, g, pageStride, half);
    const int warps = pb.warps, warp = pb.warp, lane = pb.lane;
    int* rotatedPair = pb.rotatedPair;
    int* counter = pb.counter;
    T* u = U + (size_t)page * m * n;
    W* v = wantV ? V + (size_t)page * n * n : nullptr;
    W* S = pb.S;
    if (wantV)
        for (int idx = g.rank; idx < n * n; idx += g.size) v[idx] = idx % n == idx / n ? W(1) : W(0);
    g.sync();
    page_sweeps(g, counter, n, maxSweeps, 0, page, sweepsOut, rotationsOut, [&](int* rotated) {
        for (int st = 0; st < steps; ++st) {
            const int* P = pairs + (size_t)st * half * 2;
            // 1. the pair Gram matrices and their sweeps
            if (warp < half) {
                const int I = P[2 * warp], J = P[2 * warp + 1];
                W x[TS], q[TS];
#pragma unroll
                for (int i = 0; i < TS; ++i) {
                    x[i] = W(0);
                    q[i] = i == lane ? W(1) : W(0);
                }
                for (int r0 = 0; r0 < m; r0 += TS) {  // x[i] = G[i][lane] = sum_r U[r, P_i] U[r, P_lane]
                    const int row = r0 + lane;
#pragma unroll
                    for (int c = 0; c < TS; ++c) {
                        const int gc = pair_column(I, J, c, nb, n);
                        S[lane * SLD + c] = row < m && gc >= 0 ? W(u[row + gc * m]) : W(0);
                    }
                    __syncwarp();
#pragma unroll 4
                    for (int r = 0; r < TS; ++r) {
                        const W y = S[r * SLD + lane];
#pragma unroll
                        for (int i = 0; i < TS; ++i) x[i] = fma(S[r * SLD + i], y, x[i]);
                    }
                    __syncwarp();
                }
                int who = lane;
                pair_sweep(x, q, who, tol, pb, rotated);
            }
            g.sync();
            // 2. the row tiles of U and V, one warp each
            const int uTiles = (m + TS - 1) / TS, vTiles = wantV ? (n + TS - 1) / TS : 0;
            const int items = half * (uTiles + vTiles);
            for (int item = warp; item < items; item += warps) {
                const int l = item / (uTiles + vTiles), t = item % (uTiles + vTiles);
                if (!rotatedPair[l]) continue;
                const int Il = P[2 * l], Jl = P[2 * l + 1];
                const W* El = pb.E(l);
                if (t < uTiles) {
                    const int row = t * TS + lane;
                    if (row < m) row_times_i_plus_e(u + row, m, Il, Jl, nb, n, El, S + lane * SLD);
                } else {
                    const int row = (t - uTiles) * TS + lane;
                    if (row < n) row_times_i_plus_e(v + row, n, Il, Jl, nb, n, El, S + lane * SLD);
                }
            }
            g.sync();
        }
    });
}

#define SVD_BLOCKED_PAGES(NAME, T)                                                                            \
    extern "C" __global__ void __launch_bounds__(256) NAME(T* U, double* V, const int* pairs, int m, int n,        \
            int nb, int half, int steps, double tol, int maxSweeps, int* sweeps, unsigned long long* rotations,   \
            int wantV, int threadsPerPage, int count, int pageStride) {                                            \
        svd_blocked_pages<T>(U, V, pairs, m, n, nb, half, steps, tol, maxSweeps, sweeps, rotations, wantV,         \
                             threadsPerPage, count, pageStride);                                                   \
    }
// Double only, as svd_batched_d.
SVD_BLOCKED_PAGES(svd_blocked_pages_d, double)
