package io.github.gpujacobi.bench;

import org.ejml.data.DMatrixRMaj;

import java.util.Random;

/**
 * One EJML decomposition in a fresh JVM: the whole-process baseline of docs/benchmarks/cpu-2core.md
 * (app/scripts/cpu-whole-process.sh times this process against {@code gpujacobi batch}). A seeded
 * Gaussian n x n matrix in memory (symmetric part for eig, diagonally shifted for inv, as bench's
 * inputs), no file I/O, which favours EJML. usage: ColdEjml eig|svd|inv N
 */
public final class ColdEjml {
    private ColdEjml() {}

    public static void main(String[] args) {
        String op = args[0];
        int n = Integer.parseInt(args[1]);
        Random r = new Random(n);
        double[] a = new double[n * n];
        for (int i = 0; i < a.length; i++) a[i] = r.nextGaussian();
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < j; i++) {
                if (op.equals("eig")) a[i + j * n] = a[j + i * n] = (a[i + j * n] + a[j + i * n]) / 2;
            }
            if (op.equals("inv")) a[j + j * n] += n;
        }
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) m.set(i, j, a[i + j * n]);
        long t0 = System.nanoTime();
        new EjmlPeer(op).runAll(new DMatrixRMaj[]{m});
        System.out.printf("%s n=%d EJML %.0f ms in this process%n", op, n, (System.nanoTime() - t0) * 1e-6);
    }
}
