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
import io.github.gpujacobi.cuda.jna.CudaRuntime;

import static io.github.gpujacobi.cuda.peers.DeviceMemory.check;

/**
 * One complex cuSOLVER routine as a benchmark row: heevd and heevj (Hermitian
 * eig), gesvd and gesvdj (svd), getrf + getrs against the identity (inv); Z for double complex, C for
 * single complex input; pages in turn. Timed as {@link CusolverPeer}: the solver calls and the
 * device-to-device copy restoring the input; host transfers only with --with-transfers.
 */
final class CusolverComplexPeer implements ComplexBenchPeer {
    enum Kind { HEEVD, HEEVJ, GESVD, GESVDJ, GETRF }

    private final Kind kind;
    private final CuSolver cs;
    private final CudaRuntime rt;
    private final Pointer handle;
    private final DeviceMemory mem;

    CusolverComplexPeer(Kind kind, CuSolver cs, CudaRuntime rt, Pointer handle) {
        this.kind = kind;
        this.cs = cs;
        this.rt = rt;
        this.handle = handle;
        this.mem = new DeviceMemory(rt);
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
            double[] ms = SolverJob.time(job, repeats, withTransfers);
            double[] acc = job.accuracy();
            String routine = (job.z ? "Z" : "C") + name().substring("cusolver ".length());
            return new Measurement(Measurement.median(ms), acc[0], acc[1], routine + (job.status != 0 ? ", devInfo " + job.status : ""));
        } finally {
            job.free();
        }
    }

    /** Bytes of one complex element of a: 16 (double) or 8 (single). */
    private static int bytes(ComplexPageArray a) { return a.precision() == Precision.DOUBLE ? 16 : 8; }

    /** Device buffers and calls for one input; freed after the measurement. */
    private final class Job extends SolverJob {
        final ComplexPageArray a;
        final int rs, es;
        final boolean z;

        Job(ComplexPageArray a) {
            super(CusolverComplexPeer.this.mem, a.rows(), a.cols(), a.pages(), (long) a.rows() * a.cols() * bytes(a),
                    a.doubleData(), a.floatData(), 2 * a.length());
            this.a = a;
            z = a.precision() == Precision.DOUBLE;
            rs = z ? 8 : 4;
            es = 2 * rs;
        }

        @Override
        void setUp() {
            a0 = mem.alloc(pageBytes * pages);
            work = mem.alloc(pageBytes);
            info = mem.alloc(4);
            IntByReference lw = new IntByReference();
            int k = Math.min(m, n);
            switch (kind) {
                case HEEVD:
                    w = mem.alloc((long) n * rs);
                    check(z ? cs.cusolverDnZheevd_bufferSize(handle, 1, 0, n, work, n, w, lw)
                            : cs.cusolverDnCheevd_bufferSize(handle, 1, 0, n, work, n, w, lw), "heevd_bufferSize");
                    break;
                case HEEVJ: {
                    w = mem.alloc((long) n * rs);
                    PointerByReference pr = new PointerByReference();
                    check(cs.cusolverDnCreateSyevjInfo(pr), "CreateSyevjInfo");
                    params = pr.getValue();
                    check(z ? cs.cusolverDnZheevj_bufferSize(handle, 1, 0, n, work, n, w, lw, params)
                            : cs.cusolverDnCheevj_bufferSize(handle, 1, 0, n, work, n, w, lw, params), "heevj_bufferSize");
                    break;
                }
                case GESVD:
                    w = mem.alloc((long) k * rs);
                    u = mem.alloc((long) m * m * es);
                    v = mem.alloc((long) n * n * es);
                    rwork = mem.alloc((long) k * rs);
                    check(z ? cs.cusolverDnZgesvd_bufferSize(handle, m, n, lw)
                            : cs.cusolverDnCgesvd_bufferSize(handle, m, n, lw), "gesvd_bufferSize");
                    break;
                case GESVDJ: {
                    w = mem.alloc((long) k * rs);
                    u = mem.alloc((long) m * m * es);
                    v = mem.alloc((long) n * n * es);
                    PointerByReference pr = new PointerByReference();
                    check(cs.cusolverDnCreateGesvdjInfo(pr), "CreateGesvdjInfo");
                    params = pr.getValue();
                    check(z ? cs.cusolverDnZgesvdj_bufferSize(handle, 1, 0, m, n, work, m, w, u, m, v, n, lw, params)
                            : cs.cusolverDnCgesvdj_bufferSize(handle, 1, 0, m, n, work, m, w, u, m, v, n, lw, params), "gesvdj_bufferSize");
                    break;
                }
                default: {
                    ipiv = mem.alloc(4L * n);
                    u = mem.alloc(pageBytes); // B = I, overwritten by inv(A)
                    eye = mem.alloc(pageBytes);
                    mem.uploadIdentity(eye, n, pageBytes, z, es);
                    check(z ? cs.cusolverDnZgetrf_bufferSize(handle, n, n, work, n, lw)
                            : cs.cusolverDnCgetrf_bufferSize(handle, n, n, work, n, lw), "getrf_bufferSize");
                }
            }
            workspace(lw.getValue(), es);
        }

        @Override
        void runOne() {
            Pointer ws = solverWork;
            switch (kind) {
                case HEEVD:
                    check(z ? cs.cusolverDnZheevd(handle, 1, 0, n, work, n, w, ws, lwork, info)
                            : cs.cusolverDnCheevd(handle, 1, 0, n, work, n, w, ws, lwork, info), "heevd");
                    break;
                case HEEVJ:
                    check(z ? cs.cusolverDnZheevj(handle, 1, 0, n, work, n, w, ws, lwork, info, params)
                            : cs.cusolverDnCheevj(handle, 1, 0, n, work, n, w, ws, lwork, info, params), "heevj");
                    break;
                case GESVD:
                    check(z ? cs.cusolverDnZgesvd(handle, (byte) 'A', (byte) 'A', m, n, work, m, w, u, m, v, n, ws, lwork, rwork, info)
                            : cs.cusolverDnCgesvd(handle, (byte) 'A', (byte) 'A', m, n, work, m, w, u, m, v, n, ws, lwork, rwork, info), "gesvd");
                    break;
                case GESVDJ:
                    check(z ? cs.cusolverDnZgesvdj(handle, 1, 0, m, n, work, m, w, u, m, v, n, ws, lwork, info, params)
                            : cs.cusolverDnCgesvdj(handle, 1, 0, m, n, work, m, w, u, m, v, n, ws, lwork, info, params), "gesvdj");
                    break;
                default:
                    check(rt.cudaMemcpy(u, eye, pageBytes, 3), "cudaMemcpy D2D");
                    check(z ? cs.cusolverDnZgetrf(handle, n, n, work, n, ws, ipiv, info)
                            : cs.cusolverDnCgetrf(handle, n, n, work, n, ws, ipiv, info), "getrf");
                    check(z ? cs.cusolverDnZgetrs(handle, 0, n, n, work, n, ipiv, u, n, info)
                            : cs.cusolverDnCgetrs(handle, 0, n, n, work, n, ipiv, u, n, info), "getrs");
            }
        }

        @Override
        Pointer result() { return kind == Kind.GETRF ? u : work; }

        /** Residual and orthogonality of page 0's result (rerun on page 0). */
        double[] accuracy() {
            check(rt.cudaMemcpy(work, a0, pageBytes, 3), "cudaMemcpy D2D");
            runOne();
            check(rt.cudaDeviceSynchronize(), "sync");
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
            Memory h = mem.download(src, bytes);
            int count = 2 * rows * cols;
            if (z) return ComplexPageArray.wrap(h.getDoubleArray(0, count), rows, cols);
            return ComplexPageArray.wrap(h.getFloatArray(0, count), rows, cols);
        }

        PageArray real(Pointer src, int count) {
            Memory h = mem.download(src, (long) count * rs);
            return z ? PageArray.wrap(h.getDoubleArray(0, count), count, 1) : PageArray.wrap(h.getFloatArray(0, count), count, 1);
        }

        @Override
        void destroyParams() {
            if (kind == Kind.HEEVJ) cs.cusolverDnDestroySyevjInfo(params);
            else cs.cusolverDnDestroyGesvdjInfo(params);
        }
    }
}
