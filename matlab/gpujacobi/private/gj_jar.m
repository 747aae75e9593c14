function jar = gj_jar()
% The toolbox jar: next to the .m files (installed toolbox, Octave package) or in the
% repository's dist/ folder; '' when neither exists.
here = fileparts(fileparts(mfilename('fullpath')));
candidates = {fullfile(here, 'gpujacobi-toolbox.jar'), fullfile(here, '..', '..', 'dist', 'gpujacobi-toolbox.jar')};
jar = '';
for k = 1:numel(candidates)
  if exist(candidates{k}, 'file') == 2
    jar = candidates{k};
    return;
  end
end
end
