// The pair problem of the blocked one-sided HYPERBOLIC Jacobi [4, 10, 11] (Novakovic's blocked
// hyperbolic SVD; CudaBlockedSvd's sweeps with a signature): the same block-pair structure as
// svd_blocked.cu's blocked_pair (the pair's Gram matrix H = [Gi Gj]'[Gi Gj] from one batched GEMM, one
// sweep on it in shared memory (`steps` steps of Q / 2 pairs: the chess tournament's Q - 1, or CrossPairs' b), the accumulated 2b x 2b transformation applied to G
// by GEMMs), but the transformation is J-orthogonal (R' J R = J) for the pair's signs J: columns of
// equal sign rotate trigonometrically (jacobi_tangent), columns of opposite sign hyperbolically
// (hyperbolic_tangent, svd_jacobi.cu's eq. 2.5: p' = cosh p + sinh q, q' = sinh p + cosh q), both under
// the relative test |h_pq| <= tol sqrt(h_pp h_qq). The polish is the structured Newton-Schulz step
// R (3I - R^* R) / 2 with the J-adjoint R^* = J R' J (Higham, Mackey, Mackey and Tisseur: it keeps R
// in the group of J-orthogonal matrices to first order), which for J = I is blocked_pair's.
// A hyperbolic pair with no real angle (h_pp + h_qq <= 2|h_pq|: the columns are numerically dependent,
// M singular) is left alone and flagged by the top bit of the pair's rotation count.
// A 2 x 2 transformation is kept as (c, s1, s2): p' = c p + s1 q, q' = s2 p + c q. With pairSigns null
// (J = I) this is blocked_pair's computation, so the two kernels can become one once svd_blocked.cu settles.
#include "jacobi_common.cuh"

