// Layout kernels of the blocked one-sided Jacobi SVD (CudaBlockedSvd.java) [11, 12, 18]. The sweeps
// themselves are cuBLAS products (the Gram matrix of each block pair, the pair's rotation applied to
// G and V) and the batched two-sided kernel (eig_batched.cu) that diagonalises each pair's Gram
// matrix; these kernels only move data in and out of the work array.
// Work array W, double, leading dimension ld = m (+ N when V is accumulated), N = nb * b columns:
// rows 0..m-1 hold G, rows m..m+N-1 hold V, so one product updates both. Logical column c (block c / b)
// sits in physical column slot[c / b] * b + c % b; columns n..N-1 pad G with zeros (they never rotate:
// their inner products are exactly zero) and V with the identity.
#include "jacobi_common.cuh"

// The blocked kernels are templates on the element type S (double, or cuDoubleComplex for the complex blocked SVD:
// jacobi_common.cuh's scalar traits; the double builds keep their names, the complex ones end in _z).
__device__ __forceinline__ double shfl_s(double v, int src) { return __shfl_sync(0xffffffffu, v, src); }
__device__ __forceinline__ cuDoubleComplex shfl_s(cuDoubleComplex v, int src) {
    return make_cuDoubleComplex(__shfl_sync(0xffffffffu, v.x, src), __shfl_sync(0xffffffffu, v.y, src));
}

// W := [X; V0] in the slot layout. X is m x n, from G (leading dimension ldg) by mode: 0 X = G;
// 1 X = the upper triangle of G (a Cholesky factor that potrf left over the input's lower part);
// 2 X = R' (R^H for complex S) for the upper triangle R of G (geqrf's or potrf's R: m = n).
// V0 (n x n, the preconditioner of CudaBlockedSvd.precondition) in the top left of the V rows, or null: I; padding I.
template <typename S>
__device__ void blocked_pack_t(const S* __restrict__ G, int ldg, S* __restrict__ W, const int* __restrict__ slot, int m,
                             int n, int N, int b, int ld, int mode, const S* __restrict__ V0) {
    const size_t total = (size_t)ld * N;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int r = (int)(idx % ld), c = (int)(idx / ld);
        S x;
        if (r < m) {
            if (c >= n || (mode == 1 && r > c) || (mode == 2 && r < c)) x = from_real<S>(0.0);
            else x = mode == 2 ? conj_of(G[c + (size_t)r * ldg]) : G[r + (size_t)c * ldg];
        } else if (V0 != nullptr && r - m < n && c < n) {
            x = V0[(r - m) + (size_t)c * n];
        } else {
            x = from_real<S>((r - m == c) ? 1.0 : 0.0);
        }
        W[r + (size_t)(slot[c / b] * b + c % b) * ld] = x;
    }
}
extern "C" __global__ void blocked_pack(const double* __restrict__ G, int ldg, double* __restrict__ W, const int* __restrict__ slot, int m, int n, int N, int b,
                                        int ld, int mode, const double* __restrict__ V0) {
    blocked_pack_t(G, ldg, W, slot, m, n, N, b, ld, mode, V0);
}
extern "C" __global__ void blocked_pack_z(const cuDoubleComplex* __restrict__ G, int ldg, cuDoubleComplex* __restrict__ W, const int* __restrict__ slot, int m,
                                          int n, int N, int b, int ld, int mode, const cuDoubleComplex* __restrict__ V0) {
    blocked_pack_t(G, ldg, W, slot, m, n, N, b, ld, mode, V0);
}

// C (m x n) := [W; 0] for the n x n W: the right-hand side of ormqr / unmqr that turns W into Q W.
template <typename S>
__device__ void blocked_embed_t(const S* __restrict__ W, S* __restrict__ C, int m, int n) {
    const size_t total = (size_t)m * n;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int r = (int)(idx % m), c = (int)(idx / m);
        C[idx] = r < n ? W[r + (size_t)c * n] : from_real<S>(0.0);
    }
}
extern "C" __global__ void blocked_embed(const double* __restrict__ W, double* __restrict__ C, int m, int n) { blocked_embed_t(W, C, m, n); }
extern "C" __global__ void blocked_embed_z(const cuDoubleComplex* __restrict__ W, cuDoubleComplex* __restrict__ C, int m, int n) {
    blocked_embed_t(W, C, m, n);
}

// One block per logical column c < n: sigma_c = ||G(:,c)||, U(:,c) = G(:,c) / sigma_c (zero columns stay
// zero), V(:,c) = the first n rows of its V part. U is m x n, V n x n, both column-major, T the caller's type.
template <typename S, typename T>
__device__ void blocked_unpack(const S* __restrict__ W, T* __restrict__ U, T* __restrict__ V,
                               double* __restrict__ sigma, const int* __restrict__ slot, int m, int n, int b, int ld, int wantV) {
    __shared__ double scratch[32];
    const int c = blockIdx.x;
    const S* w = W + (size_t)(slot[c / b] * b + c % b) * ld;
    double ss = 0;
    for (int i = threadIdx.x; i < m; i += blockDim.x) ss += abs2_of(w[i]);
    const double norm = sqrt(block_sum(ss, scratch));
    if (threadIdx.x == 0) sigma[c] = norm;
    const double inv = norm > 0 ? 1.0 / norm : 0.0;
    for (int i = threadIdx.x; i < m; i += blockDim.x) U[i + (size_t)c * m] = T(inv * w[i]);
    if (wantV)
        for (int i = threadIdx.x; i < n; i += blockDim.x) V[i + (size_t)c * n] = T(w[m + i]);
}
extern "C" __global__ void blocked_unpack_d(const double* __restrict__ W, double* __restrict__ U, double* __restrict__ V, double* __restrict__ sigma, const int* __restrict__ slot,
                                            int m, int n, int b, int ld, int wantV) {
    blocked_unpack(W, U, V, sigma, slot, m, n, b, ld, wantV);
}
extern "C" __global__ void blocked_unpack_z(const cuDoubleComplex* __restrict__ W, cuDoubleComplex* __restrict__ U, cuDoubleComplex* __restrict__ V,
                                            double* __restrict__ sigma, const int* __restrict__ slot, int m, int n, int b, int ld, int wantV) {
    blocked_unpack(W, U, V, sigma, slot, m, n, b, ld, wantV);
}

// The 2 x 2 transformation (c, s1, s2) of pivot (p, q) of a pair problem: identity where the relative test holds; else
// a rotation for columns of equal signs (jacobi_tangent), a hyperbolic rotation for opposite signs (hyperbolic: eq. 2.5)
// where a real angle exists (else the pair is left and *deficient set); both by signed_rotation_fast where the
// magnitudes allow (no IEEE division or square root slow paths: jacobi_common.cuh). rotated: +1.
__device__ __forceinline__ void pair_transformation(double app, double aqq, double apq, bool hyperbolic, double tol,
                                                    double& c, double& s1, double& s2, unsigned long long& rotated,
                                                    int* deficient) {
    c = 1;
    s1 = s2 = 0;
    {  // the common case without library roots and divisions where the magnitudes allow
        bool rotate;
        double cf, sf;
        if (signed_rotation_fast(app, aqq, apq, tol, hyperbolic, rotate, cf, sf)) {
            if (rotate) {
                c = cf;
                s2 = sf;
                s1 = hyperbolic ? sf : -sf;
                ++rotated;
            }
            return;
        }
    }
    if (negligible_fast(apq, app, aqq, tol)) return;  // rootless where safe: on the step's critical path
    if (!hyperbolic) {
        const double t = jacobi_tangent(app, aqq, apq);
        c = jacobi_cosine(t);
        s2 = t * c;
        s1 = -s2;
        ++rotated;
    } else {
        const double sum = app + aqq, gap = sum - 2 * fabs(apq);
        if (gap > unit_roundoff<double>() * unit_roundoff<double>() * sum) {
            const double t = hyperbolic_tangent(sum, apq, gap);
            c = 1 / sqrt((1 - t) * (1 + t));
            s1 = s2 = t * c;
            ++rotated;
        } else {
            *deficient = 1;
        }
    }
}

