import numpy as np, sys
from hyp import bp
from pre import hprecond
from common import graded, reference, sweep
rng = np.random.default_rng(5)
n = int(sys.argv[1])
for dec in [int(x) for x in sys.argv[2:]]:
    A = graded(rng, n, dec, lambda r: r.uniform(1, 2, n) * np.where(r.random(n) < 0.5, -1, 1))
    ref = reference(A)
    G, J = bp(A)
    s0, e0 = sweep(G, J, ref)
    Y, h = hprecond(A, G, J)
    if Y is None:
        print(n, dec, 'plain', s0, 'err %.1e' % e0, 'precond skipped', h, flush=True); continue
    s1, e1 = sweep(Y, J, ref)
    print(n, dec, 'plain', s0, 'err %.1e' % e0, 'precond', s1, 'err %.1e' % e1, 'NS', ['%.1e' % x for x in h], flush=True)
