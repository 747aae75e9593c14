package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.Precision;

import java.util.Arrays;
import java.util.List;

/**
 * Every kernel Java launches, typed: the extern "C" name is base + "_f"/"_d" + tail (+ "_" + variant);
 * those in {@link #COMPLEX} also have complex builds, "_c" (single) and "_z" (double), of the same
 * templates ({@link Scalar}).
 * KernelNamesTest checks every name this enum can produce against the .cu sources (no nvcc needed),
 * and that no launch site passes a hand-built string. A new kernel is one entry here.
 */
public enum Kernel {
    IDENTITY("identity", ""),
    DIAG("diag", ""),
    EIG_SWEEP_TA("eig_sweep_ta", "", "o2"),
    EIG_SWEEP_MA("eig_sweep_ma", "", "o2"),
    EIG_SWEEP_SA("eig_sweep_sa", "", "o2"),
    EIG_SWEEP_MCA("eig_sweep_mca", "", "o2"),
    /** The one-phase MCA sweep (the GPU's default for large pages). */
    EIG_SWEEP_MCA_FUSED("eig_sweep_mca", "_fused", "o2"),
    EIG_BATCHED("eig_batched", ""),
    /** One warp per page of order <= 8, 16, 32, the page in registers (eig_batched.cu). */
    EIG_WARP_8("eig_warp", "_n8"),
    EIG_WARP_16("eig_warp", "_n16"),
    EIG_WARP_32("eig_warp", "_n32"),
    /** Block Jacobi inside each page, one 256-thread block per page, for the largest pages (blocked_pages.cu). */
    EIG_BLOCKED_PAGES("eig_blocked_pages", ""),
    /** Single pages of 8 warps (one to a block): the float-work kernel without the two-blocks register cap. */
    EIG_BLOCKED_PAGES_F_WIDE("eig_blocked_pages_f_wide"),
    /** The svd page kernels are built for double only: single pages are solved on a double copy (CudaBatchedSvd). */
    SVD_BLOCKED_PAGES("svd_blocked_pages_d"),
    CLASSICAL("classical", ""),
    SVD_SWEEP("svd_sweep", ""),
    SVD_SCALE("svd_scale", ""),
    SVD_BATCHED("svd_batched_d"),
    /** One warp per page of at most 8, 16, 32 rows, the page in registers (svd_batched.cu). */
    SVD_WARP_8("svd_warp_d_m8"),
    SVD_WARP_16("svd_warp_d_m16"),
    SVD_WARP_32("svd_warp_d_m32"),
    /** The svd pages' U to unit columns and its norms, before U's Newton-Schulz step (svd_batched.cu). */
    SVD_PAGES_NORMALIZE("svd_pages_normalize"),
    /** Blocked Gauss-Jordan [14] (gauss_jordan.cu) and the batched small inverses [15] (inv_batched.cu). */
    GJ_SWAP_ROWS("gj_swap_rows", ""),
    GJ_BLOCK_ROWS("gj_block_rows", ""),
    GJ_GATHER_COLUMNS("gj_gather_columns", ""),
    COPY_LOWER_TO_UPPER("copy_lower_to_upper", ""),
    INV_WARP("inv_warp", ""),
    INV_BATCHED("inv_batched", ""),
    /** The input's checks on the device (intake.cu): a symmetric page, a general one or an inverse, page arrays. */
    INTAKE_SYMMETRIC("intake_symmetric"),
    INTAKE_SCALE("intake_scale"),
    INTAKE_GENERAL("intake_general", ""),
    INTAKE_PAGES("intake_pages", ""),
    /** Eigenvalues of every page ascending with their vectors (intake.cu). */
    SORT_EIG_PAGES("sort_eig_pages"),
    /** An SVD's host passes on the device (svd_intake.cu): line norms and finiteness, scaling, row grading, the sort. */
    SVD_LINES("svd_lines", ""),
    SVD_SCALE_PAGES("svd_scale_pages", ""),
    SVD_ROW_NORMS("svd_row_norms"),
    SVD_GATHER_ROWS("svd_gather_rows"),
    SVD_GATHER("svd_gather"),
    SORT_SVD_PAGES("sort_svd_pages"),
    /** Double eig pages to float for the single-precision preconditioner, its vectors back (eig_precondition.cu). */
    PRECOND_PAGES_TO_FLOAT("precond_pages_to_float"),
    PRECOND_PAGES_TO_DOUBLE("precond_pages_to_double"),
    PRECOND_PAGES_REFINE("precond_pages_refine"),
    PRECOND_PAGES_CLEANUP("precond_pages_cleanup"),
    /** The blocked one-sided Jacobi [11] (svd_blocked.cu): double (and double complex below), whatever the input class. */
    BLOCKED_PACK("blocked_pack"),
    BLOCKED_EMBED("blocked_embed"),
    BLOCKED_UNPACK("blocked_unpack_d"),
    BLOCKED_CHECK("blocked_check"),
    BLOCKED_ROTATE_PAIRS("blocked_rotate_pairs"),
    BLOCKED_GATHER_COLS("blocked_gather_cols"),
    BLOCKED_SCATTER_GRAM("blocked_scatter_gram"),
    /** The split pair solve's sub-problems in and transformations out (CudaSplitPairs). */
    BLOCKED_SPLIT_GATHER("blocked_split_gather"),
    BLOCKED_SPLIT_EMBED("blocked_split_embed"),
    BLOCKED_SPLIT_ASSEMBLE("blocked_split_assemble"),
    BLOCKED_PAIR_128("blocked_pair_128"),
    BLOCKED_PAIR_64("blocked_pair_64"),
    BLOCKED_PAIR_32("blocked_pair_32"),
    BLOCKED_PAIR_16("blocked_pair_16"),
    BLOCKED_PAIR_8("blocked_pair_8"),
    BLOCKED_PAIR_4("blocked_pair_4"),
    BLOCKED_PAIR_2("blocked_pair_2"),
    /** The complex blocked route's builds of the same templates (BlockedScalar.COMPLEX): pairs of 2b = 64, and of 128 split. */
    BLOCKED_PACK_Z("blocked_pack_z"),
    BLOCKED_EMBED_Z("blocked_embed_z"),
    BLOCKED_UNPACK_Z("blocked_unpack_z"),
    BLOCKED_CHECK_Z("blocked_check_z"),
    BLOCKED_ROTATE_PAIRS_Z("blocked_rotate_pairs_z"),
    BLOCKED_GATHER_COLS_Z("blocked_gather_cols_z"),
    BLOCKED_SCATTER_GRAM_Z("blocked_scatter_gram_z"),
    BLOCKED_SPLIT_GATHER_Z("blocked_split_gather_z"),
    BLOCKED_SPLIT_EMBED_Z("blocked_split_embed_z"),
    BLOCKED_SPLIT_ASSEMBLE_Z("blocked_split_assemble_z"),
    BLOCKED_PAIR_Z_64("blocked_pair_z_64"),
    BLOCKED_PAIR_Z_32("blocked_pair_z_32"),
    /** The Bunch-Parlett factorisation of the indefinite eig (bunch_parlett.cu). */
    BUNCH_PARLETT("bunch_parlett"),
    /** Its double complex build (the complex indefinite eig's factor, M = G J G^H). */
    BUNCH_PARLETT_Z("bunch_parlett_z"),
    /** A store through a null pointer: the recovery test's sticky error (kernels.cu; StickyRecovery's test hook only). */
    TEST_FAULT("gj_test_fault");