// The complex one [19]: for h_pq = |h_pq| u (|u| = 1) the real rotation (c, s) of [[h_pp, |h_pq|], [|h_pq|, h_qq]] with
// its phase, s1 = -s conj(u), s2 = s u (p' = c p + s1 q, q' = s2 p + c q: then p'^H q' = u times the real pivot's
// new off-diagonal, zero). Opposite signs likewise: the real hyperbolic (c, s1, s2) of the modulus, with the phase.
__device__ __forceinline__ void pair_transformation(double app, double aqq, cuDoubleComplex apq, bool hyperbolic,
                                                    double tol, double& c, cuDoubleComplex& s1, cuDoubleComplex& s2,
                                                    unsigned long long& rotated, int* deficient) {
    double pr = apq.x, pi = apq.y, r1, r2;
    // the modulus and 1 / modulus by one rsqrt_newton where |h_pq|^2 lies within [2^-500, 2^500] (the step's critical
    // path: hypot and two IEEE divisions otherwise), else hypot with unitary_rotation's scaling of a tiny modulus
    const double h = fma(pr, pr, pi * pi);
    const bool fast = h >= 0x1p-500 && h <= 0x1p500;
    const double inv = fast ? rsqrt_newton(h) : 0.0, mod = fast ? h * inv : hypot(pr, pi);
    pair_transformation(app, aqq, mod, hyperbolic, tol, c, r1, r2, rotated, deficient);
    s1 = s2 = make_cuDoubleComplex(0.0, 0.0);
    if (r2 == 0) return;
    double ur, ui;
    if (fast) {
        ur = pr * inv;
        ui = pi * inv;
    } else {
        double m = mod;
        if (m < 0x1p-900) {  // a subnormal modulus would make |u| != 1
            pr = scalbn(pr, 600);
            pi = scalbn(pi, 600);
            m = hypot(pr, pi);
        }
        ur = pr / m;
        ui = pi / m;
    }
    s1 = make_cuDoubleComplex(r1 * ur, -r1 * ui);
    s2 = make_cuDoubleComplex(r2 * ur, r2 * ui);
}

// |x| for the relative tests: the entry itself for double (negligible takes its fabs), the modulus for complex.
__device__ __forceinline__ double magnitude(double x) { return x; }
__device__ __forceinline__ double magnitude(cuDoubleComplex z) { return hypot(z.x, z.y); }

// A sweep's convergence test without the sweep: C = X'X (N x N, from the caller's GEMM over the work
// array's first m rows; pad columns give zero rows and columns, and the slot layout only permutes C) fails
// at (p, q), p < q, when |c_pq| > tol sqrt(c_pp c_qq), blocked_pair's test. count += the failing pairs, the
// first `cap` of them listed (p, q) in list: a sweep from this X would rotate iff count > 0 (up to the GEMMs'
// rounding), so when it is 0 the sweep that would only confirm convergence (all its GEMMs) is not run, and when
// a few fail, they are rotated alone (blocked_rotate_pairs) instead of a sweep.
template <typename S>
__device__ void blocked_check_t(const S* __restrict__ C, int N, double tol, unsigned long long* __restrict__ count,
                              int* __restrict__ list, int cap) {
    const size_t total = (size_t)N * N;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int p = (int)(idx % N), q = (int)(idx / N);
        if (p < q && !negligible(magnitude(C[idx]), real_of(C[p + (size_t)p * N]), real_of(C[q + (size_t)q * N]), tol)) {
            const unsigned long long k = atomicAdd(count, 1ull);
            if (k < (unsigned long long)cap) {
                list[2 * k] = p;
                list[2 * k + 1] = q;
            }
        }
    }
}
extern "C" __global__ void blocked_check(const double* __restrict__ C, int N, double tol, unsigned long long* __restrict__ count, int* __restrict__ list, int cap) {
    blocked_check_t(C, N, tol, count, list, cap);
}
extern "C" __global__ void blocked_check_z(const cuDoubleComplex* __restrict__ C, int N, double tol, unsigned long long* __restrict__ count, int* __restrict__ list,
                                           int cap) {
    blocked_check_t(C, N, tol, count, list, cap);
}

// The cleanup rounds' update of blocked_check's C after blocked_rotate_pairs changed `count` columns (cols): gather
// copies those columns' first m rows of W into X (m x count), the caller's GEMM forms P = W' X (N x count), and
// scatter writes P into the entries of C that the check and the rotations read (upper triangle and diagonal), so a
// round costs a GEMM of N x count instead of a full check's N x N. An entry between two
// changed columns is written by both (from P's two GEMM sums; either is X'X to rounding).
template <typename S>
__device__ void blocked_gather_cols_t(const S* __restrict__ W, int ld, int m, const int* __restrict__ cols, int count,
                                      S* __restrict__ X) {
    const size_t total = (size_t)m * count;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int i = (int)(idx % m), j = (int)(idx / m);
        X[idx] = W[i + (size_t)cols[j] * ld];
    }
}
extern "C" __global__ void blocked_gather_cols(const double* __restrict__ W, int ld, int m, const int* __restrict__ cols,
                                               int count, double* __restrict__ X) {
    blocked_gather_cols_t(W, ld, m, cols, count, X);
}
extern "C" __global__ void blocked_gather_cols_z(const cuDoubleComplex* __restrict__ W, int ld, int m,
                                                 const int* __restrict__ cols, int count, cuDoubleComplex* __restrict__ X) {
    blocked_gather_cols_t(W, ld, m, cols, count, X);
}
template <typename S>
__device__ void blocked_scatter_gram_t(const S* __restrict__ P, int N, const int* __restrict__ cols, int count,
                                       S* __restrict__ C) {
    const size_t total = (size_t)N * count;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int i = (int)(idx % N), c = cols[idx / N];
        const S v = P[idx];  // (X'X)(i, c)
        if (i < c) C[i + (size_t)c * N] = v;
        else if (i > c) C[c + (size_t)i * N] = conj_of(v);
        else C[c + (size_t)c * N] = from_real<S>(real_of(v));
    }
}
extern "C" __global__ void blocked_scatter_gram(const double* __restrict__ P, int N, const int* __restrict__ cols, int count,
                                                double* __restrict__ C) {
    blocked_scatter_gram_t(P, N, cols, count, C);
}
extern "C" __global__ void blocked_scatter_gram_z(const cuDoubleComplex* __restrict__ P, int N, const int* __restrict__ cols,
                                                  int count, cuDoubleComplex* __restrict__ C) {
    blocked_scatter_gram_t(P, N, cols, count, C);
}

