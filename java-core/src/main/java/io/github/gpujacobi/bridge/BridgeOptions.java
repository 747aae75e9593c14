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
                case "maxsweeps": o = o.withMaxSweeps((int) number(caller, "MaxSweeps", val)); break;
                case "threads": o = o.withThreads((int) number(caller, "Threads", val)); break;
                case "econ": o = o.withEcon(!val.equals("0")); break;
                case "vectors": o = o.withVectors(!val.equals("0")); break;
                case "variable": o = o.withVariable(val); break;
                default: throw bad(caller, "unknown option '" + key + "'");
            }
        }
        return o;
    }

    private static double number(String caller, String name, String val) {
        try {
            return Double.parseDouble(val);
        } catch (NumberFormatException e) {
            throw bad(caller, name + " must be a number, got '" + val + "'");
        }
    }

    private static JacobiException bad(String caller, String msg) {
        return new JacobiException(ErrorKind.BAD_OPTION, caller + ": " + msg);
    }
}
