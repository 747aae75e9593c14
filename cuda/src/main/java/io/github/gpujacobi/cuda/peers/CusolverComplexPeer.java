package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.bench.ComplexAccuracy;
import io.github.gpujacobi.bench.ComplexBenchPeer;
import io.github.gpujacobi.bench.Measurement;
import io.github.gpujacobi.cuda.jna.CuSolver;
import io.github.gpujacobi.cuda.jna.CuSolverComplex;
import io.github.gpujacobi.cuda.jna.CudaRuntime;

/**
 * One complex cuSOLVER routine as a benchmark row (issue 16's peers): heevd and heevj (Hermitian
 * eig), gesvd and gesvdj (svd), getrf + getrs against the identity (inv); Z for double complex, C for
 * single complex input; pages in turn. Timed as {@link CusolverPeer}: the solver calls and the
 * device-to-device copy restoring the input; host transfers only with --with-transfers.
 */
final class CusolverComplexPeer implements ComplexBenchPeer {
    enum Kind { HEEVD, HEEVJ, GESVD, GESVDJ, GETRF }

    private final Kind kind;
    private final CuSolverComplex cz;
    private final CuSolver cs;
    private final CudaRuntime rt;
    private final Pointer handle;

    CusolverComplexPeer(Kind kind, CuSolverComplex cz, CuSolver cs, CudaRuntime rt, Pointer handle) {
        this.kind = kind;
        this.cz = cz;
        this.cs = cs;
        this.rt = rt;
        this.handle = handle;
    }

    public String name() {
        switch (kind) {
            case HEEVD: return "cusolver heevd";
            case HEEVJ: return "cusolver heevj";
            case GESVD: return "cusolver gesvd";
            case GESVDJ: return "cusolver gesvdj";
            default: return "cusolver getrf+getrs";
        }
    }

    public boolean isGpujacobi() { return false; }

    public String op() { return kind == Kind.HEEVD || kind == Kind.HEEVJ ? "eig" : kind == Kind.GETRF ? "inv" : "svd"; }

    public String unsupported(ComplexPageArray input) {
        return kind == Kind.GESVD && input.rows() < input.cols() ? "not run: gesvd needs m >= n" : null;
    }

    public Measurement measure(ComplexPageArray a, int repeats, boolean withTransfers) {
        Job job = new Job(a);
        try {
            job.upload();
            job.runAll();
            double[] ms = new double[repeats];
            for (int r = 0; r < repeats; r++) {
                long t0 = System.nanoTime();
                if (withTransfers) job.upload();
                job.runAll();
                if (withTransfers) job.downloadAll();
                ms[r] = (System.nanoTime() - t0) * 1e-6;
            }
            double[] acc = job.accuracy();
            String routine = (job.z ? "Z" : "C") + name().substring("cusolver ".length());
            return new Measurement(Measurement.median(ms), acc[0], acc[1], routine + (job.status != 0 ? ", devInfo " + job.status : ""));
        } finally {
            job.free();
        }
    }

    /** Device buffers and calls for one input; freed after the measurement. */
    private final class Job {
        final ComplexPageArray a;
        final int m, n, pages, rs, es;
        final boolean z;
        final long pageBytes;
        Pointer a0, work, w, u, v, info, ipiv, eye, params, rwork, solverWork;
        int lwork;
        int status;

        Job(ComplexPageArray a) {
            this.a = a;
            m = a.rows();
            n = a.cols();
            pages = a.pages();
            z = a.precision() == Precision.DOUBLE;
            rs = z ? 8 : 4;
            es = 2 * rs;
            pageBytes = (long) m * n * es;
        }

        Pointer alloc(long bytes) {
            PointerByReference p = new PointerByReference();
            CusolverPeer.check(rt.cudaMalloc(p, Math.max(8, bytes)), "cudaMalloc");
            return p.getValue();
        }

        void upload() {
            if (a0 == null) setUp();
            Memory host = new Memory(pageBytes * pages);
            if (z) host.write(0, a.doubleData(), 0, 2 * a.length());
            else host.write(0, a.floatData(), 0, 2 * a.length());
            CusolverPeer.check(rt.cudaMemcpy(a0, host, pageBytes * pages, 1), "cudaMemcpy H2D");
        }

