"""40-digit eigenvalues of verify's n = 300 matrix (mpmath eigsy) against the long-double ones of cpu_reference_error.py
and against the CPU reference."""
import time, numpy as np, mpmath as mp
from model import java_graded_indefinite
mp.mp.dps = 40
n = 300
A = java_graded_indefinite(n, n)
t = time.time()
e = sorted(mp.eigsy(mp.matrix(A.tolist()), eigvals_only=True))
ld = np.loadtxt('true_300_longdouble.txt', dtype=np.longdouble)
cpu = np.sort(np.loadtxt('cpu-eigenvalues/cpu-before-fix-300.txt'))
print('mpmath %.0f s' % (time.time() - t))
print('long double vs 40 digits: %.2e' % max(abs((mp.mpf(str(a)) - b) / b) for a, b in zip(ld, e)))
print('CPU reference vs 40 digits: %.2e' % max(abs((mp.mpf(float(a)) - b) / b) for a, b in zip(cpu, e)))