// The split pair solve (CudaSplitPairs): a pair problem of Q = 2b columns too large for one blocked_pair (complex
// b = 64) is solved as two inner steps of two sub-problems of Q / 2, each pairing a quarter of the first block with a
// quarter of the second ([11]'s hierarchical blocking: quarters 0 1 | 2 3; step 0 pairs (0, 2) and (1, 3), step 1
// (0, 3) and (1, 2)), so the cross pairs of the block pair are each met once, as in the one-kernel cross order.
// Quarter of sub-problem j (0, 1) of inner step st: its first half quarter j, its second 2 + ((j + st) & 1).
__device__ __forceinline__ int split_quarter(int st, int j, int half) { return half == 0 ? j : 2 + ((j + st) & 1); }

// sub (2 per pair, (Q/2) x (Q/2)) := the rows and columns of its two quarters of the pair's Q x Q gram; with signs,
// subSigns := those columns' signs (the hyperbolic sweeps).
template <typename S>
__device__ void blocked_split_gather_t(const S* __restrict__ gram, S* __restrict__ sub, int Q, int st, int pairs,
                                       const int* __restrict__ signs, int* __restrict__ subSigns) {
    const int H = Q / 2, h = Q / 4;
    const size_t total = (size_t)pairs * 2 * H * H;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int r = (int)(idx % H), c = (int)(idx / H % H);
        const size_t i = idx / ((size_t)H * H);  // sub-problem 2 k + j
        const int k = (int)(i / 2), j = (int)(i % 2);
        const int R = split_quarter(st, j, r / h) * h + r % h, C = split_quarter(st, j, c / h) * h + c % h;
        sub[idx] = gram[(size_t)k * Q * Q + R + (size_t)C * Q];
        if (signs != nullptr && c == 0) subSigns[i * H + r] = signs[(size_t)k * Q + R];
    }
}
extern "C" __global__ void blocked_split_gather(const double* __restrict__ gram, double* __restrict__ sub, int Q, int st,
                                                int pairs, const int* __restrict__ signs, int* __restrict__ subSigns) {
    blocked_split_gather_t(gram, sub, Q, st, pairs, signs, subSigns);
}
extern "C" __global__ void blocked_split_gather_z(const cuDoubleComplex* __restrict__ gram, cuDoubleComplex* __restrict__ sub,
                                                  int Q, int st, int pairs, const int* __restrict__ signs,
                                                  int* __restrict__ subSigns) {
    blocked_split_gather_t(gram, sub, Q, st, pairs, signs, subSigns);
}

// d (Q x Q per pair) := inner step st's transformation: the two sub-problems' (Q/2) x (Q/2) transformations qsub at
// their quarters' rows and columns, zero elsewhere; with swapOut the halves of d's columns exchanged (the update's P).
template <typename S>
__device__ void blocked_split_embed_t(const S* __restrict__ qsub, S* __restrict__ d, int Q, int st, int pairs, int swapOut) {
    const int H = Q / 2, h = Q / 4;
    const size_t total = (size_t)pairs * Q * Q;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int R = (int)(idx % Q), cs = (int)(idx / Q % Q);
        const size_t k = idx / ((size_t)Q * Q);
        const int C = swapOut ? (cs + H) & (Q - 1) : cs;  // d P: output column cs holds column C of the step's D
        const int qr = R / h, qc = C / h;
        // the sub-problem of a quarter, and its half there: quarter 0 / 1 is sub-problem 0 / 1's first half
        const int jr = qr < 2 ? qr : (((qr - 2) - st) & 1), jc = qc < 2 ? qc : (((qc - 2) - st) & 1);
        S x = from_real<S>(0.0);
        if (jr == jc) {
            const int r = (qr < 2 ? 0 : h) + R % h, c = (qc < 2 ? 0 : h) + C % h;
            x = qsub[(k * 2 + jr) * H * H + r + (size_t)c * H];
        }
        d[idx] = x;
    }
}
extern "C" __global__ void blocked_split_embed(const double* __restrict__ qsub, double* __restrict__ d, int Q, int st,
                                               int pairs, int swapOut) {
    blocked_split_embed_t(qsub, d, Q, st, pairs, swapOut);
}
extern "C" __global__ void blocked_split_embed_z(const cuDoubleComplex* __restrict__ qsub, cuDoubleComplex* __restrict__ d,
                                                 int Q, int st, int pairs, int swapOut) {
    blocked_split_embed_t(qsub, d, Q, st, pairs, swapOut);
}

// gram (Q x Q per pair) := [[dg_2k, xg_k], [xg_k', dg_2k+1]] from the Gram matrices of the pair's two blocks (dg, b x b
// each, b = Q / 2) and of its cross block (xg = Gi' Gj): the split route's Gram matrix in three quarters of the flops.
template <typename S>
__device__ void blocked_split_assemble_t(const S* __restrict__ dg, const S* __restrict__ xg, S* __restrict__ gram, int Q,
                                         int pairs) {
    const int b = Q / 2;
    const size_t total = (size_t)pairs * Q * Q;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < total; idx += (size_t)gridDim.x * blockDim.x) {
        const int r = (int)(idx % Q), c = (int)(idx / Q % Q);
        const size_t k = idx / ((size_t)Q * Q), bb = (size_t)b * b;
        S x;
        if (r < b && c < b) x = dg[2 * k * bb + r + (size_t)c * b];
        else if (r >= b && c >= b) x = dg[(2 * k + 1) * bb + (r - b) + (size_t)(c - b) * b];
        else if (r < b) x = xg[k * bb + r + (size_t)(c - b) * b];
        else x = conj_of(xg[k * bb + c + (size_t)(r - b) * b]);
        gram[idx] = x;
    }
}
extern "C" __global__ void blocked_split_assemble(const double* __restrict__ dg, const double* __restrict__ xg,
                                                  double* __restrict__ gram, int Q, int pairs) {
    blocked_split_assemble_t(dg, xg, gram, Q, pairs);
}
extern "C" __global__ void blocked_split_assemble_z(const cuDoubleComplex* __restrict__ dg, const cuDoubleComplex* __restrict__ xg,
                                                    cuDoubleComplex* __restrict__ gram, int Q, int pairs) {
    blocked_split_assemble_t(dg, xg, gram, Q, pairs);
}

// The one-sided transformation of each of `count` disjoint column pairs (p, q) of W (ld rows: X and, below it, V),
// from the Gram entries in C (blocked_check's) by pair_transformation, the pair kernel's: a rotation (p' = c p - s q,
// q' = s p + c q), or with colSigns (the sign of each physical column, the hyperbolic sweeps) a hyperbolic one for
// columns of opposite signs; one without a real angle is left and sets *deficient. Every listed pair failed the check,
// so none is tested again (tol 0: a test that differs from blocked_check's by a rounding left a pair unrotated and
// listed again). One block per pair.
template <typename S>
__device__ void blocked_rotate_pairs_t(S* __restrict__ W, int ld, const S* __restrict__ C, int N, const int* __restrict__ pairs,
                                     int count, const int* __restrict__ colSigns, int* __restrict__ deficient) {
    const int k = blockIdx.x;
    if (k >= count) return;
    const int p = pairs[2 * k], q = pairs[2 * k + 1];
    double c;
    S s1, s2;
    unsigned long long rotated = 0;
    pair_transformation(real_of(C[p + (size_t)p * N]), real_of(C[q + (size_t)q * N]), C[p + (size_t)q * N],
                        colSigns != nullptr && colSigns[p] != colSigns[q], 0.0, c, s1, s2, rotated, deficient);
    if (!nonzero(s2)) return;
    S* wp = W + (size_t)p * ld;
    S* wq = W + (size_t)q * ld;
    for (int i = threadIdx.x; i < ld; i += blockDim.x) {
        const S x = wp[i], y = wq[i];
        wp[i] = c * x + s1 * y;
        wq[i] = s2 * x + c * y;
    }
}
extern "C" __global__ void blocked_rotate_pairs(double* __restrict__ W, int ld, const double* __restrict__ C, int N, const int* __restrict__ pairs, int count,
                                                const int* __restrict__ colSigns, int* __restrict__ deficient) {
    blocked_rotate_pairs_t(W, ld, C, N, pairs, count, colSigns, deficient);
}
extern "C" __global__ void blocked_rotate_pairs_z(cuDoubleComplex* __restrict__ W, int ld, const cuDoubleComplex* __restrict__ C, int N,
                                                  const int* __restrict__ pairs, int count, const int* __restrict__ colSigns, int* __restrict__ deficient) {
    blocked_rotate_pairs_t(W, ld, C, N, pairs, count, colSigns, deficient);
}

