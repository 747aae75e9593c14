package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The parsed command line of {@code batch}. */
final class BatchOptions {
    Operation op;
    SolverOptions solver = SolverOptions.defaults().withCaller("batch");
    /** null keeps each variable's class. */
    Precision precision;
    Set<String> vars;
    int jobs = 1;
    boolean force;
    boolean quiet;
    /** deflate the result files (MATLAB's -v7 default); off trades disk space for ~10x faster writes */
    boolean compress = true;
    final List<Path> inputs = new ArrayList<Path>();
    Path output;

    static BatchOptions parse(List<String> args) {
        BatchOptions o = new BatchOptions();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            try {
                switch (a) {
                    case "--op": o.op = op(value(args, ++i, a)); break;
                    case "--device": o.solver = o.solver.withDevice(value(args, ++i, a)); break;
                    case "--method": o.solver = o.solver.withMethod(value(args, ++i, a)); break;
                    case "--tol": o.solver = o.solver.withTol(number(value(args, ++i, a), a)); break;
                    case "--max-sweeps": o.solver = o.solver.withMaxSweeps((int) number(value(args, ++i, a), a)); break;
                    case "--precision": o.precision = precision(value(args, ++i, a)); break;
                    case "--econ": o.solver = o.solver.withEcon(true); break;
                    case "--vars":
                        o.vars = new LinkedHashSet<String>(Arrays.asList(value(args, ++i, a).split(",")));
                        break;
                    case "--jobs":
                        o.jobs = (int) number(value(args, ++i, a), a);
                        if (o.jobs < 1) throw new UsageException("--jobs must be at least 1");
                        break;
                    case "--force": o.force = true; break;
                    case "--no-compress": o.compress = false; break;
                    case "--quiet": case "-q": o.quiet = true; break;
                    case "-o": case "--output": o.output = Paths.get(value(args, ++i, a)); break;
                    default:
                        if (a.startsWith("-")) throw new UsageException("unknown option " + a);
                        o.inputs.add(Paths.get(a));
                }
            } catch (JacobiException e) {
                throw new UsageException(e.getMessage());
            }
        }
        if (o.op == null) throw new UsageException("--op eig|svd|inv is required");
        if (o.inputs.isEmpty()) throw new UsageException("no INPUT .mat file or folder given");
        if (o.output == null) throw new UsageException("-o OUTPUT (a folder, or a .mat file for one input) is required");
        try {
            Methods.check(o.op, o.solver.method(), o.solver.withCaller("--method"));
        } catch (JacobiException e) {
            throw new UsageException(e.getMessage());
        }
        return o;
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

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) throw new UsageException(option + " needs a value");
        return args.get(i);
    }

    private static double number(String s, String option) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a number, got '" + s + "'");
        }
    }

    private static Operation op(String s) {
        for (Operation op : Operation.values()) if (op.label().equals(s.toLowerCase(Locale.ROOT))) return op;
        throw new UsageException("--op must be eig, svd, inv or hsvd, got '" + s + "'");
    }

    private static Precision precision(String s) {
        if (s.equalsIgnoreCase("keep")) return null;
        try {
            return Precision.fromName(s);
        } catch (JacobiException e) {
            throw new UsageException("--precision must be keep, single or double, got '" + s + "'");
        }
    }
}
