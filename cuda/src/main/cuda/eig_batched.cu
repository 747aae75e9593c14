// Batched two-sided Jacobi for pages of symmetric matrices, n = 1 ... 256 ([1]'s parallel
// ordering, the relative stopping rule of the single-matrix kernels). One launch solves every page,
// no grid or host synchronisation. Pages up to 32 x 32 take eig_warp (below: a warp per page, the page
// in registers); larger ones eig_batched: a group of threads per page (PageGroup: a slice of warps or
// the whole block, laid out by the host's PagePlan).
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
#include <type_traits>

// page_sweeps' test for symmetric pages: whether every off-diagonal entry of the page's n x n A (column-major, in
// shared or global memory, written by the group before its last barrier) is negligible by the relative test, in
// both triangles (the pointwise kernel's two triangles may differ by a rounding, and a sweep reads either). Every
// thread of the group; counter: the page's shared counter.
template <typename T, typename W>
__device__ bool pairs_pass(const PageGroup& g, int* counter, const T* a, int n, W tol) {
    if (g.rank == 0) *counter = 0;
    g.sync();
    int failing = 0;
    for (int idx = g.rank; idx < n * n; idx += g.size) {
        const int i = idx % n, j = idx / n;
        if (i != j && !negligible(W(a[idx]), W(a[i + i * n]), W(a[j + j * n]), tol)) ++failing;
    }
    if (failing) atomicAdd(counter, failing);
    g.sync();
    const bool pass = *counter == 0;
    g.sync();  // read before the counter is reset
    return pass;
}

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
    }, [&](int* c) { return pairs_pass<T, W>(g, c, a, n, tol); });
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

// ---- Pages of order n <= N (N = 8, 16, 32): 32 / N pages per warp, each page in registers ----
// Each page takes a segment of N lanes (4 pages of 8 x 8 to a warp: one page per warp left 24 of its 32
// lanes idle). Lane j of the segment holds column j of A (N registers; rows beyond n and the padded
// columns are exact zeros and, with a_pq = 0 negligible, are never rotated). The pairs sit at fixed positions (2k, 2k+1); after
// each step the data move by the circle method's permutation sigma [position 0 fixed, the others one
// place round the ring 2 -> 4 -> ... -> N-2 -> N-1 -> N-3 -> ... -> 1 -> 2], so after N - 1 steps every
// pair has met once. Rows move between registers (sigma is a compile-time constant: register moves),
// columns between lanes (one shuffle per register). So every row operation of a step has constant
// register indices, and no step needs shared memory beyond the (c, s) of its pairs. V is held by rows
// (lane j: row j) with its columns in position order, moved by the same register permutation, so its
// rotations need no shuffles either (with V's columns by lane, each step shuffled all of V: for
// double, two shuffles per entry); at the end `who` says whose column each position holds.
// Rotations are derived in W (double) from A's entries, A is updated in T, V accumulated in VT: double,
// except single 32 x 32 pages (float, then one Newton-Schulz step in double: warp_polish_store), so
// single pages keep V orthogonal to double accuracy before its rounding to float.
template <int N>
__host__ __device__ constexpr int circle_next(int x) {
    return x == 0 ? 0 : (x & 1) == 0 ? (x < N - 2 ? x + 2 : x + 1) : (x > 1 ? x - 2 : 2);
}
template <int N>
__device__ __forceinline__ int circle_prev(int y) {
    return y == 0 ? 0 : (y & 1) == 0 ? (y > 2 ? y - 2 : 1) : (y < N - 1 ? y + 2 : N - 2);
}

// Register a[i] of this lane for a runtime i (0 <= i < N, N a power of two): a tree of selects on i's bits (no local
// memory). Depth log2 N: the chain of N dependent selects it replaces lay on every step's critical path.
template <typename T, int N>
__device__ __forceinline__ T reg_at(const T (&a)[N], int i) {
    static_assert((N & (N - 1)) == 0, "reg_at: N a power of two");
    T t[N];
#pragma unroll
    for (int k = 0; k < N; ++k) t[k] = a[k];
#pragma unroll
    for (int w = 1; w < N; w <<= 1) {
        const bool hi = (i & w) != 0;
#pragma unroll
        for (int k = 0; k < N; k += 2 * w) t[k] = hi ? t[k + w] : t[k];
    }
    return t[0];
}

