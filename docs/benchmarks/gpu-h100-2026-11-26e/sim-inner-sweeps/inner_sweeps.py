# Host simulation (numpy, hyp.py: the blocked hyperbolic one-sided Jacobi of session 11's run 4, cross-pair steps and a
# diagonal step per sweep, chess tournament of blocks): does solving each pair problem with 2 or 3 cross sweeps instead
# of 1 cut the outer sweeps enough to pay? Run: python3 inner_sweeps.py (about 15 minutes).
import numpy as np, time
import hyp

def solve(G, J, b, reps=1, max_sweeps=60):
    n = G.shape[0]; nb = n // b; X = G.copy(); tol = n * hyp.EPS
    rounds = hyp.round_robin(nb); ar = np.arange(b)
    cross = [(ar, b + (ar + t) % b) for t in range(b)] * reps
    internal = [(np.array([p for p, q in r]), np.array([q for p, q in r])) for r in hyp.round_robin(b)]
    blk = np.arange(n).reshape(nb, b); hist = []
    for sweep in range(1, max_sweeps + 1):
        stats = dict(rot=0, hrot=0, hyp_fail=0, max_ch=1.0); any_rot = False
        any_rot |= hyp.block_update(X, J, blk, internal, tol, stats).any()
        for rnd in rounds:
            cs = np.array([np.concatenate([blk[i], blk[j]]) for i, j in rnd])
            any_rot |= hyp.block_update(X, J, cs, cross, tol, stats).any()
        hist.append(stats['rot'])
        if not any_rot: break
    return X, hist

for n, b in ((512, 32), (1024, 32)):
    for seed in (0, 1):
        rng = np.random.default_rng(seed); Xr = rng.standard_normal((n, n)); M = (Xr + Xr.T) / 2
        G, J = hyp.factor_indefinite(M)
        for reps in (1, 2, 3):
            t = time.time(); X, h = solve(G, J, b, reps); e, off = hyp.validate(M, X, J)
            print(f"n={n} b={b} seed={seed} inner cross sweeps={reps}: outer sweeps={len(h)} evErr={e:.1e} "
                  f"rots(last 4)={h[-4:]} ({time.time()-t:.0f}s)", flush=True)
