package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.HsvdResult;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.matrices.Generators;
import io.github.gpujacobi.core.AccuracyContract;
import io.github.gpujacobi.core.Residuals;

import picocli.CommandLine;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Random;

import static io.github.gpujacobi.cli.VerifyInputs.gauss;
import static io.github.gpujacobi.cli.VerifyInputs.maxRelDiff;
import static io.github.gpujacobi.cli.VerifyInputs.spd;
import static io.github.gpujacobi.cli.VerifyInputs.sym;
import static io.github.gpujacobi.cli.VerifyInputs.wellConditioned;

/**
 * {@code verify}: a quick correctness check of an installed backend that needs nothing but the
 * product jar (residual, orthogonality, agreement with the CPU backend, relative accuracy on graded
 * matrices, odd sizes, both classes, pages), for users and the GPU machine's script. The thorough,
 * per-check suite is the JUnit BackendConformance (gpujacobi-core's test-jar), which
 * cuda/gpu-verify.sh runs on the GPU from dist/gpujacobi-conformance.jar; inputs come from the same
 * {@link Generators}.
 */
@CommandLine.Command(name = "verify", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        header = "check a backend's results (residual, orthogonality, CPU agreement, graded accuracy)",
        description = {"Runs eig (every method given; classical up to n=100), svd, hsvd, inv (Gauss-Jordan, and Cholesky on",
                "SPD input) on random, odd-sized, paged and graded inputs in both classes on the device, compares with",
                "the CPU backend and prints one line per check and a closing 'N passed, N failed' line.",
                "Exit status 1 when a check fails."})
final class VerifyCommand implements Command {
    @CommandLine.Option(names = "--device", paramLabel = "DEVICE", defaultValue = "gpu",
            description = "gpu, cpu or auto (default: ${DEFAULT-VALUE})")
    String device;

    @CommandLine.Option(names = "--methods", paramLabel = "M", split = ",",
            defaultValue = "auto,parallel,ta,ma,sa,mca,classical,hyperbolic", description = "eig methods (default: ${DEFAULT-VALUE})")
    String[] methods;

    @CommandLine.Option(names = "--sizes", paramLabel = "N", split = ",", defaultValue = "1,2,3,7,32,33,100,257",
            description = "matrix sizes (default: ${DEFAULT-VALUE})")
    int[] sizes;

    @CommandLine.Option(names = "--graded", paramLabel = "N", split = ",",
            description = "more sizes for the graded positive definite and indefinite checks (always: up to 1000 and 1100)")
    int[] graded = {};

    private VerifyTally tally;

