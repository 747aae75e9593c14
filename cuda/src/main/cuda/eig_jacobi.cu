// Two-sided parallel Jacobi (seed 000): one cooperative launch per sweep; inside, for each of the
// n'-1 chess-tournament steps, two grid-synchronised phases:
//   1. X = J' A  (rows p, q),                     eq. (8) / MCA's eq. (12)-(15); each item derives the
//      rotation it needs from A (unchanged in this phase), which saves the seed's parameter kernel
//   2. A = X J (columns p, q) and V = V J,        eq. (9)-(11)
// Launch geometry: grid = SMs x resident blocks (cooperative), 256 threads; every phase is a
// grid-stride loop over (pair, element) items with the element index fastest, so consecutive
// threads touch consecutive addresses wherever the access method allows.
// Memory access methods (A symmetric, so its row- and column-major arrays coincide):
//   TA  X, V row-major: phase 1 coalesced, phase 2 reads X and writes A, V with stride n.
//   MA  X, V column-major: phase 1 writes X with stride n; phase 2 reads X, V coalesced, writes A strided.
//   SA  as MA, but phase 2 writes the updated columns of A as rows (A = A'), coalesced.
//   MCA phase 1 computes whole columns of X from columns of A with u_i = c, w_i = -+s of row i's pair
//       and the partner map f (eq. 15; rowPair gives row i's pair in each step): every access
//       coalesced (the partner read stays in the same column).
#include "jacobi_common.cuh"

enum { TA = 0, MA = 1, SA = 2, MCA = 3 };

// Rotation (c, s) of pair (p, q) from the current A; (1, 0) when negligible or a ghost pair.
template <typename T>
__device__ __forceinline__ void pair_rotation(const T* A, int n, int p, int q, T tol, int fixedSweeps, T& c, T& sn) {
    c = T(1);
    sn = T(0);
    if (q >= n) return;
    T app = A[(long)p * n + p], aqq = A[(long)q * n + q], apq = A[(long)p * n + q];
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
    const long tid = (long)blockIdx.x * blockDim.x + threadIdx.x;
    const long nth = (long)gridDim.x * blockDim.x;
    const long items = (long)half * n;
    for (int s = 0; s < steps; ++s) {
        const int* P = pairs + (long)s * half * 2;
        const int* R = rowPair + (long)s * n;
        // phase 1: X = J' A. A is only read here, so every item derives the rotations it needs
        // from A itself (no separate parameter phase and grid sync); item (m, 0) publishes pair
        // m's rotation for phase 2 and counts it.
        for (long it = tid; it < items; it += nth) {
            int m = (int)(it / n), i = (int)(it % n);
            int p = P[2 * m], q = P[2 * m + 1];
            if (i == 0) {
                T c0, s0;
                pair_rotation(A, n, p, q, tol, fixedSweeps, c0, s0);
                cs[2 * m] = c0;
                cs[2 * m + 1] = s0;
                if (s0 != T(0)) atomicAdd(counter, 1ULL);
            }
            if (M == MCA) {  // columns p, q of X (column-major), element i: eq. (15)
                int mi = R[i];
                int pi = P[2 * mi], qi = P[2 * mi + 1];
                T c, sn;
                pair_rotation(A, n, pi, qi, tol, fixedSweeps, c, sn);
                int f = i == pi ? qi : pi;     // partner of row i in this step
                T u = c, w = i == pi ? -sn : sn;
                if (f >= n) { f = i; w = T(0); }
                X[(long)p * n + i] = u * A[(long)p * n + i] + w * A[(long)p * n + f];
                if (q < n) X[(long)q * n + i] = u * A[(long)q * n + i] + w * A[(long)q * n + f];
            } else {         // rows p, q of X, element (column) i
                T c, sn;
                pair_rotation(A, n, p, q, tol, fixedSweeps, c, sn);
                T ap = A[(long)p * n + i];
                T aq = q < n ? A[(long)q * n + i] : T(0);
                long xp = M == TA ? (long)p * n + i : (long)i * n + p;
                X[xp] = c * ap - sn * aq;
                if (q < n) {
                    long xq = M == TA ? (long)q * n + i : (long)i * n + q;
                    X[xq] = sn * ap + c * aq;
                }
            }
        }
        grid.sync();
        // phase 2: A = X J and V = V J, columns p, q, element i
        for (long it = tid; it < items; it += nth) {
            int m = (int)(it / n), i = (int)(it % n);
            int p = P[2 * m], q = P[2 * m + 1];
            T c = cs[2 * m], sn = cs[2 * m + 1];
            bool rotated = sn != T(0);
            // X is row-major under TA, column-major otherwise
            long xip = M == TA ? (long)i * n + p : (long)p * n + i;
            long xiq = M == TA ? (long)i * n + q : (long)q * n + i;
            T xp = X[xip];
            T xq = q < n ? X[xiq] : T(0);
            T np = c * xp - sn * xq, nq = sn * xp + c * xq;
            if (rotated && i == q) np = T(0);  // the annihilated element, exactly
            if (rotated && i == p) nq = T(0);
            // TA/MA write column p of A (stride n in the row-major view); SA/MCA write row p (coalesced)
            long aip = (M == TA || M == MA) ? (long)i * n + p : (long)p * n + i;
            long aiq = (M == TA || M == MA) ? (long)i * n + q : (long)q * n + i;
            A[aip] = np;
            if (q < n) A[aiq] = nq;
            if (wantV && rotated) {
                long vip = M == TA ? (long)i * n + p : (long)p * n + i;
                long viq = M == TA ? (long)i * n + q : (long)q * n + i;
                T vp = V[vip], vq = V[viq];
                V[vip] = c * vp - sn * vq;
                V[viq] = sn * vp + c * vq;
            }
        }
        grid.sync();
    }
}

#define EIG_ENTRY(NAME, T, M)                                                                                    \
    extern "C" __global__ void __launch_bounds__(256) NAME(T* A, T* X, T* V, const int* pairs, const int* rowPair, \
        int n, int half, int steps, T tol, int fixedSweeps, T* cs, unsigned long long* counter, int wantV) {      \
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
    if (i < n) d[i] = A[(long)i * n + i];
}
extern "C" __global__ void diag_f(const float* A, float* d, int n) { diag_copy(A, d, n); }
extern "C" __global__ void diag_d(const double* A, double* d, int n) { diag_copy(A, d, n); }
