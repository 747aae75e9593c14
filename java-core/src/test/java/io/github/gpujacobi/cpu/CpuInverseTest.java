package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.testing.Matrices;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuInverseTest {
    static final SolverOptions CPU = SolverOptions.defaults().withDevice("cpu");

    @ParameterizedTest
    @CsvSource({"1,DOUBLE", "2,DOUBLE", "7,DOUBLE", "33,DOUBLE", "100,DOUBLE", "257,DOUBLE", "7,SINGLE", "100,SINGLE"})
    void gaussJordanAndCholeskyAgreeWithEjml(int n, Precision p) {
        Random r = new Random(n);
        double[] g = Matrices.randn(r, n, n);
        double[] spd = new double[n * n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
            double s = i == j ? n : 0;
            for (int l = 0; l < n; l++) s += g[l + i * n] * g[l + j * n];
            spd[i + j * n] = s;
        }
        for (double[] a : new double[][]{g, spd}) {
            PageArray pa = Matrices.page(a, n, n, p);
            DMatrixRMaj ref = new DMatrixRMaj(n, n);
            for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) ref.set(i, j, pa.get(i, j));
            assertTrue(CommonOps_DDRM.invert(ref));
            for (String method : new String[]{"auto", "gaussjordan"}) {
                InverseResult x = Jacobi.inv(pa, CPU.withMethod(method));
                assertTrue(!x.anySingular());
                double rcond = x.rcond(0);
                double bound = 50 * n * p.eps() / rcond;
                assertTrue(Matrices.inverseResidual(pa, x.inverse(), 0) < 50 * n * p.eps() / Math.sqrt(rcond),
                        "residual " + Matrices.inverseResidual(pa, x.inverse(), 0));
                double maxRef = CommonOps_DDRM.elementMaxAbs(ref);
                for (int i = 0; i < n; i++) for (int j = 0; j < n; j++)
                    assertEquals(ref.get(i, j), x.inverse().get(i, j), bound * maxRef);
            }
            if (a == spd) assertEquals("cholesky", Jacobi.inv(pa, CPU).report().method());
        }
    }

    @Test
    void singularGivesInfAndFlag() {
        double[] a = {1, 2, 2, 4};
        InverseResult x = Jacobi.inv(PageArray.wrap(a, 2, 2), CPU);
        assertTrue(x.singular(0));
        assertEquals(0, x.rcond(0));
        for (int i = 0; i < 4; i++) assertEquals(Double.POSITIVE_INFINITY, x.inverse().get(i));
        InverseResult z = Jacobi.inv(PageArray.wrap(new double[9], 3, 3), CPU);
        assertTrue(z.singular(0));
    }

    @Test
    void nearlySingularHasTinyRcond() {
        double[] a = {1, 1, 1, 1 + 1e-13};
        InverseResult x = Jacobi.inv(PageArray.wrap(a, 2, 2), CPU);
        assertTrue(x.rcond(0) < 1e-12 && x.rcond(0) > 0, "rcond " + x.rcond(0));
    }

    @Test
    void choleskyRejectsIndefinite() {
        JacobiException e = assertThrows(JacobiException.class,
                () -> Jacobi.inv(PageArray.wrap(new double[]{1, 2, 2, 1}, 2, 2), CPU.withMethod("cholesky").withCaller("gpu_inversion")));
        assertTrue(e.getMessage().startsWith("gpu_inversion: A is not symmetric positive definite"), e.getMessage());
        assertEquals(ErrorKind.NOT_POSITIVE_DEFINITE, e.kind());
    }

    @Test
    void pagesEmptyAndScalar() {
        double[] all = {2, 0, 0, 2, 1, 2, 3, 4};
        InverseResult x = Jacobi.inv(PageArray.wrap(all, 2, 2, 2), CPU);
        assertEquals(0.5, x.inverse().get(0, 0, 0), 1e-15);
        assertEquals(-2, x.inverse().get(0, 0, 1), 1e-15);
        assertEquals(0, Jacobi.inv(PageArray.wrap(new double[0], 0, 0), CPU).inverse().length());
        assertEquals(0.25f, Jacobi.inv(PageArray.wrap(new float[]{4f}, 1, 1), CPU).inverse().floatData()[0]);
    }
}
