package io.github.gpujacobi.cuda.launch;

/**
 * The GPU routes' block widths and crossover orders, one row per GPU generation, as LAPACK's ILAENV and MAGMA's
 * magma_get_*_nb give them: constants in code, looked up by compute capability ({@link CudaDevice#tuning}). Every row
 * holds the values measured on sm_90 until a generation is measured on its own; docs/tuning.md lists them.
 */
public final class Tuning {
    /** The generation's name, sm_XY. */
    final String arch;

    // the blocked one-sided Jacobi (CudaBlockedSvd)
    /** Order from which 'auto' takes the blocked route in double (single always takes it: it computes in double). */
    public final int blockedFrom;
    /** Order from which the real block width is 64 instead of 32: wider halves the update GEMMs' traffic. */
    public final int wideFrom;
    /** Order from which the complex block width is 64 (pair problems solved split, CudaSplitPairs) instead of 32. */
    public final int complexWideFrom;
    /** Widest block of the hyperbolic sweeps (2b = 128: the J-weighted polish by GEMMs). */
    public final int hyperbolicMaxWidth;
    /** Smallest order whose sweeps start from X P (CudaBlockedPreconditioner) [22]. */
    public final int preconditionFrom;
    /** The convergence check runs once a sweep rotated at most this many pairs per column. */
    public final int checkFrom;
    /** Failing pairs the cleanup rounds take on: at least this many, or half the columns. */
    public final int checkListMin;
    /** Cleanup rounds after a check before a sweep is run instead. */
    public final int cleanupRounds;

    // the batched page kernels
    /** Orders from which eig and svd pages run the block-Jacobi page kernels (blocked_pages.cu). */
    public final int pageBlockedEigFrom, pageBlockedSvdFrom;
    /**
     * Order from which ungraded double eig pages in 'auto' start from a single-precision batched eigensolver's vectors
     * (PagePreconditioner): the two-sided page sweeps then run on Q'AQ, nearly diagonal.
     */
    public final int pagePreconditionedEigFrom;
    /** The same for single eig pages, solved then on a double copy (below it their float sweeps from A are faster). */
    public final int pagePreconditionedSingleEigFrom;

    // complex input
    /** Smallest min(m, n) of the complex blocked svd and Hermitian positive definite eig (at least 64: b = 32). */
    public final int complexBlockedFrom;
    /** Order from which a complex eig page in 'auto' goes to the blocked or embedded routes. */
    public final int complexEmbedFrom;
    /** min(m, n) from which a complex svd page that is not blocked runs as its real embedding. */
    final int complexSvdEmbedFrom;

    // Gauss-Jordan inversion (CudaGaussJordan) [14]
    /** Order from which the panel width is 256 instead of 64. */
    public final int gjWideFrom;
    /** Order from which the next panel is factorised on the side stream during the update. */
    public final int gjLookaheadFrom;
    /** Order from which pages (several) are inverted by cuBLAS's batched LU (CudaPagesLu) instead of the Gauss-Jordan kernels. */
    public final int invPagesLuFrom;

    // several GPUs (CudaGpus, PageSplitRule)
    /** A page array's work (pages x m n min(m, n)) from which its pages split over the GPUs: eig, svd, inv. */
    public final long splitEigFrom, splitSvdFrom, splitInvFrom;

    private Tuning(String arch, int blockedFrom, int wideFrom, int complexWideFrom, int hyperbolicMaxWidth,
                   int preconditionFrom, int checkFrom, int checkListMin, int cleanupRounds,
                   int pageBlockedEigFrom, int pageBlockedSvdFrom, int pagePreconditionedEigFrom,
                   int pagePreconditionedSingleEigFrom, int complexBlockedFrom, int complexEmbedFrom, int complexSvdEmbedFrom,
                   int gjWideFrom, int gjLookaheadFrom, int invPagesLuFrom,
                   long splitEigFrom, long splitSvdFrom, long splitInvFrom) {
        this.arch = arch;
        this.blockedFrom = blockedFrom;
        this.wideFrom = wideFrom;
        this.complexWideFrom = complexWideFrom;
        this.hyperbolicMaxWidth = hyperbolicMaxWidth;
        this.preconditionFrom = preconditionFrom;
        this.checkFrom = checkFrom;
        this.checkListMin = checkListMin;
        this.cleanupRounds = cleanupRounds;
        this.pageBlockedEigFrom = pageBlockedEigFrom;
        this.pageBlockedSvdFrom = pageBlockedSvdFrom;
        this.pagePreconditionedEigFrom = pagePreconditionedEigFrom;
        this.pagePreconditionedSingleEigFrom = pagePreconditionedSingleEigFrom;
        this.complexBlockedFrom = Math.max(64, complexBlockedFrom);
        this.complexEmbedFrom = complexEmbedFrom;
        this.complexSvdEmbedFrom = complexSvdEmbedFrom;
        this.gjWideFrom = gjWideFrom;
        this.gjLookaheadFrom = gjLookaheadFrom;
        this.invPagesLuFrom = invPagesLuFrom;
        this.splitEigFrom = splitEigFrom;
        this.splitSvdFrom = splitSvdFrom;
        this.splitInvFrom = splitInvFrom;
    }

    //                                       blocked                           check            pages             complex          inv                    split pages from (work)
    //                                       from wide  cwide hypb  precond  from list  rounds  eig svd pre pres from embed svd   wide lookahead pagesLu  eig      svd      inv
    public static final Tuning SM_80 = new Tuning("sm_80", 768, 3072, 2048, 64, 1024, 128, 1024, 32, 64, 40, 64, 104, 256, 384, 2048, 1024, 2048, 65,
            1L << 37, 1L << 36, 1L << 36);
    public static final Tuning SM_90 = new Tuning("sm_90", 768, 3072, 2048, 64, 1024, 128, 1024, 32, 64, 40, 64, 104, 256, 384, 2048, 1024, 2048, 65,
            1L << 37, 1L << 36, 1L << 36);

    /** The row of compute capability major.minor: sm_80 for 8.x, sm_90 from 9.0 (the kernels need 8.0). */
    public static Tuning of(int major, int minor) {
        return major >= 9 ? SM_90 : SM_80;
    }

    /** The row the CPU-side tests and the device-less helpers use: the newest generation's. */
    public static final Tuning DEFAULT = SM_90;

    @Override
    public String toString() {
        return arch;
    }
}
