package io.github.gpujacobi.cli;

import io.github.gpujacobi.mat.MatInput;
import io.github.gpujacobi.mat.MatVariable;

/**
 * The hyperbolic SVD of X needs J = diag(signs): the batch takes it from the variable X_J, or else
 * from a variable J shared by the whole file. Those sign vectors are inputs, not matrices to decompose.
 */
final class HsvdSigns {
    private HsvdSigns() {}

    /** The variable holding X's signs, or null when the file has neither X_J nor J. */
    static MatVariable signsFor(MatInput in, MatVariable x) {
        MatVariable own = find(in, x.name() + "_J");
        return own != null ? own : find(in, "J");
    }

    /** Null when v is a matrix to decompose, else the one-line reason it is only an input. */
    static String signRole(MatInput in, MatVariable v) {
        if (v.name().equals("J")) return "is the J (signs) shared by this file's matrices";
        if (v.name().endsWith("_J")) {
            String base = v.name().substring(0, v.name().length() - 2);
            if (find(in, base) != null) return "is the J (signs) of " + base;
        }
        return null;
    }

    private static MatVariable find(MatInput in, String name) {
        for (MatVariable v : in.variables()) if (v.name().equals(name)) return v;
        return null;
    }
}
