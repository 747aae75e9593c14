package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;

/**
 * A gpujacobi backend and method as a benchmark row; an "into" row calls Jacobi's *Into form with result arrays made
 * in its first (untimed) run and reused after, as a caller that keeps its output arrays would, and as the cuSOLVER
 * rows' whole calls copy into host memory they made beforehand.
 */
final class JacobiPeer extends GpujacobiRow implements BenchPeer {
    private final boolean into;
    /** The into row's result arrays and the input they were made for. */
    private PageArray madeFor;
    private PageArray[] outs;

    JacobiPeer(Backend backend, Operation op, String method, SolverOptions base) {
        this(backend, op, method, base, false);
    }

    JacobiPeer(Backend backend, Operation op, String method, SolverOptions base, boolean into) {
        super(backend, op, method, base);
        this.into = into;
    }

    @Override
    public String name() { return super.name() + (into ? " into" : ""); }

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
        if (into) return runInto(a);
        switch (op) {
            case EIG: return Jacobi.eig(a, options);
            // a non-square input's SVD is the thin one (U m x min(m, n)), as the cuSOLVER rows compute it:
            // completing a tall U to m x m on the host would dominate the run
            case SVD: return Jacobi.svd(a, a.rows() != a.cols() ? options.withEcon(true) : options);
            default: return Jacobi.inv(a, options);
        }
    }

    private Object runInto(PageArray a) {
        int m = a.rows(), n = a.cols(), k = Math.min(m, n), pages = a.pages();
        Precision p = a.precision();
        if (madeFor != a) {
            madeFor = a;
            outs = op == Operation.EIG ? new PageArray[]{PageArray.zeros(p, n, 1, pages), PageArray.zeros(p, n, n, pages)}
                    : op == Operation.SVD ? new PageArray[]{PageArray.zeros(p, k, 1, pages),
                    PageArray.zeros(p, m, m != n ? k : m, pages), PageArray.zeros(p, n, m != n ? k : n, pages)}
                    : new PageArray[]{PageArray.zeros(p, n, n, pages)};
        }
        switch (op) {
            case EIG: return Jacobi.eigInto(a, outs[0], outs[1], options);
            case SVD: return Jacobi.svdInto(a, outs[0], outs[1], outs[2], options);
            default: return Jacobi.invInto(a, outs[0], options);
        }
    }

    private static RunReport report(Object r) {
        if (r instanceof EigResult) return ((EigResult) r).report();
        if (r instanceof SvdResult) return ((SvdResult) r).report();
        return ((InverseResult) r).report();
    }
}
