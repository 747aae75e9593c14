package io.github.gpujacobi.api;

import java.util.Locale;

/**
 * Immutable options of one call. Every {@code withX} returns a changed copy, so a default instance
 * can be shared. Unset numeric options (NaN or 0) mean "the solver's default for the precision".
 */
public final class SolverOptions {
    /** Relative asymmetry max|A - A'| / max|A| accepted as symmetric, in units of eps of the class. */
    public static final double SYMMETRY_TOLERANCE_EPS = 64;

    private Device device = Device.AUTO;
    private int deviceIndex = -1;
    /** Explicit GPU list (logical devices; a repeated index is a second context on that GPU), or null: all visible. */
    private int[] gpus;
    private String method = "auto";
    private double tol = Double.NaN;
    private int maxSweeps = 0;
    private int fixedSweeps = 0;
    private int threads = 0;
    private boolean vectors = true;
    private boolean econ = false;
    private String caller = "gpujacobi";
    private String variable = "A";

    public static SolverOptions defaults() { return new SolverOptions(); }

    private SolverOptions copy() {
        SolverOptions o = new SolverOptions();
        o.device = device;
        o.deviceIndex = deviceIndex;
        o.gpus = gpus;
        o.method = method;
        o.tol = tol;
        o.maxSweeps = maxSweeps;
        o.fixedSweeps = fixedSweeps;
        o.threads = threads;
        o.vectors = vectors;
        o.econ = econ;
        o.caller = caller;
        o.variable = variable;
        return o;
    }

    public Device device() { return device; }

    /**
     * Which GPU of the machine (0, 1, ...; a scheduler's assignment such as Spark's), or -1 for the
     * backend's default. The CUDA backend does not read it per call: it opens one GPU per process
     * ({@code -Dgpujacobi.cuda.device=N}, default 0), which batch and the Spark job set from this index.
     */
    public int deviceIndex() { return deviceIndex; }

    /**
     * The GPUs a call may use, as indices the CUDA driver numbers (after CUDA_VISIBLE_DEVICES), or null
     * for the backend's default: every visible GPU. A device index ({@link #withDeviceIndex}) alone
     * means that one GPU, so the older option keeps its meaning. A repeated index ("0,0") runs two
     * logical devices, each with its own context, on one GPU: the multi-GPU paths on one GPU, for tests.
     */
    public int[] gpus() {
        if (gpus != null) return gpus.clone();
        return deviceIndex >= 0 ? new int[]{deviceIndex} : null;
    }

    /** Whether a GPU list was given (not just a device index). */
    public boolean gpusGiven() { return gpus != null; }

    /** Lower-case method name; "auto" lets the backend choose. */
    public String method() { return method; }

    /** Convergence tolerance, or NaN for the default ({@link #tolFor}). */
    public double tol() { return tol; }

    /**
     * Default tolerance: a small multiple of eps of the working class, scaled with sqrt(n) like LAPACK's Jacobi. A given
     * Tol below eps of the class is raised to it: no test in that class's arithmetic can certify orthogonality below its
     * rounding unit, and one-sided Jacobi asked for Tol 0 (or 1e-20) rotated every pair for ever, then reported an
     * accurate result as not converged (as LAPACK's dgesvj, whose CTOL is at least 1 eps).
     */
    public double tolFor(Precision p, int n) {
        if (!Double.isNaN(tol)) return Math.max(tol, p.eps());
        return p.eps() * Math.max(1.0, Math.sqrt(n));
    }

    /** Sweep limit, or 0 for the default. */
    public int maxSweeps() { return maxSweeps; }

    public int maxSweepsOr(int dflt) { return maxSweeps > 0 ? maxSweeps : dflt; }

    /** When > 0, run exactly this many sweeps with no convergence test (the seeds' timing mode). */
    public int fixedSweeps() { return fixedSweeps; }

    /** Worker threads, 0 for one per core. */
    public int threads() { return threads; }

    public int threadsOrCores() {
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }

    /** Whether eigen/singular vectors are wanted (false: values only, which is cheaper). */
    public boolean vectors() { return vectors; }

    /** SVD: thin (economy) U and V instead of full ones. */
    public boolean econ() { return econ; }

    /** The user-facing function name used in messages, e.g. {@code gpu_eig}. */
    public String caller() { return caller; }

