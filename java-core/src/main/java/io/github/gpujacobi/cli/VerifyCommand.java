package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
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
import io.github.gpujacobi.bench.ComplexAccuracy;
import io.github.gpujacobi.bench.Generators;
import io.github.gpujacobi.bench.GradedReference;
import io.github.gpujacobi.core.AccuracyContract;
import io.github.gpujacobi.core.ComplexResiduals;
import io.github.gpujacobi.core.Residuals;

import picocli.CommandLine;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

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

    private int passed, failed;
    private PrintStream out;

    public int run(PrintStream out, PrintStream err) {
        this.out = out;
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
            for (int n : new int[]{1, 7, 33, 64, 100}) pagesCheck(dev, cpu, r, n, 40, p, eps);
            for (int n : new int[]{129, 256}) pagesCheck(dev, cpu, r, n, 6, p, eps);  // the GPU's block Jacobi inside the page
            for (int n : new int[]{1, 7, 32, 33, 64, 65, 100}) invPagesCheck(dev, r, n, 40, p, eps);
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
                svdPagesCheck(dev, cpu, r, shape[0], shape[1], 40, p, eps);
            }
            for (int[] shape : new int[][]{{200, 150}, {150, 200}, {256, 256}}) svdPagesCheck(dev, cpu, r, shape[0], shape[1], 6, p, eps);
            for (int[] shape : new int[][]{{1, 1}, {7, 7}, {40, 33}, {100, 100}}) {
                hsvdCheck(dev, cpu, r, shape[0], shape[1], true, p, eps);
                hsvdCheck(dev, cpu, r, shape[0], shape[1], false, p, eps);
            }
        }
        gradedCheck(dev, 40);
        gradedCheck(dev, 100);
        gradedCheck(dev, 300);
        gradedCheck(dev, 1000); // the GPU's default blocked path (Cholesky, then the rows of the factor) from n = 768
        if (device.equals("gpu")) gradedCheck(dev, 1100); // its preconditioned sweeps (from n = 1024), in single too
        // 1100: the GPU's preconditioned hyperbolic sweeps (from n = 1024, CudaHyperbolicPrecondition)
        for (int n : new int[]{1, 2, 41, 100, 300, 1000, 1100}) gradedIndefiniteCheck(dev, n);
        for (int n : graded) {
            gradedCheck(dev, n);
            gradedIndefiniteCheck(dev, n);
        }
        // complex: the CPU's default from n = 2, the GPU's (the complex blocked route: Cholesky, or Bunch-Parlett and the
        // hyperbolic sweeps) from n = 384; its complex blocked svd from min(m, n) = 256
        for (int n : device.equals("gpu") ? new int[]{400} : new int[]{2, 41, 100, 400}) {
            complexGradedCheck(dev, n, false);
            complexGradedCheck(dev, n, true);
        }
        for (int[] mn : new int[][]{{300, 260}, {260, 300}}) {
            complexSvdPagesCheck(dev, new Random(mn[0] * 31L + mn[1]), mn[0], mn[1], 2, Precision.DOUBLE);
        }
        // Hermitian pages: on the GPU all at once through the real batched page kernels on their embeddings (2n <= 256)
        for (Precision p : Precision.values()) for (int n : new int[]{1, 5, 20, 64}) complexPagesCheck(dev, new Random(n), n, 12, p);
        for (Precision p : Precision.values()) for (int[] mn : new int[][]{{1, 1}, {20, 12}, {12, 20}, {64, 64}, {100, 70}}) {
            complexSvdPagesCheck(dev, new Random(mn[0] * 31L + mn[1]), mn[0], mn[1], 12, p);
        }
        contractChecks(dev);
        PageArray sing = PageArray.wrap(new double[]{1, 2, 2, 4}, 2, 2);
        check("inv singular", Jacobi.inv(sing, dev).anySingular(), "flagged singular");
        // the GPU returns the finite inverse with RCOND 0 (MATLAB's rule); the CPU path adopts it separately
        if (device.equals("gpu")) for (int n : new int[]{3, 130}) badlyScaledCheck(dev, n);
        out.printf(Locale.ROOT, "verify: %d passed, %d failed%n", passed, failed);
        return failed == 0 ? OK : PARTIAL;
    }

    /**
     * The accuracy contract (docs/accuracy.md) on the classes it names, through the default methods: graded symmetric
     * indefinite, indefinite Hermitian, row- and column-graded SVD against 25-digit references (mpmath, cached with the
     * product: {@link GradedReference}), every value to 1e-12 relative; the default eig's and svd's factors orthogonal
     * to max(n, 3) eps at n = 8, 64, 777, 1024 in both classes; a loose Tol never converged outside the contract.
     */
    private void contractChecks(SolverOptions dev) {
        for (String name : GradedReference.NAMES) {
            GradedReference g = GradedReference.load(name);
            String what = "contract: graded reference " + name;
            try {
                PageArray values;
                RunReport rep;
                if (g.complex) {
                    ComplexEigResult e = Jacobi.eig(ComplexPageArray.wrap(g.a.clone(), g.m, g.n), dev.withVectors(false));
                    values = e.values();
                    rep = e.report();
                } else if (g.kind.equals("eig")) {
                    EigResult e = Jacobi.eig(PageArray.wrap(g.a.clone(), g.m, g.n), dev.withVectors(false));
                    values = e.values();
                    rep = e.report();
                } else {
                    SvdResult s = Jacobi.svd(PageArray.wrap(g.a.clone(), g.m, g.n), dev.withVectors(false));
                    values = s.s();
                    rep = s.report();
                }
                double worst = worstRelative(values, PageArray.wrap(g.values, g.values.length, 1));
                check(what, worst <= 1e-12 && rep.converged(), String.format(Locale.ROOT,
                        "worst relative error vs 25 digits %.1e, %s/%s", worst, rep.backend(), rep.method()));
            } catch (JacobiException ex) {
                check(what, false, ex.getMessage());
            }
        }
        for (Precision p : Precision.values()) for (int n : new int[]{8, 64, 777, 1024}) {
            String what = String.format(Locale.ROOT, "contract: eig and svd orthogonality %s n=%d", p.matlabClass(), n);
            try {
                Random r = new Random(n);
                EigResult e = Jacobi.eig(sym(r, n, 1).to(p), dev);
                SvdResult s = Jacobi.svd(gauss(r, n, n, 1).to(p), dev);
                double ov = Residuals.orthogonality(e.vectors(), 0), su = Residuals.orthogonality(s.u(), 0);
                double sv = Residuals.orthogonality(s.v(), 0), b = AccuracyContract.orthogonality(p, n);
                check(what, ov <= b && su <= b && sv <= b && e.report().converged() && s.report().converged(),
                        String.format(Locale.ROOT, "eig V %.1e, svd U %.1e V %.1e (bound %.1e), %s/%s and %s", ov, su, sv, b,
                                e.report().backend(), e.report().method(), s.report().method()));
            } catch (JacobiException ex) {
                check(what, false, ex.getMessage());
            }
        }
        int n = 100;
        PageArray a = sym(new Random(1), n, 1);
        for (double tol : new double[]{0.5, 0.1, 1e-2}) {
            String what = "contract: eig Tol " + tol + " n=" + n;
            try {
                EigResult e = Jacobi.eig(a, dev.withTol(tol));
                double orth = Residuals.orthogonality(e.vectors(), 0), res = Residuals.eig(a, e.vectors(), e.values(), 0);
                boolean within = orth <= AccuracyContract.orthogonality(Precision.DOUBLE, n)
                        && res <= AccuracyContract.eigResidual(Precision.DOUBLE, n, tol);
                check(what, within || !e.report().converged(), String.format(Locale.ROOT,
                        "orth %.1e residual %.1e, reported %s, %s/%s", orth, res,
                        e.report().converged() ? "converged" : "not converged", e.report().backend(), e.report().method()));
            } catch (JacobiException ex) {
                check(what, false, ex.getMessage());
            }
        }
    }

    private void gradedCheck(SolverOptions dev, int n) {
        double[] a = Generators.gradedSpd(new Random(n), n, 10);
        PageArray pa = PageArray.wrap(a, n, n);
        EigResult ref = Jacobi.eig(pa, SolverOptions.defaults().withDevice("cpu").withTol(1e-17));
        for (String m : new String[]{"mca", "sa", "classical", "hyperbolic", "blocked", "auto"}) {
            if ((m.equals("classical") && n > 100) || (n > 300 && !m.equals("blocked") && !m.equals("auto"))) continue;
            try {
                EigResult e = Jacobi.eig(pa, dev.withMethod(m).withVectors(false));
                double worst = maxRelDiff(e.values(), ref.values());
                check("eig graded (10 decades) " + m + " n=" + n, worst <= 1e-12,
                        String.format(Locale.ROOT, "worst relative error of the eigenvalues vs the CPU: %.1e", worst));
            } catch (JacobiException ex) {
                check("eig graded " + m, false, ex.getMessage());
            }
        }
        if (n >= SINGLE_GRADED_FROM && device.equals("gpu")) gradedSingleCheck(dev, "eig graded (10 decades) single n=" + n, pa, ref.values());
    }

    /** The graded rows run in single too from here on the GPU: its preconditioned routes (from n = 1024). */
    static final int SINGLE_GRADED_FROM = 1024;

    /**
     * The graded matrix pa rounded to single, through the GPU's default route, where single's tolerance lets the check
     * before the first sweep end the iteration (CudaBlockedSvd.PRE_CHECK). The single bounds: every
     * eigenvalue within n eps_single relative of ref, the double matrix's (the rounding moves them by about
     * cond(H) eps_single [6]), residual and orthogonality within n eps_single.
     */
    private void gradedSingleCheck(SolverOptions dev, String what, PageArray pa, PageArray ref) {
        int n = pa.rows();
        PageArray a = pa.to(Precision.SINGLE);
        try {
            EigResult e = Jacobi.eig(a, dev.withMethod("auto"));
            double worst = worstRelative(e.values(), ref);
            double res = Residuals.eig(a.to(Precision.DOUBLE), e.vectors().to(Precision.DOUBLE), e.values().to(Precision.DOUBLE), 0);
            double orth = Residuals.orthogonality(e.vectors().to(Precision.DOUBLE), 0);
            double bound = n * Precision.SINGLE.eps();
            check(what, worst <= bound && res <= bound && orth <= AccuracyContract.orthogonality(Precision.SINGLE, n)
                    && e.report().converged(), String.format(Locale.ROOT,
                    "worst relative error of the eigenvalues vs the CPU (double) %.1e, residual %.1e, orth %.1e, sweeps %d %s/%s",
                    worst, res, orth, e.report().sweeps(), e.report().backend(), e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    /**
     * Graded indefinite (10 decades): every eigenvalue to 1e-12 relative against the CPU's hyperbolic route,
     * through 'blocked' (Bunch-Parlett and the blocked hyperbolic Jacobi on the GPU once Cholesky fails),
     * 'hyperbolic' and the default (which takes a relatively accurate route at every order), with residual and
     * orthogonality of the vectors.
     */
    private void gradedIndefiniteCheck(SolverOptions dev, int n) {
        PageArray pa = PageArray.wrap(Generators.gradedIndefinite(new Random(n), n, 10), n, n);
        EigResult ref = Jacobi.eig(pa, SolverOptions.defaults().withDevice("cpu").withTol(1e-17));
        for (String m : new String[]{"blocked", "hyperbolic", "auto"}) {
            String what = "eig graded indefinite (10 decades) " + m + " n=" + n;
            try {
                EigResult e = Jacobi.eig(pa, dev.withMethod(m));
                double worst = worstRelative(e.values(), ref.values());
                double res = Residuals.eig(pa, e.vectors(), e.values(), 0);
                double orth = Residuals.orthogonality(e.vectors(), 0);
                double bound = 10 * Math.max(n, 1) * Precision.DOUBLE.eps();
                check(what, worst <= 1e-12 && res <= bound && orth <= AccuracyContract.orthogonality(Precision.DOUBLE, n, m),
                        String.format(Locale.ROOT,
                        "worst relative error of the eigenvalues vs the CPU %.1e, residual %.1e, orth %.1e, sweeps %d %s/%s",
                        worst, res, orth, e.report().sweeps(), e.report().backend(), e.report().method()));
            } catch (JacobiException ex) {
                check(what, false, ex.getMessage());
            }
        }
        if (n >= SINGLE_GRADED_FROM && device.equals("gpu")) {
            gradedSingleCheck(dev, "eig graded indefinite (10 decades) single n=" + n, pa, ref.values());
        }
    }

    /** Hermitian pages (default method) against the CPU's eigenvalues, with each page's residual and orthogonality. */
    private void complexPagesCheck(SolverOptions dev, Random r, int n, int count, Precision p) {
        ComplexPageArray pa = ComplexPageArray.wrap(Generators.pages(count, 2 * n * n, () -> Generators.hermitian(r, n)), n, n,
                count).to(p);
        String what = String.format(Locale.ROOT, "complex eig pages %dx%dx%d %s", count, n, n, p.matlabClass());
        try {
            ComplexEigResult e = Jacobi.eig(pa, dev);
            ComplexEigResult ref = Jacobi.eig(pa, SolverOptions.defaults().withDevice("cpu").withVectors(false));
            double worst = 0, res = 0, orth = 0;
            for (int k = 0; k < count; k++) {
                double scale = 0;
                for (int i = 0; i < n; i++) scale = Math.max(scale, Math.abs(ref.values().get(i, 0, k)));
                for (int i = 0; i < n; i++) {
                    worst = Math.max(worst, Math.abs(e.values().get(i, 0, k) - ref.values().get(i, 0, k)) / Math.max(scale, Double.MIN_NORMAL));
                }
                res = Math.max(res, ComplexResiduals.eig(pa.to(Precision.DOUBLE), e.vectors().to(Precision.DOUBLE),
                        e.values().to(Precision.DOUBLE), k, true));
                orth = Math.max(orth, ComplexResiduals.orthogonality(e.vectors(), k));
            }
            double bound = 20 * Math.max(n, 1) * p.eps(); // as for real pages
            check(what, worst <= bound && res <= bound && orth <= AccuracyContract.orthogonality(p, n) && e.report().converged(),
                    String.format(Locale.ROOT,
                    "eigenvalues vs the CPU %.1e, residual %.1e, orth %.1e, %s/%s", worst, res, orth, e.report().backend(),
                    e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    /** Complex svd pages (default method, thin) against the CPU's singular values, with each page's residual and orthogonality. */
    private void complexSvdPagesCheck(SolverOptions dev, Random r, int m, int n, int count, Precision p) {
        ComplexPageArray pa = ComplexPageArray.wrap(Generators.randn(r, 2 * m * n * count, 1), m, n, count).to(p);
        String what = String.format(Locale.ROOT, "complex svd pages %dx%dx%d %s", m, n, count, p.matlabClass());
        try {
            ComplexSvdResult e = Jacobi.svd(pa, dev.withEcon(true));
            ComplexSvdResult ref = Jacobi.svd(pa, SolverOptions.defaults().withDevice("cpu").withVectors(false));
            int k0 = Math.min(m, n);
            double worst = 0, res = 0, orth = 0;
            ComplexPageArray ad = pa.to(Precision.DOUBLE), u = e.u().to(Precision.DOUBLE), v = e.v().to(Precision.DOUBLE);
            for (int k = 0; k < count; k++) {
                double top = ref.s().get(0, 0, k);
                for (int i = 0; i < k0; i++) {
                    worst = Math.max(worst, Math.abs(e.s().get(i, 0, k) - ref.s().get(i, 0, k)) / Math.max(top, Double.MIN_NORMAL));
                }
                res = Math.max(res, ComplexResiduals.svd(ad, u, e.s().to(Precision.DOUBLE), v, k, true));
                orth = Math.max(orth, Math.max(ComplexResiduals.orthogonality(u, k), ComplexResiduals.orthogonality(v, k)));
            }
            double bound = 20 * Math.max(Math.max(m, n), 1) * p.eps();
            check(what, worst <= bound && res <= bound && orth <= AccuracyContract.orthogonality(p, Math.max(m, n))
                    && e.report().converged(), String.format(Locale.ROOT,
                    "singular values vs the CPU %.1e, residual %.1e, orth %.1e, %s/%s", worst, res, orth, e.report().backend(),
                    e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    /**
     * Graded Hermitian (10 decades), indefinite or positive definite: every eigenvalue to 1e-12 relative against the
     * CPU's default (Cholesky, or the real route on the real symmetric embedding; tested against 40-digit references),
     * with residual and orthogonality, through the device's default eig.
     */
    private void complexGradedCheck(SolverOptions dev, int n, boolean definite) {
        ComplexPageArray pa = ComplexPageArray.wrap(Generators.gradedHermitian(new Random(n), n, 10, definite), n, n);
        String what = "complex eig graded " + (definite ? "positive definite" : "indefinite") + " (10 decades) auto n=" + n;
        try {
            ComplexEigResult ref = Jacobi.eig(pa, SolverOptions.defaults().withDevice("cpu").withTol(1e-17));
            ComplexEigResult e = Jacobi.eig(pa, dev);
            double worst = worstRelative(e.values(), ref.values());
            double res = ComplexResiduals.eig(pa, e.vectors(), e.values(), 0, true);
            double orth = ComplexAccuracy.orthogonality(e.vectors()); // probe estimate
            double bound = 10 * Math.max(n, 1) * Precision.DOUBLE.eps();
            check(what, worst <= 1e-12 && res <= bound && orth <= AccuracyContract.orthogonality(Precision.DOUBLE, n),
                    String.format(Locale.ROOT,
                    "worst relative error of the eigenvalues vs the CPU %.1e, residual %.1e, orth %.1e, %s/%s", worst, res,
                    orth, e.report().backend(), e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
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

    private void check(String what, boolean ok, String detail) {
        if (ok) passed++; else failed++;
        out.printf(Locale.ROOT, "%s %-32s %s%n", ok ? "PASS" : "FAIL", what, detail);
    }

    /** max_i |x_i - y_i| / |y_i|, truly relative element by element (eigenvalues, both ascending). */
    static double worstRelative(PageArray x, PageArray y) {
        double worst = 0;
        for (int i = 0; i < y.length(); i++) worst = Math.max(worst, Math.abs(x.get(i) - y.get(i)) / Math.abs(y.get(i)));
        return worst;
    }

    /** max_i |x_i - y_i| / |y_i| (relative per element; exact zeros compared absolutely). */
    static double maxRelDiff(PageArray x, PageArray y) {
        double worst = 0, scale = 0;
        for (int i = 0; i < y.length(); i++) scale = Math.max(scale, Math.abs(y.get(i)));
        for (int i = 0; i < y.length(); i++) {
            double den = Math.abs(y.get(i));
            double diff = Math.abs(x.get(i) - y.get(i));
            worst = Math.max(worst, den > 1e-3 * scale ? diff / den : diff / Math.max(scale, Double.MIN_NORMAL));
        }
        return worst;
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

    /** Every page of a 3-D array (the GPU's batched kernel where a page fits a block) against the CPU. */
    private void svdPagesCheck(SolverOptions dev, SolverOptions cpu, Random r, int m, int n, int count, Precision p,
                               double eps) {
        String what = String.format(Locale.ROOT, "svd pages %dx%dx%d %s", m, n, count, p.matlabClass());
        try {
            PageArray g = gauss(r, m, n, count).to(p);
            SvdResult sv = Jacobi.svd(g, dev);
            SvdResult ref = Jacobi.svd(g, cpu);
            double res = 0, orth = 0;
            for (int k = 0; k < count; k++) {
                res = Math.max(res, Residuals.svd(g, sv.u(), sv.s(), sv.v(), k));
                orth = Math.max(orth, Math.max(Residuals.orthogonality(sv.u(), k), Residuals.orthogonality(sv.v(), k)));
            }
            double agree = maxRelDiff(sv.s(), ref.s());
            double bound = 20 * Math.max(Math.max(m, n), 1) * eps;
            check(what, res <= bound && orth <= AccuracyContract.orthogonality(p, Math.max(m, n)) && agree <= bound
                            && sv.report().converged(),
                    String.format(Locale.ROOT, "worst residual %.1e orth %.1e vs cpu %.1e, %s/%s", res, orth, agree,
                            sv.report().backend(), sv.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    private void pagesCheck(SolverOptions dev, SolverOptions cpu, Random r, int n, int count, Precision p, double eps) {
        String what = String.format(Locale.ROOT, "eig pages %dx%dx%d %s", count, n, n, p.matlabClass());
        try {
            PageArray pages = sym(r, n, count).to(p);
            EigResult e = Jacobi.eig(pages, dev);
            EigResult ref = Jacobi.eig(pages, cpu);
            PageArray a = pages.to(Precision.DOUBLE), v = e.vectors().to(Precision.DOUBLE), d = e.values().to(Precision.DOUBLE);
            double res = 0, orth = 0;
            for (int k = 0; k < count; k++) {
                res = Math.max(res, Residuals.eig(a, v, d, k));
                orth = Math.max(orth, Residuals.orthogonality(v, k));
            }
            double agree = maxRelDiff(e.values(), ref.values());
            double bound = 20 * Math.max(n, 1) * eps;
            check(what, res <= bound && orth <= AccuracyContract.orthogonality(p, n) && agree <= bound && e.report().converged(),
                    String.format(Locale.ROOT, "worst residual %.1e orth %.1e vs cpu %.1e, %s/%s", res, orth, agree,
                            e.report().backend(), e.report().method()));
        } catch (JacobiException ex) {
            check(what, false, ex.getMessage());
        }
    }

    /** Pages of inverses (the batched kernel up to 64), one page exactly singular: only that page is flagged. */
    private void invPagesCheck(SolverOptions dev, Random r, int n, int count, Precision p, double eps) {
        String what = String.format(Locale.ROOT, "inv pages %dx%dx%d %s", count, n, n, p.matlabClass());
        try {
            double[] a = new double[n * n * count];
            for (int k = 0; k < count; k++) {
                double[] w = wellConditioned(r, n).pageAsDouble(0);
                if (k == count / 2) java.util.Arrays.fill(w, 0, n, 0); // column 1 zero: singular
                System.arraycopy(w, 0, a, k * n * n, n * n);
            }
            PageArray pages = PageArray.wrap(a, n, n, count).to(p);
            InverseResult x = Jacobi.inv(pages, dev.withMethod("gaussjordan"));
            PageArray ad = pages.to(Precision.DOUBLE), xd = x.inverse().to(Precision.DOUBLE);
            double res = 0;
            boolean flags = true;
            for (int k = 0; k < count; k++) {
                flags &= x.singular(k) == (k == count / 2);
                if (k != count / 2) res = Math.max(res, Residuals.inverse(ad, xd, k));
            }
            check(what, res <= 50 * Math.max(n, 1) * eps && flags,
                    String.format(Locale.ROOT, "worst ||AX-I||/(||A|| ||X||) %.1e, page %d alone singular: %b, %s/%s", res,
                            count / 2 + 1, flags, x.report().backend(), x.report().method()));
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

    static PageArray sym(Random r, int n, int pages) {
        return PageArray.wrap(Generators.pages(pages, n * n, () -> Generators.symmetric(r, n)), n, n, pages);
    }

    static PageArray gauss(Random r, int m, int n, int pages) {
        return PageArray.wrap(Generators.randn(r, m * n, pages), m, n, pages);
    }

    static PageArray spd(Random r, int n) { return PageArray.wrap(Generators.spd(r, n), n, n); }

    static PageArray wellConditioned(Random r, int n) { return PageArray.wrap(Generators.wellConditioned(r, n), n, n); }

    static List<String> list(String... s) { return new ArrayList<String>(java.util.Arrays.asList(s)); }
}
