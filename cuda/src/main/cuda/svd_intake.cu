// An SVD's host passes done on the device, bit for bit as the host does them, so that the whole call costs little
// more than its copies: the input's finiteness and the column norms of core/SvdScaling (svd_lines), the row grading of
// core/Grading (svd_row_norms, svd_gather_rows), the descending sort of core/PageAssembly.svd with U's rows put back
// (svd_gather, sort_svd_pages), and the outputs' finiteness (api/OutputChecks) counted as the results go out.

#include <climits>

// Java's Double.compare: by value, -0.0 before 0.0, NaN (any) after everything else.
__device__ __forceinline__ int java_compare(double a, double b) {
    if (a < b) return -1;
    if (a > b) return 1;
    long long x = isnan(a) ? 0x7ff8000000000000LL : __double_as_longlong(a);
    long long y = isnan(b) ? 0x7ff8000000000000LL : __double_as_longlong(b);
    return x == y ? 0 : (x < y ? -1 : 1);
}

// A line (column of a tall page, row of a wide one) of every page, a thread each: e = the exponent of its largest
// |entry| (at least -1022; INT_MIN for a zero line) and ssq = sum (x_i 2^-e)^2 in index order, rounded as the host's
// core/SafeNorms does it (no fused multiply-add), so that the host's log2 of the two gives the same bits. The
// non-finite entries are added to *bad. T: the input's own element type.
template <typename T>
__device__ void svd_lines_t(const T* __restrict__ a, int m, int n, int pages, int tall, int* __restrict__ e,
                            double* __restrict__ ssq, unsigned long long* __restrict__ bad) {
    const int lines = tall ? n : m, len = tall ? m : n;
    const long step = tall ? 1 : m, total = (long)pages * lines;
    for (long t = (long)blockIdx.x * blockDim.x + threadIdx.x; t < total; t += (long)gridDim.x * blockDim.x) {
        const long k = t / lines, c = t % lines;
        const T* p = a + k * m * n + (tall ? c * m : c);
        double scale = 0;
        unsigned int nb = 0;
        for (int j = 0; j < len; j++) {
            double x = (double)p[j * step];
            nb += !isfinite(x);
            scale = fmax(scale, fabs(x));
        }
        if (nb) atomicAdd(bad, (unsigned long long)nb);
        int ex = INT_MIN;
        double s = 0;
        if (scale > 0 && nb == 0) {
            ex = max(ilogb(scale), -1022);  // Math.getExponent, subnormals raised to the smallest normal's
            const double f = scalbn(1.0, -ex);
            for (int j = 0; j < len; j++) {
                double r = __dmul_rn((double)p[j * step], f);
                s = __dadd_rn(s, __dmul_rn(r, r));
            }
        }
        e[t] = ex;
        ssq[t] = s;
    }
}
extern "C" __global__ void svd_lines_f(const float* a, int m, int n, int pages, int tall, int* e, double* ssq,
                                       unsigned long long* bad) {
    svd_lines_t(a, m, n, pages, tall, e, ssq, bad);
}
extern "C" __global__ void svd_lines_d(const double* a, int m, int n, int pages, int tall, int* e, double* ssq,
                                       unsigned long long* bad) {
    svd_lines_t(a, m, n, pages, tall, e, ssq, bad);
}

// Every page (size entries each) of in into double out, multiplied by 2^e[k] (scalbn rounds once, as Math.scalb) and
// rounded to T on the way, as core/SvdScaling.scaled stores a scaled page in the input's class; a page with
// e[k] = INT_MIN (beyond the safe span: solved on the host) becomes zeros.
// in may be out (double pages scaled in place: each entry read and written by the same thread). O: out's type
// (float for eig_precondition.cu's single copy of double pages).
template <typename T, typename O = double>
__device__ void svd_scale_pages_t(const T* in, O* out, long size, int pages, const int* __restrict__ e) {
    const long total = size * pages;
    for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (long)gridDim.x * blockDim.x) {
        const int ex = e[i / size];
        out[i] = ex == INT_MIN ? O(0) : (O)(T)scalbn((double)in[i], ex);
    }
}
extern "C" __global__ void svd_scale_pages_f(const float* in, double* out, long size, int pages, const int* e) {
    svd_scale_pages_t(in, out, size, pages, e);
}
extern "C" __global__ void svd_scale_pages_d(const double* in, double* out, long size, int pages, const int* e) {
    svd_scale_pages_t(in, out, size, pages, e);
}

