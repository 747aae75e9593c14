function gj_nargout(fname, nout, most)
% Too many outputs as a gpujacobi error naming the function (nargoutchk's message names nargoutchk,
% and in Octave carries no identifier).
if nout > most
  error('gpujacobi:tooManyOutputs', '%s: too many outputs: called with %d, it returns at most %d', fname, nout, most);
end
end
