package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Seed 000's Table I: single precision, exactly 6 sweeps, N = 8 ... 4096, the four GPU memory
 * access methods, the GPU's default method and the CPU backend (the CPU stops at cpuMaxN, where it already takes seconds).
 */
public final class Table1 {
    private Table1() {}

    public static List<BenchRow> run(int[] sizes, int repeats, int cpuMaxN, PrintStream progress) {
        List<BenchRow> rows = new ArrayList<BenchRow>();
        Backend gpu = Backends.get().gpu();
        for (int n : sizes) {
            PageArray a = BenchInputs.make("eig", n, 1, Precision.SINGLE, 20261122L);
            List<String[]> impls = new ArrayList<String[]>();
            // and the GPU's default 'parallel' (the batched kernel up to n = 64, then the one-phase MCA kernel)
            if (gpu != null) for (String m : new String[]{"ta", "ma", "sa", "mca", "parallel"}) impls.add(new String[]{"gpu", m});
            if (n <= cpuMaxN) impls.add(new String[]{"cpu", "parallel"});
            for (String[] impl : impls) {
                SolverOptions o = SolverOptions.defaults().withDevice(impl[0]).withMethod(impl[1]).withFixedSweeps(6)
                        .withCaller("table1");
                Jacobi.eig(a, o);
                double[] ms = new double[repeats];
                EigResult last = null;
                for (int r = 0; r < repeats; r++) {
                    long t0 = System.nanoTime();
                    last = Jacobi.eig(a, o);
                    long wall = System.nanoTime() - t0;
                    long c = last.report().computeNanos();
                    ms[r] = (c >= 0 ? c : wall) * 1e-6;
                }
                double[] acc = Accuracy.eig(a, last.values(), last.vectors());
                BenchRow row = new BenchRow("eig-6sweeps", "single", n, 1, "gpujacobi " + last.report().backend() + "/"
                        + impl[1], true, Measurement.median(ms), acc[0], acc[1], "rotations " + last.report().rotations()
                        + (impl[1].equals(last.report().method()) ? "" : ", kernel " + last.report().method()));
                rows.add(row);
                progress.println(String.format(Locale.ROOT, "# N=%-5d %-22s %10.3f ms  residual %.1e", n, row.impl, row.ms, acc[0]));
            }
        }
        return rows;
    }
}
