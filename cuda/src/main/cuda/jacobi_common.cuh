// Shared device helpers: the one copy of the rotation formulas (every kernel uses these), matching
// io.github.gpujacobi.core.JacobiRotation.
#pragma once
#include <cooperative_groups.h>
#include <cfloat>
#include <cuComplex.h>
namespace cg = cooperative_groups;

// Scalar traits: the kernels are templates on the element type S (float, double, cuFloatComplex,
// cuDoubleComplex); real_t<S> is its real type (tolerances, norms, rotation cosines and sines).
// A real S has no phase (unit_phase: multiplying by it is no operation at all), so the real
// instantiations compile to exactly the arithmetic they had before the complex case existed.
struct unit_phase {};
template <typename S> struct scalar_traits { typedef S real; typedef unit_phase phase; static constexpr bool complex = false; };
template <> struct scalar_traits<cuFloatComplex> { typedef float real; typedef cuFloatComplex phase; static constexpr bool complex = true; };
template <> struct scalar_traits<cuDoubleComplex> { typedef double real; typedef cuDoubleComplex phase; static constexpr bool complex = true; };
template <typename S> using real_t = typename scalar_traits<S>::real;
template <typename S> using phase_t = typename scalar_traits<S>::phase;

// Complex arithmetic on cuComplex's vector types (defined only in this translation unit).
#define GJ_COMPLEX_OPS(C, R, MAKE)                                                                          \
    __device__ __forceinline__ C operator+(C a, C b) { return MAKE(a.x + b.x, a.y + b.y); }                  \
    __device__ __forceinline__ C operator-(C a, C b) { return MAKE(a.x - b.x, a.y - b.y); }                  \
    __device__ __forceinline__ C operator-(C a) { return MAKE(-a.x, -a.y); }                                 \
    __device__ __forceinline__ C operator*(C a, C b) { return MAKE(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); } \
    __device__ __forceinline__ C operator*(R r, C a) { return MAKE(r * a.x, r * a.y); }                      \
    __device__ __forceinline__ C& operator+=(C& a, C b) { a = a + b; return a; }                             \
    __device__ __forceinline__ C& operator*=(C& a, R r) { a = r * a; return a; }                             \
    __device__ __forceinline__ bool operator!=(C a, C b) { return a.x != b.x || a.y != b.y; }                \
    __device__ __forceinline__ C conj_of(C a) { return MAKE(a.x, -a.y); }                                   \
    __device__ __forceinline__ R real_of(C a) { return a.x; }                                               \
    __device__ __forceinline__ R abs2_of(C a) { return a.x * a.x + a.y * a.y; }                              \
    __device__ __forceinline__ C real_only(C a) { return MAKE(a.x, R(0)); }                                  \
    __device__ __forceinline__ C phase_mul(C e, C a) { return e * a; }                                     \
    __device__ __forceinline__ bool nonzero(C a) { return a.x != 0 || a.y != 0; }
GJ_COMPLEX_OPS(cuFloatComplex, float, make_cuFloatComplex)
GJ_COMPLEX_OPS(cuDoubleComplex, double, make_cuDoubleComplex)
#undef GJ_COMPLEX_OPS
#define GJ_REAL_OPS(R)                                                                                       \
    __device__ __forceinline__ R conj_of(R a) { return a; }                                                 \
    __device__ __forceinline__ R real_of(R a) { return a; }                                                 \
    __device__ __forceinline__ R abs2_of(R a) { return a * a; }                                             \
    __device__ __forceinline__ R real_only(R a) { return a; }                                               \
    __device__ __forceinline__ R phase_mul(unit_phase, R a) { return a; }                                   \
    __device__ __forceinline__ bool nonzero(R a) { return a != 0; }
GJ_REAL_OPS(float)
GJ_REAL_OPS(double)
#undef GJ_REAL_OPS
__device__ __forceinline__ unit_phase conj_of(unit_phase e) { return e; }
__device__ __forceinline__ void set_one(unit_phase&) {}
__device__ __forceinline__ void set_one(cuFloatComplex& e) { e = make_cuFloatComplex(1.f, 0.f); }
__device__ __forceinline__ void set_one(cuDoubleComplex& e) { e = make_cuDoubleComplex(1.0, 0.0); }

