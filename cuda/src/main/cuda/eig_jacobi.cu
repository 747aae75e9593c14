// Two-sided parallel Jacobi (seed 000): one cooperative launch per sweep; inside, for each of the
// n'-1 chess-tournament steps, the seed's two kernels as two grid-synchronised phases:
//   1. X = J' A  (rows p, q),                     eq. (8) / MCA's eq. (12)-(15); A is only read in
//      this phase, so each block derives the rotations it needs from A itself (the seed's separate
//      parameter kernel and its global synchronisation are saved)
//   2. A = X J (columns p, q) and V = V J,        eq. (9)-(11)
// Launch geometry (the seed's): a block is a processing unit that owns pair m (grid-stride over the
// n'/2 pairs when the cooperative grid has fewer blocks), its threads walk the n elements of the
// pair's rows/columns (block = n rounded up to 32, at most 1024). The grid is at most what can be
// resident (cooperative launch), and the host may cap it: grid.sync costs grow with the block count.
// Memory access methods (A symmetric, so its row- and column-major arrays coincide):
//   TA  X, V row-major: phase 1 coalesced, phase 2 reads X and writes A, V with stride n.
//   MA  X, V column-major: phase 1 writes X with stride n; phase 2 reads X, V coalesced, writes A strided.
//   SA  as MA, but phase 2 writes the updated columns of A as rows (eq. 11, A = A'), coalesced.
//   MCA phase 1 computes whole columns of X from columns of A with u_i = c, w_i = -+s of row i's pair
//       and the partner map f (eq. 15; rowPair gives row i's pair in each step): every write and the
//       reads of A_{i,p} coalesced; the partner read A_{f(i),p} stays inside one column (L1/L2).
//       A thread's (u_i, w_i, f(i)) serve every pair its block owns in that step.
// Rotations are counted per block in a register and added to the device counter once per sweep;
// the host reads that counter once per sweep (the convergence test), never per step.
#include "jacobi_common.cuh"

enum { TA = 0, MA = 1, SA = 2, MCA = 3 };

// Rotation (c, s, t = s / c) of pair (p, q) from the current A; (1, 0, 0) when negligible or a ghost pair.
template <typename T>
__device__ __forceinline__ void pair_rotation(const T* A, int n, int p, int q, T tol, int fixedSweeps, T& c, T& sn,
                                              T& t) {
    c = T(1);
    sn = T(0);
    t = T(0);
    if (q >= n) return;
    T app = A[(size_t)p * n + p], aqq = A[(size_t)q * n + q], apq = A[(size_t)p * n + q];
    if (apq != T(0) && (fixedSweeps || !negligible(apq, app, aqq, tol))) {
        t = jacobi_tangent(app, aqq, apq);
        c = jacobi_cosine(t);
        sn = t * c;
    }
}

template <typename T>
__device__ __forceinline__ void pair_rotation(const T* A, int n, int p, int q, T tol, int fixedSweeps, T& c, T& sn) {
    T t;
    pair_rotation(A, n, p, q, tol, fixedSweeps, c, sn, t);
}

// Row i's MCA factors (u_i, w_i, f(i)), eq. (15)/(17): row i of J' A is u_i A_i + w_i A_f(i).
template <typename T>
__device__ __forceinline__ void row_factors(const T* A, int n, const int* P, const int* R, int i, T tol, int fixedSweeps,
                                            T& u, T& w, int& f) {
    int mi = R[i];
    int pi = P[2 * mi], qi = P[2 * mi + 1];
    T c, sn;
    pair_rotation(A, n, pi, qi, tol, fixedSweeps, c, sn);
    if (qi < n) {
        f = i == pi ? qi : pi;
        u = c;
        w = i == pi ? -sn : sn;
    }
}

