function [spec, flags] = gj_options(fname, args, allowedFlags)
% Name-value options ('Device', 'Method', 'Tol', 'MaxSweeps', 'Threads') into the bridge's option
% string; bare words listed in allowedFlags (e.g. 'vector', 'econ') are returned as flags.
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
    error('gpujacobi:badOption', '%s: expected an option name at argument %d', fname, k + 1);
  end
  if k == numel(args)
    error('gpujacobi:badOption', '%s: option ''%s'' needs a value', fname, a);
  end
  v = args{k + 1};
  switch lower(a)
    case 'device'
      spec = [spec, 'device=', gj_word(fname, a, v), ';']; %#ok<AGROW>
    case 'method'
      spec = [spec, 'method=', gj_word(fname, a, v), ';']; %#ok<AGROW>
    case {'tol', 'maxsweeps', 'threads'}
      if ~isnumeric(v) || ~isscalar(v) || ~isreal(v) || isnan(v)
        error('gpujacobi:badOption', '%s: %s must be a real number', fname, a);
      end
      spec = [spec, lower(a), '=', sprintf('%.17g', double(v)), ';']; %#ok<AGROW>
    otherwise
      error('gpujacobi:badOption', '%s: unknown option ''%s'' (use Device, Method, Tol, MaxSweeps)', fname, a);
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