// The warp's cyclic Jacobi sweeps on 32 / N pages of order <= N held as eig_warp holds them (segment
// g of the warp, lanes gN ... gN + N - 1, holds one page; its lane j: A's column at position j, of
// player `who`, and row j of V by positions: v[x] = V[j][who at position x]), each until a sweep
// rotates nothing, all at most `limit` sweeps: eig_warp's solve and the pair sweeps of the block-Jacobi
// page kernels (N = 32). V's columns move with A's (registers, the same sigma), so its rotations use
// constant registers and the (c, s) the row rotations already read: no shuffles for V. A segment whose
// page has converged (or that has none: done) rotates nothing while the others go on, and stops
// counting. cs: this warp's (c, s) of the step's pairs, [2][16], segment g's at g N / 2. Returns the
// segment's sweeps; adds its rotations to total, sets converged when its last sweep rotated nothing.
// The step's (c, s) are kept in the type they are applied in: float where A and V are both float (a double (c, s)
// costs each rotation a conversion per register, 32 a step, on a slow conversion path), else double.
template <typename T, typename VT> struct RotationStore { typedef double type; };
template <> struct RotationStore<float, float> { typedef float type; };

template <typename T, typename VT, int N>
__device__ __forceinline__ int warp_jacobi(T (&a)[N], VT (&v)[N], int& who, bool done, double tol, int fixedSweeps,
                                           int limit, int wantV, double (*csd)[16], unsigned long long& total,
                                           bool& converged) {
    typedef double W;
    typedef typename RotationStore<T, VT>::type CS;
    CS (*cs)[16] = reinterpret_cast<CS (*)[16]>(csd);  // within the [2][16] doubles
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31, sl = lane & (N - 1), base = lane - sl, kb = base / 2;
    const unsigned segEven = (N == 32 ? full : ((1u << N) - 1) << base) & 0x55555555u;
    const int src = base + circle_prev<N>(sl);  // the lane a column comes from in each move
    int sweeps = 0;
    for (int iter = 0; iter < limit; ++iter) {
        if (__all_sync(full, done)) break;
        if (!done) ++sweeps;
        int rotated = 0;
        for (int st = 0; st < N - 1; ++st) {
            // 1. the rotation of this lane's pair (2k, 2k+1), derived identically by both of its lanes
            const T d = reg_at(a, sl), o = reg_at(a, sl ^ 1);  // shuffled in T, widened exactly
            const W app = W(__shfl_sync(full, d, lane & ~1)), aqq = W(__shfl_sync(full, d, lane | 1));
            const W apq = W(__shfl_sync(full, o, lane & ~1));
            W c = W(1), s = W(0);
            bool small;  // the relative test without roots where that is exact or safe
            if constexpr (sizeof(T) == 4) small = negligible_widened(apq, app, aqq, tol);
            else small = negligible_fast(apq, app, aqq, tol);
            if (fixedSweeps ? apq != W(0) : !small) {
                const W t = jacobi_tangent(app, aqq, apq);
                c = jacobi_cosine(t);
                s = t * c;
            }
            const bool rot = s != W(0);
            const unsigned pairsRotated = __ballot_sync(full, rot && (lane & 1) == 0);
            if (pairsRotated == 0) {  // nothing to rotate at this step in any segment: only the move
            } else {  // segments without a rotation go through with c = 1, s = 0: exact no-ops
                rotated += __popc(pairsRotated & segEven);
                if ((lane & 1) == 0) {
                    cs[0][kb + (sl >> 1)] = CS(c);
                    cs[1][kb + (sl >> 1)] = CS(s);
                }
                __syncwarp();
                // 2. A := A R: columns p' = c p - s q, q' = s p + c q (the partner column by shuffle)
                const bool q = lane & 1;
                const T ct = T(c), sq = q ? T(s) : -T(s);  // the partner's sign: one fma a register, no select
#pragma unroll
                for (int i = 0; i < N; ++i) {
                    const T y = __shfl_xor_sync(full, a[i], 1);
                    a[i] = fma(sq, y, ct * a[i]);
                }
                // 3. A := R' A: rows 2k, 2k+1 of this lane's column, and V := V R: columns 2k, 2k+1 of
                // this lane's row of V, constant registers
#pragma unroll
                for (int k = 0; k < N / 2; ++k) {
                    const CS sk = cs[1][kb + k];
                    if (sk == CS(0)) continue;  // uniform within the segment
                    const CS ck = cs[0][kb + k];
                    const T ckt = T(ck), skt = T(sk);
                    const T x = a[2 * k], y = a[2 * k + 1];
                    a[2 * k] = ckt * x - skt * y;
                    a[2 * k + 1] = skt * x + ckt * y;
                    if (wantV) {
                        const VT ckv = VT(ck), skv = VT(sk), vx = v[2 * k], vy = v[2 * k + 1];
                        v[2 * k] = ckv * vx - skv * vy;
                        v[2 * k + 1] = skv * vx + ckv * vy;
                    }
                }
                // the annihilated entry is exactly zero
#pragma unroll
                for (int i = 0; i < N; ++i) a[i] = rot && i == (sl ^ 1) ? T(0) : a[i];
                __syncwarp();  // (c, s) read before the next step writes them
            }
            // 4. the move: rows by registers (a'[sigma(i)] = a[i]), columns by lanes, V's columns by
            // registers
            T moved[N];
#pragma unroll
            for (int i = 0; i < N; ++i) moved[circle_next<N>(i)] = a[i];
#pragma unroll
            for (int i = 0; i < N; ++i) a[i] = __shfl_sync(full, moved[i], src);
            who = __shfl_sync(full, who, src);
            if (wantV) {
                VT vm[N];
#pragma unroll
                for (int i = 0; i < N; ++i) vm[circle_next<N>(i)] = v[i];
#pragma unroll
                for (int i = 0; i < N; ++i) v[i] = vm[i];
            }
        }
        total += rotated;
        if (!done && rotated == 0 && !fixedSweeps) {
            converged = true;
            done = true;
        }
    }
    return sweeps;
}

