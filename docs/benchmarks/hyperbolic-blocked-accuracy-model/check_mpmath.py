"""The long-double reference against 40-digit mpmath eigenvalues of G J G' at n = 128 (seed 0 of scaling.py), and the
routes' errors against both: the ranking does not depend on the reference being itself a Jacobi method."""
import numpy as np, mpmath as mp, time
from model import *
mp.mp.dps = 40
n = 128
rng = np.random.default_rng(1000 * n)
G, J = bunch_parlett(graded_indefinite(rng, n))
Gm = mp.matrix(G.tolist())
Jm = mp.diag([mp.mpf(x) for x in J])
t = time.time()
M = Gm * Jm * Gm.T
e40 = np.array(sorted(mp.eigsy(M, eigvals_only=True)), dtype=object)
print('mpmath %.0f s' % (time.time() - t))
ref, _ = reference(G, J)
e40f = np.array([mp.mpf(x) for x in e40])
def err(ev):
    return max(abs((mp.mpf(float(a)) - b) / b) for a, b in zip(ev, e40f))
print('long-double reference vs 40 digits: %.1e' % max(abs((mp.mpf(str(a)) - b) / b) for a, b in zip(ref, e40f)))
Yp, _, _ = pointwise(G, J); Yb, _, _ = blocked(G, J)
print('pointwise vs 40 digits: %.2e' % err(eigenvalues(Yp, J)))
print('blocked   vs 40 digits: %.2e' % err(eigenvalues(Yb, J)))
