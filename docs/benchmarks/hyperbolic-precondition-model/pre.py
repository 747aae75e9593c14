import numpy as np, sys
from hyp import hjacobi, bp
def hprecond(A, G, J, steps=3):
    n = len(J)
    lam, Q = np.linalg.eigh(A)
    pos = np.where(lam > 0)[0]; neg = np.where(lam < 0)[0]
    jp = np.where(J > 0)[0]; jn = np.where(J < 0)[0]
    if len(pos) != len(jp): return None, 'inertia'
    S = np.sign(lam) / np.sqrt(np.abs(lam))
    P0 = (J[:, None] * (G.T @ Q)) * S
    P = np.empty_like(P0); P[:, jp] = P0[:, pos]; P[:, jn] = P0[:, neg]
    hist = []
    for k in range(steps):
        K = J[:, None] * (P.T @ (J[:, None] * P))   # J P' J P
        r = np.abs(K - np.eye(n)).max(); hist.append(r)
        if r < n * np.finfo(float).eps: break
        if r > 0.5: return None, hist
        P = P @ (3 * np.eye(n) - K) / 2
    K = J[:, None] * (P.T @ (J[:, None] * P)); hist.append(np.abs(K - np.eye(n)).max())
    return G @ P, hist
if __name__ == "__main__":
  rng = np.random.default_rng(2)
  for n in [int(a) for a in sys.argv[1:]] or [256]:
      for dec in [0, 1, 2, 3, 5]:
          Q, _ = np.linalg.qr(rng.standard_normal((n, n)))
          lam = rng.uniform(-1, 1, n)
          A = (Q * lam) @ Q.T
          if dec:
              d = np.logspace(0, -dec, n); d = d[rng.permutation(n)]
              A = d[:, None] * A * d[None, :]
          G, J = bp(A)
          Y0, s0 = hjacobi(G, J)
          ev0 = np.sort((Y0 * Y0).sum(0) * J)
          Y, h = hprecond(A, G, J)
          if Y is None:
              print(n, dec, 'plain', s0, 'precond skipped', h); continue
          Y1, s1 = hjacobi(Y, J)
          ev1 = np.sort((Y1 * Y1).sum(0) * J)
          print(n, dec, 'plain', s0, 'precond', s1, 'NS', ['%.1e' % x for x in h], 'max rel diff %.1e' % np.max(np.abs(ev1 - ev0) / np.abs(ev0)), 'min|ev| %.1e' % np.abs(ev0).min(), flush=True)
  