"""Sanity: the factor, the long-double reference against 40-digit mpmath, and both models at n = 48."""
import numpy as np, mpmath as mp, time
from model import *
mp.mp.dps = 40
rng = np.random.default_rng(5)
n = 48
A = graded_indefinite(rng, n)
G, J = bunch_parlett(A)
print('||A - G J G\'|| rowwise max rel:', np.max(np.abs(A - (G * J) @ G.T) / np.sqrt(np.outer(np.abs(np.diag(A)), np.abs(np.diag(A))) + 1e-300)))
M = mp.matrix(n, n)
for i in range(n):
    for j in range(n):
        M[i, j] = sum(mp.mpf(G[i, k]) * J[k] * mp.mpf(G[j, k]) for k in range(n))
t = time.time(); e40 = np.array(sorted(float(x) for x in mp.eigsy(M, eigvals_only=True))); print('mpmath', time.time() - t, 's')
ref, s = reference(G, J)
print('long-double reference vs 40 digits of G J G\': %.2e (%d sweeps)' % (np.max(np.abs((ref.astype(float) - e40) / e40)), s))
eA = np.array(sorted(float(x) for x in mp.eigsy(mp.matrix(A.tolist()), eigvals_only=True)))
print('eig(G J G\') vs eig(A) (the factorisation\'s share): %.2e' % np.max(np.abs((e40 - eA) / eA)))
Y, s, st = pointwise(G, J); print('pointwise: %.2e, %d sweeps' % (relerr(eigenvalues(Y, J), ref), s))
for b in (8, 16):
    Y, s, st = blocked(G, J, o=Opts(b=b)); print('blocked b=%d: %.2e, %d sweeps' % (b, relerr(eigenvalues(Y, J), ref), s), st['sweeps_rot'])