template <typename T, int M>
__device__ void eig_sweep(T* __restrict__ A, T* __restrict__ X, T* __restrict__ V, const int* __restrict__ pairs,
                          const int* __restrict__ rowPair, int n, int half, int steps, T tol, int fixedSweeps, T* cs,
                          unsigned long long* counter, int wantV) {
    cg::grid_group grid = cg::this_grid();
    unsigned long long rotated = 0;  // thread 0's count of this block's rotations in the sweep
    for (int s = 0; s < steps; ++s) {
        const int* P = pairs + (size_t)s * half * 2;
        const int* R = rowPair + (size_t)s * n;
        // phase 1: X = J' A
        for (int i0 = 0; i0 < n; i0 += blockDim.x) {
            const int i = i0 + threadIdx.x;
            const bool live = i < n;
            T u = T(1), w = T(0);
            int f = i;
            if (M == MCA && live) row_factors(A, n, P, R, i, tol, fixedSweeps, u, w, f);
            for (int m = blockIdx.x; m < half; m += gridDim.x) {
                const int p = P[2 * m], q = P[2 * m + 1];
                T c, sn;
                pair_rotation(A, n, p, q, tol, fixedSweeps, c, sn);  // uniform across the block
                if (i0 == 0 && threadIdx.x == 0) {                  // publish for phase 2
                    cs[2 * m] = c;
                    cs[2 * m + 1] = sn;
                    if (sn != T(0)) ++rotated;
                }
                if (!live) continue;
                if (M == MCA) {  // columns p, q of X (column-major), element i
                    X[(size_t)p * n + i] = u * A[(size_t)p * n + i] + w * A[(size_t)p * n + f];
                    if (q < n) X[(size_t)q * n + i] = u * A[(size_t)q * n + i] + w * A[(size_t)q * n + f];
                } else {         // rows p, q of X, element (column) i
                    T ap = A[(size_t)p * n + i];
                    T aq = q < n ? A[(size_t)q * n + i] : T(0);
                    X[M == TA ? (size_t)p * n + i : (size_t)i * n + p] = c * ap - sn * aq;
                    if (q < n) X[M == TA ? (size_t)q * n + i : (size_t)i * n + q] = sn * ap + c * aq;
                }
            }
        }
        grid.sync();
        // phase 2: A = X J and V = V J, columns p, q, element i
        for (int m = blockIdx.x; m < half; m += gridDim.x) {
            const int p = P[2 * m], q = P[2 * m + 1];
            const T c = cs[2 * m], sn = cs[2 * m + 1];
            const bool rot = sn != T(0);
            for (int i = threadIdx.x; i < n; i += blockDim.x) {
                // X is row-major under TA, column-major otherwise
                T xp = X[M == TA ? (size_t)i * n + p : (size_t)p * n + i];
                T xq = q < n ? X[M == TA ? (size_t)i * n + q : (size_t)q * n + i] : T(0);
                T np = c * xp - sn * xq, nq = sn * xp + c * xq;
                if (rot && i == q) np = T(0);  // the annihilated element, exactly
                if (rot && i == p) nq = T(0);
                // TA/MA write column p of A (stride n in the row-major view); SA/MCA write row p (coalesced)
                const bool rows = M == SA || M == MCA;
                A[rows ? (size_t)p * n + i : (size_t)i * n + p] = np;
                if (q < n) A[rows ? (size_t)q * n + i : (size_t)i * n + q] = nq;
                if (wantV && rot) {
                    size_t vip = M == TA ? (size_t)i * n + p : (size_t)p * n + i;
                    size_t viq = M == TA ? (size_t)i * n + q : (size_t)q * n + i;
                    T vp = V[vip], vq = V[viq];
                    V[vip] = c * vp - sn * vq;
                    V[viq] = sn * vp + c * vq;
                }
            }
        }
        grid.sync();
    }
    if (threadIdx.x == 0 && rotated) atomicAdd(counter, rotated);
}

// Two register budgets per kernel: NAME (up to 64 registers, one 1024-thread block per SM) and
// NAME_o2 (32 registers, two blocks per SM: twice the warps in flight, some spills in double).
#define EIG_ENTRY(NAME, T, M)                                                                                    \
    extern "C" __global__ void __launch_bounds__(1024) NAME(T* A, T* X, T* V, const int* pairs, const int* rowPair, \
        int n, int half, int steps, T tol, int fixedSweeps, T* cs, unsigned long long* counter, int wantV) {      \
        eig_sweep<T, M>(A, X, V, pairs, rowPair, n, half, steps, tol, fixedSweeps, cs, counter, wantV);         \
    }                                                                                                            \
    extern "C" __global__ void __launch_bounds__(1024, 2) NAME##_o2(T* A, T* X, T* V, const int* pairs,          \
        const int* rowPair, int n, int half, int steps, T tol, int fixedSweeps, T* cs, unsigned long long* counter, \
        int wantV) {                                                                                             \
        eig_sweep<T, M>(A, X, V, pairs, rowPair, n, half, steps, tol, fixedSweeps, cs, counter, wantV);         \
    }
