package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;

import picocli.CommandLine;

import java.io.PrintStream;
import java.util.Locale;

/** {@code demo}: decomposes a small built-in symmetric matrix and prints it with its residual. */
@CommandLine.Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        header = "eigendecomposition of a small built-in matrix, with its residual",
        description = "Decomposes the 5x5 Pascal matrix and prints eigenvalues and ||AV-VD||/||A||.")
final class DemoCommand implements Command {
    public int run(PrintStream out, PrintStream err) {
        int n = 5;
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a[i + j * n] = binom(i + j, i);
        EigResult r = Jacobi.eig(PageArray.wrap(a, n, n), SolverOptions.defaults().withCaller("demo"));
        out.println("A = pascal(5); [V, D] = eig(A)");
        for (int i = 0; i < n; i++) out.printf(Locale.ROOT, "  lambda_%d = %.15g%n", i + 1, r.values().get(i, 0));
        double res = 0, na = 0;
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
            double av = 0;
            for (int k = 0; k < n; k++) av += a[i + k * n] * r.vectors().get(k, j);
            double d = av - r.vectors().get(i, j) * r.values().get(j, 0);
            res += d * d;
            na += a[i + j * n] * a[i + j * n];
        }
        out.printf(Locale.ROOT, "  ||A V - V D||_F / ||A||_F = %.3g%n  %s%n", Math.sqrt(res / na), r.report());
        return OK;
    }

    private static double binom(int n, int k) {
        double b = 1;
        for (int i = 1; i <= k; i++) b = b * (n - k + i) / i;
        return b;
    }
}
