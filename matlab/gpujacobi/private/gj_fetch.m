function x = gj_fetch(r, name, cls)
% An output of the bridge result, reshaped to its dimensions and cast to the input's class;
% a complex output (its imaginary part in NAME_im) is recombined into a complex array.
x = fetch_part(r, name, cls);
if r.isComplex(name)
  x = complex(x, fetch_part(r, [name, '_im'], cls));
end
end

function x = fetch_part(r, name, cls)
d = double(r.dims(name));
n = double(r.numel(name));
chunk = gj_chunk();
if n <= chunk
  x = double(r.get(name));
else
  x = zeros(n, 1);
  for off = 0:chunk:n - 1
    len = min(chunk, n - off);
    x(off + 1:off + len) = double(r.getChunk(name, off, len));
  end
end
x = reshape(x, d(1), d(2), d(3));
if strcmp(cls, 'single')
  x = single(x);
end
end