// The pair problem of one block pair, one thread block per pair: the given `steps` steps of Q / 2 disjoint
// rotations each (pairs: steps x Q indices; the chess tournament's Q - 1 steps, one full sweep, or
// core/CrossPairs' b steps that rotate only the pairs across the two blocks) of two-sided Jacobi (relative
// test, the rotation formula of eig_batched.cu) on its Q x Q Gram matrix A (Q = 2b) in shared memory
// (padded leading dimension). The latency of the dependent steps bounds this kernel, so a step keeps
// the critical path and the shared-memory traffic short: threads 0 .. Q/2 - 1 compute the step's
// rotations once (barrier), each warp reads rotation lane + 32 kk and takes the others by shuffles
// while it applies A := J' A J by independent 2 x 2 blocks (barrier). (Every warp computing all
// rotations itself, with one barrier less, is slower: the FP64 square roots and
// divisions of 32 warps saturate the SM.) In the cross order from Q = 64 the next step's rotations are
// derived during this one (look-ahead, below: one barrier a step; measured faster, docs/performance.md).
// The accumulated rotations R = J_1 ... J_steps: with cross = 1 (CrossPairs' order: rotation k of step s
// pairs column k with column b + (k + s) mod b) every thread keeps rows of R in registers and applies
// the step's rotations while A is updated, column k's entries staying with rotation k's lane and the
// partner column's moving one rotation down per step (a shuffle), so R costs no shared-memory traffic
// (a separate accumulation phase is a large share of the kernel's time). Other orders store
// the rotations (cs: per step c, s1, s2 of Q/2 each, global memory) and accumulate them afterwards row
// by row, one warp per row group. R is polished into qout := R (3I - R'R) / 2 (one Newton-Schulz step [21]) so the
// roundings of the rotations do not add up in V over the steps: in the kernel for Q <= 64 (two
// register-tiled products in shared memory: two cuBLAS launches cost more than the pair kernel there),
// by the caller's two batched GEMMs on rout for Q = 128 (CudaBlockedSvd.polishedInKernel). One sweep
// suffices: the outer sweeps converge as fast as with pair problems solved to convergence, and the pair's
// Q carries fewer roundings.
// With pairSigns (HYP; the pair's Q signs, +-1: the blocked HYPERBOLIC sweeps [4, 10, 11] of the indefinite
// eig, Novakovic's blocked hyperbolic SVD) the transformation is J-orthogonal (R' J R = J): columns of
// equal sign rotate trigonometrically, columns of opposite sign hyperbolically (hyperbolic_tangent,
// svd_jacobi.cu's eq. 2.5: p' = cosh p + sinh q, q' = sinh p + cosh q), both under the same relative
// test, and the polish is the structured Newton-Schulz step R (3I - J R' J R) / 2 ([23]: it keeps R
// in the group of J-orthogonal matrices to first order), in the kernel
// for Q <= 64, else by the caller's GEMMs on the J R and R J the kernel leaves in cs. A hyperbolic pair
// with no real angle (h_pp + h_qq <= 2|h_pq|: the columns are numerically dependent) is left alone and
// flagged by the top bit of the pair's rotation count.
// A 2 x 2 transformation is kept as (c, s1, s2): p' = c p + s1 q, q' = s2 p + c q (a rotation: s1 = -s2).
// rotationsOut[blockIdx.x]: the pairs rotated (0: the pair was already orthogonal, R = I exactly,
// the outer convergence test). Shared memory: CudaBlockedSvd.pairBytes (A, padded; twice that with the
// in-kernel polish).
template <int Q> struct pair_config {
    static constexpr bool KERNEL_POLISH = Q <= 64;
    // doubles of a pair's scratch cs: the stored (c, s1, s2) of Q - 1 steps, and for the caller's J-weighted
    // polish (Q = 128 with signs) J R and R J (CudaBlockedSvd.pairScratch)
    static constexpr int CS_STRIDE = KERNEL_POLISH ? (Q - 1) * 3 * (Q / 2) : 2 * Q * Q;  // 2 Q^2 > 1.5 Q (Q - 1)
};

// C := alpha W op(A) W B + betaDiag I for Q x Q matrices in shared memory (leading dimension Q + 1),
// op(A) = A' when TA, W = diag(w) (w null: W = I; the J of the hyperbolic polish). Each thread a 4 x TN
// tile, so a k-step loads 4 + TN numbers for 4 TN fused multiply-adds. C goes to c (leading dimension
// ldc). Small Q: one entry per thread.
// From Q = 16 on the FP64 tensor cores (mma.m8n8k4, sm_80+): each warp a block of RT x CT tiles of 8 x 8, so a k-step
// of 4 loads RT + CT fragments (one double a lane each) for RT CT products (as FFMA tiles the two
// products were a large share of the pair kernel's time).
__device__ __forceinline__ void mma_8x8x4(double (&d)[2], double a, double b) {
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
                 : "+d"(d[0]), "+d"(d[1]) : "d"(a), "d"(b));
}

