package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Memory;
import io.github.gpujacobi.cuda.jna.CuSolver;
import io.github.gpujacobi.cuda.jna.CudaRuntime;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.bench.Accuracy;
import io.github.gpujacobi.bench.BenchPeer;
import io.github.gpujacobi.bench.Measurement;

import static io.github.gpujacobi.cuda.peers.DeviceMemory.check;

/**
 * One cuSOLVER routine as a benchmark row: syevd and syevj (eig), gesvd and gesvdj (svd),
 * getrf + getrs against the identity (inv, what cupy.linalg.inv and MATLAB's gpuArray inv do),
 * and for page arrays of matrices up to 32 x 32 the batched syevjBatched and gesvdjBatched (one
 * call for all pages), and for pages of any order the 64-bit API's cusolverDnXsyevBatched (CUDA 12.6+;
 * the row says so where the library lacks it). Other routines loop over the pages. The timed region is the solver calls plus the device-to-device copy that
 * restores the input they overwrite; host transfers only with --with-transfers.
 */
final class CusolverPeer implements BenchPeer {
    enum Kind { SYEVD, SYEVJ, SYEVJ_BATCHED, XSYEV_BATCHED, GESVD, GESVDJ, GESVDJ_BATCHED, GETRF }

    /** cuSOLVER's batched Jacobi routines take matrices up to this order. */
    static final int BATCHED_MAX = 32;

    private final Kind kind;
    private final CuSolver cs;
    private final CudaRuntime rt;
    private final Pointer handle;
    private final DeviceMemory mem;

    CusolverPeer(Kind kind, CuSolver cs, CudaRuntime rt, Pointer handle) {
        this.kind = kind;
        this.cs = cs;
        this.rt = rt;
        this.handle = handle;
        this.mem = new DeviceMemory(rt);
    }

    public String name() {
        switch (kind) {
            case SYEVD: return "cusolver syevd";
            case SYEVJ: return "cusolver syevj";
            case SYEVJ_BATCHED: return "cusolver syevjBatched";
            case XSYEV_BATCHED: return "cusolver XsyevBatched";
            case GESVDJ_BATCHED: return "cusolver gesvdjBatched";
            case GESVD: return "cusolver gesvd";
            case GESVDJ: return "cusolver gesvdj";
            default: return "cusolver getrf+getrs";
        }
    }

    public boolean isGpujacobi() { return false; }

    public String op() {
        return kind == Kind.SYEVD || kind == Kind.SYEVJ || kind == Kind.SYEVJ_BATCHED || kind == Kind.XSYEV_BATCHED ? "eig"
                : kind == Kind.GETRF ? "inv" : "svd";
    }

    private boolean batched() { return kind == Kind.SYEVJ_BATCHED || kind == Kind.GESVDJ_BATCHED || kind == Kind.XSYEV_BATCHED; }

    public boolean applies(PageArray input) {
        if (kind == Kind.XSYEV_BATCHED) return input.pages() > 1;
        return !batched() || (input.pages() > 1 && input.rows() <= BATCHED_MAX && input.cols() <= BATCHED_MAX);
    }

    public String unsupported(PageArray input) {
        return kind == Kind.GESVD && input.rows() < input.cols() ? "not run: gesvd needs m >= n" : null;
    }

    public Measurement measure(PageArray a, int repeats, boolean withTransfers) {
        Job job = new Job(a);
        try {
            try {
                job.upload();
            } catch (UnsatisfiedLinkError e) { // a libcusolver older than CUDA 12.6 (XsyevBatched)
                throw new UnsupportedOperationException(name() + ": not in this libcusolver (" + e.getMessage() + ")");
            }
            double[] ms = SolverJob.time(job, repeats, withTransfers);
            double[] acc = job.accuracy();
            return new Measurement(Measurement.median(ms), acc[0], acc[1], job.status != 0 ? "devInfo " + job.status : "");
        } finally {
            job.free();
        }
    }

    private static int bytes(PageArray a) { return a.precision() == Precision.DOUBLE ? 8 : 4; }

    /** Device buffers and calls for one input; freed after the measurement. */
    private final class Job extends SolverJob {
        final PageArray a;
        final int es;
        final boolean dbl;

