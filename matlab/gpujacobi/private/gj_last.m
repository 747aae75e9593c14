function rep = gj_last(r)
% Keeps the run report of the latest toolbox call (gj_last(r)) and returns it (gj_last()).
persistent last
if nargin > 0
  last = gj_report(r);
end
rep = last;
end
