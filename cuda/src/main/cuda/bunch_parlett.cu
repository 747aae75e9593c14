// Symmetric indefinite factorisation with complete pivoting (Bunch and Parlett) on the GPU, the
// preprocessing of the hyperbolic route [4, 10]: M = G J G' with G = P L Q |Lambda|^(1/2), J = diag(+-1).
// The same pivot decisions, element formulas and order of operations as core/BunchParlett (its
// right-looking steps; ALPHA is passed in from BunchParlett.ALPHA): one cooperative launch runs every
// step, each two grid barriers:
//   (1) all warps: the pending rank-1/rank-2 update of the trailing lower triangle fused with the
//       complete-pivoting search (largest |entry| and largest |diagonal|, ties to the first in
//       column-major order, as the CPU's sequential scan), in pieces of up to 128 rows of a column, a
//       contiguous run of them a warp, block partials;
//   (2) every block: the final reduction (the same pivot in every block) and the pivot choice (1 x 1 if
//       mu1 >= alpha mu0, else the 2 x 2 block of the largest entry); a 1 x 1 pivot's symmetric swap, L's
//       column (into lcol, by position) and G's column, written at its ORIGINAL row (perm, so earlier
//       columns never need the row swaps of later pivots), by the whole grid, one thread a row; a 2 x 2
//       pivot (about 1% of the steps) by block 0.
// Pieces rather than one warp per column (the longest column's warp set each step's time) and the whole grid on the
// pivots' swaps and columns rather than block 0 alone: measured faster (docs/performance.md), the same G and J bit
// for bit. Delaying the updates (each element read every step, written every 4th) was slower.
// Products and sums of the updates and of L are rounded one at a time (__dmul_rn, __dadd_rn: no fused
// multiply-add), as Java evaluates them, so the Schur complements and hence the pivot decisions follow
// the CPU's (the 2 x 2 blocks' rotation, jacobi_tangent, may differ from it in the last bit).
// The same template on double complex elements (bunch_parlett_z, the complex indefinite eig's factor, M Hermitian:
// M = G J G^H): magnitudes are squared moduli, the updates conjugate the pivot rows, entries that a swap moves across the
// diagonal are conjugated, and a 2 x 2 pivot [[e11, conj(e21)], [e21, e22]] is made real by the phase of e21 before its
// rotation; plain complex arithmetic there (there is no CPU counterpart to follow).
#include "jacobi_common.cuh"

