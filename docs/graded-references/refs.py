import mpmath as mp, glob, os, sys, time
mp.mp.dps = 60
out = sys.argv[1]
for f in sorted(glob.glob('/tmp/accref/*.in')):
    lines = open(f).read().split('\n')
    kind, m, n, cx = lines[0].split(); m, n, cx = int(m), int(n), int(cx)
    how = lines[1]
    vals = [float.fromhex(x) for x in lines[2:2 + m * n * (2 if cx else 1)]]
    t = time.time()
    A = mp.matrix(m, n)
    for j in range(n):
        for i in range(m):
            k = i + j * m
            A[i, j] = mp.mpc(vals[2 * k], vals[2 * k + 1]) if cx else mp.mpf(vals[k])
    if kind == 'eig':
        E = mp.eighe(A, eigvals_only=True) if cx else mp.eigsy(A, eigvals_only=True)
        ref = sorted([mp.re(e) for e in E])
    else:
        S = mp.svd_r(A, compute_uv=False)
        ref = sorted([S[i] for i in range(len(S))], reverse=True)
    name = os.path.basename(f)[:-3]
    with open(os.path.join(out, name + '.txt'), 'w') as w:
        w.write(f'{kind} {m} {n} {cx}\n')
        w.write(f'# input: {how}; column-major{" interleaved re/im" if cx else ""}, hex doubles\n')
        for x in lines[2:2 + m * n * (2 if cx else 1)]:
            w.write(x + '\n')
        w.write(f'# reference: {"eigenvalues ascending" if kind == "eig" else "singular values descending"}, mpmath {mp.__version__} at {mp.mp.dps} digits ({"eighe" if cx else "eigsy" if kind == "eig" else "svd_r"}), 25 shown\n')
        for r in ref:
            w.write(mp.nstr(r, 25, min_fixed=1, max_fixed=0) + '\n')
    print(name, f'{time.time() - t:.1f}s', mp.nstr(ref[0], 5), mp.nstr(ref[-1], 5), flush=True)
