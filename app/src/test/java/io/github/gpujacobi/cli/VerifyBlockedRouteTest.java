package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * verify --device cpu failed its 16 'eig blocked spd' rows: it demanded a report saying 'blocked', but
 * the CPU's 'blocked' is AutoEig's route and reports the solver it picked.
 */
class VerifyBlockedRouteTest {
    @Test
    void theCpuBlockedRoutePassesAndAGpuRunMustSayBlocked() {
        for (int n : new int[]{1, 3, 7}) {
            double[] a = new double[n * n];
            for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) a[i + j * n] = 1.0 / (1 + i + j) + (i == j ? n : 0);
            EigResult e = Jacobi.eig(PageArray.wrap(a, n, n), SolverOptions.defaults().withDevice("cpu").withMethod("blocked"));
            assertTrue(e.report().converged());
            assertTrue(VerifyCommand.blockedRouteRan(e.report()), n + ": " + e.report().backend() + "/" + e.report().method());
        }
        RunReport gpuFallback = RunReport.direct("cuda", "parallel", Precision.DOUBLE, 1, 0, java.util.Collections.<String>emptyList());
        assertFalse(VerifyCommand.blockedRouteRan(gpuFallback));
        assertTrue(VerifyCommand.blockedRouteRan(RunReport.direct("cuda", "blocked", Precision.DOUBLE, 1, 0, java.util.Collections.<String>emptyList())));
    }
}
