package io.github.gpujacobi.core;

import io.github.gpujacobi.api.PageArray;

/** The accuracy figures reported by the batch job and the benchmark (Frobenius norms, per page). */
public final class Residuals {
    private Residuals() {}

    /** ||A V - V diag(d)|| / ||A||. */
    public static double eig(PageArray a, PageArray v, PageArray d, int k) {
        int n = a.rows();
        double[] am = a.pageAsDouble(k), vm = v.pageAsDouble(k), dm = d.pageAsDouble(k);
        double num = 0;
        double[] col = new double[n];
        for (int j = 0; j < n; j++) {
            java.util.Arrays.fill(col, 0);
            for (int l = 0; l < n; l++) {
                double x = vm[l + j * n];
                if (x != 0) for (int i = 0; i < n; i++) col[i] += am[i + l * n] * x;
            }
            for (int i = 0; i < n; i++) {
                double e = col[i] - vm[i + j * n] * dm[j];
                num += e * e;
            }
        }
        return ratio(num, am);
    }

    /** ||A - U diag(s) V'|| / ||A|| over the first min(m,n) singular triplets. */
    public static double svd(PageArray a, PageArray u, PageArray s, PageArray v, int k) {
        int m = a.rows(), n = a.cols(), r = Math.min(m, n);
        double[] am = a.pageAsDouble(k), um = u.pageAsDouble(k), sm = s.pageAsDouble(k), vm = v.pageAsDouble(k);
        double num = 0;
        double[] col = new double[m];
        for (int j = 0; j < n; j++) {
            System.arraycopy(am, j * m, col, 0, m);
            for (int l = 0; l < r; l++) {
                double f = sm[l] * vm[j + l * n];
                if (f != 0) for (int i = 0; i < m; i++) col[i] -= um[i + l * m] * f;
            }
            for (int i = 0; i < m; i++) num += col[i] * col[i];
        }
        return ratio(num, am);
    }

    /** ||A X - I|| / (||A|| ||X||): small for a backward-stable inverse whatever the condition. */
    public static double inverse(PageArray a, PageArray x, int k) {
        int n = a.rows();
        double[] am = a.pageAsDouble(k), xm = x.pageAsDouble(k);
        double num = 0;
        double[] col = new double[n];
        for (int j = 0; j < n; j++) {
            java.util.Arrays.fill(col, 0);
            col[j] = -1;
            for (int l = 0; l < n; l++) {
                double f = xm[l + j * n];
                if (f != 0) for (int i = 0; i < n; i++) col[i] += am[i + l * n] * f;
            }
            for (int i = 0; i < n; i++) num += col[i] * col[i];
        }
        double na = frob(am), nx = frob(xm);
        return na == 0 || nx == 0 ? Math.sqrt(num) : Math.sqrt(num) / (na * nx);
    }

    /** ||Q'Q - I|| of the columns of page k. */
    public static double orthogonality(PageArray q, int k) {
        int m = q.rows(), n = q.cols();
        double[] qm = q.pageAsDouble(k);
        double e = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i <= j; i++) {
            double s = 0;
            for (int l = 0; l < m; l++) s += qm[l + i * m] * qm[l + j * m];
            double x = s - (i == j ? 1 : 0);
            e += i == j ? x * x : 2 * x * x;
        }
        return Math.sqrt(e);
    }

    private static double ratio(double num, double[] a) {
        double na = frob(a);
        return na == 0 ? Math.sqrt(num) : Math.sqrt(num) / na;
    }

    static double frob(double[] a) {
        double s = 0;
        for (double x : a) s += x * x;
        return Math.sqrt(s);
    }
}
