package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Pointer;
import io.github.gpujacobi.bench.Measurement;

/**
 * One input's device work in a cuSOLVER row, real ({@link CusolverPeer}) or complex
 * ({@link CusolverComplexPeer}): the buffers they share, the upload, the page loop, the download and
 * the clean-up, and the timing protocol. A subclass allocates for its routine ({@link #setUp}),
 * calls it on the current page ({@link #runOne}) and names its result buffer.
 */
abstract class SolverJob {
    final DeviceMemory mem;
    final int m, n, pages;
    /** Bytes of one page of the input. */
    final long pageBytes;
    private final double[] hostD;
    private final float[] hostF;
    private final int hostCount;
    /** The input (a0), the copy the solver overwrites (work), and what the routines need besides. */
    Pointer a0, work, w, u, v, info, ipiv, eye, params, rwork, solverWork;
    int lwork;
    /** devInfo of the last run (0: success). */
    int status;

    /** d or f: the input's host data, count numbers of it. */
    SolverJob(DeviceMemory mem, int m, int n, int pages, long pageBytes, double[] d, float[] f, int count) {
        this.mem = mem;
        this.m = m;
        this.n = n;
        this.pages = pages;
        this.pageBytes = pageBytes;
        this.hostD = d;
        this.hostF = f;
        this.hostCount = count;
    }

    /** Allocates the buffers and the workspace of the routine (on the first upload). */
    abstract void setUp();

    /** The routine on the pages in work (one page, or all of them for a batched routine). */
    abstract void runOne();

    /** Where the routine leaves its result (what --with-transfers downloads). */
    abstract Pointer result();

    /** Destroys the routine's parameter object (params, not null). */
    abstract void destroyParams();

    /** True for a routine that takes all pages in one call. */
    boolean batched() { return false; }

    /** lwork from the routine's query (at least 1) and its workspace of elements of es bytes. */
    void workspace(int queried, int es) {
        lwork = Math.max(1, queried);
        solverWork = mem.alloc((long) lwork * es);
    }

    /** Host input to the device (allocating on the first call). */
    public void upload() {
        if (a0 == null) setUp();
        mem.upload(a0, hostD, hostF, hostCount, pageBytes * pages);
    }

    /** Every page once, restoring the input each solver call overwrites first; waits for the device. */
    void runAll() {
        // a batched routine takes all pages in one call: one "page" of all the pages' bytes
        status = batched() ? mem.eachPage(a0, work, pageBytes * pages, 1, this::runOne, info)
                : mem.eachPage(a0, work, pageBytes, pages, this::runOne, info);
    }

    void downloadAll() {
        mem.download(result(), pageBytes);
    }

    void free() {
        mem.free(a0, work, w, u, v, info, ipiv, eye, rwork, solverWork);
        if (params != null) {
            destroyParams();
            params = null;
        }
    }

    /**
     * After the first upload: one untimed run, then {@code repeats} timed ones, the host transfers
     * inside them only with --with-transfers. Returns the times in milliseconds.
     */
    static double[] time(SolverJob job, int repeats, boolean withTransfers) {
        Runnable call = () -> {
            if (withTransfers) job.upload();
            job.runAll();
            if (withTransfers) job.downloadAll();
        };
        // warmed up as gpujacobi's rows are: the whole call several times when it is what is timed
        io.github.gpujacobi.bench.TimedRuns.warmUp(call, withTransfers);
        return Measurement.time(repeats, call);
    }
}
