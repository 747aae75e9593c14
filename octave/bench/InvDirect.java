import io.github.gpujacobi.bridge.Bridge;
import io.github.gpujacobi.bridge.BridgeResult;
import java.util.Random;

/** Times Bridge.run("inv") on a 1000 x 1000 double matrix made directly from Java (the baseline of overhead.sh). */
public final class InvDirect {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Random rnd = new Random(1);
        double[] a = new double[n * n];
        for (int i = 0; i < a.length; i++) a[i] = rnd.nextGaussian();
        double best = Double.MAX_VALUE;
        for (int r = 0; r < rounds + 2; r++) {
            long t0 = System.nanoTime();
            BridgeResult res = Bridge.run("inv", a, n, n, 1, "double", "gpu_inversion", "variable=A;");
            double[] x = res.get("X");
            double t = (System.nanoTime() - t0) / 1e9;
            if (!res.ok() || x.length != n * n) throw new IllegalStateException(res.errorMessage());
            if (r >= 2) best = Math.min(best, t);
        }
        System.out.printf("java-direct %d %.4f%n", n, best);
    }
}
