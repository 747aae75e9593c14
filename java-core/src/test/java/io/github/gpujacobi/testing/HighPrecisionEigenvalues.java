package io.github.gpujacobi.testing;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;

/**
 * Reference eigenvalues in 40-digit arithmetic: cyclic Jacobi on BigDecimal, run until the
 * off-diagonal part is negligible relative to the diagonal. Independent of the solver under test
 * (different arithmetic, different ordering), slow but fine for n <= 100.
 */
public final class HighPrecisionEigenvalues {
    private HighPrecisionEigenvalues() {}

    private static final MathContext MC = new MathContext(40);

    public static double[] of(double[] a, int n) {
        BigDecimal[][] m = new BigDecimal[n][n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) m[i][j] = new BigDecimal(a[i + j * n]);
        BigDecimal tiny = new BigDecimal("1e-34");
        for (int sweep = 0; sweep < 30; sweep++) {
            boolean rotated = false;
            for (int p = 0; p < n; p++) for (int q = p + 1; q < n; q++) {
                BigDecimal apq = m[p][q];
                if (apq.signum() == 0) continue;
                BigDecimal app = m[p][p], aqq = m[q][q];
                BigDecimal bound = tiny.multiply(app.multiply(aqq, MC).abs().sqrt(MC), MC);
                if (apq.abs().compareTo(bound) <= 0) continue;
                rotated = true;
                BigDecimal theta = aqq.subtract(app, MC).divide(apq.multiply(BigDecimal.valueOf(2)), MC);
                BigDecimal root = theta.multiply(theta, MC).add(BigDecimal.ONE).sqrt(MC);
                BigDecimal t = BigDecimal.ONE.divide(theta.abs().add(root), MC);
                if (theta.signum() < 0) t = t.negate();
                BigDecimal c = BigDecimal.ONE.divide(t.multiply(t, MC).add(BigDecimal.ONE).sqrt(MC), MC);
                BigDecimal s = t.multiply(c, MC);
                for (int k = 0; k < n; k++) {
                    BigDecimal x = m[k][p], y = m[k][q];
                    m[k][p] = c.multiply(x, MC).subtract(s.multiply(y, MC), MC);
                    m[k][q] = s.multiply(x, MC).add(c.multiply(y, MC), MC);
                }
                for (int k = 0; k < n; k++) {
                    BigDecimal x = m[p][k], y = m[q][k];
                    m[p][k] = c.multiply(x, MC).subtract(s.multiply(y, MC), MC);
                    m[q][k] = s.multiply(x, MC).add(c.multiply(y, MC), MC);
                }
            }
            if (!rotated) break;
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = m[i][i].doubleValue();
        Arrays.sort(d);
        return d;
    }
}