        Job(PageArray a) {
            super(CusolverPeer.this.mem, a.rows(), a.cols(), a.pages(), (long) a.rows() * a.cols() * bytes(a),
                    a.doubleData(), a.floatData(), a.length());
            this.a = a;
            dbl = a.precision() == Precision.DOUBLE;
            es = dbl ? 8 : 4;
        }

        @Override
        boolean batched() { return CusolverPeer.this.batched(); }

        /**
         * A non-square single SVD is the thin one (U m x min(m, n), V n x min(m, n)), as the gpujacobi
         * rows compute it (JacobiPeer); square ones stay full, as they always were.
         */
        boolean thin() { return m != n && !batched(); }

        int econ() { return thin() ? 1 : 0; }

        @Override
        void setUp() {
            int batch = batched() ? pages : 1; // pages held on the device at once
            a0 = mem.alloc(pageBytes * pages);
            work = mem.alloc(pageBytes * batch);
            info = mem.alloc(4L * batch);
            IntByReference lw = new IntByReference();
            switch (kind) {
                case SYEVD:
                    w = mem.alloc((long) n * es);
                    check(dbl ? cs.cusolverDnDsyevd_bufferSize(handle, 1, 0, n, work, n, w, lw)
                            : cs.cusolverDnSsyevd_bufferSize(handle, 1, 0, n, work, n, w, lw), "syevd_bufferSize");
                    break;
                case SYEVJ: {
                    w = mem.alloc((long) n * es);
                    PointerByReference pr = new PointerByReference();
                    check(cs.cusolverDnCreateSyevjInfo(pr), "CreateSyevjInfo");
                    params = pr.getValue();
                    check(dbl ? cs.cusolverDnDsyevj_bufferSize(handle, 1, 0, n, work, n, w, lw, params)
                            : cs.cusolverDnSsyevj_bufferSize(handle, 1, 0, n, work, n, w, lw, params), "syevj_bufferSize");
                    break;
                }
                case SYEVJ_BATCHED: {
                    w = mem.alloc((long) n * es * batch);
                    PointerByReference pr = new PointerByReference();
                    check(cs.cusolverDnCreateSyevjInfo(pr), "CreateSyevjInfo");
                    params = pr.getValue();
                    check(dbl ? cs.cusolverDnDsyevjBatched_bufferSize(handle, 1, 0, n, work, n, w, lw, params, batch)
                            : cs.cusolverDnSsyevjBatched_bufferSize(handle, 1, 0, n, work, n, w, lw, params, batch),
                            "syevjBatched_bufferSize");
                    break;
                }
                case XSYEV_BATCHED: {
                    w = mem.alloc((long) n * es * batch);
                    PointerByReference pr = new PointerByReference();
                    check(cs.cusolverDnCreateParams(pr), "CreateParams");
                    params = pr.getValue();
                    LongByReference dev = new LongByReference(), host = new LongByReference();
                    int type = dbl ? 1 : 0; // CUDA_R_64F : CUDA_R_32F
                    check(cs.cusolverDnXsyevBatched_bufferSize(handle, params, 1, 0, n, type, work, n, type, w, type, dev, host,
                            batch), "XsyevBatched_bufferSize");
                    lw.setValue((int) Math.min(Integer.MAX_VALUE, (dev.getValue() + es - 1) / es));
                    hostWork = new Memory(Math.max(8, host.getValue()));
                    hostBytes = host.getValue();
                    break;
                }
                case GESVDJ_BATCHED: {
                    w = mem.alloc((long) Math.min(m, n) * es * batch);
                    u = mem.alloc((long) m * m * es * batch);
                    v = mem.alloc((long) n * n * es * batch);
                    PointerByReference pr = new PointerByReference();
                    check(cs.cusolverDnCreateGesvdjInfo(pr), "CreateGesvdjInfo");
                    params = pr.getValue();
                    check(dbl ? cs.cusolverDnDgesvdjBatched_bufferSize(handle, 1, m, n, work, m, w, u, m, v, n, lw, params, batch)
                            : cs.cusolverDnSgesvdjBatched_bufferSize(handle, 1, m, n, work, m, w, u, m, v, n, lw, params, batch),
                            "gesvdjBatched_bufferSize");
                    break;
                }
                case GESVD:
                    w = mem.alloc((long) Math.min(m, n) * es);
                    u = mem.alloc((long) m * m * es);
                    v = mem.alloc((long) n * n * es);
                    // rwork: cuSOLVER's signature takes a device array of min(m, n) - 1 reals (the unconverged
                    // superdiagonal); null is outside that contract, and rows passing it failed with status 7
                    // (CUSOLVER_STATUS_INTERNAL_ERROR) and left an illegal address in the context
                    rwork = mem.alloc((long) Math.min(m, n) * es);
                    check(dbl ? cs.cusolverDnDgesvd_bufferSize(handle, m, n, lw)
                            : cs.cusolverDnSgesvd_bufferSize(handle, m, n, lw), "gesvd_bufferSize");
                    break;
                case GESVDJ: {
                    w = mem.alloc((long) Math.min(m, n) * es);
                    u = mem.alloc((long) m * m * es);
                    v = mem.alloc((long) n * n * es);
                    PointerByReference pr = new PointerByReference();
                    check(cs.cusolverDnCreateGesvdjInfo(pr), "CreateGesvdjInfo");
                    params = pr.getValue();
                    check(dbl ? cs.cusolverDnDgesvdj_bufferSize(handle, 1, econ(), m, n, work, m, w, u, m, v, n, lw, params)
                            : cs.cusolverDnSgesvdj_bufferSize(handle, 1, econ(), m, n, work, m, w, u, m, v, n, lw, params),
                            "gesvdj_bufferSize");
                    break;
                }
                default: {
                    ipiv = mem.alloc(4L * n);
                    u = mem.alloc(pageBytes); // B = I, overwritten by inv(A)
                    eye = mem.alloc(pageBytes);
                    mem.uploadIdentity(eye, n, pageBytes, dbl, es);
                    check(dbl ? cs.cusolverDnDgetrf_bufferSize(handle, n, n, work, n, lw)
                            : cs.cusolverDnSgetrf_bufferSize(handle, n, n, work, n, lw), "getrf_bufferSize");
                }
            }
            // the matrix work copy and the solver workspace are separate allocations
            workspace(lw.getValue(), es);
        }

