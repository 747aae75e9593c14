function msg = gj_java_message(raw)
% The user's part of a Java exception text as MATLAB or Octave reports it: one line, without the
% "Java exception occurred:" header; a JacobiException's text as it is, any other exception with
% its simple class name (NegativeArraySizeException: -2).
lines = strsplit(raw, sprintf('\n'));
msg = '';
for k = 1:numel(lines)
  t = strtrim(lines{k});
  if ~isempty(t) && isempty(regexp(t, '^Java exception occurred:?$', 'once'))
    msg = t;
    break;
  end
end
msg = regexprep(msg, '^(Java exception occurred:|\[java\])\s*', '');
msg = regexprep(msg, '^([\w$]+\.)*JacobiException:\s*', '');
msg = regexprep(msg, '^([\w$]+\.)+([\w$]*(Exception|Error))', '$2');
end