namespace bp {
// The pivot search's measure: |x| for double; for complex the squared modulus (two multiply-adds where hypot cost
// most of the step: M is scaled near one, IndefiniteEig.scaleNearOne, so squares neither overflow nor, above 1e-154,
// underflow), with the pivot rule's alpha squared to match (scale).
__device__ __forceinline__ double mag(double x) { return fabs(x); }
__device__ __forceinline__ double mag(cuDoubleComplex z) { return abs2_of(z); }
template <typename S> __device__ __forceinline__ double scale(double alpha) {
    return scalar_traits<S>::complex ? alpha * alpha : alpha;
}
// y - l conj(x) and y - (l0 conj(x0) + l1 conj(x1)): the Schur updates (double: rounded one at a time, as the CPU)
__device__ __forceinline__ double minus1(double y, double l, double x) { return __dsub_rn(y, __dmul_rn(l, x)); }
__device__ __forceinline__ cuDoubleComplex minus1(cuDoubleComplex y, cuDoubleComplex l, cuDoubleComplex x) {
    return y - l * conj_of(x);
}
__device__ __forceinline__ double minus2(double y, double l0, double x0, double l1, double x1) {
    return __dsub_rn(y, __dadd_rn(__dmul_rn(l0, x0), __dmul_rn(l1, x1)));
}
__device__ __forceinline__ cuDoubleComplex minus2(cuDoubleComplex y, cuDoubleComplex l0, cuDoubleComplex x0,
                                                  cuDoubleComplex l1, cuDoubleComplex x1) {
    return y - (l0 * conj_of(x0) + l1 * conj_of(x1));
}
__device__ __forceinline__ double over(double x, double d) { return x / d; }
__device__ __forceinline__ cuDoubleComplex over(cuDoubleComplex x, double d) { return make_cuDoubleComplex(x.x / d, x.y / d); }
__device__ __forceinline__ double times(double l, double s) { return __dmul_rn(l, s); }
__device__ __forceinline__ cuDoubleComplex times(cuDoubleComplex l, double s) { return s * l; }

// (v, col, row) beats (bv, bcol, brow): larger, or equal and earlier in column-major order.
__device__ __forceinline__ bool before(double v, int col, int row, double bv, int bcol, int brow) {
    return v > bv || (v == bv && (col < bcol || (col == bcol && row < brow)));
}

// The two candidates of a Schur complement (core/BunchParlett.Pivot), and the diagonal candidate's value (real: the
// 1 x 1 pivot, read by every block while one of them moves it).
struct Pivot {
    double entry, diag, dval;
    int row, col, d;
    __device__ void init() { entry = -1; diag = -1; dval = 0; row = col = d = 0x7fffffff; }
    __device__ void merge(const Pivot& o) {
        if (before(o.entry, o.col, o.row, entry, col, row)) { entry = o.entry; row = o.row; col = o.col; }
        if (before(o.diag, o.d, 0, diag, d, 0)) { diag = o.diag; d = o.d; dval = o.dval; }
    }
    __device__ void shuffleMerge(int offset) {
        Pivot o;
        o.entry = __shfl_down_sync(0xffffffffu, entry, offset);
        o.row = __shfl_down_sync(0xffffffffu, row, offset);
        o.col = __shfl_down_sync(0xffffffffu, col, offset);
        o.diag = __shfl_down_sync(0xffffffffu, diag, offset);
        o.dval = __shfl_down_sync(0xffffffffu, dval, offset);
        o.d = __shfl_down_sync(0xffffffffu, d, offset);
        merge(o);
    }
};

// Reduces every thread's candidate over the block; thread 0 gets the result. scratch: 32 Pivots.
__device__ Pivot block_pivot(Pivot p, Pivot* scratch) {
    for (int o = 16; o > 0; o >>= 1) p.shuffleMerge(o);
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
    __syncthreads();
    if (lane == 0) scratch[warp] = p;
    __syncthreads();
    if (threadIdx.x == 0) for (int w = 1; w < warps; ++w) p.merge(scratch[w]);
    return p;
}

// BunchParlett.swap for the active lower triangle from 'first' on: symmetric interchange of k and q (q > k),
// and of perm. Every element has one writer; the block's threads share the loops.
// (Hermitian: an entry that moves across the diagonal, (i, q) for k < i < q and (q, k), is conjugated.)
template <typename S>
__device__ void swap(S* A, int* perm, int n, int first, int k, int q) {
    if (q == k) return;
    for (int c = first + threadIdx.x; c < k; c += blockDim.x) {
        const S x = A[k + (size_t)c * n]; A[k + (size_t)c * n] = A[q + (size_t)c * n]; A[q + (size_t)c * n] = x;
    }
    for (int i = k + 1 + threadIdx.x; i < n; i += blockDim.x) {
        if (i == q) continue;
        S* y = i < q ? &A[q + (size_t)i * n] : &A[i + (size_t)q * n];
        const S x = A[i + (size_t)k * n];
        A[i + (size_t)k * n] = i < q ? conj_of(*y) : *y;
        *y = i < q ? conj_of(x) : x;
    }
    if (threadIdx.x == 0) {
        const S x = A[k + (size_t)k * n]; A[k + (size_t)k * n] = A[q + (size_t)q * n]; A[q + (size_t)q * n] = x;
        A[q + (size_t)k * n] = conj_of(A[q + (size_t)k * n]);
        const int t = perm[k]; perm[k] = perm[q]; perm[q] = t;
    }
    __syncthreads();
}
}  // namespace bp

