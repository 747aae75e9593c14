import numpy as np, sys
def rr_pairs(n):
    m = n + (n % 2)
    idx = list(range(m))
    steps = []
    for s in range(m - 1):
        ps = [(idx[k], idx[m - 1 - k]) for k in range(m // 2)]
        ps = [(a, b) if a < b else (b, a) for a, b in ps if a < n and b < n]
        steps.append(np.array(ps))
        idx = [idx[0]] + [idx[-1]] + idx[1:-1]
    return steps
def hjacobi(G, J, tol=None, maxsweeps=40):
    G = G.copy(); n = G.shape[1]
    tol = tol or n * np.finfo(float).eps
    steps = rr_pairs(n)
    for sw in range(1, maxsweeps + 1):
        rot = 0
        for ps in steps:
            i, j = ps[:, 0], ps[:, 1]
            gi, gj = G[:, i], G[:, j]
            a = np.einsum('ij,ij->j', gi, gi); b = np.einsum('ij,ij->j', gj, gj); c = np.einsum('ij,ij->j', gi, gj)
            act = np.abs(c) > tol * np.sqrt(a * b)
            if not act.any(): continue
            rot += act.sum()
            same = J[i] == J[j]
            cs = np.ones_like(a); sn = np.zeros_like(a)
            with np.errstate(all='ignore'):
                z = (b - a) / (2 * c)
                t = np.sign(z) / (np.abs(z) + np.sqrt(1 + z * z)); t[z == 0] = 1
                ct = 1 / np.sqrt(1 + t * t)
                zh = -(a + b) / (2 * c)
                th = np.sign(zh) / (np.abs(zh) + np.sqrt(zh * zh - 1))
                chh = 1 / np.sqrt(1 - th * th)
            cs = np.where(same, ct, chh); sn = np.where(same, ct * t, chh * th)
            cs = np.where(act, cs, 1); sn = np.where(act, sn, 0)
            # trig: gi' = c gi - s gj, gj' = s gi + c gj ; hyperbolic: gi' = ch gi + sh gj, gj' = sh gi + ch gj
            ni = np.where(same, cs, cs) * gi + np.where(same, -sn, sn) * gj
            nj = sn * gi + cs * gj
            G[:, i] = ni; G[:, j] = nj
        if rot == 0: return G, sw
    return G, maxsweeps
def bp(A):
    # symmetric indefinite factor A = G J G' via eigen (model: any factor with right inertia) -> use LDL
    import scipy.linalg as sl
    L, D, perm = sl.ldl(A)
    w, Q = np.linalg.eigh(D)  # D block diag
    G = L @ Q * np.sqrt(np.abs(w)); J = np.sign(w)
    return G, J
def precond(G, J):
    G = G.copy()
    for s in (1, -1):
        cols = np.where(J == s)[0]
        Gs = G[:, cols]
        w, P = np.linalg.eigh(Gs.T @ Gs)
        G[:, cols] = Gs @ P[:, ::-1]
    return G
if __name__ == "__main__":
  rng = np.random.default_rng(1)
  for n in [int(a) for a in sys.argv[1:]] or [256, 512]:
      for kind in ['random', 'graded']:
          Q, _ = np.linalg.qr(rng.standard_normal((n, n)))
          lam = rng.uniform(-1, 1, n)
          A = (Q * lam) @ Q.T
          if kind == 'graded':
              d = np.logspace(0, -5, n); p = rng.permutation(n); d = d[p]
              A = d[:, None] * A * d[None, :]
          G, J = bp(A)
          _, s0 = hjacobi(G, J)
          _, s1 = hjacobi(precond(G, J), J)
          print(n, kind, 'plain', s0, 'blockorth', s1, 'p,q', (J > 0).sum(), (J < 0).sum(), flush=True)
