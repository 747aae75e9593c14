package io.github.gpujacobi.core;

import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several Java threads (MATLAB parallel workers) calling the library at once with different thread
 * counts: before, a caller's new count shut the shared pool down under the others
 * (RejectedExecutionException). Every call must finish with a correct result.
 */
class ConcurrentCallersTest {
    @Test
    void callersWithDifferentThreadCounts() throws Exception {
        final PageArray a = PageArray.wrap(Matrices.randn(new Random(5), 24, 24 * 12), 24, 24, 12);
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            List<Future<Double>> results = new ArrayList<Future<Double>>();
            for (int c = 0; c < 24; c++) {
                final int threads = 1 + c % 4;
                results.add(callers.submit(new Callable<Double>() {
                    public Double call() {
                        SolverOptions o = SolverOptions.defaults().withDevice("cpu").withThreads(threads);
                        SvdResult s = Jacobi.svd(a, o);
                        double worst = 0;
                        for (int k = 0; k < a.pages(); k++) {
                            worst = Math.max(worst, Matrices.svdResidual(a, s.u(), s.s(), s.v(), k));
                        }
                        return worst;
                    }
                }));
            }
            for (Future<Double> f : results) assertTrue(f.get() < 1e-13, "residual " + f.get());
        } finally {
            callers.shutdownNow();
        }
    }
}
