package io.github.gpujacobi.core;

import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Completion of orthonormal columns to a basis (Householder QR of the known columns) and the full SVD of a tall page. */
class OrthonormalTest {
    static final double EPS = Math.ulp(1.0);

    /** Known columns at scattered positions stay unchanged; the filled ones make Q'Q = I. */
    @Test
    void completesScatteredColumns() {
        int m = 40, cols = 40;
        Random r = new Random(3);
        double[] basis = Matrices.orthogonal(r, m);
        double[] q = new double[m * cols];
        boolean[] have = new boolean[cols];
        int[] known = {0, 3, 7, 8, 25};
        for (int c = 0; c < known.length; c++) {
            System.arraycopy(basis, c * m, q, known[c] * m, m);
            have[known[c]] = true;
        }
        double[] before = q.clone();
        Orthonormal.complete(q, m, cols, have);
        for (int c : known) for (int i = 0; i < m; i++) assertEquals(before[i + c * m], q[i + c * m], 0.0);
        for (boolean h : have) assertTrue(h);
        assertTrue(Matrices.orthogonality(PageArray.wrap(q, m, cols), 0) <= 10 * m * EPS);
    }

    /**
     * Full U of a tall page (a 3000 x 5 page must not pay an O(m^3) completion):
     * orthogonal, its first columns those of the economy U, and a rank-deficient page (a zero
     * singular value inside the first n columns) completed as well.
     */
    @Test
    void fullSvdOfTallPage() {
        int m = 900, n = 5;
        Random r = new Random(11);
        double[] a = Matrices.randn(r, m, n);
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1) System.arraycopy(a, 0, a, 4 * m, m); // column 5 = column 1: rank 4
            PageArray pa = PageArray.wrap(a.clone(), m, n);
            SvdResult full = Jacobi.svd(pa, SolverOptions.defaults().withDevice("cpu"));
            SvdResult econ = Jacobi.svd(pa, SolverOptions.defaults().withDevice("cpu").withEcon(true));
            assertEquals(m, full.u().cols());
            assertTrue(Matrices.orthogonality(full.u(), 0) <= 10 * m * EPS, "U orthogonal");
            assertTrue(Matrices.svdResidual(pa, full.u(), full.s(), full.v(), 0) <= 20 * m * EPS);
            int rank = pass == 0 ? n : n - 1;
            for (int j = 0; j < rank; j++) for (int i = 0; i < m; i++) {
                assertEquals(econ.u().get(i, j, 0), full.u().get(i, j, 0), 1e-12);
            }
        }
    }
}
