function [singular, nearly] = gj_inv_warnings()
% The warning identifiers the running platform's own INV uses, so that a user's existing
% warning('off', ...) lines apply to gpu_inversion too.
if exist('OCTAVE_VERSION', 'builtin') ~= 0
  singular = 'Octave:singular-matrix';
  nearly = 'Octave:nearly-singular-matrix';
else
  singular = 'MATLAB:singularMatrix';
  nearly = 'MATLAB:nearlySingularMatrix';
end
end