    private final String base, tail;
    /** false: one build whatever the precision (the name is base alone). */
    private final boolean typed;
    private final List<String> variants;

    Kernel(String base, String tail, String... variants) {
        this.base = base;
        this.tail = tail;
        this.typed = true;
        this.variants = Arrays.asList(variants);
    }

    Kernel(String name) {
        this.base = name;
        this.tail = "";
        this.typed = false;
        this.variants = Arrays.asList();
    }

    /** The kernels built for complex elements too (the scalar-traits templates of jacobi_common.cuh). */
    static final java.util.Set<Kernel> COMPLEX = java.util.Collections.unmodifiableSet(java.util.EnumSet.of(IDENTITY, DIAG,
            EIG_SWEEP_TA, EIG_SWEEP_MA, EIG_SWEEP_SA, EIG_SWEEP_MCA, SVD_SWEEP, GJ_SWAP_ROWS, GJ_BLOCK_ROWS,
            GJ_GATHER_COLUMNS, COPY_LOWER_TO_UPPER));

    /** The build for element type s (complex: only the kernels in {@link #COMPLEX}). */
    public String name(Scalar s) {
        if (!s.complex) return name(s.precision);
        if (!COMPLEX.contains(this)) throw new IllegalArgumentException("kernel " + base + tail + " has no complex build");
        return base + s.suffix + tail;
    }