EIG_ENTRY(eig_sweep_ta_f, float, TA)
EIG_ENTRY(eig_sweep_ma_f, float, MA)
EIG_ENTRY(eig_sweep_sa_f, float, SA)
EIG_ENTRY(eig_sweep_mca_f, float, MCA)
EIG_ENTRY(eig_sweep_ta_d, double, TA)
EIG_ENTRY(eig_sweep_ma_d, double, MA)
EIG_ENTRY(eig_sweep_sa_d, double, SA)
EIG_ENTRY(eig_sweep_mca_d, double, MCA)

// Fused MCA (ours, not in seed 000): both sides of the step in one grid-synchronised phase,
// A' = J' A J element-wise with MCA's u/w/f on rows and columns:
//   A'_ij = u_i u_j A_ij + u_i w_j A_i,f(j) + w_i u_j A_f(i),j + w_i w_j A_f(i),f(j)
// A block owns pair (p, q) and writes columns p and q of A' into the other buffer (A and X swap
// every step), reading only columns p and q of A: 4 coalesced-or-in-column reads and 2 coalesced
// writes per element, against phase 1 + phase 2's 3 passes, and one grid sync per step instead of
// two. V's columns p, q are rotated in place as before. Products are rounded one by one and the two
// cross terms added last, so element (j, i) comes out bit-identical to (i, j): A' stays exactly
// symmetric, which the column reads rely on. The annihilated pair is set exactly (a_pq = 0,
// a_pp - t a_pq, a_qq + t a_pq). After an odd number of steps the result is copied back to A.
__device__ __forceinline__ float mul_rn(float a, float b) { return __fmul_rn(a, b); }
__device__ __forceinline__ double mul_rn(double a, double b) { return __dmul_rn(a, b); }
__device__ __forceinline__ float add_rn(float a, float b) { return __fadd_rn(a, b); }
__device__ __forceinline__ double add_rn(double a, double b) { return __dadd_rn(a, b); }

// One element (row i, columns p and q) of the fused update; the annihilated pair set exactly.
template <typename T>
__device__ __forceinline__ void fused_element(T ui, T wi, int i, int p, int q, T c, T sn, T t, T aip, T aiq, T afp,
                                              T afq, const T* Ac, int n, T& np, T& nq) {
    // column p: u_p = c, w_p = -s, f(p) = q; column q: u_q = c, w_q = s, f(q) = p
    np = add_rn(add_rn(mul_rn(mul_rn(ui, c), aip), mul_rn(mul_rn(wi, -sn), afq)),
                add_rn(mul_rn(mul_rn(ui, -sn), aiq), mul_rn(mul_rn(wi, c), afp)));
    nq = add_rn(add_rn(mul_rn(mul_rn(ui, c), aiq), mul_rn(mul_rn(wi, sn), afp)),
                add_rn(mul_rn(mul_rn(ui, sn), aip), mul_rn(mul_rn(wi, c), afq)));
    if (sn != T(0) && (i == p || i == q)) {
        const T app = Ac[(size_t)p * n + p], aqq = Ac[(size_t)q * n + q], apq = Ac[(size_t)q * n + p];
        np = i == p ? app - t * apq : T(0);
        nq = i == q ? aqq + t * apq : T(0);
    }
}

