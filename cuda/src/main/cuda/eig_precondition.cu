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
// sweeps solve it from the start. A chunk's pages hold fewer than 2^31 entries (CudaBatchedEig.chunk): the indices
// divide in 32 bits (64-bit divisions made this pass cost a tenth of the single solver's time).
extern "C" __global__ void precond_pages_to_double(const float* qf, double* q, int n, int pages, const int* plain) {
    const unsigned nn = (unsigned)n * n, total = nn * pages;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < total; i += gridDim.x * blockDim.x) {
        const unsigned k = i / nn, r = i - k * nn;
        q[i] = plain[k] ? (r % (n + 1) == 0 ? 1.0 : 0.0) : (double)qf[i];
    }
}

// One refinement step of the eigenvectors Q of every page [25]: from S = Q'AQ (Q near orthogonal: the host's
// Newton-Schulz step count covers its distance too), the first-order correction M = I + E with
// e_ij = s_ij / (s_jj - s_ii) for i != j, so that Q M has columns q_j + sum_i q_i e_ij, the eigenvector corrections of
// perturbation theory (each step squares the off-diagonal of Q'AQ, relative to the gaps). s_ij is taken as
// (s_ij + s_ji) / 2, which makes E exactly antisymmetric: M is then within ||E||^2 of orthogonal, whatever the gaps
// amplify. A pair whose gap |s_jj - s_ii| is within delta = 2 (||off(S)||_F + n 2^-52 max |s_ii|) [25, Alg. 1, with
// ||A|| ||I - Q'Q|| at the rounding] is left to the sweeps (e_ij = 0: a cluster's vectors are fixed only up to its
// subspace), and so is any e_ij beyond 2^-3. E is scaled down to ||E||_F <= 2^-2 (Q M within 2^-4 of orthogonal);
// ||E||_F goes to enorm, from which the host sets the Newton-Schulz steps after Q M. A page flagged in plain gets
// M = I. A block a page; e: the page's power of two that brings its largest entry near 1 (the sums stay in range).
extern "C" __global__ void precond_pages_refine(const double* __restrict__ s, double* __restrict__ m, int n,
                                                const int* __restrict__ plain, const int* __restrict__ e,
                                                double* __restrict__ enorm) {
    __shared__ double scratch[32];
    const int nn = n * n;
    const double* sp = s + (size_t)blockIdx.x * nn;
    double* mp = m + (size_t)blockIdx.x * nn;
    const bool keep = plain[blockIdx.x] != 0;
    const int ex = e[blockIdx.x];
    double off = 0, diag = 0;
    for (int i = threadIdx.x; i < nn; i += blockDim.x) {
        const double x = scalbn(sp[i], ex);
        if (i % (n + 1) != 0) off = fma(x, x, off);
        else diag = fmax(diag, fabs(x));
    }
    const double offNorm = sqrt(block_sum(off, scratch));
    const double delta = 2 * scalbn(offNorm + n * 0x1p-52 * block_max(diag, scratch), -ex);
    auto corr = [&](int i) {
        const int c = i / n, r = i - c * n;
        if (keep || r == c) return 0.0;
        const double d = sp[c + c * n] - sp[r + r * n];
        if (!(fabs(d) > delta)) return 0.0;
        const double x = 0.5 * (sp[i] + sp[c + r * n]) / d;
        return fabs(x) <= 0.125 ? x : 0.0;
    };
    double sum = 0;
    for (int i = threadIdx.x; i < nn; i += blockDim.x) {
        const double x = corr(i);
        sum = fma(x, x, sum);
    }
    const double norm = sqrt(block_sum(sum, scratch));
    const double scale = norm > 0.25 ? 0.25 / norm : 1.0;
    for (int i = threadIdx.x; i < nn; i += blockDim.x) mp[i] = (i % (n + 1) == 0 ? 1.0 : 0.0) + scale * corr(i);
    if (threadIdx.x == 0) enorm[blockIdx.x] = norm * scale;
}