// The scalar with real part r (S{} is zero for every S).
template <typename S> __device__ __forceinline__ S from_real(real_t<S> r) { return S(r); }
template <> __device__ __forceinline__ cuFloatComplex from_real<cuFloatComplex>(float r) { return make_cuFloatComplex(r, 0.f); }
template <> __device__ __forceinline__ cuDoubleComplex from_real<cuDoubleComplex>(double r) { return make_cuDoubleComplex(r, 0.0); }

// Relative negligibility |a_pq| <= tol sqrt(|a_pp|) sqrt(|a_qq|): what keeps small eigenvalues accurate.
template <typename T>
__device__ __forceinline__ bool negligible(T apq, T app, T aqq, T tol) {
    return apq == T(0) || fabs(apq) <= tol * sqrt(fabs(app)) * sqrt(fabs(aqq));
}

// The same test for float entries widened to double: their squares and products are exact there (24 + 24 of 53 bits)
// and can neither overflow nor underflow, so it needs no root (the two double roots lay on every step's critical path
// of the single-page kernels); it differs from negligible() by a rounding at the boundary.
__device__ __forceinline__ bool negligible_widened(double apq, double app, double aqq, double tol) {
    return apq == 0.0 || apq * apq <= (tol * tol) * fabs(app * aqq);
}

// For double entries the rootless form where its squares and products can neither overflow nor underflow (every
// magnitude within [2^-250, 2^250]), negligible() elsewhere (zero entries included).
__device__ __forceinline__ bool negligible_fast(double apq, double app, double aqq, double tol) {
    const double x = fabs(apq), p = fabs(app), q = fabs(aqq);
    if (fmin(x, fmin(p, q)) >= 0x1p-250 && fmax(x, fmax(p, q)) <= 0x1p250) return x * x <= (tol * tol) * (p * q);
    return negligible(apq, app, aqq, tol);
}

// Reciprocal and reciprocal square root of a double within [2^-1000, 2^1000] to about an ulp: the SFU's approximation
// (rcp / rsqrt.approx.ftz.f64, ~2^-22 relative) and two Newton steps (2^-44, then below the rounding). The library's
// IEEE-rounded division and square root add range checks and slow paths: they lengthen the symmetric rotation
// in the blocked pair kernel's look-ahead, where it is the critical path of each step.
__device__ __forceinline__ double rcp_newton(double x) {
    double y;
#ifdef __CUDA_ARCH__
    asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
#else  // the host emulation (KernelHostEmulationTest)
    y = 1.0 / x;
#endif
    double e = fma(-x, y, 1.0);
    y = fma(y, e, y);
    e = fma(-x, y, 1.0);
    return fma(y, e, y);
}
__device__ __forceinline__ double rsqrt_newton(double x) {
    double y;
#ifdef __CUDA_ARCH__
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
#else
    y = 1.0 / sqrt(x);
#endif
    double e = fma(-x * y, y, 1.0);  // 1 - x y^2; y (1 + e / 2) halves the error's exponent
    y = fma(0.5 * e, y, y);
    e = fma(-x * y, y, 1.0);
    return fma(0.5 * e, y, y);
}

// Whether |x| lies in [2^-250, 2^250) (zero, subnormal, inf and NaN do not): by the exponent field alone.
__device__ __forceinline__ bool within_2p250(double x) {
    const unsigned biased = (unsigned)(__double_as_longlong(x) >> 52) & 0x7ffu;
    return biased - (1023u - 250u) <= 499u;
}

// Unit roundoff of each precision (the guards below, and the hyperbolic rank test here and in svd_blocked.cu).
template <typename T> __device__ __forceinline__ T unit_roundoff();
template <> __device__ __forceinline__ float unit_roundoff<float>() { return FLT_EPSILON; }
template <> __device__ __forceinline__ double unit_roundoff<double>() { return DBL_EPSILON; }

