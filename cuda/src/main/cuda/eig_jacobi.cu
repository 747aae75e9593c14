// Two-sided parallel Jacobi [1]: one cooperative launch per sweep; inside, for each of the
// n'-1 chess-tournament steps, [1]'s two kernels as two grid-synchronised phases:
//   1. X = J' A  (rows p, q),                     eq. (8) / MCA's eq. (12)-(15); A is only read in
//      this phase, so each block derives the rotations it needs from A itself ([1]'s separate
//      parameter kernel and its global synchronisation are saved)
//   2. A = X J (columns p, q) and V = V J,        eq. (9)-(11)
// Launch geometry ([1]'s): a block is a processing unit that owns pair m (grid-stride over the
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

// Rotation (c, s, t = s / c, phase e) of pair (p, q) from the current A; (1, 0, 0) when negligible or a
// ghost pair. S real: the symmetric rotation; S complex: A Hermitian and the unitary rotation of
// core/ComplexRotation (jacobi_common.cuh's unitary_rotation). A[p n + q] is A(q, p) (column-major),
// so a_pq is its conjugate; for a real S that is the element itself.
template <typename S>
__device__ __forceinline__ void pair_rotation(const S* A, int n, int p, int q, real_t<S> tol, int fixedSweeps,
                                              real_t<S>& c, real_t<S>& sn, real_t<S>& t, phase_t<S>& e) {
    c = real_t<S>(1);
    sn = real_t<S>(0);
    t = real_t<S>(0);
    set_one(e);
    if (q >= n) return;
    unitary_rotation(real_of(A[(size_t)p * n + p]), real_of(A[(size_t)q * n + q]), conj_of(A[(size_t)p * n + q]), tol,
                     fixedSweeps != 0, c, sn, t, e);
}

template <typename T>
__device__ __forceinline__ void pair_rotation(const T* A, int n, int p, int q, T tol, int fixedSweeps, T& c, T& sn, T& t) {
    unit_phase e;
    pair_rotation(A, n, p, q, tol, fixedSweeps, c, sn, t, e);
}

template <typename T>
__device__ __forceinline__ void pair_rotation(const T* A, int n, int p, int q, T tol, int fixedSweeps, T& c, T& sn) {
    T t;
    pair_rotation(A, n, p, q, tol, fixedSweeps, c, sn, t);
}

// Row i's MCA factors (u_i, w_i, f(i)), eq. (15)/(17): row i of U^H A is u_i A_i + w_i A_f(i); for the
// unitary rotation row p' = c p - s conj(e) q and row q' = c conj(e) q + s p (real: u = c, w = -+s).
template <typename S>
__device__ __forceinline__ void row_factors(const S* A, int n, const int* P, const int* R, int i, real_t<S> tol,
                                            int fixedSweeps, S& u, S& w, int& f) {
    int mi = R[i];
    int pi = P[2 * mi], qi = P[2 * mi + 1];
    real_t<S> c, sn, t;
    phase_t<S> e;
    pair_rotation(A, n, pi, qi, tol, fixedSweeps, c, sn, t, e);
    if (qi < n) {
        f = i == pi ? qi : pi;
        u = i == pi ? from_real<S>(c) : phase_mul(conj_of(e), from_real<S>(c));
        w = i == pi ? -phase_mul(conj_of(e), from_real<S>(sn)) : from_real<S>(sn);
    }
}

// A step's rotations published for phase 2: (c, s) per pair, and the phase for a complex S.
__device__ __forceinline__ void put_rotation(float* cs, int m, float c, float sn, unit_phase) { cs[2 * m] = c; cs[2 * m + 1] = sn; }
__device__ __forceinline__ void put_rotation(double* cs, int m, double c, double sn, unit_phase) { cs[2 * m] = c; cs[2 * m + 1] = sn; }
template <typename C, typename R>
__device__ __forceinline__ void put_rotation(C* cs, int m, R c, R sn, C e) { cs[2 * m].x = c; cs[2 * m].y = sn; cs[2 * m + 1] = e; }
__device__ __forceinline__ void get_rotation(const float* cs, int m, float& c, float& sn, unit_phase&) { c = cs[2 * m]; sn = cs[2 * m + 1]; }
__device__ __forceinline__ void get_rotation(const double* cs, int m, double& c, double& sn, unit_phase&) { c = cs[2 * m]; sn = cs[2 * m + 1]; }
template <typename C, typename R>
__device__ __forceinline__ void get_rotation(const C* cs, int m, R& c, R& sn, C& e) { c = cs[2 * m].x; sn = cs[2 * m].y; e = cs[2 * m + 1]; }

