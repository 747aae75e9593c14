package io.github.gpujacobi.testing;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.matrices.Generators;
import io.github.gpujacobi.core.Residuals;

import java.util.Random;

/**
 * Test matrices and the properties tests assert (residuals, orthogonality), shared by all test suites;
 * the generators and residuals themselves are main code ({@link Generators}, {@link Residuals}), shared
 * with the verify and bench commands.
 */
public final class Matrices {
    private Matrices() {}

    public static double[] randn(Random r, int m, int n) { return Generators.randn(r, m, n); }

    /** B C for Gaussian B (m x rank) and C (rank x n), drawn in that order: an m x n page of that rank. */
    public static double[] lowRank(Random r, int m, int n, int rank) {
        double[] b = randn(r, m, rank), c = randn(r, rank, n), a = new double[m * n];
        for (int j = 0; j < n; j++) for (int l = 0; l < rank; l++) for (int i = 0; i < m; i++) a[i + j * m] += b[i + l * m] * c[l + j * rank];
        return a;
    }

    /** (B + B')/2 of a random normal B. */
    public static double[] symmetric(Random r, int n) { return Generators.symmetric(r, n); }

    public static double[] orthogonal(Random r, int n) { return Generators.orthogonal(r, n); }

    /** Q diag(d) Q'. */
    public static double[] withSpectrum(Random r, double[] d) { return Generators.withSpectrum(r, d); }

    /** Graded SPD P (D H D) P', D = diag(logspace(0, -decades, n)) (see {@link Generators#gradedSpd}). */
    public static double[] gradedSpd(Random r, int n, double decades) { return Generators.gradedSpd(r, n, decades); }

    public static int[] permutation(Random r, int n) { return Generators.permutation(r, n); }

    /** B'B + n I: symmetric positive definite, exactly symmetric. */
    public static double[] spd(Random r, int n) { return Generators.spd(r, n); }

    /** Random normal with 2 sqrt(n) + 1 added to the diagonal: well conditioned. */
    public static double[] wellConditioned(Random r, int n) { return Generators.wellConditioned(r, n); }

    public static double frob(double[] a) {
        double s = 0;
        for (double x : a) s += x * x;
        return Math.sqrt(s);
    }

    /** ||A V - V diag(d)||_F / ||A||_F for page k. */
    public static double eigResidual(PageArray a, PageArray v, PageArray d, int k) { return Residuals.eig(a, v, d, k); }

    /** ||Q'Q - I||_F for the columns of page k of q. */
    public static double orthogonality(PageArray q, int k) { return Residuals.orthogonality(q, k); }

    /** ||A - U(:,1:r) diag(s) V(:,1:r)'||_F / ||A||_F for page k, r = min(m, n). */
    public static double svdResidual(PageArray a, PageArray u, PageArray s, PageArray v, int k) {
        return Residuals.svd(a, u, s, v, k);
    }

    /** ||A X - I||_F / (||A||_F ||X||_F) for page k. */
    public static double inverseResidual(PageArray a, PageArray x, int k) { return Residuals.inverse(a, x, k); }

    public static PageArray page(double[] a, int m, int n, Precision p) {
        PageArray d = PageArray.wrap(a.clone(), m, n);
        return p == Precision.DOUBLE ? d : d.to(Precision.SINGLE);
    }
}