// One Newton-Schulz step, V := V - V E / 2 with E = V'V - I [21], on an N x N V in the warp's tile P (32 x 33; V[j][x]
// at P[base + j][x]), in double: the lane computes column sl of the result and hands each entry to put(j, value),
// j < N (the caller stores it). The page kernels' V (eig: rows by lanes, svd: columns by lanes; each
// caller fills P) leaves the sweeps ~4e-6 from orthogonal at 32 when accumulated in float (simulated; over n
// eps_single) and about 2 n eps in double (Frobenius); after the step it is within its rounding. E
// (~1e-6 or ~1e-15) is kept in float: its rounding moves V by ~1e-7 of the correction. 2 N^2 double FMAs a lane.
template <int N, typename Put>
__device__ __forceinline__ void warp_polish_column(double (*P)[33], int base, int sl, Put put) {
    constexpr int H = N < 16 ? N : 16;  // accumulators at a time
    // e = column sl of E: E[x][sl] = sum_j V[j][x] V[j][sl] - delta, over the segment's rows
    float e[N];
#pragma unroll
    for (int h = 0; h < N / H; ++h) {
        double acc[H];
#pragma unroll
        for (int x = 0; x < H; ++x) acc[x] = 0.0;
#pragma unroll 2
        for (int j = 0; j < N; ++j) {
            const double vl = P[base + j][sl];
#pragma unroll
            for (int x = 0; x < H; ++x) acc[x] = fma(P[base + j][H * h + x], vl, acc[x]);
        }
#pragma unroll
        for (int x = 0; x < H; ++x) e[H * h + x] = float(acc[x] - (H * h + x == sl ? 1.0 : 0.0));
    }
    // column sl of V - V E / 2, row by row: (V E)[j][sl] = sum_x V[j][x] E[x][sl]
    for (int j = 0; j < N; ++j) {
        double acc = 0.0;
#pragma unroll
        for (int x = 0; x < N; ++x) acc = fma(P[base + j][x], double(e[x]), acc);
        put(j, P[base + j][sl] - 0.5 * acc);
    }
}

// eig_warp's V held by rows (segment g of N lanes: one page, lane j its row j by positions, in VT) through
// warp_polish_column, written to out (the lane's page, n x n, column major): lane y its column (position y, player
// `who`), rows j < n.
template <typename VT, int N>
__device__ __forceinline__ void warp_polish_store(const VT (&v)[N], double (*P)[33], int who, int n, bool has,
                                                  double* __restrict__ out) {
    const int lane = threadIdx.x & 31, sl = lane & (N - 1);
#pragma unroll
    for (int x = 0; x < N; ++x) P[lane][x] = double(v[x]);
    __syncwarp();
    warp_polish_column<N>(P, lane - sl, sl, [&](int j, double y) {
        if (has && who < n && j < n) out[(size_t)who * n + j] = y;
    });
}