    public int run(PrintStream out, PrintStream err) {
        tally = new VerifyTally(out);
        // the arguments before any check (a bad --methods ran every check for minutes, then failed two of them)
        for (int n : sizes) if (n < 1) throw new UsageException("--sizes: sizes must be at least 1, got " + n);
        for (int n : graded) if (n < 1) throw new UsageException("--graded: sizes must be at least 1, got " + n);
        for (String m : methods) {
            try {
                Methods.check(io.github.gpujacobi.api.Operation.EIG, m, SolverOptions.defaults().withCaller("verify"));
            } catch (io.github.gpujacobi.api.JacobiException e) {
                throw new UsageException("--methods: " + e.getMessage().replaceFirst("^verify: ", ""));
            }
        }
        try {
            SolverOptions.defaults().withCaller("verify").withDevice(device);
        } catch (io.github.gpujacobi.api.JacobiException e) {
            throw new UsageException("--device: " + e.getMessage().replaceFirst("^verify: ", ""));
        }
        if (device.equals("gpu") && Backends.get().gpu() == null) {
            err.println("verify: no GPU backend: " + Backends.get().whyNoGpu());
            return PARTIAL;
        }
        SolverOptions dev = SolverOptions.defaults().withDevice(device).withCaller("verify");
        SolverOptions cpu = SolverOptions.defaults().withDevice("cpu").withCaller("verify");
        boolean gpu = device.equals("gpu");
        GradedVerify gradedChecks = new GradedVerify(tally, gpu);
        PagesVerify pages = new PagesVerify(tally, gpu);
        Random r = new Random(7);
        for (Precision p : Precision.values()) {
            // c in the bound c * n * eps: 20 for double, 50 for single (float arithmetic on the GPU,
            // where the CPU backend computes single inputs in double)
            double eps = p.eps() * (p == Precision.SINGLE ? 2.5 : 1);
            for (int n : sizes) {
                PageArray a = sym(r, n, 1).to(p);
                EigResult ref = Jacobi.eig(a, cpu);
                for (String m : methods) {
                    if (m.equals("classical") && n > 100) continue; // O(n^2) pivot search per rotation
                    String what = String.format(Locale.ROOT, "eig %-3s %s n=%d", m, p.matlabClass(), n);
                    try {
                        EigResult e = Jacobi.eig(a, dev.withMethod(m));
                        double res = Residuals.eig(a.to(Precision.DOUBLE), e.vectors().to(Precision.DOUBLE), e.values().to(Precision.DOUBLE), 0);
                        double orth = Residuals.orthogonality(e.vectors(), 0);
                        double agree = maxRelDiff(e.values(), ref.values());
                        check(what, res <= 20 * Math.max(n, 1) * eps && orth <= AccuracyContract.orthogonality(p, n, m)
                                        && agree <= 20 * Math.max(n, 1) * eps && e.report().converged(),
                                String.format(Locale.ROOT, "residual %.1e orth %.1e vs cpu %.1e sweeps %d on %s",
                                        res, orth, agree, e.report().sweeps(), e.report().backend()));
                    } catch (JacobiException ex) {
                        check(what, false, ex.getMessage());
                    }
                }
                int m = n + 5;
                for (int[] shape : new int[][]{{m, n}, {n, m}}) {
                    PageArray g = gauss(r, shape[0], shape[1], 1).to(p);
                    String what = String.format(Locale.ROOT, "svd %s %dx%d", p.matlabClass(), shape[0], shape[1]);
                    try {
                        SvdResult s = Jacobi.svd(g, dev);
                        SvdResult sr = Jacobi.svd(g, cpu);
                        double res = Residuals.svd(g, s.u(), s.s(), s.v(), 0);
                        double ou = Residuals.orthogonality(s.u(), 0), ov = Residuals.orthogonality(s.v(), 0);
                        double agree = maxRelDiff(s.s(), sr.s());
                        double tolr = 20 * Math.max(m, 1) * eps;
                        double ob = AccuracyContract.orthogonality(p, m);
                        check(what, res <= tolr && ou <= ob && ov <= ob && agree <= tolr,
                                String.format(Locale.ROOT, "residual %.1e orthU %.1e orthV %.1e vs cpu %.1e on %s",
                                        res, ou, ov, agree, s.report().backend()));
                    } catch (JacobiException ex) {
                        check(what, false, ex.getMessage());
                    }
                }
                blockedCheck(dev, cpu, r, n, p, eps);
                PageArray w = wellConditioned(r, n).to(p);
                String what = String.format(Locale.ROOT, "inv %s n=%d", p.matlabClass(), n);
                try {
                    InverseResult x = Jacobi.inv(w, dev);
                    double res = Residuals.inverse(w, x.inverse(), 0);
                    check(what, res <= 50 * Math.max(n, 1) * eps && !x.anySingular(),
                            String.format(Locale.ROOT, "||AX-I||/(||A|| ||X||) %.1e rcond %.2g on %s", res, x.rcond(0), x.report().backend()));
                } catch (JacobiException ex) {
                    check(what, false, ex.getMessage());
                }
                PageArray spd = spd(r, n).to(p);
                what = String.format(Locale.ROOT, "inv cholesky %s n=%d", p.matlabClass(), n);
                try {
                    InverseResult x = Jacobi.inv(spd, dev.withMethod("cholesky"));
                    double res = Residuals.inverse(spd, x.inverse(), 0);
                    check(what, res <= 50 * Math.max(n, 1) * eps && !x.anySingular()
                                    && "cholesky".equals(x.report().method()),
                            String.format(Locale.ROOT, "||AX-I||/(||A|| ||X||) %.1e method %s on %s", res,
                                    x.report().method(), x.report().backend()));
                } catch (JacobiException ex) {
                    check(what, false, ex.getMessage());
                }
            }
            for (int n : new int[]{1, 7, 33, 64, 100}) pages.pagesCheck(dev, cpu, r, n, 40, p, eps);
            for (int n : new int[]{129, 256}) pages.pagesCheck(dev, cpu, r, n, 6, p, eps);  // the GPU's block Jacobi inside the page
            for (int n : new int[]{1, 7, 32, 33, 64, 65, 100}) pages.invPagesCheck(dev, r, n, 40, p, eps);
            for (int n : new int[]{1025}) {
                PageArray w = wellConditioned(r, n).to(p);
                String what = String.format(Locale.ROOT, "inv blocked %s n=%d", p.matlabClass(), n);
                try {
                    InverseResult x = Jacobi.inv(w, dev.withMethod("gaussjordan"));
                    double res = Residuals.inverse(w, x.inverse(), 0);
                    check(what, res <= 50 * n * eps && !x.anySingular(),
                            String.format(Locale.ROOT, "||AX-I||/(||A|| ||X||) %.1e rcond %.2g on %s", res, x.rcond(0), x.report().backend()));
                } catch (JacobiException ex) {
                    check(what, false, ex.getMessage());
                }
            }
            for (int[] shape : new int[][]{{1, 1}, {7, 4}, {4, 7}, {40, 33}, {33, 40}, {64, 64}, {90, 90}}) {
                pages.svdPagesCheck(dev, cpu, r, shape[0], shape[1], 40, p, eps);
            }
            for (int[] shape : new int[][]{{200, 150}, {150, 200}, {256, 256}}) pages.svdPagesCheck(dev, cpu, r, shape[0], shape[1], 6, p, eps);
            for (int[] shape : new int[][]{{1, 1}, {7, 7}, {40, 33}, {100, 100}}) {
                hsvdCheck(dev, cpu, r, shape[0], shape[1], true, p, eps);
                hsvdCheck(dev, cpu, r, shape[0], shape[1], false, p, eps);
            }
        }
        gradedChecks.gradedCheck(dev, 40);
        gradedChecks.gradedCheck(dev, 100);
        gradedChecks.gradedCheck(dev, 300);
        gradedChecks.gradedCheck(dev, 1000); // the GPU's default blocked path (Cholesky, then the rows of the factor) from n = 768
        if (device.equals("gpu")) gradedChecks.gradedCheck(dev, 1100); // its preconditioned sweeps (from n = 1024), in single too
        // 1100: the GPU's preconditioned hyperbolic sweeps (from n = 1024, CudaHyperbolicPrecondition)
        for (int n : new int[]{1, 2, 41, 100, 300, 1000, 1100}) gradedChecks.gradedIndefiniteCheck(dev, n);
        for (int n : graded) {
            gradedChecks.gradedCheck(dev, n);
            gradedChecks.gradedIndefiniteCheck(dev, n);
        }
        // complex: the CPU's default from n = 2, the GPU's (the complex blocked route: Cholesky, or Bunch-Parlett and the
        // hyperbolic sweeps) from n = 384; its complex blocked svd from min(m, n) = 256
        for (int n : device.equals("gpu") ? new int[]{400} : new int[]{2, 41, 100, 400}) {
            gradedChecks.complexGradedCheck(dev, n, false);
            gradedChecks.complexGradedCheck(dev, n, true);
        }
        for (int[] mn : new int[][]{{300, 260}, {260, 300}}) {
            pages.complexSvdPagesCheck(dev, new Random(mn[0] * 31L + mn[1]), mn[0], mn[1], 2, Precision.DOUBLE);
        }
        // Hermitian pages: on the GPU all at once through the real batched page kernels on their embeddings (2n <= 256)
        for (Precision p : Precision.values()) for (int n : new int[]{1, 5, 20, 64}) pages.complexPagesCheck(dev, new Random(n), n, 12, p);
        for (Precision p : Precision.values()) for (int[] mn : new int[][]{{1, 1}, {20, 12}, {12, 20}, {64, 64}, {100, 70}}) {
            pages.complexSvdPagesCheck(dev, new Random(mn[0] * 31L + mn[1]), mn[0], mn[1], 12, p);
        }
        gradedChecks.contractChecks(dev);
        PageArray sing = PageArray.wrap(new double[]{1, 2, 2, 4}, 2, 2);
        check("inv singular", Jacobi.inv(sing, dev).anySingular(), "flagged singular");
        // the GPU returns the finite inverse with RCOND 0 (MATLAB's rule); the CPU path adopts it separately
        if (device.equals("gpu")) for (int n : new int[]{3, 130}) badlyScaledCheck(dev, n);
        return tally.close() ? OK : PARTIAL;
    }

