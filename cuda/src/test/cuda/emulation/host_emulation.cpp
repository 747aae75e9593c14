// Host emulation of the complex instantiations of eig_jacobi.cu's two-phase sweeps (TA, MA, SA, MCA)
// and svd_jacobi.cu's one-sided sweep, compiled by g++ from the kernel sources themselves (no GPU,
// no nvcc): one block of one thread, a valid execution of both kernels (the eig phase 1 reads A only
// and phase 2 reads X and cs; the svd block handles its pairs in turn), with stand-ins for the CUDA
// built-ins here and in the two headers next to this file. Run by KernelHostEmulationTest; exits 1
// when a residual or orthogonality exceeds 1e-13 (double complex, n <= 40). Also jacobi_common.cuh's
// signed_rotation_fast, the blocked pair kernels' rotations, on random pivots (rotationTest), and cosine_low against
// long double (cosineLowTest), and the real one-sided hyperbolic sweep (hsvdTest), and eig_precondition.cu's
// refinement step of eigenvectors (refineTest).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <random>
#include <complex>
#include <algorithm>
#define __device__
#define __global__
#define __forceinline__ inline
#define __restrict__
#define __launch_bounds__(...)
#define __shared__ static
#define GJ_HOST_EMULATION 1
struct Dim { unsigned x; };
// one thread: strides of 1, but block_sum's warp count (blockDim.x >> 5) is 1
struct OneThread { operator int() const { return 1; } unsigned operator>>(int) const { return 1; } };
struct BlockDim { OneThread x; };
static Dim blockIdx{0}, threadIdx{0}, gridDim{1};
static BlockDim blockDim;
inline void __syncthreads() {}
inline void __syncwarp(unsigned = 0xffffffffu) {}
template <class T> T __shfl_down_sync(unsigned, T v, int) { return T(0); }
inline unsigned long long atomicAdd(unsigned long long* p, unsigned long long v) { auto o = *p; *p += v; return o; }
inline int atomicAdd(int* p, int v) { int o = *p; *p += v; return o; }
inline int atomicMin(int* p, int v) { int o = *p; if (v < o) *p = v; return o; }
inline unsigned long long atomicExch(unsigned long long* p, unsigned long long v) { auto o = *p; *p = v; return o; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline float __fadd_rn(float a, float b) { return a + b; }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline long long __double_as_longlong(double x) { long long i; std::memcpy(&i, &x, sizeof i); return i; }
using std::sqrt; using std::fabs; using std::hypot; using std::scalbn; using std::fma; using std::fmax;
#include "eig_jacobi.cu"
#include "svd_jacobi.cu"
// eig_precondition.cu's float copy takes svd_intake.cu's scaling, which is not emulated here
template <typename T, typename O> void svd_scale_pages_t(const T*, O*, long, int, const int*) {}
#include "eig_precondition.cu"

typedef std::complex<double> cd;
// a round-robin ordering (circle method; the kernels take any set of disjoint pairs per step)
static void roundRobin(int n, std::vector<int>& pairs, std::vector<int>& rowPair, int& half, int& steps) {
    int np = n + (n & 1); half = np / 2; steps = np - 1;
    pairs.assign((size_t)steps * half * 2, 0); rowPair.assign((size_t)steps * n, 0);
    std::vector<int> pl(np); for (int i = 0; i < np; i++) pl[i] = i;
    for (int s = 0; s < steps; s++) {
        for (int m = 0; m < half; m++) {
            int p = pl[m], q = pl[np - 1 - m]; if (p > q) std::swap(p, q);
            pairs[(s * half + m) * 2] = p; pairs[(s * half + m) * 2 + 1] = q;
            if (p < n) rowPair[s * n + p] = m; if (q < n) rowPair[s * n + q] = m;
        }
        int last = pl[np - 1]; for (int i = np - 1; i > 1; i--) pl[i] = pl[i - 1]; pl[1] = last;
    }
}
template <int M> int eigTest(int n, unsigned seed) {
    std::mt19937 g(seed); std::normal_distribution<double> N;
    std::vector<cd> H(n * n);
    for (int j = 0; j < n; j++) for (int i = 0; i <= j; i++) {
        cd z(N(g), i == j ? 0 : N(g)); H[i + j * n] = z; H[j + i * n] = std::conj(z);
    }
    std::vector<cuDoubleComplex> A(n * n), X(n * n), V(n * n), cs(2 * n + 2);
    for (int k = 0; k < n * n; k++) { A[k] = {H[k].real(), H[k].imag()}; V[k] = {k / n == k % n ? 1.0 : 0.0, 0}; }
    std::vector<int> pairs, rowPair; int half, steps; roundRobin(n, pairs, rowPair, half, steps);
    unsigned long long counter = 0; int sweeps = 0;
    for (; sweeps < 30; sweeps++) {
        counter = 0;
        eig_sweep<cuDoubleComplex, M>(A.data(), X.data(), V.data(), pairs.data(), rowPair.data(), n, half, steps, 1e-15 * n, 0, cs.data(), &counter, 1);
        if (counter == 0) break;
    }
    // V from TA is row-major
    auto v = [&](int i, int j) { cuDoubleComplex e = M == TA ? V[j + i * n] : V[i + j * n]; return cd(e.x, e.y); };
    double res = 0, nh = 0, orth = 0;
    for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
        cd s = 0; for (int k = 0; k < n; k++) s += H[i + k * n] * v(k, j);
        res += std::norm(s - v(i, j) * A[j + j * n].x); nh += std::norm(H[i + j * n]);
        cd o = 0; for (int k = 0; k < n; k++) o += std::conj(v(k, i)) * v(k, j);
        orth = std::max(orth, std::abs(o - (i == j ? 1.0 : 0.0)));
    }
    double offd = 0; for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) if (i != j) offd = std::max(offd, hypot(A[i + j * n].x, A[i + j * n].y));
    printf("eig M=%d n=%d sweeps %d residual %.2e orth %.2e max offdiag %.2e\n", M, n, sweeps, sqrt(res / nh), orth, offd);
    return sqrt(res / nh) < 1e-13 && orth < 1e-13 ? 0 : 1;
}
int svdTest(int m, int n, unsigned seed) {
    std::mt19937 g(seed); std::normal_distribution<double> N;
    std::vector<cuDoubleComplex> U(m * n), V(n * n);
    std::vector<cd> A(m * n);
    for (int k = 0; k < m * n; k++) { A[k] = cd(N(g), N(g)); U[k] = {A[k].real(), A[k].imag()}; }
    for (int k = 0; k < n * n; k++) V[k] = {k / n == k % n ? 1.0 : 0.0, 0};
    std::vector<int> pairs, rowPair; int half, steps; roundRobin(n, pairs, rowPair, half, steps);
    unsigned long long counter[2] = {0, 0}; int sweeps = 0;
    for (; sweeps < 30; sweeps++) {
        counter[0] = 0;
        svd_sweep<cuDoubleComplex>(U.data(), V.data(), pairs.data(), m, n, half, steps, 1e-15 * n, 0, counter, 1, nullptr);
        if (counter[0] == 0) break;
    }
    // A V = U (unnormalised, orthogonal columns), V unitary
    double res = 0, na = 0, orth = 0, uorth = 0;
    for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
        cd s = 0; for (int k = 0; k < n; k++) s += A[i + k * m] * cd(V[k + j * n].x, V[k + j * n].y);
        res += std::norm(s - cd(U[i + j * m].x, U[i + j * m].y)); na += std::norm(A[i + j * m]);
    }
    for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
        cd o = 0, ou = 0; double ni = 0, nj = 0;
        for (int k = 0; k < n; k++) o += std::conj(cd(V[k + i * n].x, V[k + i * n].y)) * cd(V[k + j * n].x, V[k + j * n].y);
        for (int k = 0; k < m; k++) { cd ui(U[k + i * m].x, U[k + i * m].y), uj(U[k + j * m].x, U[k + j * m].y); ou += std::conj(ui) * uj; ni += std::norm(ui); nj += std::norm(uj); }
        orth = std::max(orth, std::abs(o - (i == j ? 1.0 : 0.0)));
        if (i != j) uorth = std::max(uorth, std::abs(ou) / sqrt(ni * nj));
    }
    printf("svd %dx%d sweeps %d ||AV-U||/||A|| %.2e ||V^H V - I|| %.2e max |cos(u_i,u_j)| %.2e\n", m, n, sweeps, sqrt(res / na), orth, uorth);
    return sqrt(res / na) < 1e-13 && orth < 1e-13 && uorth < 1e-13 ? 0 : 1;
}
// svd_jacobi.cu's real one-sided hyperbolic sweep (hsvd, method 'hyperbolic': signs J, alternating) on a well-conditioned
// m x n G to convergence: G W = U with U's columns orthogonal, W J-orthogonal (W' J W = J), each to 1e-13.
int hsvdTest(int m, int n, unsigned seed) {
    std::mt19937 g(seed); std::normal_distribution<double> N;
    std::vector<double> G(m * n), U(m * n), W(n * n), J(n);
    for (int k = 0; k < m * n; k++) G[k] = N(g) + (k % m == k / m ? 2 * sqrt((double)m) : 0.0);
    for (int k = 0; k < n; k++) J[k] = k % 2 ? -1.0 : 1.0;
    U = G;
    for (int k = 0; k < n * n; k++) W[k] = k / n == k % n ? 1.0 : 0.0;
    std::vector<int> pairs, rowPair; int half, steps; roundRobin(n, pairs, rowPair, half, steps);
    unsigned long long counter[2] = {0, 0}; int sweeps = 0;
    for (; sweeps < 30; sweeps++) {
        counter[0] = 0;
        svd_sweep<double>(U.data(), W.data(), pairs.data(), m, n, half, steps, 1e-15 * n, 0, counter, 1, J.data());
        if (counter[0] == 0 || counter[1]) break;
    }
    double res = 0, ng = 0, jorth = 0, uorth = 0;
    for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
        double s = 0; for (int k = 0; k < n; k++) s += G[i + k * m] * W[k + j * n];
        res += (s - U[i + j * m]) * (s - U[i + j * m]); ng += G[i + j * m] * G[i + j * m];
    }
    for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
        double o = 0, ou = 0, ni = 0, nj = 0;
        for (int k = 0; k < n; k++) o += W[k + i * n] * J[k] * W[k + j * n];
        for (int k = 0; k < m; k++) { ou += U[k + i * m] * U[k + j * m]; ni += U[k + i * m] * U[k + i * m]; nj += U[k + j * m] * U[k + j * m]; }
        jorth = std::max(jorth, fabs(o - (i == j ? J[i] : 0.0)));
        if (i != j) uorth = std::max(uorth, fabs(ou) / sqrt(ni * nj));
    }
    printf("hsvd %dx%d sweeps %d ||GW-U||/||G|| %.2e ||W'JW - J|| %.2e max |cos(u_i,u_j)| %.2e\n", m, n, sweeps,
           sqrt(res / ng), jorth, uorth);
    return counter[1] == 0 && sqrt(res / ng) < 1e-13 && jorth < 1e-13 && uorth < 1e-13 ? 0 : 1;
}
// signed_rotation_fast for pivots [[a_pp, a_pq], [a_pq, a_qq]] of a Gram matrix (a_pq^2 < a_pp a_qq) over magnitudes
// 2^-220 .. 2^220, some nearly dependent: the relative test as stated; the rotation (equal signs: p' = c p - s q,
// q' = s p + c q) keeps c^2 + s^2 = 1, the hyperbolic one (opposite signs: p' = c p + s q, q' = s p + c q) keeps
// c^2 - s^2 = 1, and each leaves p'.q' at rounding level; it declines only outside its range or where no real
// hyperbolic angle exists, which the exact path then decides.
static int rotationTest() {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const double eps = 0x1p-53, tol = 1e-15;
    int bad = 0, hyperbolic = 0, declined = 0;
    double worstUnit = 0, worstOff = 0;
    for (int i = 0; i < 400000; i++) {
        const bool hyp = i & 1;
        const double scale = std::ldexp(1.0, (int)(u(rng) * 200));
        const double app = scale * (0.01 + fabs(u(rng)));
        const bool dependent = i % 64 < 2;  // a_pp = a_qq = |a_pq|: no real hyperbolic angle
        const double aqq = dependent ? app : std::ldexp(scale * (0.01 + fabs(u(rng))), (int)(u(rng) * 20));
        // a_pq up to just below sqrt(a_pp a_qq): a quarter of the pivots nearly dependent
        const double rho = dependent ? 1 : (i & 6) == 0 ? 1 - std::ldexp(fabs(u(rng)), -(int)(fabs(u(rng)) * 50)) : u(rng);
        const double apq = (u(rng) < 0 ? -1 : 1) * fabs(rho) * sqrt(app * aqq);
        bool rotate;
        double c, s;
        if (!signed_rotation_fast(app, aqq, apq, tol, hyp, rotate, c, s)) {
            const double sum = app + aqq, ae = 2 * fabs(apq), gap = sum - ae;
            if (!hyp || !(gap <= DBL_EPSILON * DBL_EPSILON * sum || gap * (sum + ae) < 0x1p-498)) bad++;  // it had to rotate
            declined++;
            continue;
        }
        if (rotate != (apq * apq > tol * tol * app * aqq) || (hyp && dependent)) bad++;
        if (!rotate) continue;
        hyperbolic += hyp;
        const double unit = hyp ? fabs((c * c - s * s) - 1) / (c * c) : fabs(c * c + s * s - 1);
        const double off = hyp ? c * s * (app + aqq) + (c * c + s * s) * apq : c * s * (app - aqq) + (c * c - s * s) * apq;
        const double offRel = fabs(off) / ((c * c + s * s) * fmax(app, aqq));
        worstUnit = fmax(worstUnit, unit / eps);
        worstOff = fmax(worstOff, offRel / eps);
        if (unit > 8 * eps || offRel > 64 * eps) bad++;
    }
    printf("signed rotations: %d hyperbolic of those rotated, %d declined; worst |c^2 +- s^2 - 1| %.1f eps, "
           "worst p'.q' %.1f eps: %s\n", hyperbolic, declined, worstUnit, worstOff, bad ? "BAD" : "ok");
    return bad ? 1 : 0;
}
// jacobi_common.cuh's cosine_low: c + lo against 1 / sqrt(1 -+ t^2) in long double (64-bit significand): c alone is
// off by up to eps / 2 relative, c + lo must be within the long double's own rounding (about 2^-63).
static int cosineLowTest() {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    double worstC = 0, worstLo = 0;
    for (int i = 0; i < 200000; i++) {
        const bool hyp = i & 1;
        const double t = hyp ? u(rng) * (1 - std::ldexp(1.0, -(int)(fabs(u(rng)) * 20))) : u(rng);
        const double c = hyp ? 1.0 / sqrt((1.0 - t) * (1.0 + t)) : 1.0 / sqrt(1.0 + t * t);
        const long double tl = t, exact = 1.0L / sqrtl(hyp ? (1.0L - tl) * (1.0L + tl) : 1.0L + tl * tl);
        const double lo = cosine_low(t, c, hyp);
        worstC = fmax(worstC, (double)(fabsl((long double)c - exact) / exact));
        worstLo = fmax(worstLo, (double)(fabsl(((long double)c + (long double)lo) - exact) / exact));
    }
    const bool ok = worstLo <= 0x1p-60 && worstC > 0x1p-56;
    printf("cosine_low: worst relative error of c %.2g, of c + lo %.2g: %s\n", worstC, worstLo, ok ? "ok" : "BAD");
    return ok ? 0 : 1;
}

