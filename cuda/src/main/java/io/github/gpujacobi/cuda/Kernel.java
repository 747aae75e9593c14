package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Precision;

import java.util.Arrays;
import java.util.List;

/**
 * Every kernel Java launches, typed: the extern "C" name is base + "_f"/"_d" + tail (+ "_" + variant).
 * KernelNamesTest checks every name this enum can produce against the .cu sources (no nvcc needed),
 * and that no launch site passes a hand-built string. A new kernel is one entry here.
 */
enum Kernel {
    IDENTITY("identity", ""),
    DIAG("diag", ""),
    EIG_SWEEP_TA("eig_sweep_ta", "", "o2"),
    EIG_SWEEP_MA("eig_sweep_ma", "", "o2"),
    EIG_SWEEP_SA("eig_sweep_sa", "", "o2"),
    EIG_SWEEP_MCA("eig_sweep_mca", "", "o2"),
    /** The one-phase MCA sweep (the GPU's default for large pages). */
    EIG_SWEEP_MCA_FUSED("eig_sweep_mca", "_fused", "o2"),
    EIG_BATCHED("eig_batched", ""),
    CLASSICAL("classical", ""),
    SVD_SWEEP("svd_sweep", ""),
    SVD_SCALE("svd_scale", ""),
    SVD_BATCHED("svd_batched", ""),
    GJ_INVERT("gj_invert", "");

    private final String base, tail;
    private final List<String> variants;

    Kernel(String base, String tail, String... variants) {
        this.base = base;
        this.tail = tail;
        this.variants = Arrays.asList(variants);
    }

    /** The register-count variants built besides the default (e.g. "o2": two blocks per SM). */
    List<String> variants() { return variants; }

    String name(Precision p) { return base + (p == Precision.DOUBLE ? "_d" : "_f") + tail; }

    /** The name of a variant build; "" is the default one. */
    String name(Precision p, String variant) {
        if (variant.isEmpty()) return name(p);
        if (!variants.contains(variant)) {
            throw new IllegalArgumentException("kernel " + name(p) + " has no variant '" + variant + "'; built: " + variants);
        }
        return name(p) + "_" + variant;
    }

    /** The sweep kernel of one of [1]'s memory access methods (ta, ma, sa, mca), fused: the one-phase MCA. */
    static Kernel eigSweep(String method, boolean fused) {
        switch (method) {
            case "ta": return EIG_SWEEP_TA;
            case "ma": return EIG_SWEEP_MA;
            case "sa": return EIG_SWEEP_SA;
            case "mca": return fused ? EIG_SWEEP_MCA_FUSED : EIG_SWEEP_MCA;
            default: throw new IllegalArgumentException("no eig sweep kernel for method '" + method + "'");
        }
    }
}
