"""Simulation of blocked one-sided hyperbolic Jacobi (GPU-style schedule).

M = G J G^T; find J-orthogonal W (W J W^T = J) so that X = G W has
orthogonal columns; then eigenvalues = J * ||x_c||^2.
"""
import sys
import numpy as np
import scipy.linalg as sla

EPS = 2.22e-16


def factor_indefinite(M):
    L, D, perm = sla.ldl(M, lower=True)
    n = M.shape[0]
    Q = np.zeros((n, n))
    lam = np.zeros(n)
    i = 0
    while i < n:
        if i + 1 < n and D[i + 1, i] != 0.0:
            w, V = np.linalg.eigh(D[i:i + 2, i:i + 2])
            lam[i:i + 2] = w
            Q[i:i + 2, i:i + 2] = V
            i += 2
        else:
            lam[i] = D[i, i]
            Q[i, i] = 1.0
            i += 1
    G = L @ Q * np.sqrt(np.abs(lam))[None, :]
    J = np.sign(lam)
    err = np.linalg.norm(G * J[None, :] @ G.T - M) / np.linalg.norm(M)
    assert err < 1e-12, err
    return G, J


def round_robin(nb):
    """Circle method: nb-1 rounds, each a list of nb/2 disjoint pairs."""
    idx = list(range(nb))
    rounds = []
    for _ in range(nb - 1):
        rounds.append([(min(idx[k], idx[nb - 1 - k]), max(idx[k], idx[nb - 1 - k]))
                       for k in range(nb // 2)])
        idx = [idx[0]] + [idx[-1]] + idx[1:-1]
    return rounds


def jacobi_step(H, W, S, P, Q, tol, stats):
    """One vectorised step on batched H (B,m,m): disjoint local pivots P,Q (k,).
    S: (B,m) signs. Updates H, W in place. Returns bool (B,) rotated flags."""
    hpp = H[:, P, P]
    hqq = H[:, Q, Q]
    hpq = H[:, P, Q]
    big = np.abs(hpq) > tol * np.sqrt(np.abs(hpp * hqq))
    same = S[:, P] == S[:, Q]
    safe_hpq = np.where(big, hpq, 1.0)
    # ordinary rotation T=[[c,s],[-s,c]]
    zr = (hqq - hpp) / (2 * safe_hpq)
    tr = np.where(zr >= 0, 1.0, -1.0) / (np.abs(zr) + np.sqrt(1 + zr * zr))
    cr = 1 / np.sqrt(1 + tr * tr)
    sr = cr * tr
    # hyperbolic T=[[ch,sh],[sh,ch]]
    zh = -(hpp + hqq) / (2 * safe_hpq)
    bad = big & ~same & (np.abs(zh) <= 1.0)
    stats['hyp_fail'] += int(bad.sum())
    zh2 = np.where(np.abs(zh) > 1.0, zh, 2.0)
    th = np.where(zh2 >= 0, 1.0, -1.0) / (np.abs(zh2) + np.sqrt(zh2 * zh2 - 1))
    ch = 1 / np.sqrt(1 - th * th)
    sh = ch * th
    stats['max_ch'] = max(stats['max_ch'], float(np.max(np.where(big & ~same & ~bad, ch, 1.0), initial=1.0)))
    act = big & ~bad
    tpp = np.where(act, np.where(same, cr, ch), 1.0)
    tqq = tpp
    tpq = np.where(act, np.where(same, sr, sh), 0.0)
    tqp = np.where(act, np.where(same, -sr, sh), 0.0)
    stats['rot'] += int(act.sum())
    stats['hrot'] += int((act & ~same).sum())
    # columns: H := H T ; W := W T
    for A in (H, W):
        Ap = A[:, :, P].copy()
        Aq = A[:, :, Q]
        A[:, :, P] = Ap * tpp[:, None, :] + Aq * tqp[:, None, :]
        A[:, :, Q] = Ap * tpq[:, None, :] + Aq * tqq[:, None, :]
    # rows: H := T^T H
    Hp = H[:, P, :].copy()
    Hq = H[:, Q, :]
    H[:, P, :] = Hp * tpp[:, :, None] + Hq * tqp[:, :, None]
    H[:, Q, :] = Hp * tpq[:, :, None] + Hq * tqq[:, :, None]
    return act.any(axis=1)


def block_update(X, J, colsets, steps, tol, stats):
    """colsets: (B,m) column indices; steps: list of (P,Q) local pivot arrays."""
    Xc = X[:, colsets]                      # (n,B,m)
    H = np.einsum('nbi,nbj->bij', Xc, Xc)
    B, m = colsets.shape
    W = np.broadcast_to(np.eye(m), (B, m, m)).copy()
    S = J[colsets]
    rotated = np.zeros(B, bool)
    for P, Q in steps:
        rotated |= jacobi_step(H, W, S, P, Q, tol, stats)
    X[:, colsets] = np.einsum('nbi,bij->nbj', Xc, W)
    return rotated


def solve(G, J, b, diag_step=True, max_sweeps=60):
    n = G.shape[0]
    assert n % b == 0 and (n // b) % 2 == 0
    nb = n // b
    X = G.copy()
    tol = n * EPS
    rounds = round_robin(nb)
    # cross steps: step t pairs k in block i with (k+t)%b in block j
    ar = np.arange(b)
    cross = [(ar, b + (ar + t) % b) for t in range(b)]
    # internal steps: circle method within a block (b-1 steps of b/2 pairs)
    internal = [(np.array([p for p, q in r]), np.array([q for p, q in r])) for r in round_robin(b)]
    blk = np.arange(n).reshape(nb, b)
    hist = []
    for sweep in range(1, max_sweeps + 1):
        stats = dict(rot=0, hrot=0, hyp_fail=0, max_ch=1.0)
        any_rot = False
        if diag_step:
            r = block_update(X, J, blk, internal, tol, stats)
            any_rot |= r.any()
        for rnd in rounds:
            cs = np.array([np.concatenate([blk[i], blk[j]]) for i, j in rnd])
            r = block_update(X, J, cs, cross, tol, stats)
            any_rot |= r.any()
        hist.append(stats)
        if not any_rot:
            break
    return X, hist


def validate(M, X, J):
    d = np.sum(X * X, axis=0)
    ev = np.sort(J * d)
    ref = np.linalg.eigvalsh(M)
    everr = np.max(np.abs(ev - ref)) / np.max(np.abs(ref))
    H = X.T @ X
    dd = np.sqrt(np.diag(H))
    off = H / dd[:, None] / dd[None, :]
    np.fill_diagonal(off, 0)
    return everr, np.max(np.abs(off))


def orderings(G, J):
    n = len(J)
    idx = np.arange(n)
    nrm = np.linalg.norm(G, axis=0)
    pos, neg = idx[J > 0], idx[J < 0]
    out = {}
    out['A'] = idx
    out['B'] = np.concatenate([pos, neg])
    out['C'] = np.argsort(-nrm, kind='stable')
    out['D'] = np.concatenate([pos[np.argsort(-nrm[pos], kind='stable')],
                               neg[np.argsort(-nrm[neg], kind='stable')]])
    e = []
    for k in range(max(len(pos), len(neg))):
        if k < len(pos):
            e.append(pos[k])
        if k < len(neg):
            e.append(neg[k])
    out['E'] = np.array(e)
    return out


def run(n, b, seed, which=None):
    rng = np.random.default_rng(seed)
    Xr = rng.standard_normal((n, n))
    M = (Xr + Xr.T) / 2
    G, J = factor_indefinite(M)
    res = {}
    for name, perm in orderings(G, J).items():
        if which and name not in which:
            continue
        X, hist = solve(G[:, perm], J[perm], b)
        evl, off = validate(M, X, J[perm])
        res[name] = (len(hist), [h['rot'] for h in hist], evl, off,
                     sum(h['hyp_fail'] for h in hist), max(h['max_ch'] for h in hist))
    if not which or 'F' in which:
        Ms = Xr @ Xr.T / n + 0.5 * np.eye(n)
        Gs = np.linalg.cholesky(Ms)
        Js = np.ones(n)
        X, hist = solve(Gs, Js, b)
        evl, off = validate(Ms, X, Js)
        res['F'] = (len(hist), [h['rot'] for h in hist], evl, off, 0, 1.0)
    return res, int((J > 0).sum())


if __name__ == '__main__':
    n, b, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    which = sys.argv[4] if len(sys.argv) > 4 else None
    res, npos = run(n, b, seed, which)
    for k, (sw, rots, evl, off, hf, mch) in res.items():
        print(f"n={n} b={b} seed={seed} npos={npos} {k}: sweeps={sw} evErr={evl:.1e} offJ={off:.1e} "
              f"hypfail={hf} maxch={mch:.2e} rots={rots}", flush=True)
