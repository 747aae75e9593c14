package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.DevicePointer;

/**
 * What one run of the blocked sweeps ({@link BlockedSweeps}) solves: the m x n matrix X taken from the device matrix
 * g, the stopping rule, and for the hyperbolic sweeps J's signs; V accumulated from v0 when given, else from I.
 */
final class BlockedProblem {
    /** How X is taken from g (svd_blocked.cu's blocked_pack mode). */
    enum Start {
        /** X = G. */
        MATRIX(0),
        /** X = R' for the factor R in g's upper triangle (QR's or Cholesky's): the sweeps act on its rows [8]. */
        FACTOR_ROWS(2);

        /** blocked_pack's mode argument. */
        final int packMode;

        Start(int packMode) { this.packMode = packMode; }
    }

    final DevicePointer g;
    /** g's leading dimension. */
    final int ldg;
    final int m, n;
    final Start start;
    /** Whether V (W) is accumulated below X. */
    final boolean wantV;
    final double tol;
    final int maxSweeps, fixedSweeps;
    /** J's diagonal, +-1, for the hyperbolic sweeps (J-orthogonal pair transformations); null: orthogonal sweeps. */
    int[] signs;
    /** V's start (n x n), null for I. */
    DevicePointer v0;
    /** X starts near convergence (X P, Y = G P): tested before the first sweep, and after it whatever it rotated. */
    boolean preconditioned;

    BlockedProblem(DevicePointer g, int ldg, int m, int n, Start start, boolean wantV, double tol, int maxSweeps,
                   int fixedSweeps) {
        this.g = g;
        this.ldg = ldg;
        this.m = m;
        this.n = n;
        this.start = start;
        this.wantV = wantV;
        this.tol = tol;
        this.maxSweeps = maxSweeps;
        this.fixedSweeps = fixedSweeps;
    }

    /** The hyperbolic sweeps with J = diag(signs). */
    BlockedProblem hyperbolic(int[] signs) {
        this.signs = signs;
        return this;
    }

    /** V accumulated from v0 instead of I. */
    BlockedProblem vFrom(DevicePointer v0) {
        this.v0 = v0;
        return this;
    }

    /** Whether X was preconditioned. */
    BlockedProblem preconditioned(boolean preconditioned) {
        this.preconditioned = preconditioned;
        return this;
    }
}
