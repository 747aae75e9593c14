// One-sided Hestenes Jacobi [2]: one cooperative launch per sweep; for each round-robin
// step, one block per column pair (grid-stride over pairs) reduces ||a_p||^2, ||a_q||^2 and
// a_p.a_q with warp shuffles, decides by the relative orthogonality test, then rotates columns p, q
// of U (m rows) and V (n rows); a grid sync separates the steps. Column-major storage: every
// access is a coalesced walk down a column. Rotations are counted per block and added to the
// device counter once per sweep; the host reads the counter once per sweep. After convergence the
// column-scaling kernel ([2]'s second kernel) turns A V into U and the singular values.
//
// With a signs vector J ([4]'s one-sided hyperbolic Jacobi, hsvd) the same sweep applies a
// hyperbolic transformation to pairs whose signs differ (eq. 2.5: (g_p + t g_q) cosh,
// (g_q + t g_p) cosh with t = tanh, tanh 2phi = -2 a_pq / (a_pp + a_qq)) and accumulates W (V = J W J)
// instead of V. Pairs come from the same round-robin schedule, not [4]'s modified modulus
// strategy: on a GPU that launches all n/2 pairs of a step at once, the round-robin sets are the
// natural parallel ordering, and the host sorts the result as [4] does. A pair without a real
// hyperbolic angle (numerically dependent columns) sets counter[1], read with the rotation count.
#include "jacobi_common.cuh"

// The block's threads update len entries of two columns: x' = c x + s1 e y, y' = s2 x + c e y (trigonometric, s1 =
// -s2), or x' = (x + t y)(c + lo), y' = (y + t x)(c + lo) (hyperbolic, s1 = s2 = t, real): the scale's low part keeps
// the roundings of c from adding up in the columns (cosine_low).
template <typename S, typename T>
__device__ __forceinline__ void rotate_columns(S* xs, S* ys, int len, T c, T s1, T s2, T lo, phase_t<S> e) {
    if (s1 != s2) {
        for (int i = threadIdx.x; i < len; i += blockDim.x) {
            S x = xs[i], y = phase_mul(e, ys[i]);
            xs[i] = c * x + s1 * y;
            ys[i] = s2 * x + c * y;
        }
    } else {
        for (int i = threadIdx.x; i < len; i += blockDim.x) {
            S x = xs[i], y = ys[i], u = x + s1 * y, v = y + s2 * x;
            xs[i] = c * u + lo * u;
            ys[i] = c * v + lo * v;
        }
    }
}

template <typename S>
__device__ void svd_sweep(S* __restrict__ U, S* __restrict__ V, const int* __restrict__ pairs, int m, int n,
                          int half, int steps, real_t<S> tol, int fixedSweeps, unsigned long long* counter, int wantV,
                          const real_t<S>* __restrict__ signs) {
    typedef real_t<S> T;
    cg::grid_group grid = cg::this_grid();
    __shared__ T scratch[32];
    __shared__ T rot[4];
    __shared__ phase_t<S> phase[1];
    unsigned long long rotated = 0;  // thread 0's count for this block
    for (int s = 0; s < steps; ++s) {
        const int* P = pairs + (long)s * half * 2;
        for (int k = blockIdx.x; k < half; k += gridDim.x) {
            int p = P[2 * k], q = P[2 * k + 1];
            if (q >= n) continue;  // ghost partner (odd n): uniform across the block
            S* up = U + (long)p * m;
            S* uq = U + (long)q * m;
            T a = 0, b = 0;
            S g{};
            for (int i = threadIdx.x; i < m; i += blockDim.x) {
                S x = up[i], y = uq[i];
                a += abs2_of(x); b += abs2_of(y); g += conj_of(x) * y;  // g = a_p^H a_q
            }
            a = block_sum(a, scratch);
            b = block_sum(b, scratch);
            g = block_sum_c(g, scratch);
            // hyperbolic pairs (hsvd) exist for a real S only: the complex builds get no signs
            const bool hyperbolic = !scalar_traits<S>::complex && signs != nullptr && signs[p] != signs[q];
            T gap = T(0);
            if constexpr (!scalar_traits<S>::complex) {
                gap = a + b - T(2) * fabs(g);  // > 0 while a real hyperbolic angle exists
                if (hyperbolic && gap < (a + b) / T(16)) {
                    // a_pp + a_qq - 2|a_pq| cancels: take ||g_p - sign(a_pq) g_q||^2 from the columns
                    const T sg = g < T(0) ? T(-1) : T(1);
                    T d2 = 0;
                    for (int i = threadIdx.x; i < m; i += blockDim.x) {
                        T d = up[i] - sg * uq[i];
                        d2 += d * d;
                    }
                    gap = block_sum(d2, scratch);
                }
            }
            if (threadIdx.x == 0) {
                T c = 1, s1 = 0, s2 = 0, lo = 0;  // x' = c x + s1 e y, y' = s2 x + c e y
                phase_t<S> e;
                set_one(e);
                if (!hyperbolic) {
                    T t, sn;
                    // the Gram pivot [[a, g], [conj(g), b]]: the trigonometric rotation of the real or unitary case
                    if (unitary_rotation(a, b, g, tol, fixedSweeps != 0, c, sn, t, e)) {
                        s1 = -sn;
                        s2 = sn;
                        ++rotated;
                    }
                } else if constexpr (!scalar_traits<S>::complex) {
                    if (g != T(0) && (fixedSweeps || fabs(g) > tol * sqrt(a) * sqrt(b))) {
                        if (!(gap > unit_roundoff<T>() * unit_roundoff<T>() * (a + b))) {
                            atomicExch(counter + 1, 1ull);  // no real angle: G is not of full column rank
                        } else {
                            // applied with the low part of c (rotate_columns)
                            T t = hyperbolic_tangent(a + b, g, gap);
                            c = T(1) / sqrt((T(1) - t) * (T(1) + t));
                            lo = cosine_low(t, c, true);
                            s1 = t;
                            s2 = t;
                            ++rotated;
                        }
                    }
                }
                rot[0] = c;
                rot[1] = s1;
                rot[2] = s2;
                rot[3] = lo;
                phase[0] = e;
            }
            __syncthreads();
            T c = rot[0], s1 = rot[1], s2 = rot[2], lo = rot[3];
            phase_t<S> e = phase[0];
            if (s2 != T(0)) {
                rotate_columns(up, uq, m, c, s1, s2, lo, e);
                if (wantV) rotate_columns(V + (long)p * n, V + (long)q * n, n, c, s1, s2, lo, e);
            }
            __syncthreads();  // rot[] is reused by the block's next pair
        }
        grid.sync();
    }
    if (threadIdx.x == 0 && rotated) atomicAdd(counter, rotated);
}

