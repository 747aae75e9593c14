package io.github.gpujacobi.core;

import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.InputChecks;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The one inversion policy [5, 14, 16], whatever the backend: 'cholesky' and 'auto' try the SPD path
 * on exactly symmetric pages; 'auto' falls back to Gauss-Jordan when the factorisation fails,
 * 'cholesky' reports the page instead; each page gets its rcond estimate and singular flag; the
 * report names the method that ran, or "mixed" when pages differed. The backend supplies the two
 * in-place page inverters.
 */
public final class InversionPolicy {
    private InversionPolicy() {}

    /** One page's inverters; each works in place and returns success (direct outcome) and its device time. */
    public interface Inverter {
        PageOutcome cholesky(double[] w, int n);

        /**
         * Page {@code page} of the input, in w: a backend that already inverted every page at once
         * (the GPU's batched kernels) hands that page's inverse back here.
         */
        PageOutcome gaussJordan(double[] w, int n, int page);
    }

    public static InverseResult invert(final PageArray a, final SolverOptions o, PageDriver driver, final Inverter inv) {
        final int n = a.rows(), pages = a.pages();
        // one double page's inverse is returned in its working array, not copied into a fresh output
        final boolean adopt = PageOutputs.mayAdopt(a.precision(), pages);
        final PageArray x = adopt ? null : PageOutputs.zeros(a.precision(), n, n, pages);
        final double[][] adopted = new double[1][];
        final double[] rcond = new double[pages];
        final boolean[] singular = new boolean[pages];
        final String[] used = new String[pages];
        final AtomicLong compute = new AtomicLong();
        driver.forEachPage(pages, k -> {
            double[] w = a.pageAsDouble(k);
            InverseCheck.Norm norm = InverseCheck.norm1Of(w, n);
            // a backend that leaves the input checks to this pass (Backend#checksInput) gets the API's error here
            if (!norm.finite()) InputChecks.requireFinite(a, o);
            boolean ok = false;
            used[k] = Methods.GAUSS_JORDAN;
            if (n == 1 && !(Methods.CHOLESKY.equals(o.method()) && !(w[0] > 0))) {
                // 1 / a, correctly rounded: Cholesky's 1 / sqrt(a)^2 was an ulp off (inv(2) gave 0.4999999999999999)
                ok = w[0] != 0;
                if (ok) w[0] = 1 / w[0];
                if (w[0] > 0 && !Methods.GAUSS_JORDAN.equals(o.method())) used[k] = Methods.CHOLESKY;
            } else if (!Methods.GAUSS_JORDAN.equals(o.method()) && exactlySymmetric(w, n)) {
                double[] c = w.clone();
                PageOutcome r = inv.cholesky(c, n);
                compute.addAndGet(r.computeNanos);
                if (r.converged) {
                    ok = true;
                    w = c;
                    used[k] = Methods.CHOLESKY;
                }
            }
            if (!ok && Methods.CHOLESKY.equals(o.method())) {
                throw new JacobiException(ErrorKind.NOT_POSITIVE_DEFINITE, o.where()
                        + " is not symmetric positive definite, so Method 'cholesky' cannot invert it"
                        + (pages > 1 ? " (page " + (k + 1) + ")" : "") + "; use 'auto' or 'gaussjordan'");
            }
            if (!ok && n > 1) {
                PageOutcome r = inv.gaussJordan(w, n, k);
                compute.addAndGet(r.computeNanos);
                ok = r.converged;
            }
            rcond[k] = InverseCheck.finish(norm, w, n, ok);
            singular[k] = rcond[k] == 0;
            if (adopt) adopted[0] = w;
            else x.writePage(k, w);
        });
        String method = pages > 0 ? used[0] : o.method();
        for (String u : used) if (u != null && !u.equals(method)) method = "mixed";
        PageArray inverse = adopt ? PageArray.wrap(adopted[0], n, n) : x;
        return new InverseResult(inverse, rcond, singular, driver.directReport(method, a.precision(), pages, compute.get()));
    }

    /**
     * Tile by tile (the strided side from cache) on the calling thread, returning at the first difference: a general
     * matrix differs in its first tile, so the test costs it next to nothing, where handing the scan to other threads
     * made it wait for their start-up (behind the native BLAS's own threads, which spin for a while after each call).
     */
    static boolean exactlySymmetric(final double[] w, final int n) {
        final int tile = 32;
        for (int jb = 0; jb < n; jb += tile) {
            int je = Math.min(n, jb + tile);
            for (int ib = jb; ib < n; ib += tile) {
                int ie = Math.min(n, ib + tile);
                for (int j = jb; j < je; j++) {
                    for (int i = Math.max(ib, j + 1); i < ie; i++) if (w[i + j * n] != w[j + i * n]) return false;
                }
            }
        }
        return true;
    }
}