template <typename T, typename VT, int N>
__device__ void eig_warp(const T* __restrict__ A, double* __restrict__ D, double* __restrict__ V,
                         int n, double tol, int maxSweeps, int fixedSweeps, int* __restrict__ sweepsOut,
                         unsigned long long* __restrict__ rotationsOut, int wantV, int count) {
    typedef double W;
    constexpr int SEG = 32 / N;  // pages per warp
    constexpr bool floatV = !std::is_same<VT, double>::value;
    // V's step where V is float (32 x 32 single pages) or the page double; single pages with V in double need none
    constexpr bool polish = floatV || std::is_same<T, double>::value;
    __shared__ W cs[4][2][16];  // per warp of the 128-thread block: c and s of the step's pairs
    __shared__ W P[4][polish ? 32 : 1][33];  // per warp: warp_polish_store's tile
    const int lane = threadIdx.x & 31, w = threadIdx.x >> 5, sl = lane & (N - 1);
    const int page = (blockIdx.x * 4 + w) * SEG + lane / N;
    if ((blockIdx.x * 4 + w) * SEG >= count) return;  // the whole warp leaves
    const bool has = page < count;  // the last warp's last segments may hold no page
    const size_t nn = (size_t)n * n, off = (size_t)page * nn;
    T a[N];
    VT v[N];
#pragma unroll
    for (int i = 0; i < N; ++i) {
        T x = T(0);
        if (has && sl < n && i < n) x = i == sl ? A[off + i + sl * n]
                                        : T(W(0.5) * (W(A[off + i + sl * n]) + W(A[off + sl + i * n])));
        a[i] = x;
        v[i] = i == sl ? VT(1) : VT(0);
    }
    int who = sl;  // the player whose A column this lane holds
    unsigned long long total = 0;
    bool converged = n <= 1;
    const int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
    const int sweeps = warp_jacobi<T, VT, N>(a, v, who, n <= 1 || !has, tol, fixedSweeps, limit, wantV, cs[w], total,
                                         converged);
    if (has && sl == 0) {
        sweepsOut[page] = converged ? sweeps : -sweeps;
        rotationsOut[page] = total;
    }
    if (has && who < n) D[(size_t)page * n + who] = W(reg_at(a, sl));
    if (wantV) {  // row sl of V by positions: column x is player who_x's (coalesced down each column)
        if constexpr (polish) {
            warp_polish_store<VT, N>(v, P[w], who, n, has, V + off);
        } else {
            const int base = lane - sl;
#pragma unroll
            for (int x = 0; x < N; ++x) {
                const int wx = __shfl_sync(0xffffffffu, who, base + x);
                if (has && sl < n && wx < n) V[off + (size_t)wx * n + sl] = v[x];
            }
        }
    }
}

#define EIG_WARP(NAME, T, VT, N, MIN_BLOCKS)                                                                \
    extern "C" __global__ void __launch_bounds__(128, MIN_BLOCKS) NAME(const T* A, double* D, double* V, int n, double tol, \
            int maxSweeps, int fixedSweeps, int* sweeps, unsigned long long* rotations, int wantV, int count) {  \
        eig_warp<T, VT, N>(A, D, V, n, tol, maxSweeps, fixedSweeps, sweeps, rotations, wantV, count);                 \
    }
// Single 32 x 32 pages accumulate V in float and polish it (warp_polish_store): V in double takes registers for
// half the blocks an SM that V in float does (four), so large batches run in more waves (measured faster:
// docs/performance.md). Smaller pages keep V in double (no gain there).
EIG_WARP(eig_warp_f_n8, float, double, 8, 1)
EIG_WARP(eig_warp_f_n16, float, double, 16, 1)
EIG_WARP(eig_warp_f_n32, float, float, 32, 4)
EIG_WARP(eig_warp_d_n8, double, double, 8, 1)
EIG_WARP(eig_warp_d_n16, double, double, 16, 1)
EIG_WARP(eig_warp_d_n32, double, double, 32, 1)