template <typename S, int Q, int THREADS, bool TA>
__device__ void pair_product(const S* __restrict__ a, const S* __restrict__ bm, S* __restrict__ c, int ldc,
                             double alpha, double betaDiag, const double* __restrict__ w, int rot = 0) {
    constexpr int LD = Q + 1;
    constexpr int TM = 4, TN = (Q * Q) / (TM * THREADS);
    constexpr int NW = THREADS / 32, TILES = (Q / 8) * (Q / 8), TPW = TILES / NW;
    constexpr int CT = TPW >= 2 ? 2 : 1, RT = TPW >= 2 ? TPW / CT : 1;  // tiles a warp: RT rows by CT columns
#if __CUDA_ARCH__ >= 800
    constexpr bool MMA = Q >= 16 && TILES % NW == 0 && TPW >= 1 && (Q / 8) % RT == 0 && (Q / 8 / RT) * (Q / 8 / CT) == NW;
#else
    constexpr bool MMA = false;
#endif
    if constexpr (MMA && scalar_traits<S>::complex) {
        // op(A) = A^H, the weights w as in the real case below (J of the hyperbolic polish); a complex tile is four
        // real products, re += ar br - ai bi, im += ar bi + ai br, with ai negated for the conjugate
        const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
        const int r0 = (warp % (Q / 8 / RT)) * RT * 8, c0 = (warp / (Q / 8 / RT)) * CT * 8;
        double re[RT][CT][2], im[RT][CT][2];
#pragma unroll
        for (int i = 0; i < RT; ++i)
#pragma unroll
            for (int j = 0; j < CT; ++j) re[i][j][0] = re[i][j][1] = im[i][j][0] = im[i][j][1] = 0;
#pragma unroll 2
        for (int k0 = 0; k0 < Q; k0 += 4) {
            const int k = k0 + t;
            const double wk = w ? w[k] : 1.0;
            double ar[RT], ai[RT], nai[RT], br[CT], bi[CT];
#pragma unroll
            for (int i = 0; i < RT; ++i) {
                const int r = r0 + 8 * i + g;
                const S x = TA ? a[k + r * LD] : a[r + k * LD];
                ar[i] = wk * x.x;
                ai[i] = wk * (TA ? -x.y : x.y);
                nai[i] = -ai[i];
            }
#pragma unroll
            for (int j = 0; j < CT; ++j) {
                const S y = bm[k + (c0 + 8 * j + g) * LD];
                br[j] = y.x;
                bi[j] = y.y;
            }
#pragma unroll
            for (int i = 0; i < RT; ++i)
#pragma unroll
                for (int j = 0; j < CT; ++j) {
                    mma_8x8x4(re[i][j], ar[i], br[j]);
                    mma_8x8x4(re[i][j], nai[i], bi[j]);
                    mma_8x8x4(im[i][j], ar[i], bi[j]);
                    mma_8x8x4(im[i][j], ai[i], br[j]);
                }
        }
#pragma unroll
        for (int i = 0; i < RT; ++i)
#pragma unroll
            for (int j = 0; j < CT; ++j)
#pragma unroll
                for (int e = 0; e < 2; ++e) {
                    const int row = r0 + 8 * i + g, col = c0 + 8 * j + 2 * t + e;
                    const double aw = alpha * (w ? w[row] : 1.0);
                    c[row + (size_t)((col + rot) & (Q - 1)) * ldc] = make_cuDoubleComplex(aw * re[i][j][e] + (row == col ? betaDiag : 0.0),
                                                                      aw * im[i][j][e]);
                }
    } else if constexpr (scalar_traits<S>::complex) {  // op(A) = A^H, weights as below
        for (int idx = threadIdx.x; idx < Q * Q; idx += THREADS) {
            const int i = idx % Q, j = idx / Q;
            S t = from_real<S>(0.0);
            for (int l = 0; l < Q; ++l)
                t += ((w ? w[l] : 1.0) * (TA ? conj_of(a[l + i * LD]) : a[i + l * LD])) * bm[l + j * LD];
            c[i + (size_t)((j + rot) & (Q - 1)) * ldc] = (alpha * (w ? w[i] : 1.0)) * t + from_real<S>(i == j ? betaDiag : 0.0);
        }
    } else if constexpr (MMA) {
        const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
        const int r0 = (warp % (Q / 8 / RT)) * RT * 8, c0 = (warp / (Q / 8 / RT)) * CT * 8;
        double acc[RT][CT][2];
#pragma unroll
        for (int i = 0; i < RT; ++i)
#pragma unroll
            for (int j = 0; j < CT; ++j) acc[i][j][0] = acc[i][j][1] = 0;
#pragma unroll 4
        for (int k0 = 0; k0 < Q; k0 += 4) {
            const int k = k0 + t;
            const double wk = w ? w[k] : 1.0;
            double fa[RT], fb[CT];
#pragma unroll
            for (int i = 0; i < RT; ++i) {
                const int r = r0 + 8 * i + g;  // A fragment: row g, column t of the 8 x 4 block of op(A)
                fa[i] = wk * (TA ? a[k + r * LD] : a[r + k * LD]);
            }
#pragma unroll
            for (int j = 0; j < CT; ++j) fb[j] = bm[k + (c0 + 8 * j + g) * LD];  // B fragment: row t, column g
#pragma unroll
            for (int i = 0; i < RT; ++i)
#pragma unroll
                for (int j = 0; j < CT; ++j) mma_8x8x4(acc[i][j], fa[i], fb[j]);
        }
#pragma unroll
        for (int i = 0; i < RT; ++i)
#pragma unroll
            for (int j = 0; j < CT; ++j)
#pragma unroll
                for (int e = 0; e < 2; ++e) {  // accumulator e: row g, column 2t + e of the tile
                    const int row = r0 + 8 * i + g, col = c0 + 8 * j + 2 * t + e;
                    c[row + (size_t)((col + rot) & (Q - 1)) * ldc] = alpha * (w ? w[row] : 1.0) * acc[i][j][e] + (row == col ? betaDiag : 0.0);
                }
    } else if constexpr (Q >= 32 && TN >= 1 && (Q * Q) % (TM * THREADS) == 0) {
        constexpr int ROW_TILES = Q / TM;
        const int ti = threadIdx.x % ROW_TILES, tj = threadIdx.x / ROW_TILES;
        const int i0 = ti * TM, j0 = tj * TN;
        double acc[TM][TN];
#pragma unroll
        for (int u = 0; u < TM; ++u)
#pragma unroll
            for (int v = 0; v < TN; ++v) acc[u][v] = 0;
        for (int l = 0; l < Q; ++l) {
            double x[TM], y[TN];
            const double wl = w ? w[l] : 1.0;
#pragma unroll
            for (int u = 0; u < TM; ++u) x[u] = wl * (TA ? a[l + (i0 + u) * LD] : a[i0 + u + l * LD]);
#pragma unroll
            for (int v = 0; v < TN; ++v) y[v] = bm[l + (j0 + v) * LD];
#pragma unroll
            for (int u = 0; u < TM; ++u)
#pragma unroll
                for (int v = 0; v < TN; ++v) acc[u][v] = fma(x[u], y[v], acc[u][v]);
        }
#pragma unroll
        for (int u = 0; u < TM; ++u)
#pragma unroll
            for (int v = 0; v < TN; ++v)
                c[i0 + u + (size_t)((j0 + v + rot) & (Q - 1)) * ldc] = alpha * (w ? w[i0 + u] : 1.0) * acc[u][v] + (i0 + u == j0 + v ? betaDiag : 0.0);
    } else {
        for (int idx = threadIdx.x; idx < Q * Q; idx += THREADS) {
            const int i = idx % Q, j = idx / Q;
            double t = 0;
            for (int l = 0; l < Q; ++l) t = fma((w ? w[l] : 1.0) * (TA ? a[l + i * LD] : a[i + l * LD]), bm[l + j * LD], t);
            c[i + (size_t)((j + rot) & (Q - 1)) * ldc] = alpha * (w ? w[i] : 1.0) * t + (i == j ? betaDiag : 0.0);
        }
    }
}

// Where entry (i, j) of a symmetric matrix kept as its upper triangle (leading dimension LD) lives.
template <int LD> __device__ __forceinline__ int sym(int i, int j) { return i <= j ? i + j * LD : j + i * LD; }

