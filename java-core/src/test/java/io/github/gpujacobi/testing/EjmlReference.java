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
}
