package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.Precision;
import org.ejml.data.ZMatrixRMaj;
import org.ejml.dense.row.CommonOps_ZDRM;

/**
 * EJML 0.44's complex inverse (CommonOps_ZDRM.invert: LU with partial pivoting, one thread, double
 * complex) as the CPU peer of complex inv rows; pages are looped. EJML has no complex eigen or
 * singular value decomposition, so complex eig and svd rows have no EJML peer.
 */
final class EjmlComplexPeer implements ComplexBenchPeer {
    public String name() { return "ejml CommonOps_ZDRM.invert"; }

    public boolean isGpujacobi() { return false; }

    public String op() { return "inv"; }

    public String unsupported(ComplexPageArray input) {
        return input.precision() == Precision.SINGLE ? "not run: the double complex EJML peer is compared on complex128 inputs" : null;
    }

    public Measurement measure(ComplexPageArray a, int repeats, boolean withTransfers) {
        int n = a.rows();
        ZMatrixRMaj[] pages = new ZMatrixRMaj[a.pages()];
        for (int k = 0; k < pages.length; k++) {
            pages[k] = new ZMatrixRMaj(n, n);
            for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) pages[k].set(i, j, a.re(i, j, k), a.im(i, j, k));
        }
        ZMatrixRMaj first = Measurement.warmed(() -> runAll(pages));
        double[] ms = Measurement.time(repeats, () -> runAll(pages));
        ComplexPageArray x = ComplexPageArray.zeros(Precision.DOUBLE, n, n, 1), a0 = ComplexPageArray.zeros(Precision.DOUBLE, n, n, 1);
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
            x.set(i, j, 0, first.getReal(i, j), first.getImag(i, j));
            a0.set(i, j, 0, a.re(i, j, 0), a.im(i, j, 0));
        }
        return new Measurement(Measurement.median(ms), ComplexAccuracy.inv(a0, x), Double.NaN, "1 thread");
    }

    private static ZMatrixRMaj runAll(ZMatrixRMaj[] pages) {
        ZMatrixRMaj first = null;
        for (ZMatrixRMaj m : pages) {
            ZMatrixRMaj x = new ZMatrixRMaj(m.numRows, m.numCols);
            CommonOps_ZDRM.invert(m.copy(), x);
            if (first == null) first = x;
        }
        return first;
    }
}
