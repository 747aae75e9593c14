"""Numpy model of the GPU's one-sided hyperbolic Jacobi after Bunch-Parlett: the pointwise sweep (svd_jacobi.cu's
svd_sweep with signs) and the blocked sweep (CudaBlockedSvd.solve + svd_blocked.cu's blocked_pair, cross order),
with switches for the remedies. Every disjoint pair of a step is done at once (vectorised), as on the GPU.

Formulas follow jacobi_common.cuh (signed_rotation_fast, jacobi_tangent, hyperbolic_tangent) and svd_blocked.cu
(pair_transformation, pair_block_at's congruence, R's J-weighted Newton-Schulz polish, blocked_check + cleanup)."""
import numpy as np

EPS = 2.0 ** -52  # Precision.eps(): tol = eps sqrt(n) (SolverOptions.tolFor)


# ---------------------------------------------------------------------------------------------- input and factor
def graded_indefinite(rng, n, decades=10.0):
    """matrices.Generators.gradedIndefinite: P (D H D) P', H = Q diag(+-(1 + 2u)) Q' (alternating signs), D = logspace."""
    lam = np.array([(1 if i % 2 == 0 else -1) * (1 + 2 * rng.random()) for i in range(n)])
    Q, R = np.linalg.qr(rng.standard_normal((n, n)))
    Q = Q * np.sign(np.diag(R))
    H = (Q * lam) @ Q.T
    H = (H + H.T) / 2
    d = 10.0 ** (-decades * np.arange(n) / max(1, n - 1))
    p = rng.permutation(n)
    dp = d[p]
    return dp[:, None] * H[np.ix_(p, p)] * dp[None, :]


def bunch_parlett(A):
    """Complete-pivoting Bunch-Parlett (as bunch_parlett.cu): A = P L D L' P', 1x1 pivot if max|a_ii| >= alpha max|a_ij|,
    else the 2x2 block of the largest entry; each 2x2 block diagonalised by a Jacobi rotation and sqrt|D| folded into L.
    Returns G (n x n, rows in A's order) and J (+-1) with A = G J G' (to rounding)."""
    A = A.copy()
    n = A.shape[0]
    alpha = (1 + np.sqrt(17.0)) / 8
    perm = np.arange(n)
    L = np.zeros((n, n), dtype=A.dtype)
    B = np.zeros((n, n), dtype=A.dtype)
    J = np.zeros(n)
    k = 0
    while k < n:
        S = A[k:, k:]
        dg = np.abs(np.diag(S))
        i1 = int(np.argmax(dg))
        mu1 = dg[i1]
        absS = np.abs(S)
        idx = int(np.argmax(absS))
        r0, c0 = divmod(idx, S.shape[0])
        mu0 = absS[r0, c0]
        if mu1 >= alpha * mu0 or S.shape[0] == 1:
            piv = [k + i1]
        else:
            piv = [k + min(r0, c0), k + max(r0, c0)]
        # symmetric swaps bringing the pivot to k (, k+1)
        for t, pidx in enumerate(piv):
            dst = k + t
            if pidx != dst:
                A[[dst, pidx], :] = A[[pidx, dst], :]
                A[:, [dst, pidx]] = A[:, [pidx, dst]]
                L[[dst, pidx], :] = L[[pidx, dst], :]
                perm[[dst, pidx]] = perm[[pidx, dst]]
                if t == 0 and len(piv) == 2 and piv[1] == dst:
                    piv[1] = pidx
        s = len(piv)
        E = A[k:k + s, k:k + s].copy()
        C = A[k + s:, k:k + s].copy()
        if s == 1:
            Einv = 1 / E
        else:  # explicit 2x2 inverse (works in long double too)
            det = E[0, 0] * E[1, 1] - E[0, 1] * E[1, 0]
            Einv = np.array([[E[1, 1], -E[0, 1]], [-E[1, 0], E[0, 0]]], dtype=A.dtype) / det
        Linv = C @ Einv
        L[k:k + s, k:k + s] = np.eye(s)
        L[k + s:, k:k + s] = Linv
        A[k + s:, k + s:] -= Linv @ C.T
        A[k + s:, k + s:] = (A[k + s:, k + s:] + A[k + s:, k + s:].T) / 2
        A[k + s:, k:k + s] = 0
        A[k:k + s, k + s:] = 0
        if s == 1:
            w = np.array([E[0, 0]])
            U = np.eye(1, dtype=A.dtype)
        else:  # Jacobi rotation of the 2x2 block
            app, aqq, apq = E[0, 0], E[1, 1], E[0, 1]
            d, e = aqq - app, 2 * apq
            t = np.abs(e) / (np.abs(d) + np.sqrt(d * d + e * e)) if d != 0 else A.dtype.type(1)
            if d != 0 and (d < 0) != (e < 0):
                t = -t
            c = 1 / np.sqrt(1 + t * t)
            sn = t * c
            U = np.array([[c, sn], [-sn, c]], dtype=A.dtype)
            w = np.diag(U.T @ E @ U)
        B[k:k + s, k:k + s] = U * np.sqrt(np.abs(w))
        J[k:k + s] = np.sign(w)
        k += s
    G = L @ B  # (L's rows were swapped along with the later pivots)
    Gout = np.zeros_like(G)
    Gout[perm, :] = G
    return Gout, J