    /** The user-facing variable name used in messages, e.g. {@code A}. */
    public String variable() { return variable; }

    /** "gpu_eig: A" as the start of a message. */
    public String where() { return caller + ": " + variable; }

    public SolverOptions withDevice(Device d) { SolverOptions o = copy(); o.device = d; return o; }

    public SolverOptions withDevice(String d) {
        try {
            return withDevice(Device.fromName(d));
        } catch (JacobiException e) {
            throw new JacobiException(e.kind(), caller + ": " + e.getMessage());
        }
    }

    public SolverOptions withDeviceIndex(int i) {
        if (i < -1) throw new JacobiException(ErrorKind.BAD_OPTION, caller + ": device index must be >= 0, got " + i);
        SolverOptions o = copy(); o.deviceIndex = i; return o;
    }

    /** Explicit GPUs (see {@link #gpus}); null or empty restores the default, all visible GPUs. */
    public SolverOptions withGpus(int[] list) {
        SolverOptions o = copy();
        o.gpus = list == null || list.length == 0 ? null : GpuList.check(caller, list);
        return o;
    }

    /** The GPU list as text: "0,1", "1", "all" (the default). */
    public SolverOptions withGpus(String list) { return withGpus(GpuList.parse(caller, list)); }

    public SolverOptions withMethod(String m) {
        SolverOptions o = copy();
        o.method = m == null || m.trim().isEmpty() ? "auto" : m.trim().toLowerCase(Locale.ROOT);
        return o;
    }

    /** A relative tolerance from 0 to below 1 (NaN: the default); 1 or more would pass any matrix unrotated. */
    public SolverOptions withTol(double t) {
        if (!(t >= 0 && t < 1) && !Double.isNaN(t)) {
            throw new JacobiException(ErrorKind.BAD_OPTION, caller + ": Tol must be from 0 to below 1 (a relative "
                    + "off-diagonal tolerance), got " + t);
        }
        SolverOptions o = copy(); o.tol = t; return o;
    }

    public SolverOptions withMaxSweeps(int s) {
        if (s < 0) throw new JacobiException(ErrorKind.BAD_OPTION, caller + ": MaxSweeps must be 0 (the default) or more, got " + s);
        SolverOptions o = copy(); o.maxSweeps = s; return o;
    }

    public SolverOptions withFixedSweeps(int s) {
        if (s < 0) throw new JacobiException(ErrorKind.BAD_OPTION, caller + ": fixed sweeps must be >= 0, got " + s);
        SolverOptions o = copy(); o.fixedSweeps = s; return o;
    }

    /**
     * The most worker threads one call may ask for: each is a native thread, and a JVM asked for 10^5 of them ran out of
     * native memory and ended the MATLAB or Octave session hosting it.
     */
    public static final int MAX_THREADS = 1024;

    /** Worker threads, 0 for one per core, at most {@link #MAX_THREADS}. */
    public SolverOptions withThreads(int t) {
        if (t < 0 || t > MAX_THREADS) {
            throw new JacobiException(ErrorKind.BAD_OPTION, caller + ": Threads must be 0 (one per core) to " + MAX_THREADS
                    + ", got " + t);
        }
        SolverOptions o = copy(); o.threads = t; return o;
    }

    public SolverOptions withVectors(boolean v) { SolverOptions o = copy(); o.vectors = v; return o; }

    public SolverOptions withEcon(boolean e) { SolverOptions o = copy(); o.econ = e; return o; }

    public SolverOptions withCaller(String c) { SolverOptions o = copy(); o.caller = c; return o; }

    public SolverOptions withVariable(String v) { SolverOptions o = copy(); o.variable = v; return o; }

    @Override
    public String toString() {
        return "device=" + device.name().toLowerCase(Locale.ROOT) + (deviceIndex >= 0 ? ":" + deviceIndex : "")
                + (gpus != null ? " gpus=" + GpuList.format(gpus) : "")
                + " method=" + method
                + (Double.isNaN(tol) ? "" : " tol=" + tol)
                + (maxSweeps > 0 ? " maxSweeps=" + maxSweeps : "")
                + (fixedSweeps > 0 ? " fixedSweeps=" + fixedSweeps : "")
                + (threads > 0 ? " threads=" + threads : "")
                + (vectors ? "" : " valuesOnly") + (econ ? " econ" : "");
    }
}
