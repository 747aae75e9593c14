import io.github.gpujacobi.matrices.Generators;
import java.io.*;
import java.util.*;

/** Writes the conformance suite's graded inputs (exact doubles, hex) for the mpmath references. */
public class Dump {
    static void write(String name, String kind, String how, int m, int n, boolean complex, double[] a) throws IOException {
        try (PrintWriter w = new PrintWriter(new FileWriter("/tmp/accref/" + name + ".in"))) {
            w.println(kind + " " + m + " " + n + " " + (complex ? 1 : 0));
            w.println(how);
            for (double x : a) w.println(Double.toHexString(x));
        }
    }
    static double[] rowGraded(Random r, int m, int n, double decades, boolean rows) {
        double[] b = Generators.randn(r, m, n);
        int k = rows ? m : n;
        int[] p = Generators.permutation(r, k);
        double[] a = new double[m * n];
        for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
            int g = rows ? p[i] : p[j];
            a[i + j * m] = b[i + j * m] * Math.pow(10, -decades * g / (k - 1));
        }
        return a;
    }
    public static void main(String[] args) throws IOException {
        for (int n : new int[]{20, 60}) {
            write("graded-indefinite-" + n, "eig", "Generators.gradedIndefinite(new Random(" + (4300 + n) + "), " + n + ", 6)", n, n, false,
                    Generators.gradedIndefinite(new Random(4300 + n), n, 6));
        }
        write("graded-hermitian-indefinite-30", "eig", "Generators.gradedHermitianIndefinite(new Random(4330), 30, 10)", 30, 30, true,
                Generators.gradedHermitianIndefinite(new Random(4330), 30, 10));
        int[][] shapes = {{40, 25}, {25, 40}, {30, 30}};
        for (boolean rows : new boolean[]{true, false}) for (int[] s : shapes) {
            long seed = 4340 + s[0] * 100L + s[1] + (rows ? 0 : 7);
            String name = (rows ? "row" : "column") + "-graded-" + s[0] + "x" + s[1];
            write(name, "svd", (rows ? "rows" : "columns") + " of randn(new Random(" + seed + "), " + s[0] + ", " + s[1]
                    + ") scaled by 10^(-20 k/(K-1)), k a random permutation (Generators.permutation, same Random)",
                    s[0], s[1], false, rowGraded(new Random(seed), s[0], s[1], 20, rows));
        }
    }
}
