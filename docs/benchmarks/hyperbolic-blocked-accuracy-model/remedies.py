"""Blocked-route variants against the true eigenvalues of G J G' (long double), graded input, seeds 0-1 of scaling.py.
Columns: worst relative error, sweeps, largest cosh of an inner 2x2, largest ||R||_1 of a pair transformation."""
import sys, time, numpy as np
from model import *
variants = [
    ('product (b=32, Gram, cross, polish)', Opts()),
    ('b = 8', Opts(b=8)), ('b = 16', Opts(b=16)), ('b = 64', Opts(b=64)),
    ('pivot diagonal a_pp + t a_pq', Opts(diag_update='tform')),
    ('pair solved on the columns', Opts(pair_solve='columns')),
    ('pair solved on QR\'s R (GPUJACHx)', Opts(pair_solve='qr')),
    ('inner tol = outer / 100', Opts(inner_tol=EPS * 0.01)),
    ('2 inner sweeps', Opts(inner_sweeps=2)),
    ('no polish of R', Opts(polish=False)),
]
for n in [int(a) for a in sys.argv[1:]] or [256]:
    for seed in range(2):
        rng = np.random.default_rng(1000 * n + seed)
        G, J = bunch_parlett(graded_indefinite(rng, n))
        ref, _ = reference(G, J)
        Yp, sp, _ = pointwise(G, J)
        print('n = %d seed %d: pointwise %.2e (%d sweeps)' % (n, seed, relerr(eigenvalues(Yp, J), ref), sp))
        for name, o in variants:
            t = time.time()
            Y, s, st = blocked(G, J, o=o)
            print('  %-38s %.2e  %2d sweeps  cosh %.2f  |R|1 %5.1f  (%.0f s)' % (name, relerr(eigenvalues(Y, J), ref), s, st['maxc'], st['maxnormR'], time.time() - t), flush=True)