// The symmetric Jacobi rotation with its relative test, for double entries all within [2^-250, 2^250] (returns false
// otherwise, and the caller takes negligible / jacobi_tangent / jacobi_cosine): rotate is whether |a_pq| exceeds tol
// sqrt(|a_pp a_qq|) (negligible_fast's rootless form), then jacobi_tangent's t = sign(d e) |e| / (|d| + sqrt(d^2 +
// e^2)) (t = 1 for d = 0) and c = 1 / sqrt(1 + t^2), s = t c by rcp_newton / rsqrt_newton. (c, s) is orthogonal to
// a few ulps as from the library's routines; t may differ from theirs by an ulp or two, which only moves the
// annihilated entry by as much. There d^2 + e^2 is in [2^-498, 2^504] and |d| + r in [2^-249, 2^253].
// With hyperbolic (the pivot's columns have opposite signs, a_pp, a_qq > 0) the hyperbolic rotation of the same test
// by the same steps, selected rather than branched so that a warp whose pivots mix signs runs one sequence:
// hyperbolic_tangent's t = 1 / (z + sqrt((z - 1)(z + 1))), z = s / |e|, s = a_pp + a_qq, e = 2 a_pq, with the
// divisions by |e| cancelled, t = |e| / (s + sqrt(g (s + |e|))), g = s - |e| (negated for a_pq > 0), and
// c = 1 / sqrt((1 - t)(1 + t)). There g (s + |e|) <= 2^504 and s >= 2^-249; below g (s + |e|) = 2^-498, and where no
// real angle exists (g <= eps^2 s, the exact path's rank test), false: the caller's exact path decides.
__device__ __forceinline__ bool signed_rotation_fast(double app, double aqq, double apq, double tol, bool hyperbolic,
                                                     bool& rotate, double& c, double& s) {
    if (!(within_2p250(app) && within_2p250(aqq) && within_2p250(apq))) return false;
    rotate = apq * apq > (tol * tol) * fabs(app * aqq);
    c = 1.0;
    s = 0.0;
    if (rotate) {
        const double d = aqq - app, e = 2.0 * apq, ae = fabs(e), sum = app + aqq, gap = sum - ae;
        const double h = hyperbolic ? gap * (sum + ae) : fma(d, d, e * e);
        if (hyperbolic && !(gap > unit_roundoff<double>() * unit_roundoff<double>() * sum && h >= 0x1p-498)) return false;
        const double r = h * rsqrt_newton(h);
        double t = ae * rcp_newton((hyperbolic ? sum : fabs(d)) + r);
        t = hyperbolic ? (apq > 0.0 ? -t : t) : d == 0.0 ? 1.0 : (d < 0.0) != (e < 0.0) ? -t : t;
        c = rsqrt_newton(hyperbolic ? (1.0 - t) * (1.0 + t) : fma(t, t, 1.0));
        s = t * c;
    }
    return true;
}

// The symmetric Jacobi tangent [6, 8]: tan of the annihilating angle (|angle| <= pi/4) of
// [[app, apq], [apq, aqq]] for columns p' = c p - s q, q' = s p + c q. Also the trigonometric
// one-sided (Hestenes) tangent: there app, aqq, apq are the Gram entries ||a_p||^2, ||a_q||^2, a_p.a_q.
// With d = aqq - app, e = 2 apq (theta = d / e): t = sign(theta) / (|theta| + sqrt(1 + theta^2))
// = sign(theta) |e| / (|d| + sqrt(d^2 + e^2)), one division and one square root where theta's form takes
// three divisions and two roots with the cosine; the rotation is on the critical path of every step of the
// small-page and pair kernels. Used while max(|d|, |e|) is in [2^-500, 2^500] (float [2^-60, 2^60]): there
// d^2 + e^2 neither overflows nor loses the larger square to underflow. Outside, theta's form, guarded:
// once |theta| > 1/eps, sqrt(1 + theta^2) rounds to |theta| anyway, so t = 1/(2 theta) is the same number;
// taking it there keeps theta^2 from overflowing (float: past 1.8e19, which made t = 0 and left graded
// pairs such as [[1e-30, 5e-11], [5e-11, 1e10]] unrotated but counted as converged).
// Twin: io.github.gpujacobi.core.JacobiRotation.tangent.
template <typename T> __device__ __forceinline__ T tangent_lo();
template <typename T> __device__ __forceinline__ T tangent_hi();
template <> __device__ __forceinline__ float tangent_lo<float>() { return 0x1p-60f; }
template <> __device__ __forceinline__ float tangent_hi<float>() { return 0x1p60f; }
template <> __device__ __forceinline__ double tangent_lo<double>() { return 0x1p-500; }
template <> __device__ __forceinline__ double tangent_hi<double>() { return 0x1p500; }