    /**
     * Whether Method 'blocked' took its route: on a GPU the report says 'blocked'; on the CPU 'blocked'
     * is AutoEig's route, which reports the solver it picked (hyperbolic, or parallel for n = 1).
     */
    static boolean blockedRouteRan(RunReport r) {
        return "cpu".equals(r.backend()) || "blocked".equals(r.method());
    }

    /**
     * Method 'blocked': eig of a positive definite matrix (the Cholesky path; the report must say
     * 'blocked') and the SVD of a tall and a wide matrix, against the CPU backend.
     */
    private void blockedCheck(SolverOptions dev, SolverOptions cpu, Random r, int n, Precision p, double eps) {
        String what = String.format(Locale.ROOT, "eig blocked spd %s n=%d", p.matlabClass(), n);
        try {
            PageArray a = spd(r, n).to(p);
            EigResult e = Jacobi.eig(a, dev.withMethod("blocked"));
            EigResult ref = Jacobi.eig(a, cpu);
            double res = Residuals.eig(a.to(Precision.DOUBLE), e.vectors().to(Precision.DOUBLE), e.values().to(Precision.DOUBLE), 0);
            double orth = Residuals.orthogonality(e.vectors(), 0);
            double agree = maxRelDiff(e.values(), ref.values());
            double bound = 20 * Math.max(n, 1) * eps;
            check(what, res <= bound && orth <= AccuracyContract.orthogonality(p, n) && agree <= bound && e.report().converged()
                            && blockedRouteRan(e.report()),
                    String.format(Locale.ROOT, "residual %.1e orth %.1e vs cpu %.1e sweeps %d %s/%s", res, orth, agree,
                            e.report().sweeps(), e.report().backend(), e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
        int m = n + 37; // m != n, and not a multiple of the block width
        for (int[] shape : new int[][]{{m, n}, {n, m}, {n, n}}) {
            what = String.format(Locale.ROOT, "svd blocked %s %dx%d", p.matlabClass(), shape[0], shape[1]);
            try {
                PageArray g = gauss(r, shape[0], shape[1], 1).to(p);
                SvdResult s = Jacobi.svd(g, dev.withMethod("blocked"));
                SvdResult sr = Jacobi.svd(g, cpu);
                double res = Residuals.svd(g, s.u(), s.s(), s.v(), 0);
                double ou = Residuals.orthogonality(s.u(), 0), ov = Residuals.orthogonality(s.v(), 0);
                double agree = maxRelDiff(s.s(), sr.s());
                double bound = 20 * Math.max(Math.max(shape[0], shape[1]), 1) * eps;
                double ob = AccuracyContract.orthogonality(p, Math.max(shape[0], shape[1]));
                check(what, res <= bound && ou <= ob && ov <= ob && agree <= bound && s.report().converged(),
                        String.format(Locale.ROOT, "residual %.1e orthU %.1e orthV %.1e vs cpu %.1e sweeps %d %s/%s",
                                res, ou, ov, agree, s.report().sweeps(), s.report().backend(), s.report().method()));
            } catch (JacobiException ex) {
                check(what, false, ex.getMessage());
            }
        }
    }

    /** Hyperbolic SVD: G = U S V', U'U = I, V'JV = diag(signs), sigma against the CPU backend. */
    private void hsvdCheck(SolverOptions dev, SolverOptions cpu, Random r, int m, int n, boolean mixed, Precision p,
                           double eps) {
        String what = String.format(Locale.ROOT, "hsvd %s %dx%d %s", p.matlabClass(), m, n, mixed ? "mixed J" : "J = I");
        try {
            PageArray g = gauss(r, m, n, 1).to(p);
            double[] j = new double[n];
            for (int c = 0; c < n; c++) j[c] = mixed && c % 2 == 1 ? -1 : 1;
            PageArray signs = PageArray.wrap(j, n, 1);
            HsvdResult h = Jacobi.hsvd(g, signs, dev);
            HsvdResult ref = Jacobi.hsvd(g, signs, cpu);
            double res = Residuals.svd(g.to(Precision.DOUBLE), h.u().to(Precision.DOUBLE), h.s().to(Precision.DOUBLE),
                    h.v().to(Precision.DOUBLE), 0);
            double orth = Residuals.orthogonality(h.u(), 0);
            double[] v = h.v().pageAsDouble(0), js = h.signs().pageAsDouble(0);
            double jorth = 0, vnorm = 0;
            for (int a = 0; a < n; a++) for (int b = 0; b < n; b++) {
                double x = 0;
                for (int i = 0; i < n; i++) x += v[i + a * n] * j[i] * v[i + b * n];
                double e = x - (a == b ? js[a] : 0);
                jorth += e * e;
                vnorm += v[b + a * n] * v[b + a * n];
            }
            jorth = Math.sqrt(jorth) / Math.max(vnorm, 1); // ||V'JV - J|| / ||V||^2: V may be large
            double agree = maxRelDiff(h.s(), ref.s());
            double bound = 50 * Math.max(m, 1) * eps;
            check(what, res <= bound && orth <= AccuracyContract.orthogonality(p, m) && jorth <= bound && agree <= bound && h.report().converged(),
                    String.format(Locale.ROOT, "residual %.1e orthU %.1e V'JV %.1e vs cpu %.1e sweeps %d on %s",
                            res, orth, jorth, agree, h.report().sweeps(), h.report().backend()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    /** diag(1e-300 ... 1e300): the exact inverse comes back (RCOND underflows to 0, a warning, not refused). */
    private void badlyScaledCheck(SolverOptions dev, int n) {
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) a[i + i * n] = Math.pow(10, -300 + 600.0 * i / (n - 1));
        String what = "inv diag(1e-300..1e300) n=" + n;
        try {
            InverseResult x = Jacobi.inv(PageArray.wrap(a, n, n), dev.withMethod("gaussjordan"));
            boolean exact = true;
            for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
                exact &= x.inverse().get(i, j) == (i == j ? 1 / a[i + i * n] : 0);
            }
            check(what, exact && !x.anySingular(), String.format(Locale.ROOT, "exact inverse %b, singular %b, rcond %.1e on %s",
                    exact, x.anySingular(), x.rcond(0), x.report().backend()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }


    private void check(String what, boolean ok, String detail) { tally.check(what, ok, detail); }
}
