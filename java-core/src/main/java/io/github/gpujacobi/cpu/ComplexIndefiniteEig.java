package io.github.gpujacobi.cpu;

import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.ComplexEmbedding;
import io.github.gpujacobi.core.PageOutcome;

/**
 * The complex default eig on the CPU for a Hermitian page that is not positive definite: the real route of
 * {@link AutoEig} (Bunch-Parlett M = G J G', one-sided hyperbolic Jacobi on G [4, 10]) on the real symmetric
 * embedding of order 2n ({@link ComplexEmbedding}), which keeps the relative accuracy of every eigenvalue of a
 * graded indefinite A that two-sided Jacobi on A loses (measured, n = 50, 10 decades: 1.9e-2 two-sided, 4.7e-14
 * this route). Eight times the flops of an order-n complex method, as fast as two-sided Jacobi at n = 512 on two
 * cores: only for the pages that the Cholesky route ({@link ComplexCholeskyEig}) rejects.
 */
final class ComplexIndefiniteEig {
    int sweeps;
    long rotations;
    boolean converged;

    /**
     * @param a n x n Hermitian, interleaved, both triangles; not modified
     * @param d out: the eigenvalues, ascending
     * @param v out: interleaved n x n eigenvectors matching d, or null
     * @return false when the embedding does not fit in memory, the real route declines (a singular or diagonal
     *         page) or the vectors do not pair up (d and v then hold nothing usable)
     */
    boolean run(double[] a, int n, double[] d, double[] v, double eps, double tol, SolverOptions o, int threads) {
        int n2 = 2 * n;
        double[][] mv = ComplexEmbedding.allocate(a, n, v != null);
        if (mv == null) return false; // two-sided Jacobi instead
        double[] dm = new double[n2], vm = mv[1];
        PageOutcome real = AutoEig.run(mv[0], n2, dm, vm, eps, tol, o, threads, null); // pure Java: the embedding's
        // eigenvalues come in pairs, whose eigensolver basis the preconditioned route has not been checked on
        if (real == null) return false;
        sweeps = real.sweeps;
        rotations = real.rotations;
        converged = real.converged;
        // the pairs' vectors are unitary to the stopping tolerance and the pairing's Gram-Schmidt (3.4 x 3 n eps at
        // n = 400): the caller polishes them (NewtonSchulz), as every one-sided route's
        return ComplexEmbedding.eigenpairs(dm, vm, n, d, v);
    }
}