template <typename T>
__device__ __forceinline__ T jacobi_tangent(T app, T aqq, T apq) {
    const T d = aqq - app, e = T(2) * apq;
    if (d == T(0)) return T(1);
    const T ad = fabs(d), ae = fabs(e), mx = fmax(ad, ae);
    if (mx >= tangent_lo<T>() && mx <= tangent_hi<T>()) {
        const T t = ae / (ad + sqrt(fma(d, d, e * e)));
        return (d < T(0)) != (e < T(0)) ? -t : t;
    }
    T theta = d / e;
    if (theta == T(0)) return T(1);
    T at = fabs(theta);
    T t = at > T(1) / unit_roundoff<T>() ? T(0.5) / at : T(1) / (at + sqrt(T(1) + theta * theta));
    return theta < T(0) ? -t : t;
}

// cos from tan (|t| <= 1, so 1 + t^2 cannot overflow). double: rsqrt (1 ulp), one operation where
// 1 / sqrt is two on the critical path; float keeps 1 / sqrt (rsqrtf's 2 ulp would show in c^2 + s^2).
// Twin: JacobiRotation.cosine.
template <typename T>
__device__ __forceinline__ T jacobi_cosine(T t) { return T(1) / sqrt(T(1) + t * t); }
template <>
__device__ __forceinline__ double jacobi_cosine<double>(double t) { return rsqrt(fma(t, t, 1.0)); }

// The one-sided hyperbolic tangent [4, eq. 2.5]: t = tanh(phi) for a pair of columns with opposite
// signs, from sum = a_pp + a_qq, two = 2|a_pq| and gap = sum - two (> 0: a real angle exists; the
// caller recomputes it from the columns when it cancels). |zeta| = sum / two, |zeta| - 1 = gap / two,
// t = 1 / (|zeta| + sqrt((|zeta| - 1)(|zeta| + 1))), no zeta^2 formed. Twin: JacobiRotation.hyperbolicTangent.
template <typename T>
__device__ __forceinline__ T hyperbolic_tangent(T sum, T apq, T gap) {
    const T two = T(2) * fabs(apq), az = sum / two, azm1 = gap / two;
    const T ta = T(1) / (az + sqrt(azm1 * (az + T(1))));
    return apq > T(0) ? -ta : ta;
}

// A product rounded as written: nvcc's default contraction (--fmad=true) may fuse a product with a later addition,
// which would break the error-free transformations below (fma(a, b, -p) is the error of p = a b only if p was rounded).
template <typename T> __device__ __forceinline__ T mul_rn(T a, T b);
#ifdef __CUDA_ARCH__
template <> __device__ __forceinline__ float mul_rn<float>(float a, float b) { return __fmul_rn(a, b); }
template <> __device__ __forceinline__ double mul_rn<double>(double a, double b) { return __dmul_rn(a, b); }
#else  // the host emulation: g++ -std=c++17 contracts nothing
template <typename T> __device__ __forceinline__ T mul_rn(T a, T b) { return a * b; }
#endif

// The low part of a rotation's scale [24]: for c = fl(1 / sqrt(1 + t^2)) (trigonometric) or fl(1 / sqrt(1 - t^2))
// (hyperbolic), lo with c + lo exact to O(eps^2). c alone scales both columns of every rotation coherently by
// 1 + O(eps), which about n rotations of a column add up to (docs/benchmarks/hyperbolic-blocked-accuracy-model).
// 1 -+ t^2 = u + ul and c^2 = a + ae exactly (fma), delta = c^2 (1 -+ t^2) - 1, lo = -c delta / 2.
// Twin: io.github.gpujacobi.core.JacobiRotation.cosineLow.
template <typename T>
__device__ __forceinline__ T cosine_low(T t, T c, bool hyperbolic) {
    const T tt = mul_rn(t, t), tte = fma(t, t, -tt);
    const T u = hyperbolic ? T(1) - tt : T(1) + tt;
    const T ul = (hyperbolic ? (T(1) - u) - tt : (T(1) - u) + tt) + (hyperbolic ? -tte : tte);
    const T a = mul_rn(c, c), ae = fma(c, c, -a);
    const T p = mul_rn(a, u), pe = fma(a, u, -p);
    const T delta = (p - T(1)) + (pe + a * ul + ae * u);  // p - 1 exact: p is near 1 (Sterbenz)
    return T(-0.5) * c * delta;
}

