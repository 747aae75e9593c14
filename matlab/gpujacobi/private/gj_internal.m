function gj_internal(err, fname)
% Rethrows a gpujacobi:* or argument-check error as it is; anything else (a Java exception, a
% missing class) becomes gpujacobi:internal with a one-line message.
id = err.identifier;
if strncmp(id, 'gpujacobi:', 10) || strncmp(id, 'MATLAB:narginchk', 16) || strcmp(id, 'Octave:invalid-fun-call')
  rethrow(err);
end
error('gpujacobi:internal', '%s: internal error: %s', fname, gj_java_message(err.message));
end