# ---------------------------------------------------------------------------------------------- orderings
def round_robin(n):
    """A cyclic ordering of n items (n even): n - 1 steps of n / 2 disjoint pairs (p < q)."""
    idx = list(range(n))
    out = []
    for _ in range(n - 1):
        ps = [(idx[k], idx[n - 1 - k]) for k in range(n // 2)]
        out.append(np.array([(a, b) if a < b else (b, a) for a, b in ps]))
        idx = [idx[0]] + [idx[-1]] + idx[1:-1]
    return out


def cross_pairs(b):
    """core/CrossPairs: step s pairs k with b + (k + s) mod b."""
    return [np.array([(k, b + (k + s) % b) for k in range(b)]) for s in range(b)]


# ---------------------------------------------------------------------------------------------- 2x2 transformations
def transform(app, aqq, apq, hyp, tol, gap=None, accurate_gap=None):
    """pair_transformation / svd_sweep's choice, vectorised: returns c, s1, s2, rotate, deficient.
    p' = c p + s1 q, q' = s2 p + c q. gap: a caller-supplied a_pp + a_qq - 2|a_pq| (the pointwise kernel's from the
    columns); else sum - |e| from the entries."""
    dt = np.result_type(app)
    one = dt.type(1)
    rotate = apq * apq > (tol * tol) * np.abs(app * aqq)
    d = aqq - app
    e = 2 * apq
    ae = np.abs(e)
    sm = app + aqq
    g = sm - ae if gap is None else gap
    with np.errstate(all='ignore'):
        # trigonometric (jacobi_tangent)
        tt = ae / (np.abs(d) + np.sqrt(d * d + e * e))
        tt = np.where((d < 0) != (e < 0), -tt, tt)
        tt = np.where(d == 0, one, tt)
        ct = one / np.sqrt(one + tt * tt)
        st = tt * ct
        # hyperbolic (hyperbolic_tangent): t = |e| / (sum + sqrt(gap (sum + |e|)))
        th = ae / (sm + np.sqrt(g * (sm + ae)))
        th = np.where(apq > 0, -th, th)
        ch = one / np.sqrt((one - th) * (one + th))
        sh = th * ch
    deficient = rotate & hyp & ~(g > EPS * EPS * sm)
    rotate = rotate & ~deficient
    c = np.where(rotate, np.where(hyp, ch, ct), one)
    s2 = np.where(rotate, np.where(hyp, sh, st), 0)
    s1 = np.where(hyp, s2, -s2)
    t = np.where(rotate, np.where(hyp, th, tt), 0)
    return c, s1, s2, rotate, deficient, t


# ---------------------------------------------------------------------------------------------- pointwise sweeps
def pointwise(G, J, tol=None, maxsweeps=60, gap_from_columns=True):
    """svd_jacobi.cu's hyperbolic sweep: every pair from its columns (norms and inner product recomputed), the
    hyperbolic gap from ||g_p - sign(a_pq) g_q||^2 when it cancels (gap < sum / 16). Works in G's dtype."""
    G = G.copy()
    n = G.shape[1]
    dt = G.dtype
    tol = dt.type(tol if tol is not None else EPS * np.sqrt(n))
    m = n + (n & 1)
    steps = [ps[ps[:, 1] < n] for ps in round_robin(m)]
    stats = dict(maxc=1.0)
    for sw in range(1, maxsweeps + 1):
        rot = 0
        for ps in steps:
            i, j = ps[:, 0], ps[:, 1]
            gi, gj = G[:, i], G[:, j]
            a = np.einsum('ij,ij->j', gi, gi)
            b = np.einsum('ij,ij->j', gj, gj)
            g = np.einsum('ij,ij->j', gi, gj)
            hyp = J[i] != J[j]
            gap = a + b - 2 * np.abs(g)
            if gap_from_columns:
                redo = hyp & (gap < (a + b) / 16)
                if redo.any():
                    sg = np.where(g[redo] < 0, -1, 1).astype(dt)
                    dd = gi[:, redo] - sg * gj[:, redo]
                    gap[redo] = np.einsum('ij,ij->j', dd, dd)
            c, s1, s2, r, dfc, _ = transform(a, b, g, hyp, tol, gap)
            if dfc.any():
                raise RuntimeError('no real angle')
            if not r.any():
                continue
            rot += int(r.sum())
            stats['maxc'] = max(stats['maxc'], float(c.max()))
            G[:, i] = c * gi + s1 * gj
            G[:, j] = s2 * gi + c * gj
        if rot == 0:
            return G, sw, stats
    return G, maxsweeps, stats


# ---------------------------------------------------------------------------------------------- blocked sweeps
class Opts:
    """Switches of the blocked model. Defaults = the product (CudaBlockedSvd, cross order, b by size)."""
    def __init__(self, **kw):
        self.b = 32                 # block width (CudaBlockedSvd.blockWidth: 32 below n = 3072, at most (n+1)/2)
        self.inner_tol = None       # None: the outer tol (the product)
        self.inner_sweeps = 1       # pair problem: one inner sweep (cross steps), as the product
        self.polish = True          # R (3I - J R'J R) / 2
        self.diag_update = 'congruence'  # pivot diagonal: 'congruence' (pair_block_at) or 'tform' (a_pp + t a_pq)
        self.pair_solve = 'gram'    # 'gram' (product), 'columns' (inner one-sided on the m x Q columns, R by GEMM),
                                    # 'qr' (QR of the m x Q block, inner one-sided on its Q x Q R, as GPUJACHx/KBLAS)
        self.gap_from_columns = True  # for the 'columns' / 'qr' pair solves: the pointwise kernel's gap rescue
        self.cleanup = True         # blocked_check + cleanup rounds once a sweep rotated <= 128 n pairs
        self.max_cond_R = None      # skip (defer) a hyperbolic 2x2 whose cosh exceeds this (None: never)
        self.__dict__.update(kw)


def _inner_gram(A, sg, steps_pairs, tol, o, stats):
    """blocked_pair on a batch of Gram matrices A (P x Q x Q), signs sg (P x Q): steps_pairs (list of (Q/2 x 2)),
    two-sided updates A := T' A T, R := R T. Returns R (P x Q x Q) and per-problem rotation counts."""
    P, Q, _ = A.shape
    R = np.broadcast_to(np.eye(Q), (P, Q, Q)).copy()
    rot = np.zeros(P, dtype=np.int64)
    ar = np.arange(P)[:, None]
    for _ in range(o.inner_sweeps):
        for ps in steps_pairs:
            p, q = ps[:, 0], ps[:, 1]
            app = A[:, p, p]; aqq = A[:, q, q]; apq = A[:, p, q]
            hyp = sg[:, p] != sg[:, q]
            c, s1, s2, r, dfc, t = transform(app, aqq, apq, hyp, tol)
            if dfc.any():
                stats['deficient'] += int(dfc.sum())
            if o.max_cond_R is not None:
                big = r & (c > o.max_cond_R)
                c = np.where(big, 1.0, c); s1 = np.where(big, 0.0, s1); s2 = np.where(big, 0.0, s2); r = r & ~big
            if not r.any():
                continue
            rot += r.sum(1)
            stats['maxc'] = max(stats['maxc'], float(c.max()))
            c3, s13, s23 = c[:, None, :], s1[:, None, :], s2[:, None, :]
            # columns (pair l's transformation), then rows (pair k's), as pair_block_at
            Xp, Xq = A[:, :, p].copy(), A[:, :, q].copy()
            A[:, :, p] = c3 * Xp + s13 * Xq
            A[:, :, q] = s23 * Xp + c3 * Xq
            Yp, Yq = A[:, p, :].copy(), A[:, q, :].copy()
            A[:, p, :] = c[:, :, None] * Yp + s1[:, :, None] * Yq
            A[:, q, :] = s2[:, :, None] * Yp + c[:, :, None] * Yq
            # the kernel keeps the upper triangle only
            iu = np.triu_indices(Q, 1)
            A[:, iu[1], iu[0]] = A[:, iu[0], iu[1]]
            # pivots: off-diagonal zero; diagonal by the congruence (above) or by a_pp + t a_pq
            A[ar, p[None, :], q[None, :]] = np.where(r, 0.0, A[ar, p[None, :], q[None, :]])
            A[ar, q[None, :], p[None, :]] = A[ar, p[None, :], q[None, :]]
            if o.diag_update == 'tform':
                # trig (p' = c p - s q): a_pp - t a_pq, a_qq + t a_pq; hyperbolic (p' = c p + s q): a_pp + t a_pq, both
                npp = np.where(hyp, app + t * apq, app - t * apq)
                nqq = app * 0 + aqq + t * apq
                A[ar, p[None, :], p[None, :]] = np.where(r, npp, A[ar, p[None, :], p[None, :]])
                A[ar, q[None, :], q[None, :]] = np.where(r, nqq, A[ar, q[None, :], q[None, :]])
            Rp, Rq = R[:, :, p].copy(), R[:, :, q].copy()
            R[:, :, p] = c3 * Rp + s13 * Rq
            R[:, :, q] = s23 * Rp + c3 * Rq
    return R, rot


def _inner_columns(X, sg, steps_pairs, tol, o, stats):
    """The pair problem solved one-sidedly on columns X (P x m x Q): norms and inner products from the columns each
    step, the pointwise kernel's gap rescue; V accumulated. Returns V and counts (X itself is discarded: the caller
    applies the polished V to the original block by GEMM)."""
    X = X.copy()
    P, m, Q = X.shape
    V = np.broadcast_to(np.eye(Q), (P, Q, Q)).copy()
    rot = np.zeros(P, dtype=np.int64)
    for _ in range(o.inner_sweeps):
        for ps in steps_pairs:
            p, q = ps[:, 0], ps[:, 1]
            xp, xq = X[:, :, p], X[:, :, q]
            a = np.einsum('kij,kij->kj', xp, xp); b = np.einsum('kij,kij->kj', xq, xq)
            g = np.einsum('kij,kij->kj', xp, xq)
            hyp = sg[:, p] != sg[:, q]
            gap = a + b - 2 * np.abs(g)
            if o.gap_from_columns:
                redo = hyp & (gap < (a + b) / 16)
                if redo.any():
                    sgn = np.where(g < 0, -1.0, 1.0)[:, None, :]
                    dd = xp - sgn * xq
                    gap = np.where(redo, np.einsum('kij,kij->kj', dd, dd), gap)
            c, s1, s2, r, dfc, t = transform(a, b, g, hyp, tol, gap)
            if dfc.any():
                stats['deficient'] += int(dfc.sum())
            if not r.any():
                continue
            rot += r.sum(1)
            stats['maxc'] = max(stats['maxc'], float(c.max()))
            c3, s13, s23 = c[:, None, :], s1[:, None, :], s2[:, None, :]
            X[:, :, p] = c3 * xp + s13 * xq
            X[:, :, q] = s23 * xp + c3 * xq
            Vp, Vq = V[:, :, p].copy(), V[:, :, q].copy()
            V[:, :, p] = c3 * Vp + s13 * Vq
            V[:, :, q] = s23 * Vp + c3 * Vq
    return V, rot


def _solve_problems(Xb, sg, steps_pairs, tol, o, stats):
    """One batch of pair problems on column blocks Xb (P x m x Q): the transformation (polished) and counts."""
    P, m, Q = Xb.shape
    if o.pair_solve == 'gram':
        A = np.matmul(Xb.transpose(0, 2, 1), Xb)
        A = (A + A.transpose(0, 2, 1)) / 2  # the GEMM's Gram is symmetric to rounding; the kernel reads one triangle
        R, rot = _inner_gram(A, sg, steps_pairs, tol, o, stats)
    elif o.pair_solve == 'columns':
        R, rot = _inner_columns(Xb, sg, steps_pairs, tol, o, stats)
    elif o.pair_solve == 'qr':
        Rf = np.linalg.qr(Xb, mode='r')  # P x Q x Q (m >= Q)
        R, rot = _inner_columns(Rf, sg, steps_pairs, tol, o, stats)
    else:
        raise ValueError(o.pair_solve)
    if o.polish:
        Jd = sg[:, :, None]
        # T = J R' J R ; R := R (3I - T) / 2
        T = Jd * np.matmul(R.transpose(0, 2, 1), Jd * R)
        R = np.where((rot > 0)[:, None, None], 1.5 * R - 0.5 * np.matmul(R, T), R)
    stats['maxnormR'] = max(stats['maxnormR'], float(np.abs(R).sum(1).max()))
    return R, rot


def blocked(G, J, tol=None, maxsweeps=60, o=None):
    """CudaBlockedSvd.solve with signs, cross order: per sweep the diagonal step (every block's own problem, a chess
    tournament of b - 1 steps), then the block tournament's steps, each block pair's 2b x 2b problem on its cross
    pairs (b steps); the pair's R polished and applied to the m x 2b columns by GEMM. Convergence: a sweep without
    rotations, or blocked_check (+ up to 32 cleanup rounds of disjoint failing pairs from the Gram matrix)."""
    o = o or Opts()
    G = G.copy()
    m, n = G.shape
    tol = tol if tol is not None else EPS * np.sqrt(n)
    itol = o.inner_tol if o.inner_tol is not None else tol
    b = int(2 ** np.floor(np.log2(max(1, min(o.b, (n + 1) // 2)))))
    nb = -(-n // b)
    nb += nb & 1
    cols = nb * b
    W = np.zeros((m, cols)); W[:, :n] = G
    sg = np.ones(cols); sg[:n] = J
    diag_steps = round_robin(b) if b > 1 else []
    cross = cross_pairs(b)
    block_steps = round_robin(nb)
    stats = dict(maxc=1.0, maxnormR=1.0, deficient=0, cleanup_rounds=0, sweeps_rot=[])
    for sw in range(1, maxsweeps + 1):
        total = 0
        # diagonal step: every block's own b x b problem
        Xb = W.reshape(m, nb, b).transpose(1, 0, 2)
        R, rot = _solve_problems(Xb, sg.reshape(nb, b), diag_steps, itol, o, stats)
        total += int(rot.sum())
        W = np.matmul(Xb, R).transpose(1, 0, 2).reshape(m, cols)
        # block pairs
        for ps in block_steps:
            P = len(ps)
            colidx = np.stack([np.concatenate([np.arange(bi * b, bi * b + b), np.arange(bj * b, bj * b + b)])
                               for bi, bj in ps])  # P x 2b
            Xb = W[:, colidx].transpose(1, 0, 2)  # P x m x 2b
            R, rot = _solve_problems(Xb, sg[colidx], cross, itol, o, stats)
            total += int(rot.sum())
            Y = np.matmul(Xb, R)
            for k in range(P):
                if rot[k]:
                    W[:, colidx[k]] = Y[k]
        stats['sweeps_rot'].append(total)
        if total == 0:
            return W[:, :n], sw, stats
        if o.cleanup and total <= 128 * n:
            for rnd in range(33):
                C = W.T @ W
                dg = np.diag(C)
                iu = np.triu_indices(cols, 1)
                fail = np.abs(C[iu]) > tol * np.sqrt(np.abs(dg[iu[0]])) * np.sqrt(np.abs(dg[iu[1]]))
                nf = int(fail.sum())
                if nf == 0:
                    return W[:, :n], sw, stats
                if nf > 1024 or rnd == 32:
                    break
                fp, fq = iu[0][fail], iu[1][fail]
                used = set(); sel = []
                for p_, q_ in zip(fp, fq):
                    if p_ not in used and q_ not in used:
                        sel.append((p_, q_)); used.update((p_, q_))
                sel = np.array(sel)
                p_, q_ = sel[:, 0], sel[:, 1]
                c, s1, s2, r, dfc, _ = transform(C[p_, p_], C[q_, q_], C[p_, q_], sg[p_] != sg[q_], 0.0)
                xp, xq = W[:, p_].copy(), W[:, q_].copy()
                W[:, p_] = c * xp + s1 * xq
                W[:, q_] = s2 * xp + c * xq
                stats['cleanup_rounds'] += 1
    return W[:, :n], maxsweeps, stats


def eigenvalues(Y, J):
    return np.sort(J * np.einsum('ij,ij->j', Y, Y))


def reference(G, J, tol=1e-19):
    """Eigenvalues of G J G' for the double G, by the pointwise sweeps in long double (x87, 64-bit significand)."""
    Y, s, _ = pointwise(G.astype(np.longdouble), J.astype(np.longdouble), tol=tol)
    return np.sort((J * np.einsum('ij,ij->j', Y, Y)).astype(np.longdouble)), s


def relerr(ev, ref):
    ref64 = ref
    return float(np.max(np.abs((ev.astype(np.longdouble) - ref64) / ref64)))


def reference_A(A):
    """Eigenvalues of A itself: Bunch-Parlett and the pointwise sweeps, both in long double."""
    G, J = bunch_parlett(A.astype(np.longdouble))
    Y, s, _ = pointwise(G, J.astype(np.longdouble), tol=1e-19)
    return np.sort(J * np.einsum('ij,ij->j', Y, Y))


# ---------------------------------------------------------------------------------------------- java.util.Random
class JavaRandom:
    """java.util.Random, bit for bit (nextDouble, nextGaussian, nextInt(bound))."""
    MASK = (1 << 48) - 1

    def __init__(self, seed):
        self.seed = (seed ^ 0x5DEECE66D) & self.MASK
        self.have = False

    def next(self, bits):
        self.seed = (self.seed * 0x5DEECE66D + 0xB) & self.MASK
        v = self.seed >> (48 - bits)
        return v - (1 << 32) if v >= (1 << 31) else v  # (int) cast

    def next_double(self):
        return ((self.next(26) << 27) + self.next(27)) * 2.0 ** -53

    def next_gaussian(self):
        import math
        if self.have:
            self.have = False
            return self.nng
        while True:
            v1 = 2 * self.next_double() - 1
            v2 = 2 * self.next_double() - 1
            s = v1 * v1 + v2 * v2
            if 0 < s < 1:
                break
        mul = math.sqrt(-2 * math.log(s) / s)
        self.nng = v2 * mul
        self.have = True
        return v1 * mul

    def next_int(self, bound):
        if bound & (bound - 1) == 0:
            return (bound * self.next(31)) >> 31
        while True:
            bits = self.next(31)
            val = bits % bound
            if bits - val + (bound - 1) < (1 << 31):
                return val


def java_graded_indefinite(seed, n, decades=10.0):
    """Generators.gradedIndefinite(new Random(seed), n, decades), up to the roundings of the products' order."""
    r = JavaRandom(seed)
    lam = np.array([(1 if i % 2 == 0 else -1) * (1 + 2 * r.next_double()) for i in range(n)])
    q = np.array([r.next_gaussian() for _ in range(n * n)]).reshape((n, n), order='F')
    for j in range(n):  # Gram-Schmidt, twice
        for _ in range(2):
            for c in range(j):
                q[:, j] -= (q[:, c] @ q[:, j]) * q[:, c]
        q[:, j] /= np.sqrt(q[:, j] @ q[:, j])
    H = (q * lam) @ q.T
    H = np.triu(H) + np.triu(H, 1).T
    d = np.array([10.0 ** (-decades * i / max(1, n - 1)) for i in range(n)])
    p = list(range(n))
    for i in range(n - 1, 0, -1):
        k = r.next_int(i + 1)
        p[i], p[k] = p[k], p[i]
    p = np.array(p)
    return d[p][:, None] * H[np.ix_(p, p)] * d[p][None, :]
