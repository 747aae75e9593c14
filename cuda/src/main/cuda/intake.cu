// A symmetric page's input checks on the device, in the pass that makes it exactly symmetric: the host then reads
// five numbers instead of passing over the page (the checks of api/InputChecks, the symmetrisation of
// core/PageAssembly, the ranges of the scalings), so the whole call costs little more than its copies.
//
// out[0] max |a_ij|, out[1] max |a_ij - a_ji|, out[2] max off-diagonal |a_ij| (as the bits of non-negative doubles,
// whose order as unsigned integers is their order as numbers), out[3] non-finite entries, out[4] diagonal entries that
// are not positive (or NaN). Each block takes one 32 x 32 tile on or below the diagonal and its mirror tile above.

#define INTAKE_TILE 32
#define INTAKE_ROWS 8

__device__ __forceinline__ double intake_mean(double x, double y) {
    double s = x + y;  // (x + y)/2 without overflow near the largest double, as PageAssembly.mean
    return isinf(s) ? 0.5 * x + 0.5 * y : 0.5 * s;
}

extern "C" __global__ void __launch_bounds__(INTAKE_TILE * INTAKE_ROWS)
intake_symmetric(double* __restrict__ a, int n, unsigned long long* __restrict__ out) {
    __shared__ double mirror[INTAKE_TILE][INTAKE_TILE + 1];
    __shared__ double red[3][INTAKE_TILE * INTAKE_ROWS / 32];
    __shared__ unsigned int counts[2];
    const int bi = blockIdx.x, bj = blockIdx.y;
    if (bi < bj) return;  // tiles above the diagonal are the mirrors of the ones below
    const int tx = threadIdx.x, ty = threadIdx.y;
    if (tx == 0 && ty == 0) counts[0] = counts[1] = 0;
    // mirror[r][c] = a(bj*T + c, bi*T + r): read along columns, coalesced
    for (int r = ty; r < INTAKE_TILE; r += INTAKE_ROWS) {
        long i = (long)bj * INTAKE_TILE + tx, j = (long)bi * INTAKE_TILE + r;
        mirror[r][tx] = (i < n && j < n) ? a[i + j * n] : 0.0;
    }
    __syncthreads();
    double mx = 0, as = 0, off = 0;
    unsigned int bad = 0, nonpos = 0;
    for (int r = ty; r < INTAKE_TILE; r += INTAKE_ROWS) {
        long i = (long)bi * INTAKE_TILE + tx, j = (long)bj * INTAKE_TILE + r;
        if (i >= n || j >= n || i < j) continue;
        double x = a[i + j * n], y = mirror[tx][r];  // a(i, j) and a(j, i)
        if (i == j) {
            bad += !isfinite(x);
            nonpos += !(x > 0);
            mx = fmax(mx, fabs(x));
            continue;
        }
        bad += !isfinite(x) + !isfinite(y);
        double big = fmax(fabs(x), fabs(y));
        mx = fmax(mx, big);
        off = fmax(off, big);
        as = fmax(as, fabs(x - y));
        if (x != y) {  // most input is exactly symmetric: nothing written
            double s = intake_mean(x, y);
            a[i + j * n] = s;
            a[j + i * n] = s;
        }
    }
    for (int d = 16; d > 0; d >>= 1) {
        mx = fmax(mx, __shfl_down_sync(0xffffffffu, mx, d));
        as = fmax(as, __shfl_down_sync(0xffffffffu, as, d));
        off = fmax(off, __shfl_down_sync(0xffffffffu, off, d));
    }
    const int warp = (ty * INTAKE_TILE + tx) / 32, lane = (ty * INTAKE_TILE + tx) % 32;
    if (lane == 0) {
        red[0][warp] = mx;
        red[1][warp] = as;
        red[2][warp] = off;
    }
    if (bad) atomicAdd(&counts[0], bad);
    if (nonpos) atomicAdd(&counts[1], nonpos);
    __syncthreads();
    if (tx == 0 && ty == 0) {
        for (int w = 1; w < INTAKE_TILE * INTAKE_ROWS / 32; w++) {
            red[0][0] = fmax(red[0][0], red[0][w]);
            red[1][0] = fmax(red[1][0], red[1][w]);
            red[2][0] = fmax(red[2][0], red[2][w]);
        }
        for (int k = 0; k < 3; k++) atomicMax(&out[k], (unsigned long long)__double_as_longlong(red[k][0]));
        if (counts[0]) atomicAdd(&out[3], (unsigned long long)counts[0]);
        if (counts[1]) atomicAdd(&out[4], (unsigned long long)counts[1]);
    }
}

