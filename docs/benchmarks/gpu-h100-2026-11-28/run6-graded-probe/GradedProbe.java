import io.github.gpujacobi.api.*;
import io.github.gpujacobi.bench.Generators;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Random;

/** Graded indefinite eigenvalues (Generators.gradedIndefinite(new Random(n), n, 10), as verify) to a text file. */
public class GradedProbe {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        String device = args[1], method = args[2], out = args[3];
        double tol = args.length > 4 ? Double.parseDouble(args[4]) : 0;
        PageArray pa = PageArray.wrap(Generators.gradedIndefinite(new Random(n), n, 10), n, n);
        SolverOptions o = SolverOptions.defaults().withDevice(device).withMethod(method).withVectors(false);
        if (tol > 0) o = o.withTol(tol);
        long t0 = System.nanoTime();
        EigResult e = Jacobi.eig(pa, o);
        double ms = (System.nanoTime() - t0) / 1e6;
        try (PrintStream p = new PrintStream(out)) {
            for (int i = 0; i < n; i++) p.println(String.format(Locale.ROOT, "%.17e", e.values().get(i)));
        }
        System.out.printf(Locale.ROOT, "%s %s n=%d sweeps %d %s/%s %.0f ms%n", device, method, n, e.report().sweeps(),
                e.report().backend(), e.report().method(), ms);
    }
}
