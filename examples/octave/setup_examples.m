function outdir = setup_examples()
%SETUP_EXAMPLES  Put the toolbox on the path, load the jar, pick a headless plotting toolkit.
%   Returns the folder for figures (examples/octave/figures, or $GPUJACOBI_FIGURES).
here = fileparts(mfilename('fullpath'));
addpath(fullfile(here, '..', '..', 'matlab', 'gpujacobi'));
gpujacobi_setup();
set(0, 'defaultfigurevisible', 'off');
set(0, 'defaultaxesfontsize', 7, 'defaulttextfontsize', 7);
if exist('OCTAVE_VERSION', 'builtin') && any(strcmp(available_graphics_toolkits(), 'gnuplot'))
  warning('off', 'Octave:gnuplot-graphics');
  graphics_toolkit('gnuplot');
end
outdir = getenv('GPUJACOBI_FIGURES');
if isempty(outdir)
  outdir = fullfile(here, 'figures');
end
if ~exist(outdir, 'dir')
  mkdir(outdir);
end
end