// a := 2^e a, exactly unless an entry under- or overflows (scalbn rounds once, as Math.scalb)
extern "C" __global__ void intake_scale(double* __restrict__ a, long count, int e) {
    for (long k = (long)blockIdx.x * blockDim.x + threadIdx.x; k < count; k += (long)gridDim.x * blockDim.x)
        a[k] = scalbn(a[k], e);
}

// The checks of a page array of small pages (n <= 256), one block per page, on the pages as they came (T: the
// array's own precision): stats[5 k ...] = max |a_ij|, max |a_ij - a_ji|, non-finite entries, whether the rows'
// max-norms (the nonzero ones) span more than `span` (core/Grading.graded), 0.
template <typename T>
__device__ void intake_pages_t(const T* __restrict__ pages, int n, int count, double span, double* __restrict__ stats) {
    __shared__ double red[4][32];
    __shared__ unsigned int bad;
    const int page = blockIdx.x;
    if (page >= count) return;
    const T* a = pages + (long)page * n * n;
    if (threadIdx.x == 0) bad = 0;
    __syncthreads();
    double mx = 0, as = 0, lo = INFINITY, hi = 0;
    unsigned int nb = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        double row = 0;
        for (int j = 0; j < n; j++) {
            double x = (double)a[i + (long)j * n], y = (double)a[j + (long)i * n];
            nb += !isfinite(x);
            row = fmax(row, fabs(x));
            as = fmax(as, fabs(x - y));
        }
        mx = fmax(mx, row);
        if (row > 0) lo = fmin(lo, row);
        hi = fmax(hi, row);
    }
    for (int d = 16; d > 0; d >>= 1) {
        mx = fmax(mx, __shfl_down_sync(0xffffffffu, mx, d));
        as = fmax(as, __shfl_down_sync(0xffffffffu, as, d));
        lo = fmin(lo, __shfl_down_sync(0xffffffffu, lo, d));
        hi = fmax(hi, __shfl_down_sync(0xffffffffu, hi, d));
    }
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = (blockDim.x + 31) / 32;
    if (lane == 0) {
        red[0][warp] = mx;
        red[1][warp] = as;
        red[2][warp] = lo;
        red[3][warp] = hi;
    }
    if (nb) atomicAdd(&bad, nb);
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int w = 1; w < warps; w++) {
            red[0][0] = fmax(red[0][0], red[0][w]);
            red[1][0] = fmax(red[1][0], red[1][w]);
            red[2][0] = fmin(red[2][0], red[2][w]);
            red[3][0] = fmax(red[3][0], red[3][w]);
        }
        double* s = stats + 5L * page;
        s[0] = red[0][0];
        s[1] = red[1][0];
        s[2] = (double)bad;
        s[3] = red[3][0] > span * red[2][0] ? 1.0 : 0.0;
        s[4] = 0;
    }
}
extern "C" __global__ void __launch_bounds__(128) intake_pages_f(const float* a, int n, int count, double span, double* stats) {
    intake_pages_t(a, n, count, span, stats);
}
extern "C" __global__ void __launch_bounds__(128) intake_pages_d(const double* a, int n, int count, double span, double* stats) {
    intake_pages_t(a, n, count, span, stats);
}

