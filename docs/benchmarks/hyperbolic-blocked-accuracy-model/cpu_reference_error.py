"""The GPU numbers' reference itself: verify's matrix (Generators.gradedIndefinite(new Random(n), n, 10), rebuilt here
bit for bit in its random draws) and the CPU backend's hyperbolic eigenvalues at tol 1e-17 that run 6 compared against
(.gpu/probe/ref-<n>.txt). True eigenvalues: Bunch-Parlett + pointwise sweeps in long double (n = 300 also checked
against 40-digit mpmath by mpmath_300.py). Also the two modelled GPU routes on the same matrix."""
import sys, time, numpy as np
from model import *
for n in [int(a) for a in sys.argv[1:]] or [300]:
    A = java_graded_indefinite(n, n)
    t = time.time(); true = reference_A(A); tt = time.time() - t
    np.save('true_%d.npy' % n, true.astype(np.float64))
    np.savetxt('true_%d_longdouble.txt' % n, true, fmt='%s')
    cpu = np.sort(np.loadtxt('cpu-eigenvalues/cpu-before-fix-%d.txt' % n))
    rel = lambda e: float(np.max(np.abs((np.asarray(e, dtype=np.longdouble) - true) / np.abs(true))))
    print('n = %d (true eigenvalues in %.0f s)' % (n, tt))
    print('  CPU reference (tol 1e-17) against the true eigenvalues: %.2e' % rel(cpu))
    G, J = bunch_parlett(A)
    print('  the double Bunch-Parlett factor alone (eig of G J G\' vs A): %.2e' % rel(reference(G, J)[0]))
    Yp, sp, _ = pointwise(G, J); ep = eigenvalues(Yp, J)
    Yb, sb, _ = blocked(G, J); eb = eigenvalues(Yb, J)
    r2 = lambda e: float(np.max(np.abs((e - cpu) / np.abs(cpu))))
    print('  model pointwise: %.2e true, %.2e against the CPU reference (%d sweeps)' % (rel(ep), r2(ep), sp))
    print('  model blocked:   %.2e true, %.2e against the CPU reference (%d sweeps)' % (rel(eb), r2(eb), sb), flush=True)