extern "C" __global__ void __launch_bounds__(256) svd_sweep_f(float* U, float* V, const int* pairs, int m, int n,
        int half, int steps, float tol, int fixedSweeps, unsigned long long* counter, int wantV, const float* signs) {
    svd_sweep<float>(U, V, pairs, m, n, half, steps, tol, fixedSweeps, counter, wantV, signs);
}
extern "C" __global__ void __launch_bounds__(256) svd_sweep_d(double* U, double* V, const int* pairs, int m, int n,
        int half, int steps, double tol, int fixedSweeps, unsigned long long* counter, int wantV, const double* signs) {
    svd_sweep<double>(U, V, pairs, m, n, half, steps, tol, fixedSweeps, counter, wantV, signs);
}
// Complex builds (one-sided complex Hestenes Jacobi): signs must be null (no complex hsvd)
extern "C" __global__ void __launch_bounds__(256) svd_sweep_c(cuFloatComplex* U, cuFloatComplex* V, const int* pairs, int m,
        int n, int half, int steps, float tol, int fixedSweeps, unsigned long long* counter, int wantV, const float* signs) {
    svd_sweep<cuFloatComplex>(U, V, pairs, m, n, half, steps, tol, fixedSweeps, counter, wantV, signs);
}
extern "C" __global__ void __launch_bounds__(256) svd_sweep_z(cuDoubleComplex* U, cuDoubleComplex* V, const int* pairs, int m,
        int n, int half, int steps, double tol, int fixedSweeps, unsigned long long* counter, int wantV, const double* signs) {
    svd_sweep<cuDoubleComplex>(U, V, pairs, m, n, half, steps, tol, fixedSweeps, counter, wantV, signs);
}

// Column scaling: one block per column j of the m x n column-major U: sigma_j = ||u_j||, and
// u_j /= sigma_j when sigma_j > 0 (a zero column stays zero; the host completes the basis).
template <typename T>
__device__ void svd_scale(T* __restrict__ U, T* __restrict__ sigma, int m) {
    __shared__ T scratch[32];
    T* u = U + (size_t)blockIdx.x * m;
    T ss = 0;
    for (int i = threadIdx.x; i < m; i += blockDim.x) ss += u[i] * u[i];
    const T norm = sqrt(block_sum(ss, scratch));
    if (threadIdx.x == 0) sigma[blockIdx.x] = norm;
    if (norm > T(0)) {
        const T inv = T(1) / norm;
        for (int i = threadIdx.x; i < m; i += blockDim.x) u[i] *= inv;
    }
}
extern "C" __global__ void svd_scale_f(float* U, float* sigma, int m) { svd_scale(U, sigma, m); }
extern "C" __global__ void svd_scale_d(double* U, double* sigma, int m) { svd_scale(U, sigma, m); }
