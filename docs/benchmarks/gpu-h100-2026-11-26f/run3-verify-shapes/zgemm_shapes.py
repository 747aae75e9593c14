# The complex blocked sweeps' GEMMs at n = 4096 (G and V stacked: 8192 rows) for pair widths 2b = 64, 128, 256: the
# update [Gi Gj; Vi Vj] Q (strided batched, n / 2b pairs) and the Gram matrix (k = 4096), and the split pair solve's
# small products (2b x 2b x 2b, n / 2b pairs), to see whether b = 128 (split twice) would pay.
import cupy as cp, numpy as np
from cupy_backends.cuda.libs import cublas
h = cp.cuda.device.get_cublas_handle()
cublas.setPointerMode(h, cublas.CUBLAS_POINTER_MODE_HOST)
def t(f, reps=50):
    f(); cp.cuda.Device().synchronize()
    s, e = cp.cuda.Event(), cp.cuda.Event()
    s.record()
    for _ in range(reps): f()
    e.record(); e.synchronize()
    return cp.cuda.get_elapsed_time(s, e) * 1000 / reps
n, M = 4096, 8192
one = np.ones(1, dtype=cp.complex128); zero = np.zeros(1, dtype=cp.complex128)
a1, b0 = one.ctypes.data, zero.ctypes.data
w = cp.asfortranarray((cp.random.rand(n, M) + 1j * cp.random.rand(n, M)).T)  # M x n, column-major
out = cp.empty_like(w)
for q2 in (64, 128, 256):
    pairs = n // q2
    q = cp.random.rand(pairs, q2, q2) + 1j * cp.random.rand(pairs, q2, q2)
    g = cp.empty((pairs, q2, q2), dtype=cp.complex128)
    upd = lambda: cublas.zgemmStridedBatched(h, 0, 0, M, q2, q2, a1, w.data.ptr, M, q2 * M, q.data.ptr, q2, q2 * q2, b0,
                                             out.data.ptr, M, q2 * M, pairs)
    gram = lambda: cublas.zgemmStridedBatched(h, 2, 0, q2, q2, n, a1, w.data.ptr, M, q2 * M, w.data.ptr, M, q2 * M, b0,
                                              g.data.ptr, q2, q2 * q2, pairs)
    small = lambda: cublas.zgemmStridedBatched(h, 0, 0, q2, q2, q2, a1, q.data.ptr, q2, q2 * q2, q.data.ptr, q2, q2 * q2,
                                               b0, g.data.ptr, q2, q2 * q2, pairs)
    fu, fg, fs = 8.0 * M * q2 * q2 * pairs, 8.0 * n * q2 * q2 * pairs, 8.0 * q2 ** 3 * pairs
    us, ug, uss = t(upd), t(gram), t(small)
    steps = n // (q2 // 2)  # odd-even: nb steps a sweep
    print(f"2b={q2}: update {us:.0f} us ({fu / us / 1e6:.1f} TFLOP/s), gram {ug:.0f} us ({fg / ug / 1e6:.1f}), "
          f"{q2}^3 x {pairs} {uss:.1f} us ({fs / uss / 1e6:.1f}); a sweep ({steps} steps): update {steps * us / 1e3:.1f} ms, "
          f"gram {steps * ug / 1e3:.1f} ms")