        void setUp() {
            a0 = alloc(pageBytes * pages);
            work = alloc(pageBytes);
            info = alloc(4);
            IntByReference lw = new IntByReference();
            int k = Math.min(m, n);
            switch (kind) {
                case HEEVD:
                    w = alloc((long) n * rs);
                    CusolverPeer.check(z ? cz.cusolverDnZheevd_bufferSize(handle, 1, 0, n, work, n, w, lw)
                            : cz.cusolverDnCheevd_bufferSize(handle, 1, 0, n, work, n, w, lw), "heevd_bufferSize");
                    break;
                case HEEVJ: {
                    w = alloc((long) n * rs);
                    PointerByReference pr = new PointerByReference();
                    CusolverPeer.check(cs.cusolverDnCreateSyevjInfo(pr), "CreateSyevjInfo");
                    params = pr.getValue();
                    CusolverPeer.check(z ? cz.cusolverDnZheevj_bufferSize(handle, 1, 0, n, work, n, w, lw, params)
                            : cz.cusolverDnCheevj_bufferSize(handle, 1, 0, n, work, n, w, lw, params), "heevj_bufferSize");
                    break;
                }
                case GESVD:
                    w = alloc((long) k * rs);
                    u = alloc((long) m * m * es);
                    v = alloc((long) n * n * es);
                    rwork = alloc((long) k * rs);
                    CusolverPeer.check(z ? cz.cusolverDnZgesvd_bufferSize(handle, m, n, lw)
                            : cz.cusolverDnCgesvd_bufferSize(handle, m, n, lw), "gesvd_bufferSize");
                    break;
                case GESVDJ: {
                    w = alloc((long) k * rs);
                    u = alloc((long) m * m * es);
                    v = alloc((long) n * n * es);
                    PointerByReference pr = new PointerByReference();
                    CusolverPeer.check(cs.cusolverDnCreateGesvdjInfo(pr), "CreateGesvdjInfo");
                    params = pr.getValue();
                    CusolverPeer.check(z ? cz.cusolverDnZgesvdj_bufferSize(handle, 1, 0, m, n, work, m, w, u, m, v, n, lw, params)
                            : cz.cusolverDnCgesvdj_bufferSize(handle, 1, 0, m, n, work, m, w, u, m, v, n, lw, params), "gesvdj_bufferSize");
                    break;
                }
                default: {
                    ipiv = alloc(4L * n);
                    u = alloc(pageBytes); // B = I, overwritten by inv(A)
                    eye = alloc(pageBytes);
                    Memory id = new Memory(pageBytes);
                    id.clear();
                    for (int i = 0; i < n; i++) {
                        if (z) id.setDouble(((long) i * n + i) * es, 1.0);
                        else id.setFloat(((long) i * n + i) * es, 1f);
                    }
                    CusolverPeer.check(rt.cudaMemcpy(eye, id, pageBytes, 1), "cudaMemcpy H2D");
                    CusolverPeer.check(z ? cz.cusolverDnZgetrf_bufferSize(handle, n, n, work, n, lw)
                            : cz.cusolverDnCgetrf_bufferSize(handle, n, n, work, n, lw), "getrf_bufferSize");
                }
            }
            lwork = Math.max(1, lw.getValue());
            solverWork = alloc((long) lwork * es);
        }

        void runAll() {
            for (int k = 0; k < pages; k++) {
                CusolverPeer.check(rt.cudaMemcpy(work, a0.share(k * pageBytes), pageBytes, 3), "cudaMemcpy D2D");
                runOne();
            }
            CusolverPeer.check(rt.cudaDeviceSynchronize(), "cudaDeviceSynchronize");
            Memory h = new Memory(4);
            CusolverPeer.check(rt.cudaMemcpy(h, info, 4, 2), "cudaMemcpy D2H");
            status = h.getInt(0);
        }

