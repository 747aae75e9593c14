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
        return Interleaved.alone(timed(a, withTransfers), repeats);
    }

    /** In turn with the group's other CPU rows: the first run's result gives the accuracy. */
    @Override
    public Interleaved.Timed timed(final PageArray a, boolean withTransfers) {
        final DMatrixRMaj[] pages = pages(a);
        return new Interleaved.Timed() {
            private Object first;

            public void run() {
                Object r = runAll(pages);
                if (first == null) first = r;
            }

            public Measurement measurement(double[] ms) {
                double[] acc = accuracy(a.page(0), first);
                return new Measurement(Measurement.median(ms), acc[0], acc[1], "1 thread");
            }
        };
    }

    private static DMatrixRMaj[] pages(PageArray a) {
        DMatrixRMaj[] pages = new DMatrixRMaj[a.pages()];
        for (int k = 0; k < pages.length; k++) {
            pages[k] = new DMatrixRMaj(a.rows(), a.cols());
            for (int i = 0; i < a.rows(); i++) for (int j = 0; j < a.cols(); j++) pages[k].set(i, j, a.get(i, j, k));
        }
        return pages;
    }

    /** Runs every page; returns page 0's decomposition (or inverse) for the accuracy columns. */
    Object runAll(DMatrixRMaj[] pages) {
        Object first = null;
        for (DMatrixRMaj m : pages) {
            DMatrixRMaj c = m.copy();
            Object got;
            if (op.equals("eig")) {
                EigenDecomposition_F64<DMatrixRMaj> e = DecompositionFactory_DDRM.eig(c.numRows, true, true);
                e.decompose(c);
                got = e;
            } else if (op.equals("svd")) {
                SingularValueDecomposition_F64<DMatrixRMaj> s = DecompositionFactory_DDRM.svd(c.numRows, c.numCols, true, true, false);
                s.decompose(c);
                got = s;
            } else {
                DMatrixRMaj x = new DMatrixRMaj(c.numRows, c.numCols);
                CommonOps_DDRM.invert(c, x);
                got = x;
            }
            if (first == null) first = got;
        }
        return first;
    }

    /** The same residual and orthogonality measures as gpujacobi's rows, from EJML's page-0 result. */
    @SuppressWarnings("unchecked")
    private double[] accuracy(PageArray a, Object r) {
        if (!Accuracy.checked(a)) return new double[]{Double.NaN, Double.NaN};
        int m = a.rows(), n = a.cols();
        if (op.equals("eig")) {
            EigenDecomposition_F64<DMatrixRMaj> e = (EigenDecomposition_F64<DMatrixRMaj>) r;
            double[] d = new double[n], v = new double[n * n];
            for (int j = 0; j < n; j++) {
                d[j] = e.getEigenvalue(j).getReal();
                DMatrixRMaj col = e.getEigenVector(j);
                if (col == null) return new double[]{Double.NaN, Double.NaN};
                for (int i = 0; i < n; i++) v[i + j * n] = col.get(i, 0);
            }
            return Accuracy.eig(a, PageArray.wrap(d, n, 1), PageArray.wrap(v, n, n));
        } else if (op.equals("svd")) {
            SingularValueDecomposition_F64<DMatrixRMaj> s = (SingularValueDecomposition_F64<DMatrixRMaj>) r;
            DMatrixRMaj u = s.getU(null, false), v = s.getV(null, false);
            double[] w = s.getSingularValues();
            int k = Math.min(m, n);
            return Accuracy.svd(a, colMajor(u), PageArray.wrap(java.util.Arrays.copyOf(w, k), k, 1), colMajor(v));
        }
        return new double[]{Accuracy.inv(a, colMajor((DMatrixRMaj) r)), Double.NaN};
    }

    private static PageArray colMajor(DMatrixRMaj x) {
        double[] d = new double[x.numRows * x.numCols];
        for (int i = 0; i < x.numRows; i++) for (int j = 0; j < x.numCols; j++) d[i + j * x.numRows] = x.get(i, j);
        return PageArray.wrap(d, x.numRows, x.numCols);
    }
}
