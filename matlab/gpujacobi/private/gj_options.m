function [spec, flags] = gj_options(fname, args, allowedFlags, allowedNames)
% Name-value options into the bridge's option string; bare words listed in allowedFlags (e.g.
% 'vector', 'econ') are returned as flags. allowedNames lists the options the operation uses
% (default: Device, Gpus, Method, Tol, MaxSweeps, Threads); any other option is an error, not ignored.
% 'Gpus' is a vector of GPU indices (0-based, as the CUDA driver numbers them) or 'all'.
if nargin < 4
  allowedNames = {'Device', 'Gpus', 'Method', 'Tol', 'MaxSweeps', 'Threads'};
end
spec = '';
flags = {};
k = 1;
while k <= numel(args)
  a = args{k};
  if ischar(a) && any(strcmpi(a, allowedFlags))
    flags{end + 1} = lower(a); %#ok<AGROW>
    k = k + 1;
    continue;
  end
  if ~ischar(a)
    error('gpujacobi:badOption', '%s: expected an option name at argument %d, got a %s', fname, k + 1, class(a));
  end
  known = {'Device', 'Gpus', 'Method', 'Tol', 'MaxSweeps', 'Threads'};
  if ~any(strcmpi(a, known))
    error('gpujacobi:badOption', '%s: unknown option ''%s'' (use %s)', fname, a, strjoin(allowedNames, ', '));
  end
  if ~any(strcmpi(a, allowedNames))
    error('gpujacobi:badOption', '%s: option ''%s'' does not apply to this operation (it takes %s)', ...
      fname, a, strjoin(allowedNames, ', '));
  end
  if k == numel(args)
    error('gpujacobi:badOption', '%s: option ''%s'' needs a value', fname, a);
  end
  v = args{k + 1};
  switch lower(a)
    case {'device', 'method'}
      spec = [spec, lower(a), '=', gj_word(fname, a, v), ';']; %#ok<AGROW>
    case 'gpus'
      spec = [spec, 'gpus=', gj_gpus(fname, v), ';']; %#ok<AGROW>
    otherwise
      if ~isnumeric(v) || ~isscalar(v) || ~isreal(v) || isnan(v)
        error('gpujacobi:badOption', '%s: %s must be a real number', fname, a);
      end
      spec = [spec, lower(a), '=', sprintf('%.17g', double(v)), ';']; %#ok<AGROW>
  end
  k = k + 2;
end
end

function w = gj_word(fname, name, v)
if ~ischar(v) || isempty(v) || any(v == ';') || any(v == '=')
  error('gpujacobi:badOption', '%s: %s must be a word such as ''auto''', fname, name);
end
w = v;
end

function w = gj_gpus(fname, v)
% 'all', or a non-empty vector of distinct-or-repeated non-negative integers, as "0,1"
if ischar(v) && strcmpi(v, 'all')
  w = 'all';
  return;
end
if ischar(v) && ~isempty(regexp(v, '^[\s,]*\d+([\s,]+\d+)*[\s,]*$', 'once'))
  v = sscanf(strrep(v, ',', ' '), '%d').';  % '0,1' or '0 1', as batch --gpus takes them
end
if ~isnumeric(v) || isempty(v) || ~isreal(v) || ~isvector(v) || any(~isfinite(v)) || any(v < 0) || any(v ~= round(v))
  error('gpujacobi:badOption', '%s: Gpus must be ''all'' or a vector of GPU indices 0, 1, ... (as the CUDA driver numbers them)', fname);
end
w = sprintf('%d,', double(v));
w = w(1:end - 1);
end
