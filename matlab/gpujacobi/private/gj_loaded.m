function ok = gj_loaded()
% True when the toolbox's Java bridge class can be loaded from the current class path.
try
  javaMethod('version', 'io.github.gpujacobi.bridge.Bridge');
  ok = true;
catch
  ok = false;
end
end
