"""Where the pointwise sweeps' (systematic) error comes from, n = 128 and 256, seed 0: the same sweep with
(a) the column updates in long double but the 2x2 parameters (c, s) rounded to double (only the parameters' rounding);
(b) the parameters from long-double columns, rounded to double, the updates in double (only the updates' rounding);
(c) s rounded to double, then c recomputed in long double so that c^2 - s^2 = 1 (hyperbolic) / c^2 + s^2 = 1 exactly in long
    double (the 2x2 made J-orthogonal to ~1e-19): tells whether the error is the J-orthogonality defect of each 2x2;
(d) the gap rescue off."""
import sys, numpy as np
from model import *
LD = np.longdouble

def variant(G, J, mode, tol=None, maxsweeps=60):
    n = G.shape[1]
    X = G.astype(LD) if mode in ('a', 'c') else G.copy()
    tol = tol if tol is not None else EPS * np.sqrt(n)
    steps = round_robin(n)
    for sw in range(1, maxsweeps + 1):
        rot = 0
        for ps in steps:
            i, j = ps[:, 0], ps[:, 1]
            xi, xj = X[:, i], X[:, j]
            if mode == 'b':
                Li, Lj = xi.astype(LD), xj.astype(LD)
            else:
                Li, Lj = xi, xj
            a = np.einsum('ij,ij->j', Li, Li); b = np.einsum('ij,ij->j', Lj, Lj); g = np.einsum('ij,ij->j', Li, Lj)
            hyp = J[i] != J[j]
            gap = a + b - 2 * np.abs(g)
            redo = hyp & (gap < (a + b) / 16)
            if mode != 'd' and redo.any():
                sgn = np.where(g[redo] < 0, -1, 1)
                dd = Li[:, redo] - sgn * Lj[:, redo]
                gap[redo] = np.einsum('ij,ij->j', dd, dd)
            if mode in ('a', 'c', 'd'):
                a, b, g, gap = [np.asarray(v, dtype=float) for v in (a, b, g, gap)]
            c, s1, s2, r, dfc, _ = transform(a, b, g, hyp, float(tol) if mode != 'b' else LD(tol), gap)
            if not r.any():
                continue
            rot += int(r.sum())
            c, s2 = np.asarray(c, dtype=float), np.asarray(s2, dtype=float)
            if mode == 'c':
                sL = s2.astype(LD); cL = np.sqrt(np.where(hyp, 1 + sL * sL, 1 - sL * sL))
                c, s2 = cL, sL
            s1 = np.where(hyp, s2, -s2)
            X[:, i] = c * xi + s1 * xj
            X[:, j] = s2 * xi + c * xj
        if rot == 0:
            break
    return np.sort(J * np.einsum('ij,ij->j', X, X).astype(float)), sw

for n in [int(a) for a in sys.argv[1:]] or [128, 256]:
    rng = np.random.default_rng(1000 * n)
    G, J = bunch_parlett(graded_indefinite(rng, n))
    ref, _ = reference(G, J)
    Yp, sp, _ = pointwise(G, J)
    print('n = %d: pointwise as the GPU: %.2e (%d sweeps)' % (n, relerr(eigenvalues(Yp, J), ref), sp))
    for mode, what in [('a', 'params rounded, updates exact'), ('b', 'params exact, updates rounded'),
                       ('c', '2x2 exactly J-orthogonal, updates exact'), ('d', 'no gap rescue')]:
        ev, s = variant(G, J, mode)
        print('  (%s) %-42s %.2e (%d sweeps)' % (mode, what, relerr(ev, ref), s), flush=True)
