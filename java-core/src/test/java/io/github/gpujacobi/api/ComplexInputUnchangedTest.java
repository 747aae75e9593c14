package io.github.gpujacobi.api;

import io.github.gpujacobi.testing.ComplexMatrices;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Complex eig, svd and inv leave their input as it was: double and single, pages, tall and wide, unconverged runs. */
class ComplexInputUnchangedTest {
    private static ComplexPageArray pages(double[][] p, int m, int n, Precision prec) {
        double[] z = new double[2 * m * n * p.length];
        for (int k = 0; k < p.length; k++) System.arraycopy(p[k], 0, z, 2 * m * n * k, 2 * m * n);
        ComplexPageArray a = ComplexPageArray.wrap(z, m, n, p.length);
        return prec == Precision.DOUBLE ? a : a.to(Precision.SINGLE);
    }

    private static Object data(ComplexPageArray a) {
        return a.precision() == Precision.DOUBLE ? a.doubleData().clone() : a.floatData().clone();
    }

    private static void same(Object before, ComplexPageArray a, String what) {
        if (before instanceof double[]) assertArrayEquals((double[]) before, a.doubleData(), what);
        else assertEquals(true, Arrays.equals((float[]) before, a.floatData()), what);
    }

    @Test
    void inputsAreNotModified() {
        Random r = new Random(11);
        SolverOptions cpu = SolverOptions.defaults().withDevice("cpu");
        for (Precision p : Precision.values()) {
            for (SolverOptions o : new SolverOptions[]{cpu, cpu.withMaxSweeps(1)}) {
                ComplexPageArray h = pages(new double[][]{ComplexMatrices.hermitian(r, 5), ComplexMatrices.hermitian(r, 5)}, 5, 5, p);
                Object before = data(h);
                Jacobi.eig(h, o);
                same(before, h, p + " eig");
                Jacobi.eig(h, o.withVectors(false));
                same(before, h, p + " eig values only");
                Jacobi.inv(h, o);
                same(before, h, p + " inv");
                for (int[] mn : new int[][]{{7, 4}, {4, 7}}) {
                    ComplexPageArray g = pages(new double[][]{ComplexMatrices.randn(r, mn[0], mn[1]),
                            ComplexMatrices.randn(r, mn[0], mn[1])}, mn[0], mn[1], p);
                    Object b = data(g);
                    Jacobi.svd(g, o);
                    same(b, g, p + " svd " + mn[0] + "x" + mn[1]);
                    Jacobi.svd(g, o.withVectors(false));
                    same(b, g, p + " svd values " + mn[0] + "x" + mn[1]);
                }
            }
        }
    }
}
