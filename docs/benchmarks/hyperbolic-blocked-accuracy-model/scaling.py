"""Error growth with n: pointwise vs blocked (product defaults: b = 32, cross order, Gram-based pair solve, polish).
Graded indefinite input (10 decades, matrices.Generators.gradedIndefinite), G J G' from complete-pivoting Bunch-Parlett,
reference = eigenvalues of G J G' for that G (long-double pointwise sweeps): the sweeps' error alone."""
import sys, time, numpy as np
from model import *
sizes = [int(a) for a in sys.argv[1:]] or [64, 128, 256, 512]
print('%5s %4s | %9s %3s %7s | %9s %3s %7s %8s | %5s' % ('n', 'seed', 'pointwise', 'sw', 'maxcosh', 'blocked', 'sw', 'maxcosh', 'max|R|1', 'ratio'))
for n in sizes:
    for seed in range(3 if n <= 256 else 2):
        rng = np.random.default_rng(1000 * n + seed)
        G, J = bunch_parlett(graded_indefinite(rng, n))
        t0 = time.time(); ref, _ = reference(G, J); tr = time.time() - t0
        Yp, sp, stp = pointwise(G, J); ep = relerr(eigenvalues(Yp, J), ref)
        Yb, sb, stb = blocked(G, J); eb = relerr(eigenvalues(Yb, J), ref)
        print('%5d %4d | %9.2e %3d %7.1e | %9.2e %3d %7.1e %8.1e | %5.2f   (ref %.0f s)' % (n, seed, ep, sp, stp['maxc'], eb, sb, stb['maxc'], stb['maxnormR'], eb / ep, tr), flush=True)