        /** XsyevBatched's host workspace. */
        Memory hostWork;
        long hostBytes;

        @Override
        void runOne() {
            Pointer ws = solverWork;
            switch (kind) {
                case SYEVD:
                    check(dbl ? cs.cusolverDnDsyevd(handle, 1, 0, n, work, n, w, ws, lwork, info)
                            : cs.cusolverDnSsyevd(handle, 1, 0, n, work, n, w, ws, lwork, info), "syevd");
                    break;
                case SYEVJ:
                    check(dbl ? cs.cusolverDnDsyevj(handle, 1, 0, n, work, n, w, ws, lwork, info, params)
                            : cs.cusolverDnSsyevj(handle, 1, 0, n, work, n, w, ws, lwork, info, params), "syevj");
                    break;
                case SYEVJ_BATCHED:
                    check(dbl ? cs.cusolverDnDsyevjBatched(handle, 1, 0, n, work, n, w, ws, lwork, info, params, pages)
                            : cs.cusolverDnSsyevjBatched(handle, 1, 0, n, work, n, w, ws, lwork, info, params, pages),
                            "syevjBatched");
                    break;
                case XSYEV_BATCHED: {
                    int type = dbl ? 1 : 0;
                    check(cs.cusolverDnXsyevBatched(handle, params, 1, 0, n, type, work, n, type, w, type, ws, (long) lwork * es,
                            hostWork, hostBytes, info, pages), "XsyevBatched");
                    break;
                }
                case GESVDJ_BATCHED:
                    check(dbl ? cs.cusolverDnDgesvdjBatched(handle, 1, m, n, work, m, w, u, m, v, n, ws, lwork, info, params, pages)
                            : cs.cusolverDnSgesvdjBatched(handle, 1, m, n, work, m, w, u, m, v, n, ws, lwork, info, params, pages),
                            "gesvdjBatched");
                    break;
                case GESVD: {
                    byte job = thin() ? (byte) 'S' : (byte) 'A';
                    check(dbl ? cs.cusolverDnDgesvd(handle, job, job, m, n, work, m, w, u, m, v, n, ws, lwork, rwork, info)
                            : cs.cusolverDnSgesvd(handle, job, job, m, n, work, m, w, u, m, v, n, ws, lwork, rwork, info),
                            "gesvd");
                    break;
                }
                case GESVDJ:
                    check(dbl ? cs.cusolverDnDgesvdj(handle, 1, econ(), m, n, work, m, w, u, m, v, n, ws, lwork, info, params)
                            : cs.cusolverDnSgesvdj(handle, 1, econ(), m, n, work, m, w, u, m, v, n, ws, lwork, info, params),
                            "gesvdj");
                    break;
                default:
                    check(rt.cudaMemcpy(u, eye, pageBytes, 3), "cudaMemcpy D2D");
                    check(dbl ? cs.cusolverDnDgetrf(handle, n, n, work, n, ws, ipiv, info)
                            : cs.cusolverDnSgetrf(handle, n, n, work, n, ws, ipiv, info), "getrf");
                    check(dbl ? cs.cusolverDnDgetrs(handle, 0, n, n, work, n, ipiv, u, n, info)
                            : cs.cusolverDnSgetrs(handle, 0, n, n, work, n, ipiv, u, n, info), "getrs");
            }
        }

