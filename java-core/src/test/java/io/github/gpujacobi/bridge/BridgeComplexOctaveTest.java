package io.github.gpujacobi.bridge;

import io.github.gpujacobi.testing.External;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.nio.file.Paths;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Octave calls {@link Bridge#runComplex} the way the toolbox will (real and imaginary parts as
 * separate real vectors; the .m wiring is still to come) and compares with its own eig, svd and inv
 * of complex matrices, double and single, odd sizes and a wide matrix.
 */
class BridgeComplexOctaveTest {
    @TempDir
    Path dir;

    @Test
    void agreesWithOctavesOwnFunctions() {
        String classes = Paths.get("target", "classes").toAbsolutePath().toString();
        String code = "javaaddpath('" + classes + "');\n"
                + "B = 'io.github.gpujacobi.bridge.Bridge'; randn('seed', 3);\n"
                + "cx = @(r, n) reshape(r.get(n) + 1i * r.get([n '_im']), r.dims(n)');\n"
                + "for c = {'double', 'single'}\n"
                + "  cls = c{1}; tol = 1e-12; if strcmp(cls, 'single'), tol = 1e-5; end\n"
                + "  G = complex(randn(7), randn(7)); A = cast((G + G') / 2, cls);\n"
                + "  r = javaMethod('runComplex', B, 'eig', double(real(A(:))), double(imag(A(:))), 7, 7, 1, cls, 'gpu_eig', 'device=cpu');\n"
                + "  assert(r.ok(), char(r.errorMessage()));\n"
                + "  d = r.get('D'); V = cx(r, 'V'); Ad = double(A);\n"
                + "  assert(max(abs(d - sort(eig(Ad)))) < tol * norm(Ad));\n"
                + "  assert(norm(Ad * V - V * diag(d)) < tol * norm(Ad)); assert(norm(V' * V - eye(7)) < tol);\n"
                + "  W = cast(complex(randn(4, 9), randn(4, 9)), cls); Wd = double(W);\n"
                + "  r = javaMethod('runComplex', B, 'svd', double(real(W(:))), double(imag(W(:))), 4, 9, 1, cls, 'gpu_svd', 'device=cpu');\n"
                + "  assert(r.ok(), char(r.errorMessage()));\n"
                + "  s = r.get('S'); U = cx(r, 'U'); V = cx(r, 'V');\n"
                + "  assert(max(abs(s - svd(Wd))) < tol * norm(Wd)); assert(isequal(size(V), [9 9]));\n"
                + "  assert(norm(Wd - U * diag(s) * V(:, 1:4)') < tol * norm(Wd)); assert(norm(V' * V - eye(9)) < tol);\n"
                + "  C = cast(complex(randn(5), randn(5)), cls); Cd = double(C);\n"
                + "  r = javaMethod('runComplex', B, 'inv', double(real(C(:))), double(imag(C(:))), 5, 5, 1, cls, 'gpu_inversion', 'device=cpu');\n"
                + "  assert(r.ok(), char(r.errorMessage()));\n"
                + "  X = cx(r, 'X'); assert(norm(X - inv(Cd)) < tol * cond(Cd) * norm(inv(Cd)));\n"
                + "end\n"
                + "disp('complex bridge ok');\n";
        String out = External.octave(dir, code);
        assertTrue(out.contains("complex bridge ok"), out);
    }
}
