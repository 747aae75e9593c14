package io.github.gpujacobi.api;

/** The decompositions the toolbox offers. */
public enum Operation {
    EIG("eig"), SVD("svd"), INV("inv"), HSVD("hsvd");

    private final String label;

    Operation(String label) { this.label = label; }

    public String label() { return label; }
}