// A: n x n symmetric (lower triangle used), destroyed. G: n x n, zero on entry, gets the factor (rows in the
// input's order, columns in pivot order). J: n signs. perm, lcol (2n), partial (one Pivot per block) and
// state (3 ints) are work space. state[2] on return: 0, or the order of a zero Schur complement (singular).
// The complex 2 x 2 pivot E = [[e11, conj(e21)], [e21, e22]] at k (after the swaps): L's columns [x y] = [a0 a1] E^-1
// for the rows below; with psi = e21 / |e21|, P = diag(1, psi) makes P^H E P real, [[e11, |e21|], [|e21|, e22]], whose
// rotation (cs, sn) gives E = (P Q) diag(lam1, lam2) (P Q)^H, so G's columns are [x, psi y] Q |Lambda|^(1/2).
__device__ void two_by_two_complex(cuDoubleComplex* A, int n, int k, cuDoubleComplex* G, double* J, const int* perm,
                                   cuDoubleComplex* lcol, volatile int* state) {
    const double e11 = A[k + (size_t)k * n].x, e22 = A[k + 1 + (size_t)(k + 1) * n].x;
    const cuDoubleComplex e21 = A[k + 1 + (size_t)k * n];
    const double mod = hypot(e21.x, e21.y), det = e11 * e22 - mod * mod;  // < 0
    const cuDoubleComplex psi = make_cuDoubleComplex(e21.x / mod, e21.y / mod);
    const double t = jacobi_tangent(e11, e22, mod), cs = jacobi_cosine(t), sn = t * cs;
    const double lam1 = e11 - t * mod, lam2 = e22 + t * mod, s1 = sqrt(fabs(lam1)), s2 = sqrt(fabs(lam2));
    for (int i = k + threadIdx.x; i < n; i += blockDim.x) {
        cuDoubleComplex x = make_cuDoubleComplex(i == k ? 1.0 : 0.0, 0.0), y = make_cuDoubleComplex(i == k + 1 ? 1.0 : 0.0, 0.0);
        if (i > k + 1) {
            const cuDoubleComplex a0 = A[i + (size_t)k * n], a1 = A[i + (size_t)(k + 1) * n];
            x = bp::over(e22 * a0 - a1 * e21, det);
            y = bp::over(e11 * a1 - a0 * conj_of(e21), det);
            lcol[i] = x;
            lcol[n + i] = y;
        }
        const cuDoubleComplex py = psi * y;
        G[perm[i] + (size_t)k * n] = s1 * (cs * x - sn * py);
        G[perm[i] + (size_t)(k + 1) * n] = s2 * (sn * x + cs * py);
    }
    if (threadIdx.x == 0) {
        J[k] = lam1 > 0 ? 1.0 : -1.0;
        J[k + 1] = lam2 > 0 ? 1.0 : -1.0;
        state[0] = k + 2;
        state[1] = 2;
    }
}

