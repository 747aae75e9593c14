"""The modelled routes on verify's n = 1000 matrix against its true eigenvalues (true_1000_longdouble.txt, written by
cpu_reference_error.py 1000) and against the CPU reference (.gpu/probe/ref-1000.txt)."""
import time, numpy as np
from model import *
n = 1000
A = java_graded_indefinite(n, n)
true = np.loadtxt('true_1000_longdouble.txt', dtype=np.longdouble)
cpu = np.sort(np.loadtxt('cpu-eigenvalues/cpu-before-fix-1000.txt'))
rel = lambda e: float(np.max(np.abs((np.asarray(e, dtype=np.longdouble) - true) / np.abs(true))))
r2 = lambda e: float(np.max(np.abs((e - cpu) / np.abs(cpu))))
print('CPU reference vs true: %.2e' % rel(cpu))
G, J = bunch_parlett(A)
for name, f in [('blocked', lambda: blocked(G, J)), ('pointwise', lambda: pointwise(G, J))]:
    t = time.time(); Y, s, _ = f(); e = eigenvalues(Y, J)
    print('model %-9s: %.2e true, %.2e against the CPU reference (%d sweeps, %.0f s)' % (name, rel(e), r2(e), s, time.time() - t), flush=True)