// The rows' max-norms of the m x n page a into norm (m counters, zeroed by the caller, as the bits of non-negative
// doubles, whose order as unsigned integers is their order as numbers): a thread a row, blockIdx.y a run of cols
// columns (reads coalesced along the column).
extern "C" __global__ void svd_row_norms(const double* __restrict__ a, int m, int n, int cols,
                                         unsigned long long* __restrict__ norm) {
    const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const long j0 = (long)blockIdx.y * cols, j1 = min((long)n, j0 + cols);
    double mx = 0;
    for (long j = j0; j < j1; j++) mx = fmax(mx, fabs(a[i + j * m]));
    if (mx > 0) atomicMax(&norm[i], (unsigned long long)__double_as_longlong(mx));
}

// dst(i, j) = src(order[i], j) for the m x n src (core/Grading.permuteRows).
extern "C" __global__ void svd_gather_rows(const double* __restrict__ src, double* __restrict__ dst, int m, int n,
                                           const int* __restrict__ order) {
    const long total = (long)m * n;
    for (long e = (long)blockIdx.x * blockDim.x + threadIdx.x; e < total; e += (long)gridDim.x * blockDim.x) {
        const long i = e % m, j = e / m;
        dst[e] = src[order[i] + j * m];
    }
}

// dst(rows ? rows[i] : i, j) = src(i, cols ? cols[j] : j) for the m x n src: the sorted columns, with the rows put back
// where core/Grading.unpermuteRows puts them; the non-finite entries are added to *bad.
extern "C" __global__ void svd_gather(const double* __restrict__ src, double* __restrict__ dst, int m, int n,
                                      const int* __restrict__ cols, const int* __restrict__ rows,
                                      unsigned long long* __restrict__ bad) {
    const long total = (long)m * n;
    unsigned int nb = 0;
    for (long e = (long)blockIdx.x * blockDim.x + threadIdx.x; e < total; e += (long)gridDim.x * blockDim.x) {
        const long i = e % m, j = e / m;
        double x = src[i + (long)(cols ? cols[j] : j) * m];
        nb += !isfinite(x);
        dst[(rows ? rows[i] : i) + j * m] = x;
    }
    for (int d = 16; d > 0; d >>= 1) nb += __shfl_down_sync(0xffffffffu, nb, d);
    if ((threadIdx.x & 31) == 0 && nb) atomicAdd(bad, (unsigned long long)nb);
}

// Page by page (a block each, nn <= 1024): the singular values S (nn a page) descending into Sout, as
// core/PageAssembly.svd orders them (ascending Double.compare of -sigma, ties by index: every position written once),
// with U's unit columns (mm x nn) and V's (nn x nn) moved along when wantV; host[k] = 1 where a value is not positive
// (or NaN): that page's U needs the host's completion (PageAssembly.svd, from the unsorted U, V, S). The non-finite
// entries of the U and V written are added to *bad.
extern "C" __global__ void __launch_bounds__(256) sort_svd_pages(const double* __restrict__ S, const double* __restrict__ U,
        const double* __restrict__ V, double* __restrict__ Sout, double* __restrict__ Uout, double* __restrict__ Vout,
        int mm, int nn, int count, int wantV, int* __restrict__ host, unsigned long long* __restrict__ bad) {
    extern __shared__ int rank[];
    __shared__ int flag;
    __shared__ unsigned int nbad;
    const int page = blockIdx.x;
    if (page >= count) return;
    if (threadIdx.x == 0) {
        flag = 0;
        nbad = 0;
    }
    __syncthreads();
    const double* s = S + (long)page * nn;
    for (int i = threadIdx.x; i < nn; i += blockDim.x) {
        const double x = s[i], nx = -x;
        int r = 0;
        for (int j = 0; j < nn; j++) {
            int c = java_compare(-s[j], nx);
            r += c < 0 || (c == 0 && j < i);
        }
        rank[i] = r;
        Sout[(long)page * nn + r] = x;
        if (!(x > 0)) flag = 1;  // every writer writes 1
    }
    __syncthreads();
    if (wantV) {
        unsigned int nb = 0;
        const long us = (long)mm * nn, vs = (long)nn * nn;
        const double* u = U + page * us;
        const double* v = V + page * vs;
        double* uo = Uout + page * us;
        double* vo = Vout + page * vs;
        for (long e = threadIdx.x; e < us; e += blockDim.x) {
            const double x = u[e];
            nb += !isfinite(x);
            uo[(long)rank[e / mm] * mm + e % mm] = x;
        }
        for (long e = threadIdx.x; e < vs; e += blockDim.x) {
            const double x = v[e];
            nb += !isfinite(x);
            vo[(long)rank[e / nn] * nn + e % nn] = x;
        }
        if (nb) atomicAdd(&nbad, nb);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        host[page] = flag;
        if (nbad) atomicAdd(bad, (unsigned long long)nbad);
    }
}