template <typename S>
__device__ void bunch_parlett_t(S* A, int n, S* G, double* J, int* perm, S* lcol, bp::Pivot* partial, volatile int* state,
                                double alpha) {
    cg::grid_group grid = cg::this_grid();
    __shared__ bp::Pivot scratch[32];
    __shared__ bp::Pivot best;
    const int lane = threadIdx.x & 31;
    const int gwarp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, nwarps = (gridDim.x * blockDim.x) >> 5;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) perm[i] = i;
    if (blockIdx.x == 0 && threadIdx.x == 0) { state[0] = 0; state[1] = 0; state[2] = 0; }
    grid.sync();
    int k = 0, rank = 0;
    while (k < n) {
        // (1) the pending update of the trailing lower triangle by the pivot columns k - rank ... k - 1, and the search.
        // The triangle is cut into pieces of up to TILE rows of one column (tile row t: rows k + t TILE ... of the
        // columns up to its last row), in tile-row order; each warp takes a contiguous run of them (with one warp per
        // column the longest column, n - k long, set each step's time), two pieces at a time with all their loads
        // issued first.
        bp::Pivot mine;
        mine.init();
        // NP = 2 for double (its registers still allow 2 blocks an SM, fewer to synchronise; measured faster); the
        // complex build's registers would leave one block an SM
        constexpr int UNROLL = 4, TILE = 32 * UNROLL, NP = scalar_traits<S>::complex ? 1 : 2;
        const int len = n - k, tiles = (len + TILE - 1) / TILE;
        // pieces before tile row t: TILE t (t + 1) / 2 (every earlier tile row is full); tile row tiles - 1 has len
        const long long pieces = (long long)TILE * (tiles - 1) * tiles / 2 + len;
        const long long per = (pieces + nwarps - 1) / nwarps, wbeg = gwarp * per, wend = min(pieces, wbeg + per);
        auto last = [&](int t) { return t < tiles - 1 ? k + (t + 1) * TILE - 1 : n - 1; };  // tile row t's last column
        int t = 0, q = k;
        if (wbeg < wend) {
            t = min((int)((sqrt(1.0 + 8.0 * (double)wbeg / TILE) - 1.0) * 0.5), tiles - 1);
            while (t > 0 && (long long)TILE * t * (t + 1) / 2 > wbeg) --t;
            while (t + 1 < tiles && (long long)TILE * (t + 1) * (t + 2) / 2 <= wbeg) ++t;
            q = k + (int)(wbeg - (long long)TILE * t * (t + 1) / 2);
        }
        for (long long w = wbeg; w < wend; w += NP) {
            int pt[NP], pq[NP];
            S y[NP][UNROLL], l0[NP][UNROLL], l1[NP][UNROLL], x0[NP], x1[NP];
#pragma unroll
            for (int h = 0; h < NP; ++h) {  // piece w + h at (t, q); then the next piece
                pt[h] = t;
                pq[h] = q;
                const bool has = w + h < wend;
                const int r0 = max(q, k + t * TILE), r1 = min(k + (t + 1) * TILE, n);
                x0[h] = has && rank > 0 ? A[q + (size_t)(k - rank) * n] : from_real<S>(0.0);
                x1[h] = has && rank == 2 ? A[q + (size_t)(k - 1) * n] : from_real<S>(0.0);
#pragma unroll
                for (int u = 0; u < UNROLL; ++u) {
                    const int i = r0 + lane + 32 * u;
                    const bool in = has && i < r1;
                    y[h][u] = in ? A[i + (size_t)q * n] : from_real<S>(0.0);
                    l0[h][u] = in && rank > 0 ? lcol[i] : from_real<S>(0.0);
                    l1[h][u] = in && rank == 2 ? lcol[n + i] : from_real<S>(0.0);
                }
                if (++q > last(t)) { ++t; q = k; }
            }
            // the search by the total order of bp::before (column-major ties), so the pieces' order does not change
            // the pivots
#pragma unroll
            for (int h = 0; h < NP; ++h) {
                if (w + h >= wend) continue;
                const int qh = pq[h], r0 = max(qh, k + pt[h] * TILE), r1 = min(k + (pt[h] + 1) * TILE, n);
                S* col = A + (size_t)qh * n;
#pragma unroll
                for (int u = 0; u < UNROLL; ++u) {
                    const int i = r0 + lane + 32 * u;
                    if (i >= r1) continue;
                    S v = y[h][u];
                    if (rank == 1 && nonzero(x0[h])) {
                        v = bp::minus1(v, l0[h][u], x0[h]);
                        col[i] = v;
                    } else if (rank == 2) {
                        v = bp::minus2(v, l0[h][u], x0[h], l1[h][u], x1[h]);
                        col[i] = v;
                    }
                    const double ay = bp::mag(v);
                    if (bp::before(ay, qh, i, mine.entry, mine.col, mine.row)) { mine.entry = ay; mine.row = i; mine.col = qh; }
                    if (i == qh && bp::before(ay, qh, 0, mine.diag, mine.d, 0)) { mine.diag = ay; mine.d = qh; mine.dval = real_of(v); }
                }
            }
        }
        bp::Pivot b = bp::block_pivot(mine, scratch);
        if (threadIdx.x == 0) partial[blockIdx.x] = b;
        grid.sync();
        // (2) every block: the final reduction (the same pivot everywhere: bp::before is a total order)
        {
            bp::Pivot all;
            all.init();
            for (int i = threadIdx.x; i < gridDim.x; i += blockDim.x) all.merge(partial[i]);
            all = bp::block_pivot(all, scratch);
            if (threadIdx.x == 0) best = all;
            __syncthreads();
        }
        const bp::Pivot p = best;
        if (!(p.entry > 0) || p.row >= n || p.d >= n) {  // zero (or not finite) Schur complement
            if (blockIdx.x == 0 && threadIdx.x == 0) { state[2] = n - k; state[0] = n; }
        } else if (p.diag >= bp::scale<S>(alpha) * p.entry) {
            // 1 x 1 pivot at d, by the whole grid, one thread a row i: the symmetric swap of k and d (row i's entries
            // in columns k and d; the entry (d, k) and the diagonal by row k's thread), L's column and G's, at the
            // row's original position. Nothing is read that another thread writes in this phase.
            const int d = p.d;
            const double piv = p.dval, s = sqrt(fabs(piv));
            for (int i = k + blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
                if (i == k) {
                    const int pk = perm[k], pd = perm[d];
                    if (d != k) {
                        const S akk = A[k + (size_t)k * n], add = A[d + (size_t)d * n], adk = conj_of(A[d + (size_t)k * n]);
                        A[k + (size_t)k * n] = add;
                        A[d + (size_t)d * n] = akk;
                        A[d + (size_t)k * n] = adk;
                        perm[k] = pd;
                        perm[d] = pk;
                        const S l = bp::over(adk, piv);
                        lcol[d] = l;
                        G[pk + (size_t)k * n] = bp::times(l, s);
                    }
                    G[pd + (size_t)k * n] = bp::times(from_real<S>(1.0), s);
                    J[k] = piv > 0 ? 1.0 : -1.0;
                    state[0] = k + 1;
                    state[1] = 1;
                } else if (i != d) {
                    S x = A[i + (size_t)k * n];
                    if (d != k) {
                        S* y = i < d ? &A[d + (size_t)i * n] : &A[i + (size_t)d * n];
                        const S old = *y;
                        *y = i < d ? conj_of(x) : x;
                        x = i < d ? conj_of(old) : old;
                        A[i + (size_t)k * n] = x;
                    }
                    const S l = bp::over(x, piv);
                    lcol[i] = l;
                    G[perm[i] + (size_t)k * n] = bp::times(l, s);
                }
            }
        } else if (blockIdx.x == 0) {
            // 2 x 2 pivot (rare: 44 of 4052 steps at n = 4096, random): block 0
            {
                bp::swap(A, perm, n, k, k, p.col);
                bp::swap(A, perm, n, k, k + 1, p.row);
                if constexpr (scalar_traits<S>::complex) {
                    two_by_two_complex(A, n, k, G, J, perm, lcol, state);
                } else {
                const double e11 = A[k + (size_t)k * n], e21 = A[k + 1 + (size_t)k * n], e22 = A[k + 1 + (size_t)(k + 1) * n];
                const double det = __dsub_rn(__dmul_rn(e11, e22), __dmul_rn(e21, e21));  // < 0
                // BunchParlett.twoByTwo: [e11 e21; e21 e22] = Q diag(lam1, lam2) Q' by one rotation
                const double t = jacobi_tangent(e11, e22, e21), cs = jacobi_cosine(t), sn = __dmul_rn(t, cs);
                const double lam1 = __dsub_rn(e11, __dmul_rn(t, e21)), lam2 = __dadd_rn(e22, __dmul_rn(t, e21));
                const double s1 = sqrt(fabs(lam1)), s2 = sqrt(fabs(lam2));
                for (int i = k + threadIdx.x; i < n; i += blockDim.x) {
                    double x = i == k ? 1.0 : 0.0, y = i == k + 1 ? 1.0 : 0.0;
                    if (i > k + 1) {
                        const double a0 = A[i + (size_t)k * n], a1 = A[i + (size_t)(k + 1) * n];
                        x = __dsub_rn(__dmul_rn(a0, e22), __dmul_rn(a1, e21)) / det;
                        y = __dsub_rn(__dmul_rn(a1, e11), __dmul_rn(a0, e21)) / det;
                        lcol[i] = x;
                        lcol[n + i] = y;
                    }
                    G[perm[i] + (size_t)k * n] = __dmul_rn(__dsub_rn(__dmul_rn(cs, x), __dmul_rn(sn, y)), s1);
                    G[perm[i] + (size_t)(k + 1) * n] = __dmul_rn(__dadd_rn(__dmul_rn(sn, x), __dmul_rn(cs, y)), s2);
                }
                if (threadIdx.x == 0) {
                    J[k] = lam1 > 0 ? 1.0 : -1.0;
                    J[k + 1] = lam2 > 0 ? 1.0 : -1.0;
                    state[0] = k + 2;
                    state[1] = 2;
                }
                }
            }
        }
        grid.sync();
        k = state[0];
        rank = state[1];
    }
}
extern "C" __global__ void __launch_bounds__(256) bunch_parlett(double* A, int n, double* G, double* J, int* perm,
                                                                double* lcol, bp::Pivot* partial, volatile int* state,
                                                                double alpha) {
    bunch_parlett_t(A, n, G, J, perm, lcol, partial, state, alpha);
}
extern "C" __global__ void __launch_bounds__(256) bunch_parlett_z(cuDoubleComplex* A, int n, cuDoubleComplex* G, double* J,
                                                                  int* perm, cuDoubleComplex* lcol, bp::Pivot* partial,
                                                                  volatile int* state, double alpha) {
    bunch_parlett_t(A, n, G, J, perm, lcol, partial, state, alpha);
}
