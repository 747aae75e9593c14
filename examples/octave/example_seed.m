function example_seed(n)
%EXAMPLE_SEED  Seed the random generators the same way on every run, in Octave and MATLAB.
%   Octave keeps its legacy seeds (the committed figures were drawn with them); MATLAB uses RNG.
if exist('OCTAVE_VERSION', 'builtin') ~= 0
  rand('seed', n);
  randn('seed', n);
else
  rng(n, 'twister');
end
end