// The unitary rotation of a Hermitian (or real symmetric) pivot [[a_pp, a_pq], [conj(a_pq), a_qq]]
// as core/ComplexRotation has it [19]: for a real S the signed real rotation (phase none); for a
// complex S, a_pq = |a_pq| e^(i phi) gives the real rotation of [[a_pp, |a_pq|], [|a_pq|, a_qq]] and the
// phase e = e^(-i phi) = conj(a_pq) / |a_pq|: columns p' = c p - s e q, q' = s p + c e q; rows (U^H
// from the left) p' = c p - s conj(e) q, q' = s p + c conj(e) q. apq is a_pq itself (not its conjugate).
// Returns false (c = 1, s = 0) when the pivot is negligible by the relative rule and not forced.
template <typename R>
__device__ __forceinline__ bool unitary_rotation(R app, R aqq, R apq, R tol, bool force, R& c, R& s, R& t, unit_phase&) {
    c = R(1); s = R(0); t = R(0);
    if (apq == R(0) || (!force && negligible(apq, app, aqq, tol))) return false;
    t = jacobi_tangent(app, aqq, apq);
    c = jacobi_cosine(t);
    s = t * c;
    return true;
}
template <typename C, typename R>
__device__ __forceinline__ bool unitary_rotation(R app, R aqq, C apq, R tol, bool force, R& c, R& s, R& t, C& e) {
    c = R(1); s = R(0); t = R(0);
    set_one(e);
    // the modulus and phase in double (float too): a subnormal modulus would make |e| != 1, so it is
    // taken from a copy scaled by 2^600 as the CPU does
    double pr = apq.x, pi = apq.y, mod = hypot(pr, pi);
    if (mod == 0.0 || (!force && negligible(R(mod), app, aqq, tol))) return false;
    t = jacobi_tangent(app, aqq, R(mod));
    c = jacobi_cosine(t);
    s = t * c;
    if (mod < 0x1p-900) { pr = scalbn(pr, 600); pi = scalbn(pi, 600); mod = hypot(pr, pi); }
    e.x = R(pr / mod);
    e.y = R(-pi / mod);
    return true;
}

// Row i of V's columns p and q under a rotation (c, sn): columns p' = c p - sn q, q' = sn p + c q.
template <typename T>
__device__ __forceinline__ void rotate_columns_at(T* V, int n, int p, int q, T c, T sn, int i) {
    const T x = V[(size_t)p * n + i], y = V[(size_t)q * n + i];
    V[(size_t)p * n + i] = c * x - sn * y;
    V[(size_t)q * n + i] = sn * x + c * y;
}

// Index i's share of one symmetric rotation of pivot (p, q) (tangent t, c, sn = t c, from the pivot's entries app,
// aqq, apq read before any write) on the n x n column-major A, both triangles, its diagonal copy d and, where V is
// not null, V's columns p and q. Every i of [0, n) once, by any threads; no i reads what another writes. The
// classical kernels' rotation (classical_jacobi.cu, eig_precondition.cu's clean-up, which replays V's part later).
template <typename T>
__device__ __forceinline__ void rotate_pivot_at(T* A, T* V, T* d, int n, int p, int q, T t, T c, T sn, T app, T aqq,
                                                T apq, int i) {
    if (i == p) {
        A[(size_t)p * n + p] = d[p] = app - t * apq;
        A[(size_t)q * n + q] = d[q] = aqq + t * apq;
        A[(size_t)q * n + p] = T(0);
        A[(size_t)p * n + q] = T(0);
    } else if (i != q) {
        T x = A[(size_t)p * n + i], y = A[(size_t)q * n + i];
        T np = c * x - sn * y, nq = sn * x + c * y;
        A[(size_t)p * n + i] = np;
        A[(size_t)i * n + p] = np;
        A[(size_t)q * n + i] = nq;
        A[(size_t)i * n + q] = nq;
    }
    if (V) rotate_columns_at(V, n, p, q, c, sn, i);
}

// A kernel's dynamic shared memory (the launch's size) as an array of T; the host emulation (KernelHostEmulationTest,
// one thread) gives it a static array of a 256 x 256 page of doubles instead.
#ifdef GJ_HOST_EMULATION
#define GJ_DYNAMIC_SHARED(T, name) static T name[256 * 256 * sizeof(double) / sizeof(T)]
#else
#define GJ_DYNAMIC_SHARED(T, name) extern __shared__ __align__(16) T name[]
#endif

