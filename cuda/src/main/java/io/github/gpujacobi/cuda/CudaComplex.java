package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.core.ComplexPageDriver;
import io.github.gpujacobi.core.PageDriver;
import io.github.gpujacobi.core.PageOutcome;
import io.github.gpujacobi.core.SvdScaling;

/**
 * {@link CudaBackend}'s complex operations: core's {@link ComplexPageDriver} (pages in turn) with the
 * complex builds of the single-matrix kernels. Hermitian eig: the two-phase sweeps of eig_jacobi.cu
 * (MCA for 'auto'/'parallel'; ta, ma, sa, mca by name) with the unitary rotation of
 * core/ComplexRotation [19]; SVD: svd_jacobi.cu's one-sided sweeps, complex; inverse: the blocked
 * Gauss-Jordan and Cholesky paths with cuSOLVER/cuBLAS's C/Z routines. As on the CPU, the Jacobi
 * solvers compute single input in double complex with single's tolerance (the pointwise single
 * kernels lose orthogonality at large n, as in the real case; -Dgpujacobi.cuda.complexSingleKernels=true
 * runs the single complex builds instead, for measurements). Not yet: a blocked complex path (ZGEMM
 * updates) and batched complex pages.
 */
final class CudaComplex {
    /** The method name the complex default runs (the fused MCA kernel has no complex build). */
    static final String DEFAULT_EIG = "mca";
    private static final boolean SINGLE_KERNELS = Boolean.getBoolean("gpujacobi.cuda.complexSingleKernels");

    private CudaComplex() {}

    /** The Jacobi kernels' element type for complex input of precision p. */
    private static Scalar jacobiScalar(Precision p) {
        return SINGLE_KERNELS ? Scalar.of(p, true) : Scalar.Z;
    }

    static ComplexEigResult eig(final CudaDevice dev, final DeviceBuffers buf, ComplexPageArray a, final SolverOptions o,
                                PageDriver driver) {
        final int n = a.rows();
        final double tol = o.tolFor(a.precision(), n);
        final String method = Methods.AUTO.equals(o.method()) || Methods.PARALLEL.equals(o.method()) ? DEFAULT_EIG : o.method();
        final Scalar s = jacobiScalar(a.precision());
        return new ComplexPageDriver(driver).eig(a, o, method, (k, w, v) -> {
            CudaEig solver = new CudaEig();
            double[] d = solver.run(dev, buf, w, v, n, s, method, tol, PageDriver.maxSweeps(o), o.fixedSweeps());
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, d);
        });
    }

    static ComplexSvdResult svd(final CudaDevice dev, final DeviceBuffers buf, ComplexPageArray a, final SolverOptions o,
                                PageDriver driver) {
        final double tol = o.tolFor(a.precision(), Math.min(a.rows(), a.cols()));
        final Scalar s = jacobiScalar(a.precision());
        double span = s.isDouble() ? SvdScaling.GPU_DOUBLE_SPAN : SvdScaling.GPU_SINGLE_SPAN;
        return new ComplexPageDriver(driver).svd(a, o, Methods.ONE_SIDED, span, (k, w, vw, mm, nn) -> {
            CudaSvd solver = new CudaSvd();
            solver.run(dev, buf, w, vw, mm, nn, s, tol, PageDriver.maxSweeps(o), o.fixedSweeps(), null);
            return new PageOutcome(solver.sweeps, solver.rotations, solver.converged, solver.computeNanos, null);
        });
    }

    static ComplexInverseResult inv(final CudaDevice dev, final DeviceBuffers buf, ComplexPageArray a, SolverOptions o,
                                    PageDriver driver) {
        final Scalar s = Scalar.of(a.precision(), true);
        return new ComplexPageDriver(driver).inv(a, o, new ComplexPageDriver.Inverter() {
            public PageOutcome cholesky(double[] w, int n) { return CudaCholesky.invert(dev, buf, w, n, s); }

            public PageOutcome gaussJordan(double[] w, int n) { return CudaGaussJordan.invert(dev, buf, w, n, s); }
        });
    }
}
