"""Is the measured gap a property of the blocked route, or of the reference? The GPU numbers were taken against the CPU
backend's hyperbolic route (pointwise sweeps in double, tol 1e-17, its own ordering). Here: each route's error against
the true eigenvalues of G J G' (long double), against a CPU-like double reference (pointwise, tol 1e-17, another
ordering: the columns shuffled), the signed bias (mean relative error) and the correlation of the error vectors."""
import sys, numpy as np
from model import *
sizes = [int(a) for a in sys.argv[1:]] or [128, 256]
print('%5s %4s | %-28s | %-28s | %-28s | %s' % ('n', 'seed', 'pointwise: true, vs cpuref, bias', 'blocked: true, vs cpuref, bias',
                                                'cpuref: true, bias', 'corr(pw, cpuref)'))
for n in sizes:
    for seed in range(3 if n <= 128 else 2):
        rng = np.random.default_rng(1000 * n + seed)
        G, J = bunch_parlett(graded_indefinite(rng, n))
        ref, _ = reference(G, J)
        perm = np.random.default_rng(seed + 77).permutation(n)
        Yc, sc, _ = pointwise(G[:, perm], J[perm], tol=1e-17)
        cpu = eigenvalues(Yc, J[perm]).astype(np.longdouble)
        Yp, _, _ = pointwise(G, J); ep = eigenvalues(Yp, J).astype(np.longdouble)
        Yb, _, _ = blocked(G, J); eb = eigenvalues(Yb, J).astype(np.longdouble)
        r = lambda e, rf: np.asarray((e - rf) / np.abs(rf), dtype=float)
        dp, db, dc = r(ep, ref), r(eb, ref), r(cpu, ref)
        f = lambda d: np.max(np.abs(d))
        print('%5d %4d | %8.1e %8.1e %+9.1e | %8.1e %8.1e %+9.1e | %8.1e %+9.1e | %5.2f' % (
            n, seed, f(dp), f(r(ep, cpu)), dp.mean(), f(db), f(r(eb, cpu)), db.mean(), f(dc), dc.mean(),
            np.corrcoef(dp, dc)[0, 1]), flush=True)
