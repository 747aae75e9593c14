package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;

/** A gpujacobi backend and method as a complex benchmark row (what {@link JacobiPeer} is for real input). */
final class ComplexJacobiPeer extends GpujacobiRow implements ComplexBenchPeer {
    ComplexJacobiPeer(Backend backend, Operation op, String method, SolverOptions base) {
        super(backend, op, method, base);
    }

    public String unsupported(ComplexPageArray input) { return null; }

    public Measurement measure(ComplexPageArray a, int repeats, boolean withTransfers) {
        TimedRuns<Object> t = TimedRuns.of(() -> run(a), ComplexJacobiPeer::report, repeats, withTransfers);
        Object last = t.last;
        RunReport rep = t.lastReport;
        String note = "sweeps " + rep.sweeps() + (rep.converged() ? "" : " NOT converged") + ", method " + rep.method();
        double[] acc;
        switch (op) {
            case EIG: {
                ComplexEigResult e = (ComplexEigResult) last;
                acc = ComplexAccuracy.eig(a, e.values(), e.vectors());
                break;
            }
            case SVD: {
                ComplexSvdResult s = (ComplexSvdResult) last;
                acc = ComplexAccuracy.svd(a, s.u(), s.s(), s.v());
                break;
            }
            default:
                acc = new double[]{ComplexAccuracy.inv(a, ((ComplexInverseResult) last).inverse()), Double.NaN};
                note = "method " + rep.method();
        }
        return t.measurement(acc, note);
    }

    private Object run(ComplexPageArray a) {
        switch (op) {
            case EIG: return Jacobi.eig(a, options);
            case SVD: return Jacobi.svd(a, options);
            default: return Jacobi.inv(a, options);
        }
    }

    private static RunReport report(Object r) {
        if (r instanceof ComplexEigResult) return ((ComplexEigResult) r).report();
        if (r instanceof ComplexSvdResult) return ((ComplexSvdResult) r).report();
        return ((ComplexInverseResult) r).report();
    }
}
