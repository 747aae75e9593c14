function save_figure(f, file, widthPx, heightPx)
%SAVE_FIGURE  Write figure f as a PNG of about widthPx x heightPx pixels, in Octave and MATLAB.
%   Octave draws through gnuplot's pngcairo terminal (-S sets the size); MATLAB through its own
%   renderer at 100 dpi with the paper size set to the requested pixels.
if nargin < 3
  widthPx = 560;
  heightPx = 420;
end
if exist('OCTAVE_VERSION', 'builtin') ~= 0
  print(f, file, '-dpngcairo', sprintf('-S%d,%d', widthPx, heightPx));
else
  set(f, 'PaperUnits', 'inches', 'PaperPosition', [0 0 widthPx heightPx] / 100);
  print(f, file, '-dpng', '-r100');
end
end