template <int Q, int THREADS>
__device__ void hyperbolic_pair(const double* __restrict__ gram, double* __restrict__ qout, const int* __restrict__ pairs,
                                int steps, double tol, unsigned long long* __restrict__ rotationsOut,
                                const int* __restrict__ pairSigns) {
    constexpr int LD = Q + 1, H = Q / 2;
    extern __shared__ __align__(16) unsigned char smem[];
    double* a = reinterpret_cast<double*>(smem);
    double* r = a + Q * LD;
    double* cs = r + Q * LD;  // c[H], s1[H], s2[H]
    double* sg = cs + 3 * H;  // the pair's signs
    int* pp = reinterpret_cast<int*>(sg + Q);
    __shared__ int rotated, deficient;
    const double* g = gram + (size_t)blockIdx.x * Q * Q;
    for (int i = threadIdx.x; i < Q * Q; i += THREADS) {
        const int row = i % Q, col = i / Q;
        a[row + col * LD] = g[i];
        r[row + col * LD] = row == col ? 1.0 : 0.0;
    }
    for (int i = threadIdx.x; i < Q; i += THREADS) sg[i] = pairSigns ? pairSigns[(size_t)blockIdx.x * Q + i] : 1.0;
    for (int i = threadIdx.x; i < steps * Q; i += THREADS) pp[i] = pairs[i];  // steps <= Q - 1
    if (threadIdx.x == 0) rotated = deficient = 0;
    __syncthreads();
    for (int st = 0; st < steps; ++st) {
        const int* P = pp + st * Q;
        if (threadIdx.x < H) {
            const int k = threadIdx.x, p = P[2 * k], q = P[2 * k + 1];
            const double apq = a[p + q * LD], app = a[p + p * LD], aqq = a[q + q * LD];
            double c = 1, s1 = 0, s2 = 0;
            if (!negligible(apq, app, aqq, tol)) {
                if (sg[p] == sg[q]) {
                    const double t = jacobi_tangent(app, aqq, apq);
                    c = jacobi_cosine(t);
                    s1 = -t * c;
                    s2 = t * c;
                    atomicAdd(&rotated, 1);
                } else {
                    const double sum = app + aqq, gap = sum - 2 * fabs(apq);
                    if (gap > unit_roundoff<double>() * unit_roundoff<double>() * sum) {
                        const double t = hyperbolic_tangent(sum, apq, gap);
                        c = 1 / sqrt((1 - t) * (1 + t));
                        s1 = s2 = t * c;
                        atomicAdd(&rotated, 1);
                    } else {
                        deficient = 1;
                    }
                }
            }
            cs[k] = c;
            cs[H + k] = s1;
            cs[2 * H + k] = s2;
        }
        __syncthreads();
        // A := T' A T by 2 x 2 blocks (one writer each), the annihilated entries of a transformed pair set
        // to zero; R := R T by rows
        for (int idx = threadIdx.x; idx < H * H; idx += THREADS) {
            const int k = idx % H, l = idx / H;
            const double s2k = cs[2 * H + k], s2l = cs[2 * H + l];
            if (s2k == 0 && s2l == 0) continue;
            const double ck = cs[k], cl = cs[l], s1k = cs[H + k], s1l = cs[H + l];
            const int pk = P[2 * k], qk = P[2 * k + 1], pl = P[2 * l], ql = P[2 * l + 1];
            const double app = a[pk + pl * LD], apq = a[pk + ql * LD], aqp = a[qk + pl * LD], aqq = a[qk + ql * LD];
            const double yp0 = cl * app + s1l * apq, yq0 = s2l * app + cl * apq;  // row p_k times T_l
            const double yp1 = cl * aqp + s1l * aqq, yq1 = s2l * aqp + cl * aqq;  // row q_k times T_l
            const bool pivot = k == l;
            a[pk + pl * LD] = ck * yp0 + s1k * yp1;
            a[pk + ql * LD] = pivot ? 0.0 : ck * yq0 + s1k * yq1;
            a[qk + pl * LD] = pivot ? 0.0 : s2k * yp0 + ck * yp1;
            a[qk + ql * LD] = s2k * yq0 + ck * yq1;
        }
        for (int idx = threadIdx.x; idx < H * Q; idx += THREADS) {
            const int i = idx % Q, l = idx / Q;
            const double s2l = cs[2 * H + l];
            if (s2l == 0) continue;
            const double cl = cs[l], s1l = cs[H + l];
            const int pl = P[2 * l], ql = P[2 * l + 1];
            const double xp = r[i + pl * LD], xq = r[i + ql * LD];
            r[i + pl * LD] = cl * xp + s1l * xq;
            r[i + ql * LD] = s2l * xp + cl * xq;
        }
        __syncthreads();
    }
    double* out = qout + (size_t)blockIdx.x * Q * Q;
    const unsigned long long flag = deficient ? (1ull << 63) : 0ull;
    if (rotated == 0) {  // R = I exactly: the pair is J-orthogonal already, the outer convergence test
        for (int idx = threadIdx.x; idx < Q * Q; idx += THREADS) out[idx] = idx % Q == idx / Q ? 1.0 : 0.0;
        if (threadIdx.x == 0) rotationsOut[blockIdx.x] = flag;
        return;
    }
    // structured Newton-Schulz: T = J R' J R into a's storage, then Qout = R (3I - T) / 2
    for (int idx = threadIdx.x; idx < Q * Q; idx += THREADS) {
        const int i = idx % Q, j = idx / Q;
        double t = 0;
        for (int l = 0; l < Q; ++l) t += sg[l] * r[l + i * LD] * r[l + j * LD];
        a[i + j * LD] = (i == j ? 1.5 : 0.0) - 0.5 * sg[i] * t;
    }
    __syncthreads();
    for (int idx = threadIdx.x; idx < Q * Q; idx += THREADS) {
        const int i = idx % Q, j = idx / Q;
        double t = 0;
        for (int l = 0; l < Q; ++l) t += r[i + l * LD] * a[l + j * LD];
        out[i + j * Q] = t;
    }
    if (threadIdx.x == 0) rotationsOut[blockIdx.x] = rotated | flag;
}

// Shared memory: (2 Q (Q + 1) + 5 Q / 2) doubles + (Q - 1) Q ints (CudaBlockedSvd.hyperbolicPairBytes).
#define HYPERBOLIC_PAIR(NAME, Q, T)                                                                            \
    extern "C" __global__ void __launch_bounds__(T) NAME(const double* gram, double* qout, const int* pairs,    \
            int steps, double tol, unsigned long long* rotations, const int* pairSigns) {                       \
        hyperbolic_pair<Q, T>(gram, qout, pairs, steps, tol, rotations, pairSigns);                             \
    }
HYPERBOLIC_PAIR(hyperbolic_pair_64, 64, 1024)
HYPERBOLIC_PAIR(hyperbolic_pair_32, 32, 256)
HYPERBOLIC_PAIR(hyperbolic_pair_16, 16, 128)
HYPERBOLIC_PAIR(hyperbolic_pair_8, 8, 64)
HYPERBOLIC_PAIR(hyperbolic_pair_4, 4, 32)
HYPERBOLIC_PAIR(hyperbolic_pair_2, 2, 32)
