// Shared device helpers: the rotation formulas match io.github.gpujacobi.core.JacobiRotation.
#pragma once
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Relative negligibility |a_pq| <= tol sqrt(|a_pp|) sqrt(|a_qq|): what keeps small eigenvalues accurate.
template <typename T>
__device__ __forceinline__ bool negligible(T apq, T app, T aqq, T tol) {
    return apq == T(0) || fabs(apq) <= tol * sqrt(fabs(app)) * sqrt(fabs(aqq));
}

// tan of the annihilating angle (|angle| <= pi/4) for columns p' = c p - s q, q' = s p + c q.
template <typename T>
__device__ __forceinline__ T jacobi_tangent(T app, T aqq, T apq) {
    T theta = (aqq - app) / (T(2) * apq);
    if (theta == T(0)) return T(1);
    T at = fabs(theta);
    T t = T(1) / (at + sqrt(T(1) + theta * theta));
    return theta < T(0) ? -t : t;
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

// The sweep loop shared by the batched (one block per page) kernels: runs sweep(rotations) - every
// step of one sweep, adding the pairs it rotated to the shared counter - until a sweep rotates
// nothing or the limit (fixedSweeps when positive, then never converged); writes the page's sweep
// count, signed by convergence, and its rotations. Called by every thread of the block.
template <typename Sweep>
__device__ void batched_sweeps(int n, int maxSweeps, int fixedSweeps, int* sweepsOut,
                               unsigned long long* rotationsOut, Sweep sweep) {
    __shared__ int sweepRotations;
    unsigned long long total = 0;
    int count = 0;
    bool converged = n <= 1;
    const int limit = fixedSweeps > 0 ? fixedSweeps : maxSweeps;
    while (count < limit && n > 1) {
        ++count;
        if (threadIdx.x == 0) sweepRotations = 0;
        __syncthreads();
        sweep(&sweepRotations);
        const int r = sweepRotations;
        total += r;
        __syncthreads();  // every thread has read the count before the next sweep resets it
        if (r == 0 && !fixedSweeps) {
            converged = true;
            break;
        }
    }
    if (threadIdx.x == 0) {
        sweepsOut[blockIdx.x] = converged ? count : -count;
        rotationsOut[blockIdx.x] = total;
    }
}
