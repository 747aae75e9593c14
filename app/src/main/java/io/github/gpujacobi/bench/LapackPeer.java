package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.core.Lapack;

/**
 * The native LAPACK on the CPU ({@link Lapack}: OpenBLAS through the module gpujacobi-cpu-lapack, the binding the CPU
 * backend's fast routes use) as a peer: dsyevd / ssyevd, dgesdd / sgesdd (U and V' in full), dgetrf + dgecon +
 * dgetri (and the s-routines), each in its input's precision, with the thread count the run's options give.
 */
final class LapackPeer implements BenchPeer {
    private final String op;
    private final Lapack lapack;
    private final int threads;

    LapackPeer(String op, Lapack lapack, int threads) {
        this.op = op;
        this.lapack = lapack;
        this.threads = threads;
    }

    public String name() {
        return op.equals("eig") ? "lapack syevd" : op.equals("svd") ? "lapack gesdd" : "lapack getrf+gecon+getri";
    }

    public boolean isGpujacobi() { return false; }

    public String op() { return op; }

    public String unsupported(PageArray input) {
        return op.equals("eig") || input.rows() == input.cols() || op.equals("svd") ? null : "not run: square input only";
    }

    public Measurement measure(PageArray a, int repeats, boolean withTransfers) {
        return Interleaved.alone(timed(a, withTransfers), repeats);
    }

    /** In turn with the group's other CPU rows: the first run's outputs give the accuracy. */
    @Override
    public Interleaved.Timed timed(final PageArray a, boolean withTransfers) {
        final boolean single = a.precision() == Precision.SINGLE;
        return new Interleaved.Timed() {
            private double[][] first;

            public void run() {
                lapack.threads(threads);
                double[][] r = runAll(a, single);
                if (first == null) first = r;
            }

            public Measurement measurement(double[] ms) {
                double[] acc = accuracy(a.page(0), first, single);
                return new Measurement(Measurement.median(ms), acc[0], acc[1], note());
            }
        };
    }

    private String note() {
        return threads + (threads == 1 ? " thread" : " threads") + " (" + lapack.describe().replaceAll(" \\(.*", "") + ")";
    }

    /** Every page; page 0's outputs (eig: values, vectors; svd: s, u, v; inv: the inverse). */
    private double[][] runAll(PageArray a, boolean single) {
        double[][] first = null;
        int m = a.rows(), n = a.cols();
        for (int k = 0; k < a.pages(); k++) {
            double[] page = a.pageAsDouble(k);
            double[][] got = single ? runSingle(page, m, n) : runDouble(page, m, n);
            if (first == null) first = got;
        }
        return first;
    }

    private double[][] runDouble(double[] a, int m, int n) {
        if (op.equals("eig")) {
            double[] w = new double[n];
            check(lapack.dsyevd(n, a, w), "dsyevd");
            return new double[][]{w, a};
        }
        if (op.equals("svd")) {
            double[] s = new double[Math.min(m, n)], u = new double[m * m], vt = new double[n * n];
            check(lapack.dgesdd(m, n, a, s, u, vt), "dgesdd");
            return new double[][]{s, u, vt};
        }
        double anorm = norm1(a, n);
        int[] ipiv = new int[n];
        check(lapack.dgetrf(n, a, ipiv), "dgetrf");
        lapack.dgecon(n, a, anorm);
        check(lapack.dgetri(n, a, ipiv), "dgetri");
        return new double[][]{a};
    }

    private double[][] runSingle(double[] page, int m, int n) {
        float[] a = new float[page.length];
        for (int i = 0; i < a.length; i++) a[i] = (float) page[i];
        if (op.equals("eig")) {
            float[] w = new float[n];
            check(lapack.ssyevd(n, a, w), "ssyevd");
            return new double[][]{widen(w), widen(a)};
        }
        if (op.equals("svd")) {
            float[] s = new float[Math.min(m, n)], u = new float[m * m], vt = new float[n * n];
            check(lapack.sgesdd(m, n, a, s, u, vt), "sgesdd");
            return new double[][]{widen(s), widen(u), widen(vt)};
        }
        float anorm = (float) norm1(page, n);
        int[] ipiv = new int[n];
        check(lapack.sgetrf(n, a, ipiv), "sgetrf");
        lapack.sgecon(n, a, anorm);
        check(lapack.sgetri(n, a, ipiv), "sgetri");
        return new double[][]{widen(a)};
    }

    private double[] accuracy(PageArray a, double[][] r, boolean single) {
        if (!Accuracy.checked(a)) return new double[]{Double.NaN, Double.NaN};
        int m = a.rows(), n = a.cols();
        if (op.equals("eig")) return Accuracy.eig(a, PageArray.wrap(r[0], n, 1), PageArray.wrap(r[1], n, n));
        if (op.equals("svd")) {
            int k = Math.min(m, n);
            double[] v = new double[n * n]; // V = (V')'
            for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) v[j + i * n] = r[2][i + j * n];
            double[] u = java.util.Arrays.copyOf(r[1], m * k); // the first k columns of U
            return Accuracy.svd(a, PageArray.wrap(u, m, k), PageArray.wrap(r[0], k, 1),
                    PageArray.wrap(java.util.Arrays.copyOf(v, n * k), n, k));
        }
        return new double[]{Accuracy.inv(a, PageArray.wrap(r[0], n, n)), Double.NaN};
    }

    private static void check(int info, String routine) {
        if (info != 0) throw new IllegalStateException(routine + " failed (INFO = " + info + ")");
    }

    private static double norm1(double[] a, int n) {
        double best = 0;
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = 0; i < n; i++) s += Math.abs(a[i + j * n]);
            best = Math.max(best, s);
        }
        return best;
    }

    private static double[] widen(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) d[i] = f[i];
        return d;
    }
}
