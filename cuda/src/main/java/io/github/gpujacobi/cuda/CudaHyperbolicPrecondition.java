package io.github.gpujacobi.cuda;

import com.sun.jna.Memory;
import com.sun.jna.ptr.IntByReference;
import io.github.gpujacobi.api.Precision;
import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * Preconditioning of the hyperbolic sweeps (indefinite eig, {@link CudaIndefiniteEig}), the J-orthogonal counterpart of
 * {@link CudaBlockedSvd}'s syevd preconditioning [22]. With M = G J G^H (Bunch-Parlett) and M Q = Q L (cuSOLVER's
 * syevd / heevd), P = J G^H Q S, S = diag(sign(l) / sqrt|l|), satisfies P^H J P = S L S = J_Y := sign(L) and
 * G P = M Q S = Q |L|^(1/2) S': G P has orthogonal columns. So the sweeps run on Y = G P with the signature J_Y and
 * start nearly converged (numpy, n = 96 ... 512: 2-3 sweeps instead of 13-26), while Y J_Y Y^H = G (P J_Y P^H) G^H
 * = M up to the J-orthogonality error of P. Unlike an orthogonal P, which syevd gives to working precision anyway, P is
 * J-orthogonal only as far as syevd's small eigenvectors are accurate; P^H J P = J_Y is restored by the Newton-Schulz
 * step of the generalized polar decomposition, P := P (3I - K) / 2, K = J_Y P^H J P [21, 23], and the sweeps only
 * take P when ||P^H J P - J_Y||_max falls to {@link #accept}; otherwise (strongly graded or nearly singular M, where
 * the step diverges) G is swept as before. Y's rows are G's rows times P, so the rounding errors stay row-wise
 * small, as for the sweeps' own hyperbolic rotations [4, 10]; a 40-digit reference found the same relative
 * eigenvalue errors with and without (numpy, n = 96 ... 256, 3 to 7 decades of grading: docs/benchmarks).
 * Complex matrices take the conjugate transposes; the scalings by the real J, J_Y and S treat an interleaved complex
 * matrix as a real one of twice the rows (leading dimension 2n).
 */
final class CudaHyperbolicPrecondition {
    /**
     * Largest |P^H J P - J_Y| taken at order n: n eps, at least 1e-12 (the residuals the numpy model's accepted cases
     * ended at, with unchanged accuracy); -Dgpujacobi.cuda.hyperbolicAccept=x for measurements.
     */
    static double accept(int n) {
        String fixed = System.getProperty("gpujacobi.cuda.hyperbolicAccept");
        return fixed != null ? Double.parseDouble(fixed) : Math.max(1e-12, n * 0x1p-52);
    }
    /** Newton-Schulz steps at most; a residual above DIVERGES ends them (the step only contracts below 1). */
    private static final int STEPS = 3;
    private static final double DIVERGES = 0.25;
    /** -Dgpujacobi.cuda.hyperbolicPrecondition=false sweeps G itself (A/B in one jar). */
    static final boolean ON = !"false".equals(System.getProperty("gpujacobi.cuda.hyperbolicPrecondition"));

    /** Y = G P (buffer hypY) and its signature J_Y, after {@link #apply} returned true. */
    DevicePointer y;
    int[] signs;
    /** Newton-Schulz steps taken and the residual ||P^H J P - J_Y||_max left; why it was not taken, else null. */
    int steps;
    double residual;
    String skipped;
    long nanos;
    private final BlockedScalar el;

    CudaHyperbolicPrecondition(BlockedScalar el) { this.el = el; }

    /**
     * Whether order n is preconditioned: the same switches and size threshold as the positive definite eig
     * ({@link CudaBlockedSvd#PRECONDITION}, {@link CudaBlockedSvd#PRECONDITION_FROM}), no fixed sweep count, and room
     * for M's copy, Q, P, Y and syevd's workspace beside Bunch-Parlett's and the sweeps' buffers (about 12 n^2
     * elements); a real array of 2 n^2 doubles must be indexable by cuBLAS's int.
     */
    static boolean wanted(CudaDevice dev, int n, int fixedSweeps, BlockedScalar el) {
        return ON && CudaBlockedSvd.PRECONDITION && n >= CudaBlockedSvd.PRECONDITION_FROM && fixedSweeps == 0
                && 2L * n * n <= Integer.MAX_VALUE && dev.freeMemory() >= 12L * n * n * el.bytes;
    }