template <typename T>
__device__ void eig_sweep_fused(T* __restrict__ A, T* __restrict__ X, T* __restrict__ V, const int* __restrict__ pairs,
                                const int* __restrict__ rowPair, int n, int half, int steps, T tol, int fixedSweeps,
                                unsigned long long* counter, int wantV) {
    cg::grid_group grid = cg::this_grid();
    unsigned long long rotated = 0;
    for (int s = 0; s < steps; ++s) {
        const int* P = pairs + (size_t)s * half * 2;
        const int* R = rowPair + (size_t)s * n;
        const T* Ac = (s & 1) ? X : A;
        T* An = (s & 1) ? A : X;
        for (int i0 = 0; i0 < n; i0 += blockDim.x) {
            const int i = i0 + threadIdx.x;
            const bool live = i < n;
            T ui = T(1), wi = T(0);
            int fi = i;
            if (live) row_factors(Ac, n, P, R, i, tol, fixedSweeps, ui, wi, fi);
            for (int m = blockIdx.x; m < half; m += gridDim.x) {
                const int p = P[2 * m], q = P[2 * m + 1];
                T c, sn, t;
                pair_rotation(Ac, n, p, q, tol, fixedSweeps, c, sn, t);  // uniform across the block
                const bool rot = sn != T(0);
                if (i0 == 0 && threadIdx.x == 0 && rot) ++rotated;
                if (!live) continue;
                if (q >= n) {  // ghost pair: column p unchanged by the column side
                    T v = add_rn(mul_rn(ui, Ac[(size_t)p * n + i]), mul_rn(wi, Ac[(size_t)p * n + fi]));
                    An[(size_t)p * n + i] = v;
                    continue;
                }
                const T aip = Ac[(size_t)p * n + i], aiq = Ac[(size_t)q * n + i];
                const T afp = Ac[(size_t)p * n + fi], afq = Ac[(size_t)q * n + fi];
                T np, nq;
                fused_element(ui, wi, i, p, q, c, sn, t, aip, aiq, afp, afq, Ac, n, np, nq);
                An[(size_t)p * n + i] = np;
                An[(size_t)q * n + i] = nq;
                if (wantV && rot) {
                    T vp = V[(size_t)p * n + i], vq = V[(size_t)q * n + i];
                    V[(size_t)p * n + i] = c * vp - sn * vq;
                    V[(size_t)q * n + i] = sn * vp + c * vq;
                }
            }
        }
        grid.sync();
    }
    if (steps & 1) {  // the last step wrote X
        size_t nn = (size_t)n * n;
        for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < nn; k += (size_t)gridDim.x * blockDim.x)
            A[k] = X[k];
    }
    if (threadIdx.x == 0 && rotated) atomicAdd(counter, rotated);
}

// Same parameters as EIG_ENTRY (cs unused); the host's method 'mca-fused' (GPU default) picks it
#define EIG_FUSED_ENTRY(NAME, T)                                                                                 \
    extern "C" __global__ void __launch_bounds__(1024) NAME(T* A, T* X, T* V, const int* pairs, const int* rowPair, \
        int n, int half, int steps, T tol, int fixedSweeps, T* cs, unsigned long long* counter, int wantV) {      \
        eig_sweep_fused<T>(A, X, V, pairs, rowPair, n, half, steps, tol, fixedSweeps, counter, wantV);           \
    }                                                                                                            \
    extern "C" __global__ void __launch_bounds__(1024, 2) NAME##_o2(T* A, T* X, T* V, const int* pairs,          \
        const int* rowPair, int n, int half, int steps, T tol, int fixedSweeps, T* cs, unsigned long long* counter, \
        int wantV) {                                                                                             \
        eig_sweep_fused<T>(A, X, V, pairs, rowPair, n, half, steps, tol, fixedSweeps, counter, wantV);           \
    }
EIG_FUSED_ENTRY(eig_sweep_mca_f_fused, float)
EIG_FUSED_ENTRY(eig_sweep_mca_d_fused, double)

// Diagonal of A into d (one thread per element).
template <typename T>
__device__ void diag_copy(const T* A, T* d, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = A[(size_t)i * n + i];
}
extern "C" __global__ void diag_f(const float* A, float* d, int n) { diag_copy(A, d, n); }
extern "C" __global__ void diag_d(const double* A, double* d, int n) { diag_copy(A, d, n); }

// V = I (column-major n x n), so the host uploads no identity matrix.
template <typename T>
__device__ void identity(T* V, int n) {
    size_t nn = (size_t)n * n;
    for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < nn; k += (size_t)gridDim.x * blockDim.x)
        V[k] = (k / n == k % n) ? T(1) : T(0);
}
extern "C" __global__ void identity_f(float* V, int n) { identity(V, n); }
extern "C" __global__ void identity_d(double* V, int n) { identity(V, n); }
