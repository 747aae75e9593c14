package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.core.Residuals;

/** Accuracy of a result on page 0, skipped above a size where the O(n^3) check would dominate the run. */
public final class Accuracy {
    /** Largest order whose residual the benchmark computes on the host. */
    public static final int MAX_CHECKED_N = 2048;

    private Accuracy() {}

    public static boolean checked(PageArray a) { return Math.max(a.rows(), a.cols()) <= MAX_CHECKED_N; }

    public static double[] eig(PageArray a, PageArray values, PageArray vectors) {
        if (!checked(a) || vectors == null) return new double[]{Double.NaN, Double.NaN};
        return new double[]{Residuals.eig(a, vectors, values, 0), Residuals.orthogonality(vectors, 0)};
    }

    public static double[] svd(PageArray a, PageArray u, PageArray s, PageArray v) {
        if (!checked(a) || u == null) return new double[]{Double.NaN, Double.NaN};
        return new double[]{Residuals.svd(a, u, s, v, 0), Residuals.orthogonality(u, 0)};
    }

    public static double inv(PageArray a, PageArray x) {
        return checked(a) ? Residuals.inverse(a, x, 0) : Double.NaN;
    }
}