    /**
     * @param m     a copy of M (n x n, destroyed: syevd's Q, then the Newton-Schulz products)
     * @param g     G (n x n), read only
     * @param scratch an n x n buffer free for use (Bunch-Parlett's spent input)
     * @param jG    J's diagonal, +-1
     * @return whether Y and its signs were set
     */
    boolean apply(CudaDevice dev, DeviceBuffers buf, CudaLibraries lib, DevicePointer m, DevicePointer g,
                  DevicePointer scratch, int n, int[] jG) {
        long t0 = System.nanoTime();
        final int es = el.bytes, r = es / 8; // r reals an element
        DevicePointer w = buf.get("hypW", 8L * n), info = buf.get("info", 4);
        int lwork = el.syevdWork(lib, n, m.jna(), n, w.jna());
        DevicePointer work = buf.get("precondWork", (long) lwork * es);
        el.syevd(lib, n, m.jna(), n, w.jna(), work.jna(), lwork, info.jna());
        int[] st = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(st), info, 4), "cuMemcpyDtoH devInfo");
        if (st[0] != 0) return skip("syevd failed (info " + st[0] + ")", t0);
        double[] l = DeviceBuffers.download(w, n, Precision.DOUBLE);
        int[] jy = new int[n];
        double[] s = new double[n], jyd = new double[n], jgd = new double[r * n];
        int positive = 0, positiveG = 0;
        for (int i = 0; i < n; i++) {
            if (!(Math.abs(l[i]) > 0) || Double.isInfinite(l[i])) return skip("eigenvalue " + l[i], t0);
            jy[i] = l[i] > 0 ? 1 : -1;
            jyd[i] = jy[i];
            s[i] = jy[i] / Math.sqrt(Math.abs(l[i]));
            positive += l[i] > 0 ? 1 : 0;
            positiveG += jG[i] > 0 ? 1 : 0;
            for (int k = 0; k < r; k++) jgd[r * i + k] = jG[i];
        }
        // Sylvester's inertia: J_Y must have J's signature, or no J-orthogonal P exists
        if (positive != positiveG) return skip("inertia " + positive + " against the factor's " + positiveG, t0);
        DevicePointer sDev = buf.get("hypS", 8L * n), jyDev = buf.get("hypJY", 8L * n), jgDev = buf.get("hypJG", 8L * r * n);
        DeviceBuffers.upload(sDev, s, Precision.DOUBLE);
        DeviceBuffers.upload(jyDev, jyd, Precision.DOUBLE);
        DeviceBuffers.upload(jgDev, jgd, Precision.DOUBLE);
        long bytes = (long) n * n * es;
        DevicePointer p = buf.get("hypP", bytes);
        dgmm(lib, 1, r * n, n, m, r * n, sDev, m); // Q S
        el.gemm(lib, el.adjoint, 0, n, n, n, el.one, g.jna(), n, m.jna(), n, el.zero, p.jna(), n, "gemm G^H Q S");
        dgmm(lib, 0, r * n, n, p, r * n, jgDev, p); // P = J G^H Q S
        for (steps = 0; ; steps++) {
            // E = P^H J P - J_Y into m (the Q no longer needed)
            dgmm(lib, 0, r * n, n, p, r * n, jgDev, scratch);
            el.gemm(lib, el.adjoint, 0, n, n, n, el.one, p.jna(), n, scratch.jna(), n, el.zero, m.jna(), n, "gemm P^H J P");
            CudaLibraries.status(lib.blas.cublasDaxpy_v2(lib.blasHandle, n, MINUS_ONE, jyDev.jna(), 1, m.jna(), r * (n + 1)),
                    "axpy diag - J_Y");
            residual = maxAbs(lib, m, r * n * n);
            if (residual <= accept(n)) break;
            if (!(residual <= DIVERGES) || steps == STEPS) return skip(String.format(java.util.Locale.ROOT,
                    "||P^H J P - J_Y|| = %.2e after %d Newton-Schulz steps", residual, steps), t0);
            // P := P (3I - K) / 2 = P - (P J_Y) E / 2, since K - I = J_Y E
            dgmm(lib, 1, r * n, n, p, r * n, jyDev, scratch);
            el.gemm(lib, 0, 0, n, n, n, el.minusHalf, scratch.jna(), n, m.jna(), n, el.one, p.jna(), n, "gemm Newton-Schulz");
        }
        y = buf.get("hypY", bytes);
        el.gemm(lib, 0, 0, n, n, n, el.one, g.jna(), n, p.jna(), n, el.zero, y.jna(), n, "gemm G P");
        dev.synchronize();
        signs = jy;
        nanos = System.nanoTime() - t0;
        return true;
    }

    private boolean skip(String why, long t0) {
        skipped = why;
        nanos = System.nanoTime() - t0;
        return false;
    }

    private static final Memory MINUS_ONE = new Memory(8);

    static {
        MINUS_ONE.setDouble(0, -1);
    }

    private static void dgmm(CudaLibraries lib, int mode, int rows, int cols, DevicePointer a, int lda, DevicePointer x,
                             DevicePointer c) {
        CudaLibraries.status(lib.blas.cublasDdgmm(lib.blasHandle, mode, rows, cols, a.jna(), lda, x.jna(), 1, c.jna(), lda),
                "dgmm");
    }

    /** max |x_i| over count doubles (idamax, then the one element). */
    private static double maxAbs(CudaLibraries lib, DevicePointer x, long count) {
        IntByReference at = new IntByReference();
        CudaLibraries.status(lib.blas.cublasIdamax_v2(lib.blasHandle, (int) count, x.jna(), 1, at), "idamax");
        double[] v = {0};
        CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(v), x.at(8L * (at.getValue() - 1)), 8),
                "cuMemcpyDtoH idamax");
        return Math.abs(v[0]);
    }
}
