function ok = readme_quickstart(readme, update)
% Runs the commands of the README's quick start (the '>> ' lines of the code block after the marker
% <!-- quickstart -->) and compares what Octave prints with the output shown under each; update true
% writes the real output into the README instead. Returns true when they agree (or after an update).
marker = '<!-- quickstart -->';
text = fileread(readme);
at = strfind(text, marker);
if numel(at) ~= 1
  error('readme_quickstart: %s must hold the marker %s once', readme, marker);
end
open = regexp(text(at:end), '```[a-z]*\n', 'end', 'once') + at;
close = strfind(text(open:end), '```');
if isempty(open) || isempty(close)
  error('readme_quickstart: no code block after %s in %s', marker, readme);
end
close = open + close(1) - 1;
shown = text(open:close - 1);
lines = regexp(shown, '\n', 'split');
commands = regexprep(lines(strncmp(lines, '>> ', 3)), '^>> ', '');
real = '';
for k = 1:numel(commands)
  assignin('base', 'gj_readme_command', commands{k});
  out = evalin('base', 'evalc(gj_readme_command)');
  real = [real, '>> ', commands{k}, sprintf('\n'), out]; %#ok<AGROW>
end
evalin('base', 'clear gj_readme_command');
real = normalize(real);
ok = strcmp(real, normalize(shown));
if update
  fid = fopen(readme, 'w');
  fwrite(fid, [text(1:open - 1), real, text(close:end)]);
  fclose(fid);
  ok = true;
elseif ~ok
  printf('README quick start differs from what Octave prints; shown:\n%s\nreal:\n%s\n', normalize(shown), real);
end
end

function t = normalize(t)
% No trailing blanks, at most one empty line in a row, one newline at the end.
t = regexprep(t, '[ \t]+\n', sprintf('\n'));
t = regexprep(t, '\n{3,}', sprintf('\n\n'));
t = [strtrim(t), sprintf('\n')];
end
