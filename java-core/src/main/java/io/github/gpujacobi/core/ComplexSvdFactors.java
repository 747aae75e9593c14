package io.github.gpujacobi.core;

/**
 * The last step of a complex one-sided Jacobi SVD page, shared by the backends: U over w as the unit columns of A V
 * where they are nonzero (mixing in the zero columns of a rank-deficient A would lift them into spurious singular
 * vectors), and both U and V polished to the contract's bound by {@link NewtonSchulz} [21]; the columns are orthogonal
 * only to the stopping tolerance pair by pair, about n^1.5 eps over all pairs.
 */
public final class ComplexSvdFactors {
    private ComplexSvdFactors() {}

    /**
     * @param w     mm x nn interleaved: A V in, U out
     * @param vw    nn x nn interleaved V, polished in place
     * @param sigma nn out: the column norms of A V, the singular values
     * @return whether both factors are within target
     */
    public static boolean unitAndPolished(double[] w, double[] vw, int mm, int nn, double[] sigma, double target, int threads) {
        boolean[] have = new boolean[nn];
        for (int j = 0; j < nn; j++) {
            sigma[j] = SafeNorms.norm2(w, 2 * j * mm, 2 * mm);
            have[j] = sigma[j] > 0;
            for (int i = 2 * j * mm; i < 2 * (j + 1) * mm && have[j]; i++) w[i] /= sigma[j];
        }
        return NewtonSchulz.polish(vw, nn, nn, null, true, target, threads) <= target
                && NewtonSchulz.polish(w, mm, nn, have, true, target, threads) <= target;
    }
}