// A := J^H A J on the 2 x 2 block (k, l), k <= l (rows p_k, q_k, columns p_l, q_l) of the upper-triangle storage:
// pair l's transformation on the columns, pair k's on the rows (conjugated coefficients for complex S); pivot
// (k = l): a_pq, annihilated, set to zero, the diagonal kept real. The block's four entries at ipp (p_k, p_l), ipq
// (p_k, q_l), iqp (q_k, p_l), iqq (q_k, q_l); the flags: the entry lies below the diagonal and is kept as the
// conjugate of the stored one (complex S; a real S has nothing to conjugate, and the flags fold away).
template <typename S>
__device__ __forceinline__ void pair_block_at(S* __restrict__ a, int ipp, int ipq, int iqp, int iqq, bool cpp, bool cpq,
                                              bool cqp, bool cqq, double ck, S s1k, S s2k, double cl, S s1l, S s2l,
                                              bool pivot) {
    const S app = cpp ? conj_of(a[ipp]) : a[ipp], apq = cpq ? conj_of(a[ipq]) : a[ipq];
    const S aqp = cqp ? conj_of(a[iqp]) : a[iqp], aqq = cqq ? conj_of(a[iqq]) : a[iqq];
    const S yp0 = cl * app + s1l * apq, yq0 = s2l * app + cl * apq;  // row p_k times T_l
    const S yp1 = cl * aqp + s1l * aqq, yq1 = s2l * aqp + cl * aqq;  // row q_k times T_l
    const S r1 = conj_of(s1k), r2 = conj_of(s2k), zero = from_real<S>(0.0);
    const S npp = ck * yp0 + r1 * yp1;
    a[ipp] = pivot ? real_only(npp) : cpp ? conj_of(npp) : npp;
    const S npq = ck * yq0 + r1 * yq1;
    a[ipq] = pivot ? zero : cpq ? conj_of(npq) : npq;
    const S nqp = r2 * yp0 + ck * yp1;
    a[iqp] = pivot ? zero : cqp ? conj_of(nqp) : nqp;
    const S nqq = r2 * yq0 + ck * yq1;
    a[iqq] = pivot ? real_only(nqq) : cqq ? conj_of(nqq) : nqq;
}
template <int LD, typename S>
__device__ __forceinline__ void pair_block(S* __restrict__ a, int pk, int qk, double ck, S s1k, S s2k, int pl, int ql,
                                           double cl, S s1l, S s2l, bool pivot) {
    pair_block_at(a, sym<LD>(pk, pl), sym<LD>(pk, ql), sym<LD>(qk, pl), sym<LD>(qk, ql), pk > pl, pk > ql, qk > pl, qk > ql,
                  ck, s1k, s2k, cl, s1l, s2l, pivot);
}

// Entry (i, j) of the Hermitian (or symmetric) matrix kept as its upper triangle.
template <int LD> __device__ __forceinline__ double herm_get(const double* a, int i, int j) { return a[sym<LD>(i, j)]; }
template <int LD> __device__ __forceinline__ cuDoubleComplex herm_get(const cuDoubleComplex* a, int i, int j) {
    return i <= j ? a[i + j * LD] : conj_of(a[j + i * LD]);
}

