import io.github.gpujacobi.bridge.Bridge;
import io.github.gpujacobi.bridge.BridgeResult;
import java.util.Random;

/**
 * Times Bridge.run(op) on an n x n double matrix (symmetric for eig) made directly from Java, with the inputs the
 * Octave side of overhead.sh makes: the baseline the toolbox's whole call is read against. Prints the best of the
 * rounds after two warm-ups.
 */
public final class BridgeDirect {
    public static void main(String[] args) {
        String op = args.length > 0 ? args[0] : "inv";
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Random rnd = new Random(1);
        double[] a = new double[n * n];
        for (int i = 0; i < a.length; i++) a[i] = rnd.nextGaussian();
        if (op.equals("eig")) {
            for (int j = 0; j < n; j++) for (int i = 0; i < j; i++) a[i + j * n] = a[j + i * n];
        }
        String caller = op.equals("inv") ? "gpu_inversion" : "gpu_" + op;
        double best = Double.MAX_VALUE;
        for (int r = 0; r < rounds + 2; r++) {
            long t0 = System.nanoTime();
            BridgeResult res = Bridge.run(op, a, n, n, 1, "double", caller, "variable=A;");
            double t = (System.nanoTime() - t0) / 1e9;
            if (!res.ok()) throw new IllegalStateException(res.errorMessage());
            if (r >= 2) best = Math.min(best, t);
        }
        System.out.printf("java-direct %s %d %.4f%n", op, n, best);
    }
}
