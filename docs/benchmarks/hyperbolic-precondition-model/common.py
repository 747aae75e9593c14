import numpy as np, mpmath as mp
from hyp import hjacobi, bp
mp.mp.dps = 40
def graded(rng, n, dec, spectrum):
    """D H D, H = Q diag(spectrum(rng)) Q', D = logspace(0, -dec, n) permuted (draws in the order the outputs used)."""
    Q, _ = np.linalg.qr(rng.standard_normal((n, n)))
    lam = spectrum(rng)
    H = (Q * lam) @ Q.T
    d = np.logspace(0, -dec, n); d = d[rng.permutation(n)]
    return d[:, None] * H * d[None, :]
def reference(A):
    """40-digit eigenvalues, ascending."""
    return np.array(sorted(float(x) for x in mp.eigsy(mp.matrix(A.tolist()), eigvals_only=True)))
def sweep(G, J, ref):
    """Sweeps, their count and the worst relative eigenvalue error against ref."""
    Y, s = hjacobi(G, J); ev = np.sort((Y * Y).sum(0) * J)
    return s, np.max(np.abs(ev - ref) / np.abs(ref))
