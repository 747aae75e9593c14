import numpy as np, sys
from hyp import bp
from pre import hprecond
from common import graded, reference, sweep
n = int(sys.argv[1])
for seed in range(int(sys.argv[2])):
  rng = np.random.default_rng(100 + seed)
  for dec in [3, 5, 6, 7]:
    def spectrum(r):
        lam = r.uniform(1, 2, n) * np.where(r.random(n) < 0.5, -1, 1)
        return r.uniform(-1, 1, n) if seed % 2 else lam
    A = graded(rng, n, dec, spectrum)
    ref = reference(A)
    G, J = bp(A)
    s0, e0 = sweep(G, J, ref)
    Y, h = hprecond(A, G, J)
    if Y is None:
        print(n, seed, dec, 'plain', s0, 'err %.1e' % e0, 'skipped', flush=True); continue
    P = np.linalg.solve(G, Y)
    s1, e1 = sweep(Y, J, ref)
    print(n, seed, dec, 'plain', s0, 'err %.1e' % e0, 'pre', s1, 'err %.1e' % e1, 'r %.1e' % h[-1], '|P|F^2/n %.1e' % (np.linalg.norm(P)**2 / n), '|P|2^2 %.1e' % np.linalg.norm(P, 2)**2, flush=True)