// eig_precondition.cu's refinement step [25] on A = U diag(lambda) U' (U orthogonal, one pair of eigenvalues 1e-12
// apart) from Q = U (I + K) made orthogonal (K antisymmetric, 1e-6: single precision's distance): M - I exactly
// antisymmetric, ||E||_F reported, a plain page's M exactly I, and Q M followed by the Newton-Schulz steps the host
// takes (PagePreconditioner.newtonSchulzSteps) orthogonal to 1e-14 with Q'AQ's off-diagonal squared: below 1e-10 after
// one step and 1e-14 after two, the close pair's own entry aside (left to the sweeps).
typedef std::vector<double> Mat;
static Mat mul(const Mat& x, const Mat& y, int n, bool tx = false) {  // op(x) y, column-major n x n
    Mat z((size_t)n * n, 0.0);
    for (int j = 0; j < n; j++)
        for (int k = 0; k < n; k++) {
            const double b = y[k + j * n];
            for (int i = 0; i < n; i++) z[i + j * n] += (tx ? x[k + i * n] : x[i + k * n]) * b;
        }
    return z;
}
static void newtonSchulz(Mat& q, int n) {
    Mat t = mul(q, q, n, true);
    for (int i = 0; i < n * n; i++) t[i] = (i % (n + 1) == 0 ? 1.5 : 0.0) - 0.5 * t[i];
    q = mul(q, t, n);
}
static double orthogonality(const Mat& q, int n) {
    Mat t = mul(q, q, n, true);
    double w = 0;
    for (int i = 0; i < n * n; i++) w = fmax(w, fabs(t[i] - (i % (n + 1) == 0 ? 1.0 : 0.0)));
    return w;
}
static int refineTest(int n) {
    std::mt19937 g(31);
    std::normal_distribution<double> N;
    Mat u((size_t)n * n), lambda(n);
    for (auto& x : u) x = N(g);
    for (int j = 0; j < n; j++) {  // Gram-Schmidt, twice
        for (int pass = 0; pass < 2; pass++)
            for (int k = 0; k < j; k++) {
                double d = 0;
                for (int i = 0; i < n; i++) d += u[i + k * n] * u[i + j * n];
                for (int i = 0; i < n; i++) u[i + j * n] -= d * u[i + k * n];
            }
        double s = 0;
        for (int i = 0; i < n; i++) s += u[i + j * n] * u[i + j * n];
        for (int i = 0; i < n; i++) u[i + j * n] /= sqrt(s);
    }
    for (int i = 0; i < n; i++) lambda[i] = N(g) * 3;
    if (n > 6) lambda[6] = lambda[5] * (1 + 1e-12);
    Mat ul = u;
    for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) ul[i + j * n] *= lambda[j];
    Mat a((size_t)n * n);
    for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
        double x = 0;
        for (int k = 0; k < n; k++) x += ul[i + k * n] * u[j + k * n];
        a[i + j * n] = x;
    }
    for (int j = 0; j < n; j++) for (int i = 0; i < j; i++) a[j + i * n] = a[i + j * n];
    Mat k((size_t)n * n, 0.0);
    for (int j = 0; j < n; j++) for (int i = 0; i < j; i++) { double x = 1e-6 * N(g); k[i + j * n] = x; k[j + i * n] = -x; }
    for (int i = 0; i < n; i++) k[i + i * n] = 1;
    Mat q = mul(u, k, n);
    for (int s = 0; s < 3; s++) newtonSchulz(q, n);
    int bad = 0;
    auto off = [&](const Mat& q) {  // the largest off-diagonal entry of Q'AQ but the close pair's
        Mat s = mul(q, mul(a, q, n), n, true);
        double w = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++)
            if (i != j && !(i + j == 11 && (i == 5 || i == 6))) w = fmax(w, fabs(s[i + j * n]));
        return std::make_pair(w, s);
    };
    double before = off(q).first;
    for (int step = 1; step <= 2; step++) {
        Mat s = off(q).second, m2((size_t)2 * n * n), s2(2 * (size_t)n * n);
        std::copy(s.begin(), s.end(), s2.begin());
        std::copy(s.begin(), s.end(), s2.begin() + (size_t)n * n);
        int plain[2] = {0, 1}, ex[2] = {0, 0};
        double enorm[2] = {-1, -1};
        for (unsigned p = 0; p < 2; p++) {
            blockIdx.x = p;
            precond_pages_refine(s2.data(), m2.data(), n, plain, ex, enorm);
        }
        blockIdx.x = 0;
        double fro = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            const double x = m2[i + j * n], y = m2[j + i * n], id = i == j ? 1.0 : 0.0;
            if (i == j ? x != 1.0 : x != -y) bad |= 1;
            if (m2[(size_t)n * n + i + j * n] != id) bad |= 2;
            if (i != j) fro += x * x;
        }
        if (fabs(sqrt(fro) - enorm[0]) > 1e-12 * sqrt(fro) || enorm[1] != 0) bad |= 4;
        Mat mm(m2.begin(), m2.begin() + (size_t)n * n);
        q = mul(q, mm, n);
        int steps = 0;
        for (double f = enorm[0] * enorm[0] + (step == 1 ? 1e-14 : 0); f > 0x1p-52; f *= f) steps++;
        for (int t = 0; t < steps; t++) newtonSchulz(q, n);
        const double now = off(q).first, orth = orthogonality(q, n);
        if (orth > 1e-14 || now > (step == 1 ? 1e-10 : 1e-14)) bad |= 8;
        printf("refine n=%d step %d: off %.2g -> %.2g, ||E||_F %.2g, %d Newton-Schulz steps, orthogonality %.2g\n", n, step,
               before, now, enorm[0], steps, orth);
        before = now;
    }
    if (bad) printf("refine n=%d: BAD (%d)\n", n, bad);
    return bad ? 1 : 0;
}
// eig_precondition.cu's clean-up of refined pages: page 0 is diag(lambda) (one pair 1e-13 apart, one eigenvalue 1e-10,
// the rest near 3) plus a symmetric perturbation at the rounding, two entries above it and a rounding-level asymmetry;
// page 1 a random symmetric page, with more failing entries than the budget. Page 0 converges within n rotations:
// every off-diagonal entry meets the relative test, both triangles equal, Q orthogonal to 1e-15 and Q' B0 Q = diag
// (values) to 1e-15 ||B0||, with B0 symmetrised. Page 1 is left as it came (sweeps -1, no rotation, Q = I). Staged
// (B in the block's shared memory) gives every bit of the in-place run.
static Mat cleanupUnstaged;  // the last in-place run's B, Q and values
static int cleanupTest(int n, int staged) {
    std::mt19937 g(47);
    std::normal_distribution<double> N;
    const size_t nn = (size_t)n * n;
    const double tol = n * 0x1p-52;
    Mat b(2 * nn), q(2 * nn, 0.0), values(2 * (size_t)n);
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < j; i++) {
            const double x = 1e-16 * N(g), y = N(g);
            b[i + j * n] = x;
            b[j + i * n] = x * (1 + 0x1p-52);
            b[nn + i + j * n] = b[nn + j + i * n] = y;
        }
        b[j + j * n] = 3 + N(g);
        b[nn + j + j * n] = N(g);
        q[j + j * n] = q[nn + j + j * n] = 1;
    }
    if (n > 2) { b[1 + n] = b[0] * (1 + 1e-13); b[2 + 2 * n] = 1e-10; }
    if (n > 1) b[n] = b[1] = 1e-12;
    if (n > 5) b[2 + 5 * n] = b[5 + 2 * n] = 1e-14;
    Mat b0(b.begin(), b.begin() + nn), b1(b.begin() + nn, b.end());
    for (int j = 0; j < n; j++) for (int i = 0; i < j; i++) {
        b0[i + j * n] = b0[j + i * n] = 0.5 * (b0[i + j * n] + b0[j + i * n]);
    }
    int sweeps[2] = {0, 0};
    unsigned long long rotations[2] = {9, 9}, unconverged = 0;
    for (unsigned p = 0; p < 2; p++) {
        blockIdx.x = p;
        precond_pages_cleanup(b.data(), q.data(), values.data(), n, tol, n, 1, staged, sweeps, rotations, &unconverged);
    }
    if (unconverged != (unsigned long long)(sweeps[0] < 0) + (sweeps[1] < 0)) { printf("cleanup n=%d: %llu unconverged\n", n, unconverged); return 1; }
    blockIdx.x = 0;
    int bad = 0;
    double norm = 0, worst = 0;
    for (size_t i = 0; i < nn; i++) norm = fmax(norm, fabs(b0[i]));
    Mat q0(q.begin(), q.begin() + nn), r = mul(q0, mul(b0, q0, n), n, true);
    for (int j = 0; j < n; j++) {
        if (values[j] != b[j + j * n]) bad |= 1;
        for (int i = 0; i < n; i++) {
            const double x = b[i + j * n];
            if (i != j && (x != b[j + i * n] || !negligible(x, b[i + i * n], b[j + j * n], tol))) bad |= 2;
            worst = fmax(worst, fabs(r[i + j * n] - (i == j ? values[j] : 0.0)));
        }
    }
    const double orth = orthogonality(q0, n);
    if (sweeps[0] != 1 || rotations[0] > (unsigned long long)n || orth > 1e-15 || worst > 1e-15 * norm) bad |= 4;
    bool left = n < 3 || (sweeps[1] == -1 && rotations[1] == 0);
    for (size_t i = 0; n >= 3 && i < nn; i++) if (b[nn + i] != b1[i] || q[nn + i] != (i % (n + 1) == 0 ? 1.0 : 0.0)) left = false;
    if (!left) bad |= 8;
    printf("cleanup n=%d%s: %llu rotations, residual %.2g ||B||, orthogonality %.2g; random page: sweeps %d, %llu rotations%s\n",
           n, staged ? " staged" : "", rotations[0], worst / norm, orth, sweeps[1], rotations[1], bad ? ": BAD" : "");
    if (staged) {  // the same arithmetic as on B in place: every bit of B, Q and the values
        Mat all(b);
        all.insert(all.end(), q.begin(), q.end());
        all.insert(all.end(), values.begin(), values.end());
        if (all != cleanupUnstaged) { printf("cleanup n=%d staged: differs from in place\n", n); bad |= 16; }
    } else {
        cleanupUnstaged = b;
        cleanupUnstaged.insert(cleanupUnstaged.end(), q.begin(), q.end());
        cleanupUnstaged.insert(cleanupUnstaged.end(), values.begin(), values.end());
    }
    return bad ? 1 : 0;
}
int main() {
    int bad = rotationTest();
    bad += cosineLowTest();
    for (int n : {1, 2, 3, 7, 16, 33}) { bad += eigTest<TA>(n, n); bad += eigTest<MA>(n, n); bad += eigTest<SA>(n, n); bad += eigTest<MCA>(n, n); }
    for (auto s : std::vector<std::pair<int,int>>{{1,1},{2,2},{7,4},{33,33},{40,33}}) bad += svdTest(s.first, s.second, 7);
    for (auto s : std::vector<std::pair<int,int>>{{2,2},{7,4},{33,33},{40,33}}) bad += hsvdTest(s.first, s.second, 9);
    for (int n : {2, 7, 40}) bad += refineTest(n);
    for (int n : {1, 2, 7, 40, 256}) { bad += cleanupTest(n, 0); bad += cleanupTest(n, 1); }
    printf("%s\n", bad ? "FAILED" : "all ok");
    return bad;
}
