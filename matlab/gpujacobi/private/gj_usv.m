function out = gj_usv(r, cls, wantVectors)
%GJ_USV  The outputs of an SVD-like result (gpu_svd, gpu_hsvd): {s} or {U, S, V}, S diagonal per page.
s = gj_fetch(r, 'S', cls);
if ~wantVectors
  out = {s};
  return;
end
U = gj_fetch(r, 'U', cls);
V = gj_fetch(r, 'V', cls);
out = {U, gj_pagediag(s, size(U, 2), size(V, 2)), V};
end