// The refined pages' last step: after the refinements B = Q'AQ's off-diagonal is at double's rounding, and the
// entries that still fail the sweeps' relative test are few (the close pairs the refinement leaves, rounding-level
// entries beside a small diagonal entry). A threshold pass rotates just those: it finds the entries that fail the
// relative test [6] (pairs_pass's, so the page ends meeting the sweeps' stopping rule) and rotates them in turn, in
// index order (each pivot read as it then is, and skipped where it meets the test by then), on both triangles of B
// (symmetrised first, as the sweeps take it) and its diagonal; the rotations are logged and replayed on Q's columns
// at the end, in order (V = Q: no W and no product), so that Q's loads stay off each rotation's path. A rotation costs
// O(n), where the classical ordering's search for each pivot [3] costs O(n^2). Passes until no entry fails, at most
// budget rotations in all (<= 256): a page whose next pass would exceed it stops there. With staged, B is worked on
// in the block's dynamic shared memory (n^2 doubles; the host sets the launch's size where it fits) and written back:
// a page with a small eigenvalue rotates most of its row, one rotation after another, and each then waits on shared
// memory, not global. sweeps: 1 where the page converged, else -1 (the host then runs the sweeps from here: B = Q'AQ
// still holds), and unconverged counts those pages (the host reads that alone); rotations: the page's count; values:
// B's diagonal. A block a page, n <= 256.
extern "C" __global__ void __launch_bounds__(256) precond_pages_cleanup(double* __restrict__ b, double* __restrict__ q,
        double* __restrict__ values, int n, double tol, int budget, int wantQ, int staged, int* __restrict__ sweeps,
        unsigned long long* __restrict__ rotations, unsigned long long* __restrict__ unconverged) {
    GJ_DYNAMIC_SHARED(double, page);
    __shared__ double d[256], logC[256], logS[256];
    __shared__ int found[256], order[256], logP[256], logQ[256];
    __shared__ int failing;
    const unsigned nn = (unsigned)n * n;
    double* bp = b + (size_t)blockIdx.x * nn;
    double* w = staged ? page : bp;
    if (staged) {  // coalesced in, then the transposed reads below from shared memory
        for (unsigned idx = threadIdx.x; idx < nn; idx += blockDim.x) w[idx] = bp[idx];
        __syncthreads();
    }
    for (unsigned idx = threadIdx.x; idx < nn; idx += blockDim.x) {
        const unsigned j = idx / n, i = idx - j * n;
        if (i > j) {
            const double x = 0.5 * (w[idx] + w[j + i * n]);
            w[idx] = x;
            w[j + i * n] = x;
        } else if (i == j) {
            d[i] = w[idx];
        }
    }
    int done = 0;
    bool converged = false;
    for (;;) {
        if (threadIdx.x == 0) failing = 0;
        __syncthreads();
        for (unsigned idx = threadIdx.x; idx < nn; idx += blockDim.x) {
            const unsigned j = idx / n, i = idx - j * n;
            if (i < j && !negligible(w[idx], d[i], d[j], tol)) {
                const int slot = atomicAdd(&failing, 1);
                if (slot < budget - done) found[slot] = (int)idx;
            }
        }
        __syncthreads();
        const int k = failing;
        if (k == 0) { converged = true; break; }
        if (k > budget - done) break;
        for (int t = threadIdx.x; t < k; t += blockDim.x) {  // index order, whatever order the slots were taken in
            int rank = 0;
            for (int u = 0; u < k; ++u) rank += found[u] < found[t];
            order[rank] = found[t];
        }
        __syncthreads();
        for (int e = 0; e < k; ++e) {
            const int idx = order[e], pp = idx % n, pq = idx / n;
            const double apq = w[idx], app = d[pp], aqq = d[pq];
            __syncthreads();  // the pivot is read before it is overwritten
            if (!negligible(apq, app, aqq, tol)) {
                const double t = jacobi_tangent(app, aqq, apq), c = jacobi_cosine(t), sn = t * c;
                for (int i = threadIdx.x; i < n; i += blockDim.x) rotate_pivot_at(w, (double*)nullptr, d, n, pp, pq, t, c, sn, app, aqq, apq, i);
                if (threadIdx.x == 0) { logP[done] = pp; logQ[done] = pq; logC[done] = c; logS[done] = sn; }
                ++done;
            }
            __syncthreads();
        }
    }
    if (wantQ) {  // each thread its rows of Q: the rotations in their order, no thread reading another's entries
        double* qp = q + (size_t)blockIdx.x * nn;
        for (int i = threadIdx.x; i < n; i += blockDim.x)
            for (int r = 0; r < done; ++r) rotate_columns_at(qp, n, logP[r], logQ[r], logC[r], logS[r], i);
    }
    if (staged) for (unsigned idx = threadIdx.x; idx < nn; idx += blockDim.x) bp[idx] = w[idx];
    for (int i = threadIdx.x; i < n; i += blockDim.x) values[(size_t)blockIdx.x * n + i] = d[i];
    if (threadIdx.x == 0) {
        sweeps[blockIdx.x] = converged ? 1 : -1;
        rotations[blockIdx.x] = (unsigned long long)done;
        if (!converged) atomicAdd(unconverged, 1ull);
    }
}
