// Shared device helpers: the one copy of the rotation formulas (every kernel uses these), matching
// io.github.gpujacobi.core.JacobiRotation.
#pragma once
#include <cooperative_groups.h>
#include <cfloat>
namespace cg = cooperative_groups;

// Relative negligibility |a_pq| <= tol sqrt(|a_pp|) sqrt(|a_qq|): what keeps small eigenvalues accurate.
template <typename T>
__device__ __forceinline__ bool negligible(T apq, T app, T aqq, T tol) {
    return apq == T(0) || fabs(apq) <= tol * sqrt(fabs(app)) * sqrt(fabs(aqq));
}

// Unit roundoff of each precision (the guards below and the hyperbolic rank test use it).
template <typename T> __device__ __forceinline__ T unit_roundoff();
template <> __device__ __forceinline__ float unit_roundoff<float>() { return FLT_EPSILON; }
template <> __device__ __forceinline__ double unit_roundoff<double>() { return DBL_EPSILON; }

// The symmetric Jacobi tangent [6, 8]: tan of the annihilating angle (|angle| <= pi/4) of
// [[app, apq], [apq, aqq]] for columns p' = c p - s q, q' = s p + c q. Also the trigonometric
// one-sided (Hestenes) tangent: there app, aqq, apq are the Gram entries ||a_p||^2, ||a_q||^2, a_p.a_q.
// Guard: once |theta| > 1/eps, sqrt(1 + theta^2) rounds to |theta| anyway, so t = 1/(2 theta) is the
// same number; taking it there keeps theta^2 from overflowing (float: past 1.8e19, which made t = 0
// and left graded pairs such as [[1e-30, 5e-11], [5e-11, 1e10]] unrotated but counted as converged).
// Twin: io.github.gpujacobi.core.JacobiRotation.tangent.
template <typename T>
__device__ __forceinline__ T jacobi_tangent(T app, T aqq, T apq) {
    T theta = (aqq - app) / (T(2) * apq);
    if (theta == T(0)) return T(1);
    T at = fabs(theta);
    T t = at > T(1) / unit_roundoff<T>() ? T(0.5) / at : T(1) / (at + sqrt(T(1) + theta * theta));
    return theta < T(0) ? -t : t;
}

// cos from tan (|t| <= 1, so 1 + t^2 cannot overflow). Twin: JacobiRotation.cosine.
template <typename T>
__device__ __forceinline__ T jacobi_cosine(T t) { return T(1) / sqrt(T(1) + t * t); }

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

// Sum over a block; every thread gets the result. Needs blockDim.x a multiple of 32, <= 1024.
template <typename T>
__device__ T block_sum(T v, T* scratch) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    __syncthreads();
    if (lane == 0) scratch[warp] = v;
    __syncthreads();
    T total = T(0);
    int warps = blockDim.x >> 5;
    for (int w = 0; w < warps; ++w) total += scratch[w];
    return total;
}

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
        else asm volatile("bar.sync %0, %1;" ::"r"(id + 1), "r"(size) : "memory");
    }
};

// The sweep loop shared by the batched kernels: runs sweep(rotations) - every step of one sweep,
// adding the pairs it rotated to the page's shared counter and ending with g.sync() - until a sweep
// rotates nothing or the limit (fixedSweeps when positive, then never converged); writes the page's
// sweep count, signed by convergence, and its rotations. Called by every thread of the page's group.
template <typename Sweep>
__device__ void page_sweeps(const PageGroup& g, int* counter, int n, int maxSweeps, int fixedSweeps, int page,
                            int* sweepsOut, unsigned long long* rotationsOut, Sweep sweep) {
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
    }
    if (g.rank == 0) {
        sweepsOut[page] = converged ? count : -count;
        rotationsOut[page] = total;
    }
}