template <typename S, int Q, int THREADS, bool HYP>
__device__ void blocked_pair(const S* __restrict__ gram, S* __restrict__ qout, S* __restrict__ rout,
                             const int* __restrict__ pairs, int steps, double tol,
                             unsigned long long* __restrict__ rotationsOut, S* __restrict__ csAll, int cross,
                             const int* __restrict__ pairSigns, int swapOut) {
    constexpr int LD = Q + 1, H = Q / 2, NW = THREADS / 32, KR = (H + 31) / 32;
    static_assert(THREADS % 32 == 0 && THREADS >= H, "whole warps, one thread per rotation");
    // the look-ahead cross order (below) for whole warps of rotations, with warps left for the other blocks
    constexpr bool AHEAD_OK = H % 32 == 0 && (H & (H - 1)) == 0 && NW > KR;
    // rows of R in the cross order: warp w0 + RWARPS j (w0 = warp - R0); with one band warp (Q = 64) the band, the
    // look-ahead's critical path, keeps none (its rows would lengthen that path every step)
    constexpr int R0 = AHEAD_OK && KR == 1 ? KR : 0, RWARPS = NW - R0, RW = (Q + RWARPS - 1) / RWARPS;
    constexpr int NBLK = (H - 2) * (H - 1) / 2 - 1, ROUNDS = AHEAD_OK ? (NBLK + THREADS - 32 * KR - 1) / (THREADS - 32 * KR) : 1;
    extern __shared__ __align__(16) unsigned char smem[];
    S* a = reinterpret_cast<S*>(smem);
    __shared__ double rc[2][H], sg[Q];
    __shared__ S rs1[2][H], rs2[2][H];
    __shared__ int rp[2][H], rq[2][H], deficient;
    __shared__ unsigned long long rotatedAll;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const S* g = gram + (size_t)blockIdx.x * Q * Q;
    S* cs = csAll + (size_t)blockIdx.x * pair_config<Q>::CS_STRIDE;  // per step c[H], s1[H], s2[H]
    for (int i = threadIdx.x; i < Q * Q; i += THREADS) a[i % Q + (i / Q) * LD] = g[i];
    for (int i = threadIdx.x; i < Q; i += THREADS) sg[i] = HYP ? pairSigns[(size_t)blockIdx.x * Q + i] : 1.0;
    if (threadIdx.x == 0) rotatedAll = deficient = 0;
    // cross order: row warp - R0 + RWARPS j of R, entries of column k = lane + 32 kk (x) and of its partner (y)
    S xr[RW][KR], yr[RW][KR];
#pragma unroll
    for (int j = 0; j < RW; ++j)
#pragma unroll
        for (int kk = 0; kk < KR; ++kk) {
            const int i = warp - R0 + RWARPS * j, k = lane + 32 * kk;
            xr[j][kk] = from_real<S>(i == k ? 1.0 : 0.0);
            yr[j][kk] = from_real<S>(i == H + k ? 1.0 : 0.0);
        }
    __syncthreads();
    unsigned long long rotated = 0;  // this thread's rotations (thread k < H: rotation k of every step)
    // The pivot (p, q) of rotation k of step st from pairs (loaded a step ahead: an L2 round trip on the critical path
    // otherwise); derive: its transformation into buffer buf, by thread k < H (the pivot's entries as A holds them now).
    auto pair_at = [&](int st, int k, int& p, int& q) {
        p = st < steps ? __ldg(pairs + st * Q + 2 * k) : 0;
        q = st < steps ? __ldg(pairs + st * Q + 2 * k + 1) : 0;
    };
    auto derive = [&](int st, int buf, int k, int p, int q) {
        double c;
        S s1, s2;
        pair_transformation(real_of(a[p + p * LD]), real_of(a[q + q * LD]), herm_get<LD>(a, p, q), HYP && sg[p] != sg[q], tol, c,
                            s1, s2, rotated, &deficient);
        rc[buf][k] = c;
        rs1[buf][k] = s1;
        rs2[buf][k] = s2;
        rp[buf][k] = p;  // (the look-ahead recomputes them: not read there)
        rq[buf][k] = q;
        if (!cross) {
            cs[st * 3 * H + k] = from_real<S>(c);
            cs[st * 3 * H + H + k] = s1;
            cs[st * 3 * H + 2 * H + k] = s2;
        }
    };
    // R := R J by the rows in registers (cross order), then the partners move one rotation down
    auto rotate_r = [&](const double (&c)[KR], const S (&s1)[KR], const S (&s2)[KR]) {
#pragma unroll
        for (int j = 0; j < RW; ++j) {
#pragma unroll
            for (int kk = 0; kk < KR; ++kk) {
                const S x = xr[j][kk], y = yr[j][kk];
                xr[j][kk] = c[kk] * x + s1[kk] * y;
                yr[j][kk] = s2[kk] * x + c[kk] * y;
            }
            if (KR == 1) {
                const int from = H >= 32 ? (lane + 1) & 31 : (lane < H ? (lane + 1) % H : lane);
                yr[j][0] = shfl_s(yr[j][0], from);
            } else {  // rotation k takes k + 1's: lane 31 of group kk from lane 0 of group kk + 1
                S t[KR];
#pragma unroll
                for (int kk = 0; kk < KR; ++kk) t[kk] = shfl_s(yr[j][kk], (lane + 1) & 31);
#pragma unroll
                for (int kk = 0; kk < KR; ++kk) yr[j][kk] = lane == 31 ? t[(kk + 1) % KR] : t[kk];
            }
        }
    };
    // the step's rotations for this lane's k = lane + 32 kk (registers, for the shuffles)
    auto load_step = [&](int buf, double (&c)[KR], S (&s1)[KR], S (&s2)[KR], int (&p)[KR], int (&q)[KR]) {
#pragma unroll
        for (int kk = 0; kk < KR; ++kk) {
            const int k = lane + 32 * kk;
            const bool in = k < H;
            c[kk] = in ? rc[buf][k] : 1.0;
            s1[kk] = in ? rs1[buf][k] : from_real<S>(0.0);
            s2[kk] = in ? rs2[buf][k] : from_real<S>(0.0);
            p[kk] = in ? rp[buf][k] : 0;
            q[kk] = in ? rq[buf][k] : 0;
        }
    };
    if constexpr (AHEAD_OK) if (cross) {
        // The cross order with look-ahead: the pivots of step st + 1 lie in the band of step st's 2 x 2 blocks,
        // (k, k) and (k, k + 1 mod H) (rotation k's next partner is rotation k + 1's column), so the band warps
        // (rotation k = lane + 32 warp) update the band first and derive the next step's rotations from it while
        // the other warps update the rest of A: the rotations' FP64 roots and divisions leave the critical path
        // and a step has one barrier instead of two.
        // The blocks off the band, (k, l) with 2 <= l < H, k <= l - 2, but not (0, H - 1): by l, then k, NBLK of them,
        // dealt to the other warps' threads round by round; block idx has l = 2 + m, k = idx - m (m + 1) / 2 for
        // the largest m with m (m + 1) / 2 <= idx (k + 1 on l = H - 1, which lacks k = 0).
        int mine[ROUNDS];
#pragma unroll
        for (int r = 0; r < ROUNDS; ++r) {
            const int idx = (int)threadIdx.x - 32 * KR + r * (THREADS - 32 * KR);
            mine[r] = -1;
            if (warp >= KR && idx < NBLK) {
                int m = (int)((sqrtf(8.0f * idx + 1.0f) - 1.0f) * 0.5f);
                while (m * (m + 1) / 2 > idx) --m;
                while ((m + 1) * (m + 2) / 2 <= idx) ++m;
                const int l = 2 + m;
                const int k = idx - m * (m + 1) / 2 + (l == H - 1 ? 1 : 0);
                mine[r] = k | (l << 8);
            }
        }
        // (CrossPairs' order, by its formula: rotation k of step st pairs p = k with q = H + (k + st) mod H)
        if (threadIdx.x < H) derive(0, 0, threadIdx.x, threadIdx.x, H + threadIdx.x);
        __syncthreads();
        for (int st = 0; st < steps; ++st) {
            const int buf = st & 1;
            double c[KR];
            S s1[KR], s2[KR];
#pragma unroll
            for (int kk = 0; kk < KR; ++kk) {
                const int k = lane + 32 * kk;
                c[kk] = rc[buf][k];
                s1[kk] = rs1[buf][k];
                s2[kk] = rs2[buf][k];
            }
            if (warp < KR) {  // band: this thread is rotation k
                const int k = threadIdx.x, k1 = k + 1 < H ? k + 1 : 0;
                const int qk = H + ((k + st) & (H - 1)), q1 = H + ((k1 + st) & (H - 1));
                double ck = 1;
                S s1k = from_real<S>(0.0), s2k = from_real<S>(0.0);
#pragma unroll
                for (int kk = 0; kk < KR; ++kk)  // kk = warp, by selects (a runtime index would put c in local memory)
                    if (kk == warp) { ck = c[kk]; s1k = s1[kk]; s2k = s2[kk]; }
                const double c1 = rc[buf][k1];
                const S s11 = rs1[buf][k1], s21 = rs2[buf][k1];
                // the pivot block (k, k) and (k, k1) (for k1 = 0: the block (0, H - 1), rotation 0's rows); entries below
                // the diagonal are read and written as the conjugates of the stored ones (complex S)
                if (nonzero(s2k))
                    pair_block_at(a, k + k * LD, k + qk * LD, k + qk * LD, qk + qk * LD, false, false, true, false, ck, s1k, s2k, ck, s1k, s2k,
                                  true);
                if (nonzero(s2k) || nonzero(s21)) {
                    if (k < k1) pair_block_at(a, k + k1 * LD, k + q1 * LD, k1 + qk * LD, qk < q1 ? qk + q1 * LD : q1 + qk * LD,
                                              false, false, true, !(qk < q1), ck, s1k, s2k, c1, s11, s21, false);
                    else pair_block_at(a, k1 + k * LD, k1 + qk * LD, k + q1 * LD, q1 < qk ? q1 + qk * LD : qk + q1 * LD,
                                       false, false, true, !(q1 < qk), c1, s11, s21, ck, s1k, s2k, false);
                }
                if (KR == 1) __syncwarp();
                else asm volatile("bar.sync 1, %0;" ::"n"(KR * 32) : "memory");
                if (st + 1 < steps) derive(st + 1, buf ^ 1, k, k, q1);
            } else {  // the other blocks, this thread's fixed list (all lanes busy: a loop over l left half idle)
#pragma unroll
                for (int r = 0; r < ROUNDS; ++r) {
                    if (mine[r] < 0) continue;
                    const int k = mine[r] & 0xff, l = mine[r] >> 8;
                    const S s2k = rs2[buf][k], s2l = rs2[buf][l];
                    if (!nonzero(s2k) && !nonzero(s2l)) continue;
                    // CrossPairs' order: p_k = k < H <= q_k = H + (k + st) mod H, and k < l
                    const int qk = H + ((k + st) & (H - 1)), ql = H + ((l + st) & (H - 1));
                    pair_block_at(a, k + l * LD, k + ql * LD, l + qk * LD, qk < ql ? qk + ql * LD : ql + qk * LD, false,
                                  false, true, !(qk < ql), rc[buf][k], rs1[buf][k], s2k, rc[buf][l], rs1[buf][l], s2l, false);
                }
            }
            if (warp >= R0) rotate_r(c, s1, s2);
            __syncthreads();
        }
    }
    if (!(AHEAD_OK && cross)) {
        int np = 0, nq = 0;
        if (threadIdx.x < H) pair_at(0, threadIdx.x, np, nq);
        for (int st = 0; st < steps; ++st) {
            if (threadIdx.x < H) {  // rotation k of the step, once
                derive(st, 0, threadIdx.x, np, nq);
                pair_at(st + 1, threadIdx.x, np, nq);
            }
            __syncthreads();
            double c[KR];  // rotation k = lane + 32 kk, for the shuffles
            S s1[KR], s2[KR];
            int p[KR], q[KR];
            load_step(0, c, s1, s2, p, q);
            // A := J' A J by 2 x 2 blocks (rows p_k, q_k; columns p_l, q_l), each with one writer. A is symmetric:
            // only its upper triangle is kept (entry (i, j) at sym(i, j)), so only the blocks k <= l are computed,
            // half the shared-memory traffic of a step. Blocks of two unrotated pairs stay.
            for (int l = warp; l < H; l += NW) {  // uniform in the warp: rotation l by shuffles
                double cl = 1;
                S s1l = from_real<S>(0.0), s2l = from_real<S>(0.0);
                int pl = 0, ql = 0;
#pragma unroll
                for (int kk = 0; kk < KR; ++kk) {
                    const double cx = __shfl_sync(0xffffffffu, c[kk], l & 31);
                    const S sx1 = shfl_s(s1[kk], l & 31), sx2 = shfl_s(s2[kk], l & 31);
                    const int px = __shfl_sync(0xffffffffu, p[kk], l & 31), qx = __shfl_sync(0xffffffffu, q[kk], l & 31);
                    if (kk == (l >> 5)) { cl = cx; s1l = sx1; s2l = sx2; pl = px; ql = qx; }
                }
#pragma unroll
                for (int kk = 0; kk < KR; ++kk) {
                    const int k = lane + 32 * kk;
                    if (k > l || (!nonzero(s2[kk]) && !nonzero(s2l))) continue;
                    pair_block<LD>(a, p[kk], q[kk], c[kk], s1[kk], s2[kk], pl, ql, cl, s1l, s2l, k == l);
                }
            }
            if (cross && warp >= R0) rotate_r(c, s1, s2);
            __syncthreads();
        }
    }
    if (rotated) atomicAdd(&rotatedAll, rotated);
    __syncthreads();
    // R in A's storage
    S* r = a;
    const unsigned long long any = rotatedAll;
    if (any != 0 && cross) {  // after b steps every partner is back at rotation k: column H + k
#pragma unroll
        for (int j = 0; j < RW; ++j)
#pragma unroll
            for (int kk = 0; kk < KR; ++kk) {
                const int i = warp - R0 + RWARPS * j, k = lane + 32 * kk;
                if (warp >= R0 && i < Q && k < H) {
                    r[i + k * LD] = xr[j][kk];
                    r[i + (H + k) * LD] = yr[j][kk];
                }
            }
    } else if (any != 0) {  // R := I J_1 ... J_STEPS, row i by warp i % NW (rows are independent)
        for (int i = warp; i < Q; i += NW)
            for (int j = lane; j < Q; j += 32) r[i + j * LD] = from_real<S>(i == j ? 1.0 : 0.0);
        __syncwarp();
        // the next step's rotation loaded while this one is applied (the loads' latency, not the
        // arithmetic, bounds this phase)
        double ck[KR], cn[KR];
        S s1k[KR], s2k[KR], s1n[KR], s2n[KR];
        int pk[KR], qk[KR], pn[KR], qn[KR];
        auto load = [&](int st, double* cc, S* ss1, S* ss2, int* pp, int* qq) {
#pragma unroll
            for (int kk = 0; kk < KR; ++kk) {
                const int k = lane + 32 * kk;
                const bool in = k < H && st < steps;
                cc[kk] = in ? real_of(cs[st * 3 * H + k]) : 1.0;
                ss1[kk] = in ? cs[st * 3 * H + H + k] : from_real<S>(0.0);
                ss2[kk] = in ? cs[st * 3 * H + 2 * H + k] : from_real<S>(0.0);
                pp[kk] = in ? __ldg(pairs + st * Q + 2 * k) : 0;
                qq[kk] = in ? __ldg(pairs + st * Q + 2 * k + 1) : 0;
            }
        };
        load(0, cn, s1n, s2n, pn, qn);
        for (int st = 0; st < steps; ++st) {
#pragma unroll
            for (int kk = 0; kk < KR; ++kk) {
                ck[kk] = cn[kk];
                s1k[kk] = s1n[kk];
                s2k[kk] = s2n[kk];
                pk[kk] = pn[kk];
                qk[kk] = qn[kk];
            }
            load(st + 1, cn, s1n, s2n, pn, qn);
#pragma unroll
            for (int kk = 0; kk < KR; ++kk) {
                if (!nonzero(s2k[kk])) continue;
                for (int i = warp; i < Q; i += NW) {
                    const S xp = r[i + pk[kk] * LD], xq = r[i + qk[kk] * LD];
                    r[i + pk[kk] * LD] = ck[kk] * xp + s1k[kk] * xq;
                    r[i + qk[kk] * LD] = s2k[kk] * xp + ck[kk] * xq;
                }
            }
            __syncwarp();
        }
    }
    __syncthreads();
    S* out = qout + (size_t)blockIdx.x * Q * Q;
    bool polished = false;
    if constexpr (pair_config<Q>::KERNEL_POLISH) {
        if (any != 0) {  // T := (3I - J R' J R) / 2, then out := R T
            S* tt = a + Q * LD;
            pair_product<S, Q, THREADS, true>(r, r, tt, LD, -0.5, 1.5, HYP ? sg : nullptr);
            __syncthreads();
            pair_product<S, Q, THREADS, false>(r, tt, out, Q, 1.0, 0.0, nullptr, swapOut ? Q / 2 : 0);
            polished = true;
        }
    }
    if (!polished) {
        S* raw = rout + (size_t)blockIdx.x * Q * Q;
        for (int idx = threadIdx.x; idx < Q * Q; idx += THREADS) {
            const int i = idx % Q, j = idx / Q;
            const S x = any != 0 ? r[i + j * LD] : from_real<S>(i == j ? 1.0 : 0.0);
            const int js = swapOut ? (j + Q / 2) & (Q - 1) : j;  // Q P: the halves of Q's columns exchanged
            out[i + js * Q] = x;
            if (!pair_config<Q>::KERNEL_POLISH) raw[idx] = x;
            if (!pair_config<Q>::KERNEL_POLISH && HYP) {  // the caller's J-weighted polish: (R J)' (J R P) = J R' J R P
                cs[i + js * Q] = sg[i] * x;
                cs[Q * Q + idx] = sg[j] * x;
            }
        }
    }
    if (threadIdx.x == 0) rotationsOut[blockIdx.x] = any | (deficient ? (1ull << 63) : 0ull);
}

