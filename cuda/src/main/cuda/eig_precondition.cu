// The single-precision preconditioner of double eig pages (batched/PagePreconditioner): the pages go to float for
// cuSOLVER's XsyevBatched, each scaled by its own power of two (its largest entry near 1: any double page's range
// fits float's), and its eigenvectors come back in double for the Newton-Schulz steps and Q'AQ.

// Every n x n page of a (double) into af (float), page k times 2^e[k] (scalbn, exact in double, then one rounding
// to float).
extern "C" __global__ void precond_pages_to_float(const double* a, float* af, long size, int pages, const int* e) {
    svd_scale_pages_t<double, float>(a, af, size, pages, e);
}

// Q in double from the float eigenvectors qf, page by page; a page flagged in plain (graded, out of range, or the
// single solve failed) gets the identity instead, so that Q'AQ = A and V = Q W = W exactly and the two-sided
// sweeps solve it from the start.
extern "C" __global__ void precond_pages_to_double(const float* qf, double* q, int n, int pages, const int* plain) {
    const long nn = (long)n * n, total = nn * pages;
    for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (long)gridDim.x * blockDim.x) {
        const long k = i / nn, r = i % nn;
        q[i] = plain[k] ? (r % n == r / n ? 1.0 : 0.0) : (double)qf[i];
    }
}
