package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/** EJML 0.44 (single-threaded dense QR-based solvers, double) as the CPU peer; pages are looped. */
final class EjmlPeer implements BenchPeer {
    private final String op;

    EjmlPeer(String op) { this.op = op; }

    public String name() {
        return op.equals("eig") ? "ejml symmetric QR" : op.equals("svd") ? "ejml svd" : "ejml CommonOps.invert";
    }

    public boolean isGpujacobi() { return false; }

    public String op() { return op; }

    public String unsupported(PageArray input) {
        return input.precision() == Precision.SINGLE ? "not run: the double EJML peer is compared on double inputs" : null;
    }

    public Measurement measure(PageArray a, int repeats, boolean withTransfers) {
        DMatrixRMaj[] pages = new DMatrixRMaj[a.pages()];
        for (int k = 0; k < pages.length; k++) {
            pages[k] = new DMatrixRMaj(a.rows(), a.cols());
            for (int i = 0; i < a.rows(); i++) for (int j = 0; j < a.cols(); j++) pages[k].set(i, j, a.get(i, j, k));
        }
        runAll(pages);
        double[] ms = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            runAll(pages);
            ms[r] = (System.nanoTime() - t0) * 1e-6;
        }
        return new Measurement(Measurement.median(ms), Double.NaN, Double.NaN, "1 thread");
    }

    private void runAll(DMatrixRMaj[] pages) {
        for (DMatrixRMaj m : pages) {
            DMatrixRMaj c = m.copy();
            if (op.equals("eig")) {
                EigenDecomposition_F64<DMatrixRMaj> e = DecompositionFactory_DDRM.eig(c.numRows, true, true);
                e.decompose(c);
            } else if (op.equals("svd")) {
                SingularValueDecomposition_F64<DMatrixRMaj> s = DecompositionFactory_DDRM.svd(c.numRows, c.numCols, true, true, false);
                s.decompose(c);
            } else {
                CommonOps_DDRM.invert(c, new DMatrixRMaj(c.numRows, c.numCols));
            }
        }
    }
}
