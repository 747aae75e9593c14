package io.github.gpujacobi.testing;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** EJML as the independent reference of the tests: eigenvalues ascending, singular values descending. */
public final class EjmlReference {
    private EjmlReference() {}

    /** Eigenvalues of the symmetric n x n column-major a, ascending. */
    public static double[] eigenvalues(double[] a, int n) {
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) m.set(i, j, a[i + j * n]);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, false, true);
        assertTrue(eig.decompose(m));
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = eig.getEigenvalue(i).getReal();
        Arrays.sort(d);
        return d;
    }

    /** The min(m, n) singular values of the m x n column-major a, descending. */
    public static double[] singularValues(double[] a, int m, int n) {
        DMatrixRMaj x = new DMatrixRMaj(m, n);
        for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) x.set(i, j, a[i + j * m]);
        SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(m, n, false, false, true);
        assertTrue(svd.decompose(x));
        double[] s = svd.getSingularValues().clone();
        Arrays.sort(s);
        double[] d = new double[Math.min(m, n)];
        for (int i = 0; i < d.length; i++) d[i] = s[s.length - 1 - i];
        return d;
    }

    /**
     * Eigenvalues of the Hermitian n x n interleaved z, ascending: EJML on the real symmetric embedding
     * [[Re, -Im], [Im, Re]] (2n x 2n), whose spectrum is z's with every eigenvalue twice.
     */
    public static double[] hermitianEigenvalues(double[] z, int n) {
        double[] d = eigenvalues(embed(z, n, n), 2 * n), out = new double[n];
        for (int i = 0; i < n; i++) out[i] = 0.5 * (d[2 * i] + d[2 * i + 1]);
        return out;
    }

    /** The min(m, n) singular values of the interleaved m x n z, descending (EJML on the embedding, each twice). */
    public static double[] complexSingularValues(double[] z, int m, int n) {
        double[] s = singularValues(embed(z, m, n), 2 * m, 2 * n), out = new double[Math.min(m, n)];
        for (int i = 0; i < out.length; i++) out[i] = 0.5 * (s[2 * i] + s[2 * i + 1]);
        return out;
    }

    /** The real 2m x 2n embedding [[Re, -Im], [Im, Re]] of interleaved m x n z, column-major. */
    public static double[] embed(double[] z, int m, int n) {
        int rows = 2 * m;
        double[] e = new double[4 * m * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
            double re = z[2 * (i + j * m)], im = z[2 * (i + j * m) + 1];
            e[i + j * rows] = re;
            e[i + m + (j + n) * rows] = re;
            e[i + m + j * rows] = im;
            e[i + (j + n) * rows] = -im;
        }
        return e;
    }
}
