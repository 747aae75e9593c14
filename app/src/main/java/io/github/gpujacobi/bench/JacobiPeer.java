package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;

/** A gpujacobi backend and method as a benchmark row. */
final class JacobiPeer extends GpujacobiRow implements BenchPeer {
    JacobiPeer(Backend backend, Operation op, String method, SolverOptions base) {
        super(backend, op, method, base);
    }

    public String unsupported(PageArray input) { return null; }

    public Measurement measure(PageArray a, int repeats, boolean withTransfers) {
        TimedRuns<Object> t = TimedRuns.of(() -> run(a), JacobiPeer::report, repeats, withTransfers);
        return t.measurement(accuracy(a, t.last), note(t.last));
    }

    /** The CPU's rows (timed on the wall clock) in turn with their peers; the GPU's time themselves. */
    @Override
    public Interleaved.Timed timed(final PageArray a, boolean withTransfers) {
        if (backend.isGpu()) return null;
        return new Interleaved.Timed() {
            private Object last;

            public void run() { last = JacobiPeer.this.run(a); }

            public Measurement measurement(double[] ms) {
                double[] acc = accuracy(a, last);
                return new Measurement(Measurement.median(ms), acc[0], acc[1], note(last));
            }
        };
    }

    private String note(Object last) {
        if (op == Operation.INV) return "";
        RunReport rep = report(last);
        return "sweeps " + rep.sweeps() + (rep.converged() || options.fixedSweeps() > 0 ? "" : " NOT converged");
    }

    private double[] accuracy(PageArray a, Object last) {
        switch (op) {
            case EIG: {
                EigResult e = (EigResult) last;
                return Accuracy.eig(a, e.values(), e.vectors());
            }
            case SVD: {
                SvdResult s = (SvdResult) last;
                return Accuracy.svd(a, s.u(), s.s(), s.v());
            }
            default:
                return new double[]{Accuracy.inv(a, ((InverseResult) last).inverse()), Double.NaN};
        }
    }

    private Object run(PageArray a) {
        switch (op) {
            case EIG: return Jacobi.eig(a, options);
            // a non-square input's SVD is the thin one (U m x min(m, n)), as the cuSOLVER rows compute it:
            // completing a tall U to m x m on the host would dominate the run
            case SVD: return Jacobi.svd(a, a.rows() != a.cols() ? options.withEcon(true) : options);
            default: return Jacobi.inv(a, options);
        }
    }

    private static RunReport report(Object r) {
        if (r instanceof EigResult) return ((EigResult) r).report();
        if (r instanceof SvdResult) return ((SvdResult) r).report();
        return ((InverseResult) r).report();
    }
}
