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

// Rotation (c, s) of pair (p, q) from the current A; (1, 0) when negligible or a ghost pair.
template <typename T>
__device__ __forceinline__ void pair_rotation(const T* A, int n, int p, int q, T tol, int fixedSweeps, T& c, T& sn) {
    c = T(1);
    sn = T(0);
    if (q >= n) return;
    T app = A[(size_t)p * n + p], aqq = A[(size_t)q * n + q], apq = A[(size_t)p * n + q];
    if (apq != T(0) && (fixedSweeps || !negligible(apq, app, aqq, tol))) {
        T t = jacobi_tangent(app, aqq, apq);
        c = T(1) / sqrt(T(1) + t * t);
        sn = t * c;
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
            if (M == MCA && live) {  // row i's (u_i, w_i, f(i)), eq. (15)/(17)
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
