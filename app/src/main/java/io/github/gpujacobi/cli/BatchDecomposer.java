package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.ComplexEigResult;
import io.github.gpujacobi.api.ComplexInverseResult;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ComplexSvdResult;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.HsvdResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.core.ComplexResiduals;
import io.github.gpujacobi.core.Residuals;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Runs one operation on one variable and names its outputs (X_V, X_D; X_U, X_S, X_V; X_inv; hsvd: X_U, X_S, X_V,
 * X_Jsorted). Complex input (eig, svd, inv) gives complex X_V, X_U, X_inv and real X_D, X_S.
 */
final class BatchDecomposer {
    /** The arrays to write (suffix -> array), the run report and the worst residual over the pages. */
    static final class Outcome {
        final Map<String, PageArray> outputs = new LinkedHashMap<String, PageArray>();
        /** The imaginary parts of the complex outputs (same suffix; real outputs have none). */
        final Map<String, PageArray> imaginary = new HashMap<String, PageArray>();
        RunReport report;
        double residual;
        /** inv: the smallest reciprocal condition estimate over the pages (NaN otherwise), for the result's record. */
        double rcond = Double.NaN;

        private void putComplex(String suffix, ComplexPageArray z) {
            outputs.put(suffix, z.real());
            imaginary.put(suffix, z.imag());
        }
    }

    private BatchDecomposer() {}

    /** eig (Hermitian), svd or inv of complex pages; the residuals as for real input ({@link ComplexResiduals}). */
    static Outcome runComplex(Operation op, ComplexPageArray a, SolverOptions o, boolean exact) {
        Outcome out = new Outcome();
        switch (op) {
            case EIG: {
                ComplexEigResult r = Jacobi.eig(a, o);
                out.putComplex("V", r.vectors());
                out.outputs.put("D", r.values());
                out.report = r.report();
                for (int k = 0; k < a.pages(); k++)
                    out.residual = Math.max(out.residual, ComplexResiduals.eig(a, r.vectors(), r.values(), k, exact));
                break;
            }
            case SVD: {
                ComplexSvdResult r = Jacobi.svd(a, o);
                out.putComplex("U", r.u());
                out.outputs.put("S", r.s());
                out.putComplex("V", r.v());
                out.report = r.report();
                for (int k = 0; k < a.pages(); k++)
                    out.residual = Math.max(out.residual, ComplexResiduals.svd(a, r.u(), r.s(), r.v(), k, exact));
                break;
            }
            case INV: {
                ComplexInverseResult r = Jacobi.inv(a, o);
                if (r.anySingular()) {
                    int page = 0;
                    while (!r.singular(page)) page++;
                    throw singular(o, a.pages(), page);
                }
                out.putComplex("inv", r.inverse());
                out.report = nearlySingular(r.report(), r.minRcond(), a.precision().eps());
                out.rcond = r.minRcond();
                for (int k = 0; k < a.pages(); k++)
                    out.residual = Math.max(out.residual, ComplexResiduals.inverse(a, r.inverse(), k, exact));
                break;
            }
            default:
                throw new JacobiException(ErrorKind.COMPLEX_NOT_SUPPORTED, o.where() + " is complex; --op "
                        + op.label() + " takes real matrices only");
        }
        return out;
    }

    private static JacobiException singular(SolverOptions o, int pages, int page) {
        return new JacobiException(ErrorKind.SINGULAR, o.where() + " is singular to working precision"
                + (pages > 1 ? " (page " + (page + 1) + ")" : "") + "; no inverse written");
    }

    private static RunReport nearlySingular(RunReport report, double minRcond, double eps) {
        return minRcond < eps ? report.withNote(String.format(Locale.ROOT,
                "nearly singular: RCOND = %.3g, results may be inaccurate", minRcond)) : report;
    }


    /**
     * @param signs J's diagonal for hsvd (see {@link HsvdSigns}), else unused
     * @param exact the exact residual (a matrix product, O(n^3)) instead of the probe estimate, O(n^2)
     */
    static Outcome run(Operation op, PageArray a, PageArray signs, SolverOptions o, boolean exact) {
        Outcome out = new Outcome();
        switch (op) {
            case EIG: {
                EigResult r = Jacobi.eig(a, o);
                out.outputs.put("V", r.vectors());
                out.outputs.put("D", r.values());
                out.report = r.report();
                for (int k = 0; k < a.pages(); k++)
                    out.residual = Math.max(out.residual, exact ? Residuals.eig(a, r.vectors(), r.values(), k)
                            : Residuals.eigEstimate(a, r.vectors(), r.values(), k));
                break;
            }
            case SVD: {
                SvdResult r = Jacobi.svd(a, o);
                out.outputs.put("U", r.u());
                out.outputs.put("S", r.s());
                out.outputs.put("V", r.v());
                out.report = r.report();
                for (int k = 0; k < a.pages(); k++)
                    out.residual = Math.max(out.residual, exact ? Residuals.svd(a, r.u(), r.s(), r.v(), k)
                            : Residuals.svdEstimate(a, r.u(), r.s(), r.v(), k));
                break;
            }
            case INV: {
                InverseResult r = Jacobi.inv(a, o);
                if (r.anySingular()) {
                    int page = 0;
                    while (!r.singular(page)) page++;
                    throw singular(o, a.pages(), page);
                }
                out.outputs.put("inv", r.inverse());
                out.report = nearlySingular(r.report(), r.minRcond(), a.precision().eps());
                out.rcond = r.minRcond();
                for (int k = 0; k < a.pages(); k++)
                    out.residual = Math.max(out.residual, exact ? Residuals.inverse(a, r.inverse(), k)
                            : Residuals.inverseEstimate(a, r.inverse(), k));
                break;
            }
            case HSVD: {
                HsvdResult r = Jacobi.hsvd(a, signs, o);
                out.outputs.put("U", r.u());
                out.outputs.put("S", r.s());
                out.outputs.put("V", r.v());
                out.outputs.put("Jsorted", r.signs());
                out.report = r.report();
                // G = U [Sigma; 0] V' as for the SVD; V is J-orthogonal rather than orthogonal
                for (int k = 0; k < a.pages(); k++)
                    out.residual = Math.max(out.residual, exact ? Residuals.svd(a, r.u(), r.s(), r.v(), k)
                            : Residuals.svdEstimate(a, r.u(), r.s(), r.v(), k));
                break;
            }
            default:
                throw new JacobiException(ErrorKind.BAD_OPTION, "batch: --op " + op.label() + " is not available yet");
        }
        return out;
    }
}