// A reduction over a block by op (associative; applied in the same order by every thread); every thread gets the
// result. Needs blockDim.x a multiple of 32, <= 1024.
template <typename T, typename Op>
__device__ T block_reduce(T v, T* scratch, T identity, Op op) {
    for (int o = 16; o > 0; o >>= 1) v = op(v, __shfl_down_sync(0xffffffffu, v, o));
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    __syncthreads();
    if (lane == 0) scratch[warp] = v;
    __syncthreads();
    T total = identity;
    int warps = blockDim.x >> 5;
    for (int w = 0; w < warps; ++w) total = op(total, scratch[w]);
    return total;
}

// Sum over a block; every thread gets the result.
template <typename T>
__device__ T block_sum(T v, T* scratch) {
    return block_reduce(v, scratch, T(0), [](T x, T y) { return x + y; });
}

// The largest v (v >= 0) over a block, as block_sum.
template <typename T>
__device__ T block_max(T v, T* scratch) {
    return block_reduce(v, scratch, T(0), [](T x, T y) { return fmax(x, y); });
}

// block_sum of a complex value: its two parts in turn.
template <typename C>
__device__ C block_sum_c(C v, decltype(v.x)* scratch) {
    C out = v;
    out.x = block_sum(v.x, scratch);
    out.y = block_sum(v.y, scratch);
    return out;
}
__device__ __forceinline__ float block_sum_c(float v, float* scratch) { return block_sum(v, scratch); }
__device__ __forceinline__ double block_sum_c(double v, double* scratch) { return block_sum(v, scratch); }

// The threads that solve one page of a batched kernel: `size` threads (a multiple of 32) of the
// block, the id-th of its pages. A page may take the whole block (__syncthreads), one warp (__syncwarp)
// or a slice of warps (a named barrier per page, ids 1..15), so small pages need no block barrier.
struct PageGroup {
    int rank, size, id;
    __device__ PageGroup(int threadsPerPage)
        : rank(threadIdx.x % threadsPerPage), size(threadsPerPage), id(threadIdx.x / threadsPerPage) {}
    __device__ __forceinline__ void sync() const {
        if (size == (int)blockDim.x) __syncthreads();
        else if (size == 32) __syncwarp();
        else {
#ifdef __CUDA_ARCH__
            asm volatile("bar.sync %0, %1;" ::"r"(id + 1), "r"(size) : "memory");
#else  // host emulation of the kernels (KernelHostEmulationTest): one thread
            __syncthreads();
#endif
        }
    }
};

// No convergence test besides the sweeps' own.
struct NoCheck {
    __device__ bool operator()(int*) const { return false; }
};

// The sweep loop shared by the batched kernels: runs sweep(rotations) - every step of one sweep,
// adding the pairs it rotated to the page's shared counter and ending with g.sync() - until a sweep
// rotates nothing or the limit (fixedSweeps when positive, then never converged); writes the page's
// sweep count, signed by convergence, and its rotations. Called by every thread of the page's group.
// passes(counter), with every thread of the group: whether every pair already meets the sweeps' test, so
// that a sweep from here would rotate nothing; asked once a sweep rotated at most n pairs, it spares the
// sweep that would only confirm convergence (one of the 8-11 sweeps of the block-Jacobi pages).
template <typename Sweep, typename Check = NoCheck>
__device__ void page_sweeps(const PageGroup& g, int* counter, int n, int maxSweeps, int fixedSweeps, int page,
                            int* sweepsOut, unsigned long long* rotationsOut, Sweep sweep, Check passes = Check()) {
    unsigned long long total = 0;
    int count = 0;
    bool converged = n <= 1;
    const int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
    while (count < limit && n > 1) {
        ++count;
        if (g.rank == 0) *counter = 0;
        g.sync();
        sweep(counter);
        const int r = *counter;
        total += r;
        g.sync();  // every thread has read the count before the next sweep resets it
        if (r == 0 && !fixedSweeps) {
            converged = true;
            break;
        }
        if (!fixedSweeps && r <= n && passes(counter)) {
            converged = true;
            break;
        }
    }
    if (g.rank == 0) {
        sweepsOut[page] = converged ? count : -count;
        rotationsOut[page] = total;
    }
}
