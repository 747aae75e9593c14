package io.github.gpujacobi.bridge;

import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.SolverOptions;

import java.util.Locale;

/**
 * Parses the option string the .m wrappers build ("device=gpu;gpus=0,1;method=mca;tol=1e-12;maxsweeps=20;
 * econ=1;vectors=0"): one string crosses the Java boundary in MATLAB and Octave alike.
 */
final class BridgeOptions {
    private BridgeOptions() {}

    static SolverOptions parse(String caller, String spec) {
        SolverOptions o = SolverOptions.defaults().withCaller(caller);
        if (spec == null || spec.trim().isEmpty()) return o;
        for (String part : spec.split(";")) {
            if (part.trim().isEmpty()) continue;
            int eq = part.indexOf('=');
            if (eq < 0) throw bad(caller, "malformed option '" + part + "'");
            String key = part.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            String val = part.substring(eq + 1).trim();
            switch (key) {
                case "device": o = o.withDevice(val); break;
                case "gpus": o = o.withGpus(val); break;
                case "method": o = o.withMethod(val); break;
                case "tol": o = o.withTol(number(caller, "Tol", val)); break;
                case "maxsweeps": o = o.withMaxSweeps(whole(caller, "MaxSweeps", val, "0 (the default) or more")); break;
                case "threads": o = o.withThreads(whole(caller, "Threads", val,
                        "0 (one per core) to " + SolverOptions.MAX_THREADS)); break;
                case "econ": o = o.withEcon(!val.equals("0")); break;
                case "vectors": o = o.withVectors(!val.equals("0")); break;
                case "variable": o = o.withVariable(val); break;
                default: throw bad(caller, "unknown option '" + key + "'");
            }
        }
        return o;
    }

    /** A finite number (MATLAB and Octave write Inf as "Inf", which Java does not parse: named here as such). */
    private static double number(String caller, String name, String val) {
        double x;
        try {
            x = Double.parseDouble(val);
        } catch (NumberFormatException e) {
            x = val.matches("[+-]?(?i:inf)") ? Double.POSITIVE_INFINITY : Double.NaN;
            if (!Double.isInfinite(x)) throw bad(caller, name + " must be a finite number, got '" + val + "'");
        }
        if (Double.isNaN(x) || Double.isInfinite(x)) throw bad(caller, name + " must be a finite number, got " + val);
        return x;
    }

    /** A whole number that fits an int (a fraction is not silently truncated: MaxSweeps 2.5 ran 2 sweeps). */
    private static int whole(String caller, String name, String val, String range) {
        double x = number(caller, name, val);
        if (x != Math.rint(x) || Math.abs(x) > Integer.MAX_VALUE) {
            throw bad(caller, name + " must be a whole number, " + range + ", got " + val);
        }
        return (int) x;
    }

    private static JacobiException bad(String caller, String msg) {
        return new JacobiException(ErrorKind.BAD_OPTION, caller + ": " + msg);
    }
}