        void runOne() {
            Pointer ws = solverWork;
            switch (kind) {
                case HEEVD:
                    CusolverPeer.check(z ? cz.cusolverDnZheevd(handle, 1, 0, n, work, n, w, ws, lwork, info)
                            : cz.cusolverDnCheevd(handle, 1, 0, n, work, n, w, ws, lwork, info), "heevd");
                    break;
                case HEEVJ:
                    CusolverPeer.check(z ? cz.cusolverDnZheevj(handle, 1, 0, n, work, n, w, ws, lwork, info, params)
                            : cz.cusolverDnCheevj(handle, 1, 0, n, work, n, w, ws, lwork, info, params), "heevj");
                    break;
                case GESVD:
                    CusolverPeer.check(z ? cz.cusolverDnZgesvd(handle, (byte) 'A', (byte) 'A', m, n, work, m, w, u, m, v, n, ws, lwork, rwork, info)
                            : cz.cusolverDnCgesvd(handle, (byte) 'A', (byte) 'A', m, n, work, m, w, u, m, v, n, ws, lwork, rwork, info), "gesvd");
                    break;
                case GESVDJ:
                    CusolverPeer.check(z ? cz.cusolverDnZgesvdj(handle, 1, 0, m, n, work, m, w, u, m, v, n, ws, lwork, info, params)
                            : cz.cusolverDnCgesvdj(handle, 1, 0, m, n, work, m, w, u, m, v, n, ws, lwork, info, params), "gesvdj");
                    break;
                default:
                    CusolverPeer.check(rt.cudaMemcpy(u, eye, pageBytes, 3), "cudaMemcpy D2D");
                    CusolverPeer.check(z ? cz.cusolverDnZgetrf(handle, n, n, work, n, ws, ipiv, info)
                            : cz.cusolverDnCgetrf(handle, n, n, work, n, ws, ipiv, info), "getrf");
                    CusolverPeer.check(z ? cz.cusolverDnZgetrs(handle, 0, n, n, work, n, ipiv, u, n, info)
                            : cz.cusolverDnCgetrs(handle, 0, n, n, work, n, ipiv, u, n, info), "getrs");
            }
        }

        void downloadAll() {
            Memory h = new Memory(pageBytes);
            CusolverPeer.check(rt.cudaMemcpy(h, kind == Kind.GETRF ? u : work, pageBytes, 2), "cudaMemcpy D2H");
        }

        /** Residual and orthogonality of page 0's result (rerun on page 0). */
        double[] accuracy() {
            CusolverPeer.check(rt.cudaMemcpy(work, a0, pageBytes, 3), "cudaMemcpy D2D");
            runOne();
            CusolverPeer.check(rt.cudaDeviceSynchronize(), "sync");
            ComplexPageArray a0p = page0();
            int k = Math.min(m, n);
            switch (kind) {
                case HEEVD:
                case HEEVJ:
                    return ComplexAccuracy.eig(a0p, real(w, n), fetch(work, n, n));
                case GESVD: {
                    ComplexPageArray vt = fetch(v, n, n), vv = ComplexPageArray.zeros(vt.precision(), n, n, 1);
                    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) vv.set(i, j, 0, vt.re(j, i, 0), -vt.im(j, i, 0));
                    return ComplexAccuracy.svd(a0p, fetch(u, m, m), real(w, k), vv);
                }
                case GESVDJ:
                    return ComplexAccuracy.svd(a0p, fetch(u, m, m), real(w, k), fetch(v, n, n));
                default:
                    return new double[]{ComplexAccuracy.inv(a0p, fetch(u, n, n)), Double.NaN};
            }
        }

        ComplexPageArray page0() {
            ComplexPageArray p = ComplexPageArray.zeros(a.precision(), m, n, 1);
            p.writePage(0, a.pageAsDouble(0));
            return p;
        }

        ComplexPageArray fetch(Pointer src, int rows, int cols) {
            long bytes = (long) rows * cols * es;
            Memory h = new Memory(Math.max(8, bytes));
            CusolverPeer.check(rt.cudaMemcpy(h, src, bytes, 2), "cudaMemcpy D2H");
            int count = 2 * rows * cols;
            if (z) return ComplexPageArray.wrap(h.getDoubleArray(0, count), rows, cols);
            return ComplexPageArray.wrap(h.getFloatArray(0, count), rows, cols);
        }

        PageArray real(Pointer src, int count) {
            Memory h = new Memory(Math.max(8, (long) count * rs));
            CusolverPeer.check(rt.cudaMemcpy(h, src, (long) count * rs, 2), "cudaMemcpy D2H");
            return z ? PageArray.wrap(h.getDoubleArray(0, count), count, 1) : PageArray.wrap(h.getFloatArray(0, count), count, 1);
        }

        void free() {
            for (Pointer p : new Pointer[]{a0, work, w, u, v, info, ipiv, eye, rwork, solverWork}) {
                if (p != null) rt.cudaFree(p);
            }
            if (params != null) {
                if (kind == Kind.HEEVJ) cs.cusolverDnDestroySyevjInfo(params);
                else cs.cusolverDnDestroyGesvdjInfo(params);
                params = null;
            }
        }
    }
}
