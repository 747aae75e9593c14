function gj_converged(r, fname)
% Warns gpujacobi:notConverged, as MATLAB's iterative solvers warn, when a Jacobi run stopped at
% its sweep limit: the sweeps used and how far from diagonal it stopped.
if r.converged()
  return;
end
warning('gpujacobi:notConverged', ['%s: Jacobi did not converge in %d sweeps (relative off-diagonal ', ...
  '%.2e reached); raise ''MaxSweeps'' or ''Tol''. The result is not accurate.'], ...
  fname, double(r.sweeps()), double(r.offDiagonal()));
end
