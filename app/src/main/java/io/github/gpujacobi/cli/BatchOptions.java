package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Device;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The command line of {@code batch}: picocli sets the annotated fields, {@link #finish} checks them together. */
final class BatchOptions {
    @Option(names = "--op", required = true, paramLabel = "OP", converter = OpConverter.class,
            description = "eig, svd, inv or hsvd")
    Operation op;

    @Option(names = "--device", paramLabel = "DEVICE", defaultValue = "auto", converter = DeviceConverter.class,
            description = "where to compute: auto, cpu or gpu (default: ${DEFAULT-VALUE})")
    Device device;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "auto",
            description = "the solver method; the methods of each operation are listed below (default: ${DEFAULT-VALUE})")
    String method;

    @Option(names = "--tol", paramLabel = "TOL",
            description = "convergence tolerance (default: eps*sqrt(n) of the class)")
    Double tol;

    @Option(names = "--max-sweeps", paramLabel = "S", description = "sweep limit (default: the method's own)")
    Integer maxSweeps;

    @Option(names = "--precision", paramLabel = "P", defaultValue = "keep", converter = PrecisionConverter.class,
            description = "computation and result class: keep, single or double (default: ${DEFAULT-VALUE})")
    Precision precision;

    @Option(names = "--econ", description = "svd: economy-size U and V")
    boolean econ;

    @Option(names = "--vars", paramLabel = "NAME", split = ",", description = "only these variables (comma-separated)")
    List<String> varList;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1", description = "files processed at once (default: ${DEFAULT-VALUE})")
    int jobs;

    @Option(names = "--force", description = "recompute results that are up to date (and retry variables that failed)")
    boolean force;

    @Option(names = {"-q", "--quiet"}, description = "no progress bar, and only failures per variable")
    boolean quiet;

    @Option(names = "--exact-residual",
            description = "compute each residual exactly, O(n^3); default: estimated from 4 random probe vectors, O(n^2) "
                    + "(within 10x of the exact figure but for a chance < 3e-4)")
    boolean exactResidual;

    @Option(names = "--no-compress", description = "write results uncompressed (much faster for large results, bigger files)")
    boolean noCompress;

    @Option(names = "--device-index", paramLabel = "N", defaultValue = "-1",
            description = "one GPU to use: 0, 1, ... (the same as --gpus N; kept for older scripts)")
    int deviceIndex;

    @Option(names = "--gpus", paramLabel = "LIST",
            description = "the GPUs to use, as the CUDA driver numbers them after CUDA_VISIBLE_DEVICES: 0,1 or all "
                    + "(default: all visible); pages and large blocked matrices are split across them")
    String gpus;

    /** INPUT and OUTPUT as typed (URIs such as hdfs://host/dir for the Spark job; Path would fold the //) */
    @Parameters(paramLabel = "INPUT", arity = "1..*", description = ".mat files (MAT v5/v6/v7) or folders of them")
    List<String> inputArgs;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUTPUT",
            description = "a folder (one <input>_<op>.mat per input) or, for a single input, a .mat path")
    String outputArg;

    /** Set by {@link #finish}: INPUT and OUTPUT as paths. */
    List<Path> inputs;
    Path output;

    /** Set by {@link #finish}. */
    SolverOptions solver;
    /** null: every variable. */
    Set<String> vars;
    /** deflate the result files (MATLAB's -v7 default); off trades disk space for ~10x faster writes */
    boolean compress;

    /** Checks what picocli cannot check one option at a time; throws {@link UsageException}. */
    BatchOptions finish() {
        if (jobs < 1) throw new UsageException("--jobs must be at least 1, got " + jobs);
        if (deviceIndex < -1) throw new UsageException("--device-index must be 0 or more, got " + deviceIndex);
        if (deviceIndex >= 0 && gpus != null) throw new UsageException("give --gpus or --device-index, not both");
        if (outputArg.trim().isEmpty()) throw new UsageException("-o is empty; give a folder or a .mat file");
        if (op == Operation.INV && (tol != null || maxSweeps != null)) {
            throw new UsageException((tol != null ? "--tol" : "--max-sweeps") + " does not apply to --op inv (no Jacobi sweeps)");
        }
        try {
            inputs = new ArrayList<Path>();
            for (String a : inputArgs) inputs.add(Paths.get(a));
            output = Paths.get(outputArg);
        } catch (InvalidPathException e) {
            throw new UsageException("not a valid path: " + e.getMessage());
        }
        try {
            SolverOptions s = SolverOptions.defaults().withCaller("batch").withDevice(device).withDeviceIndex(deviceIndex);
            if (gpus != null) s = s.withCaller("--gpus").withGpus(gpus).withCaller("batch");
            if (s.gpusGiven() && device == Device.CPU) throw new UsageException("--gpus selects GPUs, but --device is cpu");
            if (tol != null) s = s.withTol(tol);
            if (maxSweeps != null) s = s.withMaxSweeps(maxSweeps);
            s = s.withEcon(econ).withMethod(method);
            Methods.check(op, s.method(), s.withCaller("--method"));
            solver = s;
        } catch (JacobiException e) {
            throw new UsageException(e.getMessage().replaceFirst("^batch: ", "")); // Main leads with "batch: "
        }
        vars = varList == null ? null : new LinkedHashSet<String>(varList);
        compress = !noCompress;
        return this;
    }

    /**
     * Everything that shapes a result, as recorded in its {@code gpujacobi.options}: a result computed
     * with other options is recomputed rather than kept as "up to date".
     */
    Map<String, String> resultOptions() {
        Map<String, String> m = new LinkedHashMap<String, String>();
        m.put("op", op.label());
        m.put("device", solver.device().name().toLowerCase(Locale.ROOT));
        m.put("method", solver.method());
        m.put("tol", Double.isNaN(solver.tol()) ? "default" : Double.toString(solver.tol()));
        m.put("max_sweeps", solver.maxSweeps() > 0 ? Integer.toString(solver.maxSweeps()) : "default");
        m.put("econ", Boolean.toString(solver.econ()));
        m.put("precision", precision == null ? "keep" : precision.matlabClass());
        m.put("vars", vars == null ? "all" : String.join(",", vars));
        return m;
    }

    /** The arguments of {@code batch} (without the command name), parsed and checked as the command line does. */
    static BatchOptions parse(List<String> args) {
        BatchCommand cmd = new BatchCommand();
        try {
            new CommandLine(cmd).parseArgs(args.toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            throw new UsageException(e.getMessage());
        }
        return cmd.opt.finish();
    }

    static final class OpConverter implements ITypeConverter<Operation> {
        public Operation convert(String s) {
            for (Operation op : Operation.values()) if (op.label().equals(s.toLowerCase(Locale.ROOT))) return op;
            throw new TypeConversionException("--op must be eig, svd, inv or hsvd, got '" + s + "'");
        }
    }

    static final class DeviceConverter implements ITypeConverter<Device> {
        public Device convert(String s) {
            try {
                return Device.fromName(s);
            } catch (JacobiException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** keep (null: each variable's own class), single or double. */
    static final class PrecisionConverter implements ITypeConverter<Precision> {
        public Precision convert(String s) {
            if (s.equalsIgnoreCase("keep")) return null;
            try {
                return Precision.fromName(s);
            } catch (JacobiException e) {
                throw new TypeConversionException("--precision must be keep, single or double, got '" + s + "'");
            }
        }
    }
}
