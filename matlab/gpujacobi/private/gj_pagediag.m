function D = gj_pagediag(d, rows, cols)
% Page-wise diagonal matrices rows x cols x p from an k x 1 x p array of values.
p = size(d, 3);
D = zeros(rows, cols, p, class(d));
k = min(rows, cols);
for j = 1:p
  D(1:k, 1:k, j) = diag(d(1:k, 1, j));
end
end