    /** A variant build for element type s; "" is the default one. */
    public String name(Scalar s, String variant) {
        if (!s.complex) return name(s.precision, variant);
        if (variant.isEmpty()) return name(s);
        if (!variants.contains(variant)) {
            throw new IllegalArgumentException("kernel " + name(s) + " has no variant '" + variant + "'; built: " + variants);
        }
        return name(s) + "_" + variant;
    }

    /** The register-count variants built besides the default (e.g. "o2": two blocks per SM). */
    List<String> variants() { return variants; }

    public String name(Precision p) { return typed ? base + (p == Precision.DOUBLE ? "_d" : "_f") + tail : base; }

    /** The name of a kernel with one build (the blocked Jacobi's, double only). */
    public String kernelName() { return name(Precision.DOUBLE); }

    /** The blocked Jacobi's pair kernel for pair width q: real 2 ... 128, complex 32 or 64 (a power of 2). */
    static Kernel blockedPair(int q, boolean complex) {
        if (complex) {
            switch (q) {
                case 64: return BLOCKED_PAIR_Z_64;
                case 32: return BLOCKED_PAIR_Z_32;
                default: throw new IllegalArgumentException("no complex blocked pair kernel for width " + q);
            }
        }
        return blockedPair(q);
    }

    /** The blocked Jacobi's pair kernel for pair width q (2 ... 128, a power of 2). */
    static Kernel blockedPair(int q) {
        switch (q) {
            case 128: return BLOCKED_PAIR_128;
            case 64: return BLOCKED_PAIR_64;
            case 32: return BLOCKED_PAIR_32;
            case 16: return BLOCKED_PAIR_16;
            case 8: return BLOCKED_PAIR_8;
            case 4: return BLOCKED_PAIR_4;
            case 2: return BLOCKED_PAIR_2;
            default: throw new IllegalArgumentException("no blocked pair kernel for width " + q);
        }
    }

    /** The register kernel for page class 8, 16 or 32 (PagePlan.warpClass). */
    public static Kernel pageWarp(boolean eig, int cls) {
        switch (cls) {
            case 8: return eig ? EIG_WARP_8 : SVD_WARP_8;
            case 16: return eig ? EIG_WARP_16 : SVD_WARP_16;
            case 32: return eig ? EIG_WARP_32 : SVD_WARP_32;
            default: throw new IllegalArgumentException("no register page kernel for class " + cls);
        }
    }

    /** The name of a variant build; "" is the default one. */
    public String name(Precision p, String variant) {
        if (variant.isEmpty()) return name(p);
        if (!variants.contains(variant)) {
            throw new IllegalArgumentException("kernel " + name(p) + " has no variant '" + variant + "'; built: " + variants);
        }
        return name(p) + "_" + variant;
    }

    /** The sweep kernel of one of [1]'s memory access methods (ta, ma, sa, mca), fused: the one-phase MCA. */
    public static Kernel eigSweep(String method, boolean fused) {
        switch (method) {
            case "ta": return EIG_SWEEP_TA;
            case "ma": return EIG_SWEEP_MA;
            case "sa": return EIG_SWEEP_SA;
            case "mca": return fused ? EIG_SWEEP_MCA_FUSED : EIG_SWEEP_MCA;
            default: throw new IllegalArgumentException("no eig sweep kernel for method '" + method + "'");
        }
    }
}