// One sweep of the two-phase kernels, A := U^H A U and V := V U per step. S real: A symmetric; S
// complex: A Hermitian, where A's row p is the conjugate of its column p (read as such in phase 1,
// and TA/MA, which write A' = X U's column p as a row, write its conjugate).
template <typename S, int M>
__device__ void eig_sweep(S* __restrict__ A, S* __restrict__ X, S* __restrict__ V, const int* __restrict__ pairs,
                          const int* __restrict__ rowPair, int n, int half, int steps, real_t<S> tol, int fixedSweeps, S* cs,
                          unsigned long long* counter, int wantV) {
    typedef real_t<S> Re;
    cg::grid_group grid = cg::this_grid();
    unsigned long long rotated = 0;  // thread 0's count of this block's rotations in the sweep
    for (int s = 0; s < steps; ++s) {
        const int* P = pairs + (size_t)s * half * 2;
        const int* R = rowPair + (size_t)s * n;
        // phase 1: X = U^H A
        for (int i0 = 0; i0 < n; i0 += blockDim.x) {
            const int i = i0 + threadIdx.x;
            const bool live = i < n;
            S u = from_real<S>(Re(1)), w = S{};
            int f = i;
            if (M == MCA && live) row_factors(A, n, P, R, i, tol, fixedSweeps, u, w, f);
            for (int m = blockIdx.x; m < half; m += gridDim.x) {
                const int p = P[2 * m], q = P[2 * m + 1];
                Re c, sn, t;
                phase_t<S> e;
                pair_rotation(A, n, p, q, tol, fixedSweeps, c, sn, t, e);  // uniform across the block
                if (i0 == 0 && threadIdx.x == 0) {                        // publish for phase 2
                    put_rotation(cs, m, c, sn, e);
                    if (sn != Re(0)) ++rotated;
                }
                if (!live) continue;
                if (M == MCA) {  // columns p, q of X (column-major), element i
                    X[(size_t)p * n + i] = u * A[(size_t)p * n + i] + w * A[(size_t)p * n + f];
                    if (q < n) X[(size_t)q * n + i] = u * A[(size_t)q * n + i] + w * A[(size_t)q * n + f];
                } else {         // rows p, q of X, element (column) i: A(p, i) = conj(A(i, p))
                    S ap = conj_of(A[(size_t)p * n + i]);
                    S aq = q < n ? conj_of(A[(size_t)q * n + i]) : S{};
                    X[M == TA ? (size_t)p * n + i : (size_t)i * n + p] = c * ap - sn * phase_mul(conj_of(e), aq);
                    if (q < n) X[M == TA ? (size_t)q * n + i : (size_t)i * n + q] = sn * ap + c * phase_mul(conj_of(e), aq);
                }
            }
        }
        grid.sync();
        // phase 2: A = X U and V = V U, columns p, q, element i
        for (int m = blockIdx.x; m < half; m += gridDim.x) {
            const int p = P[2 * m], q = P[2 * m + 1];
            Re c, sn;
            phase_t<S> e;
            get_rotation(cs, m, c, sn, e);
            const bool rot = sn != Re(0);
            for (int i = threadIdx.x; i < n; i += blockDim.x) {
                // X is row-major under TA, column-major otherwise
                S xp = X[M == TA ? (size_t)i * n + p : (size_t)p * n + i];
                S xq = q < n ? phase_mul(e, X[M == TA ? (size_t)i * n + q : (size_t)q * n + i]) : S{};
                S np = c * xp - sn * xq, nq = sn * xp + c * xq;
                if (rot && i == q) np = S{};  // the annihilated element, exactly
                if (rot && i == p) nq = S{};
                if (rot && i == p) np = real_only(np);  // a Hermitian diagonal is real: drop the rounding
                if (rot && i == q) nq = real_only(nq);
                // TA/MA write column p of A' as row p (stride n), SA/MCA as column p (coalesced)
                const bool rows = M == SA || M == MCA;
                A[rows ? (size_t)p * n + i : (size_t)i * n + p] = rows ? np : conj_of(np);
                if (q < n) A[rows ? (size_t)q * n + i : (size_t)i * n + q] = rows ? nq : conj_of(nq);
                if (wantV && rot) {
                    size_t vip = M == TA ? (size_t)i * n + p : (size_t)p * n + i;
                    size_t viq = M == TA ? (size_t)i * n + q : (size_t)q * n + i;
                    S vp = V[vip], vq = phase_mul(e, V[viq]);
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
        int n, int half, int steps, real_t<T> tol, int fixedSweeps, T* cs, unsigned long long* counter, int wantV) { \
        eig_sweep<T, M>(A, X, V, pairs, rowPair, n, half, steps, tol, fixedSweeps, cs, counter, wantV);         \
    }                                                                                                            \
    extern "C" __global__ void __launch_bounds__(1024, 2) NAME##_o2(T* A, T* X, T* V, const int* pairs,          \
        const int* rowPair, int n, int half, int steps, real_t<T> tol, int fixedSweeps, T* cs,                    \
        unsigned long long* counter, int wantV) {                                                                \
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
// Hermitian (complex) builds: _c single complex, _z double complex; cs holds (c, s) and the phase per pair
EIG_ENTRY(eig_sweep_ta_c, cuFloatComplex, TA)
EIG_ENTRY(eig_sweep_ma_c, cuFloatComplex, MA)
EIG_ENTRY(eig_sweep_sa_c, cuFloatComplex, SA)
EIG_ENTRY(eig_sweep_mca_c, cuFloatComplex, MCA)
EIG_ENTRY(eig_sweep_ta_z, cuDoubleComplex, TA)
EIG_ENTRY(eig_sweep_ma_z, cuDoubleComplex, MA)
EIG_ENTRY(eig_sweep_sa_z, cuDoubleComplex, SA)
EIG_ENTRY(eig_sweep_mca_z, cuDoubleComplex, MCA)

// Fused MCA (ours, not in [1]): both sides of the step in one grid-synchronised phase,
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

// Diagonal of A into d (one thread per element); of a Hermitian A its real part.
template <typename S>
__device__ void diag_copy(const S* A, real_t<S>* d, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = real_of(A[(size_t)i * n + i]);
}
extern "C" __global__ void diag_f(const float* A, float* d, int n) { diag_copy(A, d, n); }
extern "C" __global__ void diag_d(const double* A, double* d, int n) { diag_copy(A, d, n); }
extern "C" __global__ void diag_c(const cuFloatComplex* A, float* d, int n) { diag_copy(A, d, n); }
extern "C" __global__ void diag_z(const cuDoubleComplex* A, double* d, int n) { diag_copy(A, d, n); }

// V = I (column-major n x n), so the host uploads no identity matrix.
template <typename S>
__device__ void identity(S* V, int n) {
    size_t nn = (size_t)n * n;
    for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < nn; k += (size_t)gridDim.x * blockDim.x)
        V[k] = (k / n == k % n) ? from_real<S>(real_t<S>(1)) : S{};
}
extern "C" __global__ void identity_f(float* V, int n) { identity(V, n); }
extern "C" __global__ void identity_d(double* V, int n) { identity(V, n); }
extern "C" __global__ void identity_c(cuFloatComplex* V, int n) { identity(V, n); }
extern "C" __global__ void identity_z(cuDoubleComplex* V, int n) { identity(V, n); }
