function msg = gj_java_message(raw)
% The user's part of a Java exception text as MATLAB or Octave reports it.
msg = raw;
k = strfind(msg, 'JacobiException: ');
if ~isempty(k)
  msg = msg(k(1) + numel('JacobiException: '):end);
end
nl = find(msg == 10, 1);
if ~isempty(nl)
  msg = msg(1:nl - 1);
end
end