// Eigenvalues ascending with their vectors, page by page (one block each, n <= 1024): what core/PageAssembly.eig does
// on the host, in the order of Java's Double.compare up to signed zeros (NaN last, ties by index, so every
// position is written once). The non-finite values and vector entries written are added to *bad (api/OutputChecks).
extern "C" __global__ void __launch_bounds__(256) sort_eig_pages(const double* __restrict__ D, const double* __restrict__ V,
        double* __restrict__ Dout, double* __restrict__ Vout, int n, int count, int wantV, unsigned long long* __restrict__ bad) {
    extern __shared__ int rank[];
    __shared__ unsigned int nbad;
    const int page = blockIdx.x;
    if (page >= count) return;
    if (threadIdx.x == 0) nbad = 0;
    __syncthreads();
    const double* d = D + (long)page * n;
    unsigned int nb = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        double x = d[i];
        int r = 0;
        for (int j = 0; j < n; j++) {
            double y = d[j];
            bool before = isnan(x) ? (!isnan(y) || j < i) : (!isnan(y) && (y < x || (y == x && j < i)));
            r += before;
        }
        rank[i] = r;
        nb += !isfinite(x);
        Dout[(long)page * n + r] = x;
    }
    __syncthreads();
    if (wantV) {
        const double* v = V + (long)page * n * n;
        double* out = Vout + (long)page * n * n;
        for (long e = threadIdx.x; e < (long)n * n; e += blockDim.x) {
            int c = (int)(e / n), r = (int)(e % n);
            double x = v[e];
            nb += !isfinite(x);
            out[(long)rank[c] * n + r] = x;
        }
    }
    if (nb) atomicAdd(&nbad, nb);
    __syncthreads();
    if (threadIdx.x == 0 && nbad) atomicAdd(bad, (unsigned long long)nbad);
}

// A general page's checks (inversion), or an inverse's, in its own element type, one block per column j:
// out[0] non-finite entries, out[1] entries with a_ij != a_ji (when symmetry is asked), out[2] max_j sum_i |a_ij|
// (the 1-norm; Inf when a sum overflows), out[3] the same of |a_ij| 2^-64 (core/InverseCheck.norm1Of's fallback);
// the sums as the bits of non-negative doubles.
template <typename T>
__device__ void intake_general_t(const T* __restrict__ a, int n, int symmetry, unsigned long long* __restrict__ out) {
    __shared__ double red[2][32];
    __shared__ unsigned int cnt[2];
    const long j = blockIdx.x;
    if (threadIdx.x == 0) cnt[0] = cnt[1] = 0;
    __syncthreads();
    double sum = 0, low = 0;
    unsigned int bad = 0, asym = 0;
    for (long i = threadIdx.x; i < n; i += blockDim.x) {
        double x = (double)a[i + j * n];
        bad += !isfinite(x);
        sum += fabs(x);
        low += scalbn(fabs(x), -64);
        if (symmetry && i > j) asym += (double)a[j + i * n] != x;
    }
    for (int d = 16; d > 0; d >>= 1) {
        sum += __shfl_down_sync(0xffffffffu, sum, d);
        low += __shfl_down_sync(0xffffffffu, low, d);
    }
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = (blockDim.x + 31) / 32;
    if (lane == 0) {
        red[0][warp] = sum;
        red[1][warp] = low;
    }
    if (bad) atomicAdd(&cnt[0], bad);
    if (asym) atomicAdd(&cnt[1], asym);
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int w = 1; w < warps; w++) {
            red[0][0] += red[0][w];
            red[1][0] += red[1][w];
        }
        if (cnt[0]) atomicAdd(&out[0], (unsigned long long)cnt[0]);
        if (cnt[1]) atomicAdd(&out[1], (unsigned long long)cnt[1]);
        atomicMax(&out[2], (unsigned long long)__double_as_longlong(red[0][0]));
        atomicMax(&out[3], (unsigned long long)__double_as_longlong(red[1][0]));
    }
}
extern "C" __global__ void __launch_bounds__(256) intake_general_f(const float* a, int n, int symmetry, unsigned long long* out) {
    intake_general_t(a, n, symmetry, out);
}
extern "C" __global__ void __launch_bounds__(256) intake_general_d(const double* a, int n, int symmetry, unsigned long long* out) {
    intake_general_t(a, n, symmetry, out);
}