        @Override
        Pointer result() { return kind == Kind.GETRF ? u : work; }

        /** Residual and orthogonality of the last page-0 result (the last run left page pages-1; rerun page 0). */
        double[] accuracy() {
            if (!Accuracy.checked(a)) return new double[]{Double.NaN, Double.NaN};
            check(rt.cudaMemcpy(work, a0, batched() ? pageBytes * pages : pageBytes, 3), "cudaMemcpy D2D");
            runOne(); // page 0's results lie first, batched or not
            check(rt.cudaDeviceSynchronize(), "sync");
            PageArray a0p = a.page(0);
            switch (kind) {
                case SYEVD:
                case SYEVJ:
                case SYEVJ_BATCHED:
                case XSYEV_BATCHED: {
                    PageArray vecs = fetch(work, n, n);
                    PageArray vals = fetch(w, n, 1);
                    return Accuracy.eig(a0p, vals, vecs);
                }
                case GESVD: { // m >= n: thin U is m x n, VT n x n either way
                    PageArray uu = fetch(u, m, thin() ? n : m), ss = fetch(w, Math.min(m, n), 1), vt = fetch(v, n, n);
                    PageArray vv = PageArray.zeros(vt.precision(), n, n, 1);
                    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) vv.set(i, j, vt.get(j, i));
                    return Accuracy.svd(a0p, uu, ss, vv);
                }
                case GESVDJ:
                case GESVDJ_BATCHED: {
                    int k = thin() ? Math.min(m, n) : 0;
                    return Accuracy.svd(a0p, fetch(u, m, thin() ? k : m), fetch(w, Math.min(m, n), 1), fetch(v, n, thin() ? k : n));
                }
                default:
                    return new double[]{Accuracy.inv(a0p, fetch(u, n, n)), Double.NaN};
            }
        }

        PageArray fetch(Pointer src, int rows, int cols) {
            long bytes = (long) rows * cols * es;
            Memory h = mem.download(src, bytes);
            if (dbl) return PageArray.wrap(h.getDoubleArray(0, rows * cols), rows, cols);
            return PageArray.wrap(h.getFloatArray(0, rows * cols), rows, cols);
        }

        @Override
        void destroyParams() { // the syevj/gesvdj parameter objects are cuSOLVER allocations too
            if (kind == Kind.XSYEV_BATCHED) cs.cusolverDnDestroyParams(params);
            else if (kind == Kind.SYEVJ || kind == Kind.SYEVJ_BATCHED) cs.cusolverDnDestroySyevjInfo(params);
            else cs.cusolverDnDestroyGesvdjInfo(params);
        }
    }
}