#define BLOCKED_PAIR(NAME, S, Q, T)                                                                            \
    extern "C" __global__ void __launch_bounds__(T) NAME(const S* gram, S* qout, S* rout, const int* pairs,      \
            int steps, double tol, unsigned long long* rotations, S* cs, int cross, const int* pairSigns,       \
            int swapOut) {                                                                                      \
        if (pairSigns) blocked_pair<S, Q, T, true>(gram, qout, rout, pairs, steps, tol, rotations, cs, cross,   \
                                                   pairSigns, swapOut);                                         \
        else blocked_pair<S, Q, T, false>(gram, qout, rout, pairs, steps, tol, rotations, cs, cross, nullptr,   \
                                          swapOut);                                                             \
    }
BLOCKED_PAIR(blocked_pair_128, double, 128, 512)
BLOCKED_PAIR(blocked_pair_64, double, 64, 256)
BLOCKED_PAIR(blocked_pair_32, double, 32, 256)
BLOCKED_PAIR(blocked_pair_16, double, 16, 128)
BLOCKED_PAIR(blocked_pair_8, double, 8, 64)
BLOCKED_PAIR(blocked_pair_4, double, 4, 32)
BLOCKED_PAIR(blocked_pair_2, double, 2, 32)
// the complex blocked route: b = 32 (2b = 64 complex in shared memory, with the polish 133 KB) and its diagonal step
BLOCKED_PAIR(blocked_pair_z_64, cuDoubleComplex, 64, 256)
BLOCKED_PAIR(blocked_pair_z_32, cuDoubleComplex, 32, 256)
