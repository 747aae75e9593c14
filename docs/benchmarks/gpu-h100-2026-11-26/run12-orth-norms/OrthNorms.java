import io.github.gpujacobi.api.*;
import java.util.Random;

/** Double pages on the GPU: max over pages of ||Q'Q - I|| in the Frobenius and the 2-norm (power iteration on the symmetric E = Q'Q - I), in units of n eps. */
public class OrthNorms {
    static double[] norms(PageArray q, int k) {
        int m = q.rows(), n = q.cols();
        double[] a = q.pageAsDouble(k), e = new double[n * n];
        double f = 0;
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
            double s = 0;
            for (int l = 0; l < m; l++) s += a[l + i * m] * a[l + j * m];
            e[i + j * n] = s - (i == j ? 1 : 0);
            f += e[i + j * n] * e[i + j * n];
        }
        double[] x = new double[n];
        Random r = new Random(k);
        for (int i = 0; i < n; i++) x[i] = r.nextGaussian();
        double lam = 0;
        for (int it = 0; it < 60; it++) {
            double nx = 0;
            for (double t : x) nx += t * t;
            nx = Math.sqrt(nx);
            if (nx == 0) break;
            double[] y = new double[n];
            for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) y[i] += e[i + j * n] * x[j] / nx;
            double ny = 0;
            for (double t : y) ny += t * t;
            lam = Math.sqrt(ny);
            x = y;
        }
        return new double[]{Math.sqrt(f), lam};
    }

    public static void main(String[] args) {
        SolverOptions o = SolverOptions.defaults().withDevice("gpu");
        double eps = Precision.DOUBLE.eps();
        for (int n : new int[]{8, 16, 32, 36, 48, 64, 128}) {
            int pages = n >= 128 ? 200 : 2000;
            Random r = new Random(n);
            double[] b = new double[n * n * pages];
            for (int k = 0; k < pages; k++) for (int j = 0; j < n; j++) for (int i = 0; i <= j; i++) {
                double x = r.nextGaussian(); b[k * n * n + i + j * n] = x; b[k * n * n + j + i * n] = x;
            }
            PageArray v = Jacobi.eig(PageArray.wrap(b, n, n, pages), o).vectors();
            double mf = 0, m2 = 0;
            for (int k = 0; k < pages; k++) { double[] z = norms(v, k); mf = Math.max(mf, z[0]); m2 = Math.max(m2, z[1]); }
            System.out.printf("eig double %dx%d x%d  V: Frobenius %.2e (%.2f n eps), 2-norm %.2e (%.2f n eps)%n", n, n, pages, mf, mf / (n * eps), m2, m2 / (n * eps));
            double[] a = new double[n * n * pages];
            for (int i = 0; i < a.length; i++) a[i] = r.nextGaussian();
            SvdResult s = Jacobi.svd(PageArray.wrap(a, n, n, pages), o);
            double uf = 0, u2 = 0, vf = 0, v2 = 0;
            for (int k = 0; k < pages; k++) {
                double[] z = norms(s.u(), k), w = norms(s.v(), k);
                uf = Math.max(uf, z[0]); u2 = Math.max(u2, z[1]); vf = Math.max(vf, w[0]); v2 = Math.max(v2, w[1]);
            }
            System.out.printf("svd double %dx%d x%d  U: Frobenius %.2f n eps, 2-norm %.2f n eps; V: Frobenius %.2f n eps, 2-norm %.2f n eps%n",
                    n, n, pages, uf / (n * eps), u2 / (n * eps), vf / (n * eps), v2 / (n * eps));
        }
    }
}
