# The blocked sweeps' Gram GEMM (n = 4096: 32 pairs of 2b = 128 columns, k = 4096 rows; complex: 64 pairs of 64) as
# run now (one strided batched GEMM, one output tile set per pair) against split-K by pointer arrays (each pair's rows
# in S parts, S partial Gram matrices summed afterwards) and the upper quadrants only; and the update GEMM.
import cupy as cp, numpy as np
from cupy_backends.cuda.libs import cublas

h = cp.cuda.device.get_cublas_handle()
cublas.setPointerMode(h, cublas.CUBLAS_POINTER_MODE_HOST)
N, T = 1, 0  # CUBLAS_OP_T = 1, N = 0
def t(f, reps=200):
    f(); cp.cuda.Device().synchronize()
    s, e = cp.cuda.Event(), cp.cuda.Event()
    s.record()
    for _ in range(reps): f()
    e.record(); e.synchronize()
    return cp.cuda.get_elapsed_time(s, e) * 1000 / reps  # us

def run(dtype, n, q2):
    cplx = dtype == cp.complex128
    es = 16 if cplx else 8
    pairs = n // q2
    w = cp.random.rand(n, n).astype(dtype)  # column-major view: w.T is the work array, ld = n
    w = cp.asfortranarray(w)
    one = np.ones(1, dtype=dtype); zero = np.zeros(1, dtype=dtype)
    a1, b0 = one.ctypes.data, zero.ctypes.data
    op = 2 if cplx else 1  # C or T
    sb = cublas.zgemmStridedBatched if cplx else cublas.dgemmStridedBatched
    bb = cublas.zgemmBatched if cplx else cublas.dgemmBatched
    gram = cp.zeros((pairs, q2, q2), dtype=dtype)
    flops = (4 if cplx else 1) * 2.0 * n * q2 * q2 * pairs
    def base():
        sb(h, op, 0, q2, q2, n, a1, w.data.ptr, n, q2 * n, w.data.ptr, n, q2 * n, b0, gram.data.ptr, q2, q2 * q2, pairs)
    us = t(base); print(f"{dtype.__name__} n={n} q2={q2} gram strided batched: {us:.1f} us, {flops / us / 1e6:.1f} TFLOP/s")
    for S in (2, 4, 8):
        part = cp.zeros((S, pairs, q2, q2), dtype=dtype)
        A = cp.array([w.data.ptr + (p * q2 * n + s * (n // S)) * es for s in range(S) for p in range(pairs)], dtype=cp.uint64)
        C = cp.array([part.data.ptr + ((s * pairs + p) * q2 * q2) * es for s in range(S) for p in range(pairs)], dtype=cp.uint64)
        def split():
            bb(h, op, 0, q2, q2, n // S, a1, A.data.ptr, n, A.data.ptr, n, b0, C.data.ptr, q2, S * pairs)
        def split_sum():
            split(); cp.sum(part, axis=0, out=gram)
        us1, us2 = t(split), t(split_sum)
        print(f"  split-K S={S}: GEMM {us1:.1f} us ({flops / us1 / 1e6:.1f} TFLOP/s), with the sum {us2:.1f} us")
        # the same by S strided batched launches, one per row part
        def split_strided():
            for s in range(S):
                sb(h, op, 0, q2, q2, n // S, a1, w.data.ptr + s * (n // S) * es, n, q2 * n, w.data.ptr + s * (n // S) * es, n,
                   q2 * n, b0, part.data.ptr + s * pairs * q2 * q2 * es, q2, q2 * q2, pairs)
        us3 = t(split_strided); print(f"  split-K S={S} as {S} strided launches: {us3:.1f} us")
    hq = q2 // 2
    def quad():  # [A B]'[A B]: A'[A B] (top rows) and B'B
        sb(h, op, 0, hq, q2, n, a1, w.data.ptr, n, q2 * n, w.data.ptr, n, q2 * n, b0, gram.data.ptr, q2, q2 * q2, pairs)
        sb(h, op, 0, hq, hq, n, a1, w.data.ptr + hq * n * es, n, q2 * n, w.data.ptr + hq * n * es, n, q2 * n, b0,
           gram.data.ptr + (hq + hq * q2) * es, q2, q2 * q2, pairs)
    us = t(quad); print(f"  upper quadrants (2 launches): {us:.1f} us")
    q = cp.random.rand(pairs, q2, q2).astype(dtype)
    out = cp.empty_like(w)
    def update():
        sb(h, 0, 0, n, q2, q2, a1, w.data.ptr, n, q2 * n, q.data.ptr, q2, q2 * q2, b0, out.data.ptr, n, q2 * n, pairs)
    us = t(update); print(f"  update strided batched: {us:.1f} us, {flops / us / 1e6:.1f} TFLOP/s, {2 * n * n * es / us / 1e6:.2f} TB/s")
    for S in (2, 4):  # the update by row parts: more, shorter blocks
        def upd_rows():
            for s in range(S):
                sb(h, 0, 0, n // S, q2, q2, a1, w.data.ptr + s * (n // S) * es, n, q2 * n, q.data.ptr, q2, q2 * q2, b0,
                   out.data.ptr + s * (n // S) * es, n, q2 * n, pairs)
        us = t(upd_rows); print(f"  update as {S} row launches: {us:.1f} us")

print(cp.cuda.runtime.getDeviceProperties(0)["name"].decode())
run(cp.float64, 4096, 128)
run(cp.float64, 4096, 64)
run(cp.complex128, 4096, 64)
run(cp.float64, 1024, 64)
