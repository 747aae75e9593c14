import io.github.gpujacobi.api.*;
import io.github.gpujacobi.core.Residuals;
import java.util.Random;

/** Per-page orthogonality of U and V (svd pages) and V (eig pages) on the GPU: max over pages of ||Q'Q - I||_F / (n eps). */
public class OrthProbe {
    public static void main(String[] args) {
        SolverOptions o = SolverOptions.defaults().withDevice("gpu");
        int[][] cases = {{8, 2000}, {16, 2000}, {32, 2000}, {36, 2000}, {48, 2000}, {64, 2000}, {100, 500}, {128, 500}, {200, 100}, {256, 100}};
        for (String dt : new String[]{"double", "single"}) {
            Precision p = dt.equals("double") ? Precision.DOUBLE : Precision.SINGLE;
            for (int[] c : cases) {
                int n = c[0], pages = c[1];
                for (int shape = 0; shape < 2; shape++) {  // square, and tall m = n + 7
                    int m = shape == 0 ? n : n + 7;
                    Random r = new Random(n * 31L + shape);
                    double[] a = new double[m * n * pages];
                    for (int i = 0; i < a.length; i++) a[i] = r.nextGaussian();
                    PageArray pa = PageArray.wrap(a, m, n, pages).to(p);
                    SvdResult s = Jacobi.svd(pa, o);
                    PageArray u = s.u().to(Precision.DOUBLE), v = s.v().to(Precision.DOUBLE);
                    double mu = 0, mv = 0;
                    for (int k = 0; k < pages; k++) {
                        mu = Math.max(mu, Residuals.orthogonality(u, k));
                        mv = Math.max(mv, Residuals.orthogonality(v, k));
                    }
                    System.out.printf("svd %s %dx%d x%d  U %.2e (%.2f n eps, n = %d)  V %.2e (%.2f n eps)%n", dt, m, n, pages, mu,
                            mu / (Math.max(m, n) * p.eps()), Math.max(m, n), mv, mv / (n * p.eps()));
                }
                double[] b = new double[n * n * pages];
                Random r = new Random(n);
                for (int k = 0; k < pages; k++) for (int j = 0; j < n; j++) for (int i = 0; i <= j; i++) {
                    double x = r.nextGaussian(); b[k * n * n + i + j * n] = x; b[k * n * n + j + i * n] = x;
                }
                EigResult e = Jacobi.eig(PageArray.wrap(b, n, n, pages).to(p), o);
                PageArray v = e.vectors().to(Precision.DOUBLE);
                double mv = 0;
                for (int k = 0; k < pages; k++) mv = Math.max(mv, Residuals.orthogonality(v, k));
                System.out.printf("eig %s %dx%d x%d  V %.2e (%.2f n eps)%n", dt, n, n, pages, mv, mv / (n * p.eps()));
            }
        }
    }
}
